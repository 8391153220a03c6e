"""The package's shape: no two modules import each other, however far round (import-linter checks the layers)."""

from __future__ import annotations

import grimp


def test_no_module_imports_itself_back() -> None:
    # Imports under TYPE_CHECKING are left out: they only name types and never run.
    graph = grimp.build_graph("yaniv_tui", exclude_type_checking_imports=True)
    loops = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back:
                loops.append(" -> ".join((module, *back)))
    assert loops == []
