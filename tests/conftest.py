"""Shared test helpers: presets by id, stacked deals, and full snapshots of a game's state."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
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
#: off): each took 3.5 s or more, measured per test on this 2-core machine (busy with four other developers).
SLOW_TESTS = frozenset(
    {
        "bots/test_empty_hand.py::test_expert_slap_down_games_never_stop_it",
        "bots/test_empty_hand.py::test_thousands_of_slap_down_games_never_stop_a_bot",
        "bots/test_expert.py::test_a_lean_guesses_the_kept_cards_lower_and_still_fits_the_view",
        "bots/test_expert.py::test_guesses_fit_the_view_and_mostly_spare_a_player_who_did_not_call",
        "bots/test_sim.py::test_a_game_to_the_highest_end_score_a_file_may_ask_is_played_to_its_end",
        "engine/test_game_properties.py::test_plain_bot_games_keep_every_card_and_end",
        "engine/test_game_properties.py::test_random_players_keep_every_card_and_end",
        "engine/test_ruleset_fuzz.py::test_any_ruleset_dict_loads_and_plays_or_is_one_line",
        "store/test_concede_history.py::test_a_finished_game_recorded_at_the_next_start_keeps_who_conceded_and_the_hints",
        "store/test_concede_history.py::test_the_rounds_from_the_one_a_person_conceded_in_are_not_theirs",
        "store/test_fuzz_saves.py::test_a_save_with_numbers_changed",
        "store/test_properties.py::test_a_generated_ruleset_file_is_a_ruleset_or_a_ruleset_error",
        "store/test_properties.py::test_a_hand_edited_save_is_a_game_or_a_save_error",
        "store/test_properties.py::test_an_edited_snapshot_is_a_game_or_a_snapshot_error",
    }
)


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
