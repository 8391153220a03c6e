"""The store gives plain data and prints nothing: the command line builds and prints its tables (issue 30, item 4).
Before, `store/` built Rich tables for `yaniv stats`, `yaniv saves` and `yaniv rulesets` and printed them."""

from __future__ import annotations

import grimp

import yaniv_tui.store


def test_no_module_of_the_store_imports_rich_or_textual_even_for_types() -> None:
    graph = grimp.build_graph("yaniv_tui", include_external_packages=True)
    found = sorted(
        f"{module} imports {imported}"
        for module in graph.find_children("yaniv_tui.store") | {"yaniv_tui.store"}
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.split(".")[0] in ("rich", "textual")
    )
    assert found == []


def test_the_store_offers_no_printing() -> None:
    assert [name for name in yaniv_tui.store.__all__ if name.startswith("print_") or name.endswith("_table")] == []
