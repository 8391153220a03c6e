"""The fast loop's marks (tests/fast_loop.py): every single slow test it names is a test there is. A name left behind
by a test renamed or removed marks nothing, silently, and a slow test named with a typo stays in the fast loop."""

from __future__ import annotations

import ast
from pathlib import Path

from fast_loop import SLOW_FILES, SLOW_FOLDERS, SLOW_TESTS

TESTS = Path(__file__).parent


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_")
    }


def test_every_slow_test_named_is_a_test_there_is() -> None:
    missing = []
    for named in sorted(SLOW_TESTS):
        file, _, name = named.partition("::")
        path = TESTS / file
        if not path.is_file() or name not in _test_functions(path):
            missing.append(named)
    assert not missing, f"tests/fast_loop.py's SLOW_TESTS names tests there are not: {missing}"


def test_every_slow_test_named_is_in_a_fast_folder() -> None:
    """A test of a slow folder or file is slow already: naming it again says nothing."""
    files = [named.partition("::")[0] for named in SLOW_TESTS]
    again = [file for file in files if file.split("/")[0] in SLOW_FOLDERS or Path(file).name in SLOW_FILES]
    assert not again, again


def test_the_slow_folders_and_files_are_there() -> None:
    assert [folder for folder in sorted(SLOW_FOLDERS) if not (TESTS / folder).is_dir()] == []
    assert [file for file in sorted(SLOW_FILES) if not list(TESTS.rglob(file))] == []
