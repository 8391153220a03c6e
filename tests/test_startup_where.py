"""`benchmarks/startup.py --where` counts inside the outermost calls of each part's functions: its marker must
route exactly those through functools.reduce (the C function callgrind switches at) and change nothing else."""

from __future__ import annotations

import functools
import importlib.util
import json
import sys
import types
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "benchmarks" / "startup.py"


def load_tool() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("startup_benchmark", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_part_names_functions_that_exist() -> None:
    for part in load_tool().PARTS.values():
        for module, path in part:
            owner: object = importlib.import_module(module)
            for name in path.split("."):
                owner = getattr(owner, name)
            assert callable(owner), f"{module}.{path}"


def test_the_marker_routes_only_the_outermost_call_and_keeps_results(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("fake_part")

    class Node:
        def depth(self, n: int) -> int:
            return 0 if n == 0 else 1 + self.depth(n - 1)

    fake.Node = Node  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_part", fake)
    reduced: list[object] = []
    reduce = functools.reduce

    def counting_reduce(*args: object) -> object:
        reduced.append(args)
        return reduce(*args)  # type: ignore[call-overload]

    monkeypatch.setattr(functools, "reduce", counting_reduce)
    monkeypatch.setattr(sys, "argv", ["-c", json.dumps([["fake_part", "Node.depth"]])])
    exec(load_tool().MARK, {})
    assert Node().depth(5) == 5
    assert len(reduced) == 1  # the outermost call only: callgrind switches on at its entry, off at its exit
    assert Node().depth(0) == 0 and len(reduced) == 2


def test_a_timed_run_sees_the_setup_screen_shown() -> None:
    # The child's watch must run the real `yaniv` headless and write its mark once the first screen is drawn,
    # loading nothing the bare app does not (importlib.abc and importlib.util were once counted against the game).
    tool = load_tool()
    imports = [line for line in tool.CHILD.splitlines() if line.startswith(("import ", "from "))]
    assert not [line for line in imports if "importlib.abc" in line or "importlib.util" in line]
    seconds = tool.one_run([])
    assert 0 < seconds < 60
