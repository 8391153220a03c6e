"""A hostile client at the table, each attack with the defence it meets: a frame at and past the size limit, a flood
of frames from one seat while the others play, names no seat may take (control characters, bidi overrides, joiners,
10,000 characters), and a newcomer giving a kept seat's name without its token. Each gets one clear error frame or
is closed; the table plays on, the host stays up, and no hand is sent to anyone but its seat."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from netplay import LIMIT, eventually, joined, new_game, play_out, started
from test_faults import closed, frames, joined_raw, raw
from test_hostile import answers, faults_logged, one_short_line
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from yaniv_tui.engine import Seat
from yaniv_tui.net import TableHost
from yaniv_tui.net.host import MAX_WIRE
from yaniv_tui.net.protocol import MAX_FAULTS, MAX_MESSAGE, MAX_RATE, TABLE_FULL, VERSION
from yaniv_tui.table.headless import serve_headless

pytestmark = pytest.mark.slow


def _padded_join(code: str, size: int) -> str:
    """A join frame of exactly `size` bytes (JSON's spaces between its fields make up the rest)."""
    body = json.dumps({"v": VERSION, "type": "join", "code": code, "name": None})
    return body[:-1] + " " * (size - len(body)) + "}"


async def test_a_frame_at_the_limit_is_read_one_byte_past_it_is_refused_and_past_the_wire_closed() -> None:
    seats = [Seat.remote(), Seat.remote(), Seat.bot("easy")]
    host = await started(new_game(seats, seed=2), seats)
    try:
        at = await raw(host)
        await at.send(_padded_join(host.code, MAX_MESSAGE))
        assert (await frames(at))[0]["type"] == "welcome"  # read, and seated
        past = await raw(host)
        await past.send(_padded_join(host.code, MAX_MESSAGE + 1))
        got, _ = await answers(past, 10.0, due=True)
        one_short_line(got)
        assert got[0] == {"v": VERSION, "type": "error", "message": "a message of over 64 KiB", "re": None}, got
        assert sorted(host.tokens) == [0]  # the frame past the limit took no seat
        wire = await raw(host)
        await wire.send(_padded_join(host.code, MAX_WIRE + 1))  # more than the WebSocket layer takes at all
        assert await closed(wire)
        await at.close()
    finally:
        await host.stop()


async def test_a_seat_flooding_frames_is_closed_and_the_others_play_the_game_to_its_end(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.remote(), Seat.remote(), Seat.bot("medium")]
    game = new_game(seats, seed=8, end=100)
    with faults_logged() as heard:
        host = await started(game, seats, away_bot="easy", away_after=0.0)
        try:
            queued: list[tuple[int, str]] = []
            host.sent = lambda seat, frame: queued.append((seat, frame))
            flooder, welcome = await joined_raw(host)
            clients = [await joined(host, tmp_path, f"s{i}") for i in range(2)]
            table = asyncio.create_task(serve_headless(host, game, seats))
            frame = json.dumps({"v": VERSION, "type": "say", "text": "nice one"})
            for _ in range(10 * MAX_RATE):  # as fast as it can write, until the host closes it
                try:
                    await flooder.send(frame)
                except ConnectionClosed:
                    break
            got = await _until_closed(flooder)
            errors = [f["message"] for f in got if f["type"] == "error"]
            assert errors == [f"more than {MAX_RATE} messages a second"] * MAX_FAULTS, errors
            assert got[-1]["type"] == "bye" and "too many bad messages" in got[-1]["reason"], got[-1]
            # Its hand went to it alone, the others saw none of it; they play the whole game on.
            await asyncio.wait_for(asyncio.gather(*(play_out(c) for c in clients)), LIMIT)
            assert (await asyncio.wait_for(table, LIMIT)).is_over
            assert host.status(welcome["seat"]) == "away"
            for seat, frame in queued:  # each state carries its own seat's view, its hand, and no other's
                view = json.loads(frame).get("view")
                assert view is None or view["seat"] == seat, (seat, frame[:200])
            for client in clients:
                await client.close()
        finally:
            await host.stop()
    assert [r.getMessage() for r in heard] == []


async def _until_closed(ws: ClientConnection) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []

    async def read() -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw_frame in ws:
                got.append(json.loads(raw_frame))

    await asyncio.wait_for(read(), LIMIT)
    return [frame for frame in got if frame["type"] in ("error", "bye")]


HOSTILE_NAMES = {
    "A\x1b[2Jnn": "control character",
    "Ann\u202eeve": "control character",  # a right-to-left override
    "Ann\u2066": "control character",  # a left-to-right isolate
    "A\u200dnn": "control character",  # a zero-width joiner
    "\u200b": "control character",  # a zero-width space alone
    "x" * 10_000: "at most 200 characters",
    "a\x00b": "control character",
}


@pytest.mark.parametrize("name", list(HOSTILE_NAMES))
async def test_a_name_no_seat_may_take_is_one_error_frame_saying_why(name: str) -> None:
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats, seed=2), seats)
    try:
        ws = await raw(host)
        await ws.send(json.dumps({"v": VERSION, "type": "join", "code": host.code, "name": name}))
        got, was_closed = await answers(ws, 10.0, due=True)
        one_short_line(got)
        assert [f["type"] for f in got] == ["error", "bye"] and was_closed, got
        message = got[0]["message"]
        assert message.startswith("name: ") and HOSTILE_NAMES[name] in message, message
        assert message.isprintable() and "\u202e" not in message and "\x1b" not in message, message
        assert host.tokens == {} and host.names == ["Ann", "Bot"]
    finally:
        await host.stop()


