"""Seats the host manages, against a real host on 127.0.0.1: a remote seat handed to a bot mid-turn (the bot plays
that turn at once) and given back (its turns wait for its player again), a seat opened for someone else (the old
token is refused, a new joiner takes it), and a watcher removed (told so in one line). Each change is heard by the
table, told to the seats, and kept in the game's record (the secrets test over a whole game with these changes is
in test_secrets.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from netplay import LIMIT, eventually, joined, new_game, started
from test_faults import join_frame, joined_raw, next_of, raw

from yaniv_tui.engine import Seat
from yaniv_tui.engine.clock import ClockNews
from yaniv_tui.net import JoinError, TableClient, TableHost
from yaniv_tui.net.host import SEAT_OPENED, WATCHER_REMOVED
from yaniv_tui.net.link import Link
from yaniv_tui.net.protocol import (
    STALE_TOKEN,
    VERSION,
    ProtocolError,
    SeatChange,
    SeatNews,
    State,
    Status,
    encode,
    from_host,
)
from yaniv_tui.store import read_save, save_path
from yaniv_tui.store.tables import load_table
from yaniv_tui.table.events import ActionApplied, SeatManaged, TableEvent
from yaniv_tui.table.hosted import HostedSession
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.runner import TableRunner


@dataclass
class Table:
    host: TableHost
    session: HostedSession
    events: list[TableEvent]
    running: asyncio.Task[object] | None = None

    def start(self) -> None:
        self.running = asyncio.create_task(TableRunner(self.session).run())

    def played(self, seat: int) -> int:
        """How many actions of `seat` the table applied."""
        return sum(1 for event in self.events if isinstance(event, ActionApplied) and event.seat == seat)

    def kept(self) -> list[tuple[int, str, str | None]]:
        """The record's "seat" events of the host's changes: (seat, status, level)."""
        return [
            (e["seat"], e["status"], e.get("level"))
            for e in self.session.game_record.events
            if e.get("event") == "seat" and e["status"] in ("handed", "given", "opened")
        ]


@contextlib.asynccontextmanager
async def table(seats: tuple[Seat, ...], seed: int = 5, **host_options: object) -> AsyncIterator[Table]:
    game = new_game(seats, seed=seed, end=200)
    host = await started(game, seats, **host_options)
    options = GameOptions(game.rules, seats, seed=seed, bot_delay=0.0)
    session = HostedSession(options, game=game, host=host)
    events: list[TableEvent] = []
    at = Table(host, session, events)

    def hear(event: TableEvent) -> None:  # no runner: the host's news heard as its listeners would hear it
        session.hear_record(event)
        events.append(event)

    session.watch(hear)
    try:
        yield at
    finally:
        if at.running is not None:
            at.running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await at.running
        session.close()
        await host.stop()


@contextlib.asynccontextmanager
async def running_table(seats: tuple[Seat, ...], seed: int = 5) -> AsyncIterator[Table]:
    """A hosted table whose runner runs, its events heard in order."""
    game = new_game(seats, seed=seed, end=200)
    host = await started(game, seats)
    options = GameOptions(game.rules, seats, seed=seed, bot_delay=0.0)
    session = HostedSession(options, game=game, host=host)
    events: list[TableEvent] = []
    runner = TableRunner(session)
    runner.subscribe(events.append)
    at = Table(host, session, events, asyncio.create_task(runner.run()))
    try:
        yield at
    finally:
        assert at.running is not None
        at.running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await at.running
        session.close()
        await host.stop()


async def test_a_seat_handed_to_a_bot_mid_turn_is_played_at_once_and_given_back_waits_for_its_player(
    tmp_path: Path,
) -> None:
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    async with running_table(seats) as at:
        noa = await joined(at.host, tmp_path, "noa")
        told: list[tuple[int, ClockNews]] = []
        noa.on_clock = lambda seat, news: told.append((seat, news))
        changes: list[tuple[int, SeatChange, str | None]] = []
        noa.on_seat = lambda seat, change, level: changes.append((seat, change, level))
        watcher = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{at.host.port}", at.host.code), LIMIT)
        watched: list[tuple[int, SeatChange, str | None]] = []
        watcher.on_seat = lambda seat, change, level: watched.append((seat, change, level))
        await eventually(lambda: noa.view.is_my_turn)
        before = at.played(0)
        # Noa does not play: mid-turn the host hands her seat to a bot, which plays this very turn.
        assert at.session.hand_to_bot(0, "easy") is None
        await eventually(lambda: at.played(0) > before)
        assert SeatManaged(0, "handed", "easy") in at.events
        assert at.session.handed(0)
        await eventually(lambda: (0, "handed", "easy") in changes and (0, "handed", "easy") in watched)
        await eventually(lambda: noa.clock is not None and noa.clock.bots == (0,))  # a table with no clock says it
        assert told == []  # told once, as the host's change, not again as the clock's news
        # It keeps playing her turns while she does nothing.
        await eventually(lambda: at.played(0) >= before + 2)
        # Given back: her next turn waits for her.
        assert at.session.give_back(0) is None
        assert SeatManaged(0, "given", None) in at.events
        assert not at.session.handed(0)
        await eventually(lambda: (0, "given", None) in changes and (0, "given", None) in watched)
        await eventually(lambda: noa.view.is_my_turn and not at.session.handed(0))
        waited = at.played(0)
        await asyncio.sleep(0.3)
        assert at.played(0) == waited and noa.view.is_my_turn  # nobody played it for her
        await asyncio.wait_for(noa.send(noa.view.legal_actions[0]), LIMIT)
        await eventually(lambda: at.played(0) == waited + 1)
        assert at.kept() == [(0, "handed", "easy"), (0, "given", None)]
        assert told == []
        saved = read_save(save_path(at.session.meta.game_id)).record  # the save keeps the record with them
        assert saved is not None
        assert {(e["status"], e.get("level")) for e in saved.events if e.get("event") == "seat"} >= {
            ("handed", "easy"),
            ("given", None),
        }
        await noa.close()
        await watcher.close()


async def test_the_host_hands_a_seat_to_a_bot_only_where_it_may(tmp_path: Path) -> None:
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    async with table(seats) as at:
        assert at.session.hand_to_bot(1, "easy") == "seat 2 is not played from another machine"
        assert at.session.hand_to_bot(0, "genius") == "no bot level 'genius': one of easy, medium, hard, expert"
        assert at.session.give_back(0) == "no bot plays Noa's seat"
        assert at.session.open_seat(0) == "seat 1 is open already: it waits for someone to join"
        assert at.session.remove_watcher(3) == "no watcher 3 watches this table"
        assert at.session.hand_to_bot(0, "hard") is None
        assert at.session.hand_to_bot(0, "hard") == "a hard bot plays Noa's seat already"
        assert at.events == [SeatManaged(0, "handed", "hard")]


async def test_an_opened_seat_refuses_its_old_token_and_a_new_joiner_takes_it(tmp_path: Path) -> None:
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    async with running_table(seats) as at:
        noa = await joined(at.host, tmp_path, "noa", name="Noa")
        old = at.host.tokens[0]
        await eventually(lambda: (kept := load_table(at.session.meta.game_id)) is not None and 0 in kept.tokens)
        assert at.session.open_seat(0) is None
        why = await asyncio.wait_for(noa.lost(), LIMIT)
        assert why == f"the host closed the connection: {SEAT_OPENED}"
        assert at.host.status(0) == "waiting"
        assert SeatManaged(0, "opened", None) in at.events
        kept = load_table(at.session.meta.game_id)  # saved at once: `host --resume` does not bring the old token
        assert kept is not None and 0 not in kept.tokens
        assert at.kept() == [(0, "opened", None)]
        # A join with the old token is told it names no seat.
        ws = await raw(at.host)
        await ws.send(join_frame(at.host.code, old, "ab" * 16))
        refused = await next_of(ws, "error")
        assert refused["message"] == STALE_TOKEN
        await ws.close()
        # Someone else joins with the room code and takes the seat, with a new token.
        eli = await joined(at.host, tmp_path, "eli", name="Eli")
        assert eli.seat == 0 and at.host.status(0) == "joined"
        assert at.host.tokens[0] != old and at.host.names[0] == "Eli"
        await eli.close()


async def test_a_watcher_the_host_removes_is_told_so_and_the_seats_see_one_fewer(tmp_path: Path) -> None:
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    async with table(seats) as at:
        noa = await joined(at.host, tmp_path, "noa")
        address = f"127.0.0.1:{at.host.port}"
        first = await asyncio.wait_for(TableClient.watch(address, at.host.code), LIMIT)
        second = await asyncio.wait_for(TableClient.watch(address, at.host.code), LIMIT)
        await eventually(lambda: noa.watchers == 2)
        assert [number for number, _ in at.session.watcher_list] == [0, 1]
        assert at.session.watcher_list[0][1] == "127.0.0.1"
        assert at.session.remove_watcher(0) is None
        why = await asyncio.wait_for(first.lost(), LIMIT)
        assert why == f"the host closed the connection: {WATCHER_REMOVED}"
        await eventually(lambda: noa.watchers == 1)
        assert [number for number, _ in at.session.watcher_list] == [1]
        assert second.closed_reason is None
        for client in (second, noa):
            await client.close()


def test_a_seat_frame_is_read_checked() -> None:
    for news in (SeatNews(1, "handed", "hard"), SeatNews(0, "given"), SeatNews(2, "opened")):
        assert from_host(encode(news)) == news
    for change, level, why in (
        ("sold", None, "change: one of handed, given, opened"),
        ("handed", None, "level: one of easy, medium, hard, expert for a seat handed to a bot, else null"),
        ("handed", "genius", "level: one of easy"),
        ("given", "easy", "level: one of easy"),
    ):
        frame = json.dumps({"v": 9, "type": "seat", "seat": 0, "change": change, "level": level})
        with pytest.raises(ProtocolError, match=why):
            from_host(frame)


async def test_a_seat_frame_naming_no_seat_of_the_table_is_said_in_one_line(tmp_path: Path) -> None:
    """A host (hostile, or broken) that tells of a change to a seat the table does not have: the joined seat says so
    in one line and leaves, rather than failing on a seat it cannot name."""
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    async with table(seats) as at:
        noa = await joined(at.host, tmp_path, "noa")
        at.host._links[0].put(json.dumps({"v": 9, "type": "seat", "seat": 7, "change": "given", "level": None}))
        why = await asyncio.wait_for(noa.lost(), LIMIT)
        assert why == "the host sent what no yaniv table sends (seat: 7 is no seat of this table)"


async def test_a_handed_seats_player_takes_it_back_with_a_back_frame_while_the_bot_plays_it(tmp_path: Path) -> None:
    """A bot plays a handed seat's turns at once, so its player never has a turn to act on: the joined table sends
    `back` (any key there), and the seat is theirs again, told to every screen. Before, nothing a joined player
    could do took the seat back."""
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    async with running_table(seats) as at:
        noa = await joined(at.host, tmp_path, "noa")
        told: list[tuple[int, ClockNews]] = []
        noa.on_clock = lambda seat, news: told.append((seat, news))
        assert at.session.hand_to_bot(0, "easy") is None
        await eventually(lambda: noa.handed)
        before = at.played(0)
        await eventually(lambda: at.played(0) >= before + 1)  # the bot plays her turns meanwhile
        await asyncio.wait_for(noa.back(), LIMIT)
        await eventually(lambda: not at.session.handed(0) and not noa.handed)
        assert (0, "back") in told  # every screen hears the seat is its player's again
        await eventually(lambda: noa.view.is_my_turn)
        waited = at.played(0)
        await asyncio.sleep(0.3)
        assert at.played(0) == waited  # her turn waits for her again
        await asyncio.wait_for(noa.back(), LIMIT)  # a seat she plays: nothing changes, nothing refused
        await asyncio.sleep(0.1)
        assert noa.closed_reason is None and told.count((0, "back")) == 1
        await noa.close()


def test_a_back_frame_is_read_checked() -> None:
    from yaniv_tui.net.protocol import VERSION, Back, from_client

    assert from_client(encode(Back())) == Back()
    assert json.loads(encode(Back())) == {"v": VERSION, "type": "back"}
    with pytest.raises(ProtocolError, match="a client sends join, watch, prove, action, say or back"):
        from_client(json.dumps({"v": VERSION, "type": "forward"}))


async def test_another_seats_view_sent_to_a_joined_seat_is_said_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host (hostile, or broken) that sends a seat another seat's view, at the join or later: the joined table
    says so in one line rather than drawing that hand as its player's (or a hand as a watcher's)."""
    seats = (Seat.remote("Noa"), Seat.remote("Eli"), Seat.bot("medium", "Bea"))
    async with table(seats) as at:
        noa = await joined(at.host, tmp_path, "noa")
        game = at.host.game
        wrong = State(game.view(1), at.host.statuses, None, 0, None)
        at.host._links[0].put(encode(wrong, players=tuple(at.host.names)))
        why = await asyncio.wait_for(noa.lost(), LIMIT)
        assert why.startswith("the host sent what no yaniv table sends (view.seat:"), why
        real = TableHost._send_state

        def swapped(host: TableHost, seat: int, link: Link, statuses: tuple[Status, ...]) -> None:
            real(host, 1 - seat if seat in (0, 1) else seat, link, statuses)

        monkeypatch.setattr(TableHost, "_send_state", swapped)
        with pytest.raises(JoinError, match="the host sent another seat's view"):
            await joined(at.host, tmp_path, "eli")


