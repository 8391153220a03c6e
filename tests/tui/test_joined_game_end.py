"""A joined table's game end (tui/screens/game_end.py): `r` replays the game only once the host's record of it came
and was kept in this player's history; a record refused is said in one line, and `r` is never offered for it."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

from fake_net import ActionRefused, FakeClient
from playing import easy_bots, play_recorded
from textual.pilot import Pilot
from tui_helpers import SIZE, footer_keys, notices

from yaniv_tui.codec.record import record_text
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import History
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.replay import ReplayScreen

LIMIT = 30.0


def hosted_game() -> tuple[Game, str]:
    """A short game of easy bots, played to its end as a host plays it (Noa joined at seat 1), and its record."""
    rules = dataclasses.replace(load_ruleset("israeli"), end_limit=30, end_limit_choices=(30,))
    game = Game.new(rules, ["Ann", "Noa", "Cy"], seed=5)
    record = play_recorded(game, [Seat.person("Ann"), Seat.remote("Noa"), Seat.bot("easy", "Cy")], easy_bots(5, 3))
    return game, record_text(record)


class JoinedEndApp(YanivApp):
    """`yaniv join`'s app opened straight on the game end of a joined table whose game is over."""

    def __init__(self, session: ClientSession) -> None:
        async def never(address: str, code: str, name: str | None) -> Client:
            raise AssertionError("this table is joined already")

        super().__init__(joining=JoinRequest(never))
        self.finished = session

    def open_join(self, request: JoinRequest) -> None:
        self.push_screen(GameEndScreen(self.finished))


async def until(pilot: Pilot[None], done: Callable[[], object], what: str) -> None:
    deadline = time.monotonic() + LIMIT
    while not done():
        assert time.monotonic() < deadline, f"never happened within {LIMIT} s: {what}"
        await pilot.pause(0.01)


async def test_r_is_offered_at_a_joined_tables_end_once_the_hosts_record_is_kept(tmp_path: Path) -> None:
    game, text = hosted_game()
    client = FakeClient(game, seat=1)
    session = ClientSession(client, refused=(ActionRefused,))
    with History(tmp_path / "history.sqlite3") as history:
        session.record(history)  # the runner's call at the last round's end: no record from the host yet
        app = JoinedEndApp(session)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameEndScreen), "the game end")
            end = app.screen
            assert isinstance(end, GameEndScreen)
            assert "r" not in footer_keys(app) and not end.check_action("replay", ())
            assert client.on_record is not None
            client.on_record(text)  # the host's record frame comes
            await until(pilot, lambda: footer_keys(app).get("r") == "replay", "r offered once the record is kept")
            assert history.games_played() == 1
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            await pilot.press("end")
            assert list(screen.steps[-1].scores) == list(game.scores)
            # Named by its id in this player's history, which `yaniv replay ID` takes.
            assert screen.title_note == f"game {history.find_record('').game_id[:8]}"


async def test_a_refused_record_is_said_in_one_line_and_r_is_never_offered(tmp_path: Path) -> None:
    game, text = hosted_game()
    client = FakeClient(game, seat=1)
    session = ClientSession(client, refused=(ActionRefused,))
    with History(tmp_path / "history.sqlite3") as history:
        session.record(history)
        app = JoinedEndApp(session)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameEndScreen), "the game end")
            assert client.on_record is not None
            client.on_record(text.replace('"Noa"', '"Mallory"'))
            await until(pilot, lambda: session.record_refused is not None, "the record refused")
            await until(
                pilot, lambda: any("not the game played at this seat" in line for line in notices(app)), "the line"
            )
            assert "r" not in footer_keys(app)
        assert history.games_played() == 0
