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


def test_the_app_loads_no_network_library_until_a_table_has_remote_seats() -> None:
    """`yaniv` opens its first screen without paying for websockets (about 50 ms of imports)."""
    import subprocess
    import sys

    code = "import sys, yaniv_tui.cli, yaniv_tui.tui.app; print(sorted(m for m in sys.modules if 'websockets' in m))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.strip() == "[]"
