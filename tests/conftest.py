"""Shared test helpers: presets by id, stacked deals, and full snapshots of a game's state."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fast_loop import SLOW_FILES, SLOW_FOLDERS, SLOW_TESTS
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


@pytest.fixture
def wide_umask() -> Iterator[None]:
    """The usual umask (0022), which leaves a new file readable by everyone unless it is made private: for the tests
    that what yaniv makes is its owner's alone (`pytestmark = pytest.mark.usefixtures("wide_umask")`)."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture
def no_runner_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table runner's visible pauses (a bot's delay, a round's end) take no time: for tests of the turn flow."""
    from yaniv_tui.table import runner

    async def pausing(seconds: float) -> None:
        return None

    monkeypatch.setattr(runner, "pause", pausing)
