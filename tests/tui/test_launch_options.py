"""The launch options: one frozen value the command line builds and the app hands to the screen that shows it (issue
30, item 3), in place of a `prefill` dict read back with `isinstance` and `.pop("notices")`."""

from __future__ import annotations

import dataclasses

import pytest
from textual.widgets import Input
from tui_helpers import SIZE, make_options

from yaniv_tui.cli import main
from yaniv_tui.engine import DEFAULT_BOT_DELAY, Seat
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import default_seats, levels
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.join import JoinScreen
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen
from yaniv_tui.tui.screens.setup_seats import REMOTE
from yaniv_tui.tui.widgets.choice import Choice


def test_the_options_are_frozen_and_default_to_a_newcomers_game() -> None:
    launch = LaunchOptions()
    assert launch.ruleset is None and launch.seats == default_seats()
    assert (launch.yaniv_limit, launch.end_limit, launch.hand_size, launch.seed) == (None, None, None, None)
    assert launch.bot_delay == DEFAULT_BOT_DELAY and not launch.ascii and not launch.quiet and launch.notices == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        launch.quiet = True  # type: ignore[misc]
    assert hash(launch) == hash(LaunchOptions()), "a value: equal options are one"


def test_a_new_games_setup_takes_the_last_games_choices_keeps_the_runs_own_and_tells_nothing_again() -> None:
    game = dataclasses.replace(make_options("seven-cards", "Ann,bot:hard:Zoe", seed=9, end_limit=35), ascii=True)
    launch = LaunchOptions(bot_delay=0.0, quiet=True, notices=("a game recorded late",))
    after = launch.after_game(game)
    assert after.ruleset == "seven-cards" and after.seats == game.seats and after.seed == 9
    assert (after.yaniv_limit, after.end_limit, after.hand_size) == (
        game.rules.yaniv_limit,
        35,
        game.rules.hand_size,
    )
    assert after.bot_delay == game.bot_delay and after.ascii
    assert after.quiet, "--quiet holds for the whole run"
    assert after.notices == (), "the first screen told them"


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[YanivApp]:
    """The apps the command line builds, kept instead of run on this terminal."""
    apps: list[YanivApp] = []
    monkeypatch.setattr(YanivApp, "run", lambda self: apps.append(self))
    return apps


async def test_yaniv_with_flags_opens_the_setup_screen_filled_in(launched: list[YanivApp]) -> None:
    argv = ["--ruleset", "israeli", "--yaniv-limit", "7", "--seed", "3", "--bot-delay", "0", "--quiet", "--ascii"]
    assert main(argv) == 0
    (app,) = launched
    assert app.launch.bot_delay == 0.0 and app.ascii_cards and app.hosting is None
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and not setup.hosting
        assert setup.ruleset_id == "israeli" and setup.query_one("#yaniv-limit", Choice).value == 7
        assert setup.query_one("#seed", Input).value == "3"
        assert [row.seat for row in setup.query(SeatRow)] == list(default_seats())
        assert not app.bell_on, "--quiet"
        assert setup.read_options().bot_delay == 0.0 and setup.read_options().ascii


async def test_yaniv_host_opens_a_setup_screen_with_remote_seats(launched: list[YanivApp]) -> None:
    assert main(["host", "--ruleset", "seven-cards", "--end-score", "35", "--port", "0"]) == 0
    (app,) = launched
    assert app.hosting is not None
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.hosting
        assert setup.ruleset_id == "seven-cards" and setup.query_one("#end-typed", Input).value == "35"
        row = setup.query(SeatRow).first()  # "You", a human
        for _ in range(len(levels()) + 1):
            row.action_cycle()
        assert row.kind == REMOTE and row.seat_named("Noa") == Seat.remote("Noa"), "human, each bot level, remote"


async def test_yaniv_join_opens_the_join_screen_with_the_runs_own_settings(launched: list[YanivApp]) -> None:
    assert main(["join", "--ascii", "--quiet"]) == 0
    (app,) = launched
    assert app.launch == LaunchOptions(ascii=True, quiet=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
        assert app.ascii_cards and not app.bell_on