async def test_an_action_the_host_refuses_leaves_a_handed_seat_with_its_bot(tmp_path: Path) -> None:
    """Only a move the host takes gives a handed seat back to its player (or a `back` frame): an action for another
    seat, one the engine refuses, or a replay of an old frame is refused and changes nothing. Before, any action
    frame took the seat back first, refused or not: a stale client (or anyone with the seat's connection) undid
    the host's choice with frames it then refused."""
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    async with running_table(seats) as at:
        noa, _ = await joined_raw(at.host)
        assert at.session.hand_to_bot(0, "easy") is None
        await eventually(lambda: at.session.handed(0))
        view = at.session.view(0)
        hand = [card.code for card in view.hand]
        foreign = next(card for card in ("AS", "AH", "AD", "AC", "2S") if card not in hand)
        at_turn = {"round": view.round_no, "turn": len(view.seen)}
        frames = [
            {"id": 1, "seat": 1, "action": {"kind": "play", "drop": [hand[0]], "take": None}},  # not hers
            {"id": 2, "seat": 0, "action": {"kind": "play", "drop": [foreign], "take": None}},  # not in her hand
            {"id": 3, "seat": 0, "action": {"kind": "call"}, "round": 99, "turn": 0},  # a turn never played
        ]
        for frame in frames:
            await noa.send(json.dumps({"v": VERSION, "type": "action", **at_turn, **frame}))
            error = await next_of(noa, "error")
            assert error["re"] == frame["id"], error
            assert at.session.handed(0), f"refused ({error['message']}), yet the seat was taken back"
        await noa.close()
