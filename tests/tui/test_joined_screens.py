"""A joined player's table at a real host on 127.0.0.1 (served headless, as `yaniv host --headless` serves it): what
it says of a turn the clock ran out on, whose move it is on a seat a bot was playing for them, who starts a round."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from fake_net import ActionRefused, FakeClient
from openings import joined_app, joined_game, on_the_network, real_host
from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Static
from tui_helpers import SIZE, screen_lines, screen_text

from yaniv_tui.engine import Game, PlayerView, load_ruleset
from yaniv_tui.net import TableClient, TableHost
from yaniv_tui.store import History, SaveMeta
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.headless import run_headless
from yaniv_tui.table.hosted import HostedSession
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.remote import JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.join import JoinScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.screens.table_view import log_lines, seat_infos
from yaniv_tui.tui.widgets.table import SeatInfo, SeatPanel, box_label, compact_said


@contextlib.asynccontextmanager
async def clocked_host(
    tmp_path: Path, turn_seconds: float, timeouts_to_bot: int = 3, bot_delay: float = 0.0
) -> AsyncIterator[TableHost]:
    """A real host on 127.0.0.1 serving `joined_game` headless with a turn clock of `turn_seconds`: the joiner's seat
    (Player 2) plays first, its bots (Bo, Cy, and the one a seat is handed to) `bot_delay` from asking to playing."""
    game, seats = joined_game()
    host = TableHost(game, seats, host="127.0.0.1", port=0)
    await host.start()
    history = History(tmp_path / "host-history.sqlite3")
    options = GameOptions(
        game.rules,
        tuple(seats),
        bot_delay=bot_delay,
        ruleset_ref=game.rules.id,
        turn_seconds=turn_seconds,
        timeouts_to_bot=timeouts_to_bot,
    )
    session = HostedSession(options, game=game, meta=SaveMeta(tuple(seats)), host=host)
    table = asyncio.create_task(run_headless(session, history, lambda line: None))
    try:
        yield host
    finally:
        table.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await table
        await host.stop()
        history.close()


async def test_a_joined_tables_log_says_a_turn_a_bot_played_when_the_time_ran_out(tmp_path: Path) -> None:
    """Before, the host's log said "Noa's time ran out: a bot dropped ..." but the joined player's own log said
    "Noa dropped ..." as if she had played it: a joined table's events carry no action, and the mark asked for one."""
    async with clocked_host(tmp_path, turn_seconds=0.5) as host:
        app = joined_app(host)
        async with app.run_test(size=SIZE) as pilot:
            await on_the_network(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            assert isinstance(table, TableScreen)

            def lines() -> list[str]:
                view = table.public
                return [line.plain for line in log_lines(view, table.reshuffled_after, None, False, table.timed_out)]

            # Noa presses nothing: her first turn's time runs out and a bot plays it for her.
            await on_the_network(pilot, lambda: host.game.turns >= 1 and len(table.public.seen) >= 1)
            await on_the_network(pilot, lambda: any("time ran out: a bot dropped" in line for line in lines()))
            said = lines()
            assert any(line.startswith("Noa's time ran out: a bot dropped ") for line in said), said
            assert not any(line.startswith("Noa dropped ") for line in said), said
            assert not any(line.startswith(("Bo's time", "Cy's time")) for line in said), said
            await on_the_network(pilot, lambda: "time ran out: a bot dropped" in screen_text(app))


async def test_a_player_whose_seat_the_host_opened_is_not_told_to_take_it_back(tmp_path: Path) -> None:
    """Before, the join screen said "Join again to take back your seat" to a player whose seat the host had opened
    for someone else: their token takes it no more. What is true: joining again takes a free seat, theirs if nobody
    took it (and it does)."""
    async with real_host(tmp_path) as host:
        app = joined_app(host)
        async with app.run_test(size=SIZE) as pilot:
            await on_the_network(pilot, lambda: isinstance(app.screen, TableScreen) and host.status(1) == "joined")
            assert host.open_seat(1) is None
            await on_the_network(pilot, lambda: isinstance(app.screen, JoinScreen))
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "take back your seat" not in text, text
            assert "The host opened your seat for someone else" in text, text
            assert "Join again to take a free seat" in text, text
            # And so it does: nobody took hers, so Join takes it again, with a new token.
            await pilot.click("#join")
            await on_the_network(pilot, lambda: isinstance(app.screen, TableScreen) and host.status(1) == "joined")


async def test_a_joined_seat_a_bot_plays_is_not_told_it_is_their_turn(tmp_path: Path) -> None:
    """Before, a joined seat the host's bot played (its clock ran out, or the host handed it) read "Your turn: choose
    cards to drop ..." at each of its turns while the bot played them: a drop chosen then was refused, the bot's move
    played. Its prompt says the bot plays the seat, and that any key takes it back."""
    async with clocked_host(tmp_path, turn_seconds=0.3, timeouts_to_bot=1, bot_delay=0.6) as host:
        app = joined_app(host)
        async with app.run_test(size=SIZE) as pilot:
            await on_the_network(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            assert isinstance(table, TableScreen) and isinstance(table.session, ClientSession)
            client = table.session.client
            # Noa presses nothing: her time runs out once, and a bot plays her seat from then on.
            await on_the_network(pilot, lambda: client.handed and len(table.public.seen) >= 3)
            # Her next turn, the bot's to play.
            await on_the_network(pilot, lambda: table.public.current == 1 and client.handed and bool(table.shown_lines))
            await pilot.pause()
            prompt = table.query_one("#prompt", Static).render()
            said = str(prompt)
            assert not said.startswith("Your turn"), said
            assert "A bot plays your seat for now: any key takes it back." in said, said


class HostsTurn(FakeClient):
    """A joined seat (Noa's, seat 2) whose host's own player (Ann, seat 0) is to play, on a clock with 26 s left."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(Game.new(load_ruleset("israeli"), names, seed=5, first=0), seat=2)
        self.kinds = ("human", *self.kinds[1:])

    def time_left(self) -> float | None:
        return 26.0

    async def changed(self) -> PlayerView:
        if self.real.current == 0:
            await asyncio.Event().wait()  # Ann thinks on, at the host's screen
        return await super().changed()


@pytest.mark.parametrize("names", [["Ann", "Bo", "Noa", "Cy"], ["שרה", "山田", "Noa", "🎉Kid"]])
async def test_a_turns_countdown_at_the_host_is_whole_at_80x24(names: list[str]) -> None:
    """Before, at 80x24 the seat box of the host's player read "▶ at the hos…": its seconds left were cut off. The
    box's label keeps the turn's mark and its seconds, and cuts the words between them to what fits."""
    client = HostsTurn(names)

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        return client

    app = YanivApp(joining=JoinRequest(joiner, refused=(ActionRefused,), address="127.0.0.1:7811", code="K7QF"))
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_network(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        await on_the_network(pilot, lambda: table.public.current == 0 and table.thinking == 0)
        await pilot.pause(0.2)
        box = table.query_one("#seat-0", SeatPanel)
        bottom = screen_lines(app)[box.region.bottom - 1]
        edge = bottom[box.region.x : box.region.right]
        assert "26s" in edge and "▶" in edge, edge
        label = Content.from_text(box.border_subtitle or "").plain
        assert cell_len(label) <= box.outer_size.width - 6 and label in edge, (label, edge)


def test_a_boxs_label_keeps_the_turns_mark_and_seconds_in_any_room() -> None:
    """The label fitted to a box of any width: a turn's mark and seconds whole, words cut at a cell's edge with one
    "…" (no space before it), and no turn's mark on a seat whose turn it is not."""
    playing = SeatInfo("Ann", "human", 0, 5, False, True, False, False, status="at the host", time_left=26)
    assert box_label(playing, False, 20).plain == "▶ at the host 26s"
    assert box_label(playing, False, 14).plain == "▶ at the… 26s"
    assert box_label(playing, False, 4).plain == "▶ 26s"
    waiting = SeatInfo("Bo", "medium bot", 0, 5, False, False, False, False)
    for room in range(0, 12):
        label = box_label(waiting, False, room).plain
        assert "▶" not in label and cell_len(label) <= max(room, 2), (room, label)


def test_a_joined_players_own_seat_says_it_is_them_and_when_a_bot_plays_it() -> None:
    """Before, a joined player's own seat box said "human" (the word for a person at the host's screen), and went on
    saying it while the host's bot played the seat for them. It says "you", as the local table's seat lines do, and
    "bot for now" while a bot plays it until they press a key."""
    client = FakeClient(Game.new(load_ruleset("israeli"), ["Ann", "Noa", "Bo"], seed=5, first=0), seat=1)
    session = ClientSession(client, refused=(ActionRefused,))

    def said(room: int = 30) -> tuple[str, str]:
        own = seat_infos(client.view, session, 1, None)[1]
        return box_label(own, False, room).plain, compact_said(own, False).plain

    assert said() == ("you", "you")
    client.handed = True
    assert said() == ("bot for now", "bot for now")


async def test_a_seat_that_joins_again_is_told_which_turns_of_the_round_a_bot_played_when_the_time_ran_out(
    tmp_path: Path,
) -> None:
    """Before, a player who left and joined again (as everyone does after `yaniv host --resume`) read "Noa dropped
    ..." of a turn the host's bot had played when her time ran out, where the host's screen said "Noa's time ran out:
    a bot dropped ...": a joined table heard of each timed-out turn only as it was played. The host's first state to a
    connection says this round's, as the host's own log has them (its record)."""
    async with clocked_host(tmp_path, turn_seconds=0.3, timeouts_to_bot=9, bot_delay=0.2) as host:
        address = f"127.0.0.1:{host.port}"
        first = await TableClient.join(address, host.code, name="Noa", token_file=tmp_path / "noa.token")
        # Noa presses nothing: her first turn's time runs out and a bot plays it for her.
        await on_time(lambda: len(first.view.seen) >= 1 and first.view.seen[0].seat == 1)
        await first.close()
        again = await TableClient.join(address, host.code, name="Noa", token_file=tmp_path / "noa.token")
        try:
            assert again.seat == 1 and again.timed_out[:1] == (1,), again.timed_out
            session = ClientSession(again, refused=(ActionRefused,))
            lines = [line.plain for line in log_lines(again.view, [], None, False, list(session.timed_out()))]
            assert any(line.startswith("Noa's time ran out: a bot dropped ") for line in lines), lines
        finally:
            await again.close()


async def on_time(done: Callable[[], bool]) -> None:
    """Wait until `done()` holds: bounded, a short pause at a time."""
    for _ in range(3000):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never happened")
