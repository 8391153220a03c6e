"""What a person sees on the other screens, pinned at 100×30: help, stats, saved games, house rules, join,
scores and table talk."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from fake_net import FakeHost
from records_helpers import finished_session
from textual.pilot import Pilot
from tui_helpers import SIZE, SnapCompare, TableApp, make_options, settle, stacked_session

from yaniv_tui.engine import Game, Seat
from yaniv_tui.store import History, SavedGame, UndoStack
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.table.session import Session
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.join import JoinScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.saved_games import SavedGamesScreen
from yaniv_tui.tui.screens.say import SayScreen
from yaniv_tui.tui.screens.scores import ScoresScreen
from yaniv_tui.tui.screens.seats import SeatsScreen
from yaniv_tui.tui.screens.stats import StatsScreen


async def until_on(pilot: Pilot[None], screen: type) -> None:
    """Until `screen` is on top and has given focus to its first field (a focused field draws its cursor)."""
    for _ in range(200):
        await pilot.pause()
        if isinstance(pilot.app.screen, screen):
            break
    else:
        raise AssertionError(f"no {screen.__name__} (on {type(pilot.app.screen).__name__})")
    for _ in range(50):
        if pilot.app.screen.focused is not None or not pilot.app.screen.focus_chain:
            break
        await pilot.pause()
    await still(pilot)


async def still(pilot: Pilot[None]) -> None:
    """Until the screen draws the same twice running (a field just focused draws its cursor a refresh later)."""
    last = ""
    for _ in range(50):
        await pilot.pause()
        drawn = re.sub(r"terminal-\d+", "terminal", pilot.app.export_screenshot())
        if drawn == last:
            return
        last = drawn
    raise AssertionError("the screen never stopped changing")


def setup_then(*keys: str, screen: type) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press(*keys)
        await until_on(pilot, screen)

    return run_before


def table_then(*keys: str, screen: type) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press(*keys)
        await until_on(pilot, screen)

    return run_before


def test_help_over_the_setup_screen(snap_compare: SnapCompare) -> None:
    assert snap_compare(YanivApp(), terminal_size=SIZE, run_before=setup_then("question_mark", screen=HelpScreen))


def test_stats_of_one_finished_game(snap_compare: SnapCompare) -> None:
    session = finished_session()
    with History() as history:
        assert history.record(session.game, session.meta)
    assert snap_compare(YanivApp(), terminal_size=SIZE, run_before=setup_then("ctrl+t", screen=StatsScreen))


def test_stats_list_of_games(snap_compare: SnapCompare) -> None:
    """The games tab: a game with a record and an old one without, newest first, at fixed times."""
    from test_stats_games import keep, poor_game, two_decisions

    keep(poor_game(), with_record=False, when="2026-11-01T10:00:00")
    keep(two_decisions(), when="2026-12-02T09:30:00")
    assert snap_compare(YanivApp(), terminal_size=SIZE, run_before=setup_then("ctrl+t", "g", screen=StatsScreen))


def saved(session: Session, game_id: str, saved_at: str) -> SavedGame:
    """`session`'s game as the saved-games list shows it, saved at a fixed time under a fixed id."""
    meta = dataclasses.replace(session.meta, game_id=game_id)
    return SavedGame(session.game, meta, UndoStack(), saved_at, Path(f"{game_id}.json"))


def test_saved_games(snap_compare: SnapCompare) -> None:
    games = [
        saved(Session(make_options("sursis", "Ann,bot:medium:Bea,bot:hard:Cy")), "5f3a9c1e" * 4, "2026-12-01T09:30:00"),
        saved(finished_session(), "0b7d2e44" * 4, "2026-11-30T21:05:00"),
    ]

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.pause()
        pilot.app.push_screen(SavedGamesScreen(games))
        await until_on(pilot, SavedGamesScreen)

    assert snap_compare(YanivApp(), terminal_size=SIZE, run_before=run_before)


def test_house_rules(snap_compare: SnapCompare) -> None:
    assert snap_compare(YanivApp(), terminal_size=SIZE, run_before=setup_then("ctrl+e", screen=HouseRulesScreen))


async def never_joins(address: str, code: str, name: str | None) -> Client:
    raise AssertionError("the join screen's snapshot never joins: it waits for the code")


def test_join(snap_compare: SnapCompare) -> None:
    request = JoinRequest(never_joins, address="127.0.0.1:7777", name="Noa")

    async def run_before(pilot: Pilot[None]) -> None:
        await until_on(pilot, JoinScreen)

    assert snap_compare(YanivApp(joining=request), terminal_size=SIZE, run_before=run_before)


def test_scores_after_a_round(snap_compare: SnapCompare) -> None:
    options = make_options("israeli", "Ann,bot:medium:Bea,bot:medium:Cy", seed=5)
    session = stacked_session(options, ["AC 2D JK AH KS", "QD QH 9C 9D 8S", "2S 3S 4S 5S 6S"], up="8D", deck="AS 3C 7C")

    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("5", "enter", "0")
        await settle(pilot)
        await pilot.press("y")  # Ann calls at 4 and wins the round
        await until_on(pilot, RoundEndScreen)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("s")
        await until_on(pilot, ScoresScreen)

    assert snap_compare(TableApp(session), terminal_size=SIZE, run_before=run_before)


def test_table_talk(snap_compare: SnapCompare) -> None:
    def host(game: Game, seats: Sequence[Seat], game_id: str) -> FakeHost:
        return FakeHost(game, seats)

    app = YanivApp(make_options("sursis", "Ann,bot:easy,remote:Noa", seed=2), hosting=host)
    assert snap_compare(app, terminal_size=SIZE, run_before=table_then("m", screen=SayScreen))


def test_seats_and_watchers(snap_compare: SnapCompare) -> None:
    """The host's dialog: a remote seat and a watcher listed, the bot level's Select (once drawn as an empty row),
    the four buttons."""

    def host(game: Game, seats: Sequence[Seat], game_id: str) -> FakeHost:
        made = FakeHost(game, seats)
        made.watcher_list = [(0, "192.0.2.7")]
        return made

    app = YanivApp(make_options("sursis", "Ann,bot:easy,remote:Noa", seed=2), hosting=host)
    assert snap_compare(app, terminal_size=SIZE, run_before=table_then("t", screen=SeatsScreen))