async def test_a_kept_seats_name_without_its_token_takes_nothing_and_sees_no_hand() -> None:
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.remote("Cy"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats, seed=2), seats)
    try:
        ann, _ = await joined_raw(host)
        ben, ben_welcome = await joined_raw(host)
        await ben.close()
        await eventually(lambda: host.status(1) == "away")
        # A seat is free (Cy's): the name is refused, not the seat. Whoever gives it may be Ben on another machine:
        # they are told the truth (his seat is kept for his own machine's token) and how to get it back, never to
        # join under another name as if someone else were Ben.
        for pretender in ("Ben", "ben", " BEN ", "Ben\u034f", "B\ufe00en", "Ben\u3164", "\u2800Ben"):
            assert await _refused_as(host, pretender) == KEPT_FOR_BEN, pretender
        cy, _ = await joined_raw(host)
        message = await _refused_as(host, "Ben")  # every seat taken or kept: the table is full, Ben's kept
        assert message.startswith(TABLE_FULL) and "(Ben)" in message, message
        assert host.tokens[1] == ben_welcome["token"] and host.status(1) == "away"
        for ws in (ann, cy):
            await ws.close()
    finally:
        await host.stop()


KEPT_FOR_BEN = (
    "Ben's seat is kept for the machine that took it (its token): from another machine, ask the host to open the"
    " seat for you (t at their table)"
)


@pytest.mark.parametrize("watchers", [True, False])
async def test_a_kept_seats_name_at_a_headless_table_is_told_what_it_can_do_there(watchers: bool) -> None:
    # `yaniv host --headless` has no `t`: nobody can open Ben's seat, so Ben on another machine is told what is left.
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.remote("Cy"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats, seed=2), seats, watchers=watchers, opens_seats=False)
    try:
        ann, _ = await joined_raw(host)
        ben, _ = await joined_raw(host)
        await ben.close()
        await eventually(lambda: host.status(1) == "away")
        message = await _refused_as(host, "Ben")
        assert message.startswith("Ben's seat is kept for the machine that took it (its token)"), message
        assert "ask the host" not in message and "t at" not in message, message
        assert "no screen" in message and "join under another name" in message, message
        assert ("watch" in message) == watchers, message
        await ann.close()
    finally:
        await host.stop()


async def test_a_present_players_name_is_still_for_someone_else_to_change() -> None:
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats, seed=2), seats)
    try:
        ann, _ = await joined_raw(host)
        assert await _refused_as(host, "Ann") == "Ann is already at this table: join with another name"
        await ann.close()
    finally:
        await host.stop()


async def _refused_as(host: TableHost, name: str) -> str:
    """The one error line a join afresh under `name` gets; it is sent no welcome, state or hand."""
    ws = await connect(f"ws://127.0.0.1:{host.port}/", compression=None)
    try:
        await ws.send(json.dumps({"v": VERSION, "type": "join", "code": host.code, "name": name}))
        got, was_closed = await answers(ws, 10.0, due=True)
    finally:
        await ws.close()
    assert [f["type"] for f in got] == ["error", "bye"] and was_closed, got
    message: str = got[0]["message"]
    return message
