"""Shared test helpers: presets by id, stacked deals, and full snapshots of a game's state."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playing import deal, play, snapshot, stack

from yaniv_tui.engine import Game, Ruleset, load_ruleset

__all__ = ["deal", "play", "snapshot", "stack"]

_SCRATCH = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    """No test reads or writes the user's own folders: even a test that undoes its monkeypatching (and with it
    its private folders) falls back to this run's scratch folders, never ~/.local/share/yaniv-tui."""
    scratch = Path(tempfile.mkdtemp(prefix="yaniv-tests-"))
    config.stash[_SCRATCH] = scratch
    os.environ["YANIV_DATA_DIR"] = str(scratch / "data")
    os.environ["YANIV_CONFIG_DIR"] = str(scratch / "config")


#: Folders of tests/ whose every test is slow: the app driven through Pilot, the network, the command line in
#: processes, a browser. `python -m pytest -q -m "not slow"` leaves them out (CONTRIBUTING.md's fast loop).
SLOW_FOLDERS = frozenset({"tui", "net", "cli", "browser"})
#: Files whose every test is slow: a wheel built and installed.
SLOW_FILES = frozenset({"test_packaging.py", "test_packaging_ratings.py"})
#: Single slow tests in the fast folders (engine, store, bots), as "folder/file::name" (a parameter's id left
#: off): each took several seconds alone by `pytest --durations=0` on this 2-core machine.
SLOW_TESTS = frozenset[str]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark `slow` what the fast loop leaves out: by folder, by file, and the single slow tests listed above."""
    root = Path(__file__).parent
    for item in items:
        path = Path(item.path).relative_to(root)
        test = f"{path.as_posix()}::{item.name.partition('[')[0]}"
        if path.parts[0] in SLOW_FOLDERS or path.name in SLOW_FILES or test in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)


def pytest_unconfigure(config: pytest.Config) -> None:
    scratch = config.stash.get(_SCRATCH, None)
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)


#: The four shipped presets, one per seed family of RULES.md.
PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")


@pytest.fixture(scope="session")
def rules() -> Callable[[str], Ruleset]:
    """Load a preset by id: `rules("israeli")`."""
    return load_ruleset


@pytest.fixture(scope="session")
def dealt() -> Callable[..., Game]:
    """`dealt("israeli", ["AS 2H 3D 4C 5S", ...], up="9C", deck="KH")`: a stacked first round."""
    return deal


@pytest.fixture(scope="session")
def state() -> Callable[[Game], dict[str, Any]]:
    """`state(game)`: a full copy of the game's state, for before/after comparisons."""
    return snapshot
