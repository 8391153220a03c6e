"""A join under a new name at a table whose every remote seat is taken, or kept for a player who left (their token
still takes it back), is told what is true in one line: which seats are kept and for whom, and what to do."""

from __future__ import annotations

import asyncio
import json

import pytest
from netplay import eventually, new_game, started
from test_faults import frames, joined_raw, raw
from websockets.asyncio.client import ClientConnection

from yaniv_tui.engine import MAX_NAME, Seat
from yaniv_tui.net import TableHost
from yaniv_tui.net.protocol import MAX_LINE, TABLE_FULL, VERSION, table_full

pytestmark = pytest.mark.slow


async def _refusal(host: TableHost, name: str = "Zed") -> str:
    """The error line a join afresh under `name` is answered with."""
    ws = await raw(host)
    try:
        await ws.send(json.dumps({"v": VERSION, "type": "join", "code": host.code, "name": name}))
        (frame,) = await frames(ws)
        assert frame["type"] == "error", frame
        message: str = frame["message"]
        assert "\n" not in message and len(message) <= MAX_LINE
        return message
    finally:
        await ws.close()


async def _seated(host: TableHost, count: int) -> list[ClientConnection]:
    return [(await joined_raw(host))[0] for _ in range(count)]


async def _left(host: TableHost, ws: ClientConnection, seat: int) -> None:
    await ws.close()
    await eventually(lambda: host.status(seat) == "away")


async def test_a_seat_kept_for_a_player_who_left_is_named_with_what_a_newcomer_can_do() -> None:
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats, seed=3), seats)
    try:
        ann, ben = await _seated(host, 2)
        await _left(host, ben, 1)
        message = await _refusal(host)
        assert message.startswith(TABLE_FULL), message
        assert "kept for a player who left" in message and "Ben" in message and "Ann" not in message, message
        assert "watch" in message and "ask the host to open a seat" in message and "t at" in message, message
        assert host.names == ["Ann", "Ben", "Bot"] and host.status(1) == "away"  # nothing changed
        await ann.close()
    finally:
        await host.stop()


async def test_a_table_whose_players_are_all_here_says_every_seat_is_taken_and_no_one_left() -> None:
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats, seed=3), seats, watchers=False)
    try:
        links = await _seated(host, 2)
        message = await _refusal(host)
        assert message.startswith(TABLE_FULL) and "every seat is taken" in message, message
        assert "left" not in message and "watch" not in message, message  # this table takes no watchers
        assert "ask the host to open a seat" in message, message
        for ws in links:
            await ws.close()
    finally:
        await host.stop()


async def test_many_long_names_kept_are_cut_to_one_line_that_still_counts_them() -> None:
    names = [chr(ord("A") + i) * MAX_NAME for i in range(7)]
    seats = [Seat.remote(name) for name in names] + [Seat.bot("easy", "Bot")]
    host = await started(new_game(seats, seed=3), seats)
    try:
        links = await _seated(host, 7)
        await asyncio.gather(*(_left(host, ws, seat) for seat, ws in enumerate(links)))
        message = await _refusal(host)
        assert message.startswith(TABLE_FULL) and "kept for a player who left" in message, message
        shown = [name for name in names if name in message]
        assert shown and shown == names[: len(shown)], message
        if len(shown) < len(names):
            assert f"and {len(names) - len(shown)} more" in message, message
        assert message.endswith("(t at their table)"), message  # what to do is never cut off
    finally:
        await host.stop()


@pytest.mark.parametrize("watchers", [True, False])
async def test_a_headless_table_never_tells_a_joiner_to_ask_for_a_seat_no_one_can_open(watchers: bool) -> None:
    # `yaniv host --headless` has no table and no `t`: its operator cannot open a seat, so a joiner is told so, and
    # to watch where the table takes watchers.
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats, seed=3), seats, watchers=watchers, opens_seats=False)
    try:
        ann, ben = await _seated(host, 2)
        await _left(host, ben, 1)
        message = await _refusal(host)
        assert message.startswith(TABLE_FULL) and "kept for a player who left (Ben)" in message, message
        assert "ask the host" not in message and "t at" not in message, message
        assert "no screen" in message and "no seat can be opened" in message, message
        assert ("watch" in message) == watchers, message
        assert host.names == ["Ann", "Ben", "Bot"] and host.status(1) == "away"
        await ann.close()
    finally:
        await host.stop()


def test_every_advice_fits_one_line_with_a_name_kept() -> None:
    for watchers in (True, False):
        for opens in (True, False):
            line = table_full(["A" * MAX_NAME], watchers, opens_seats=opens)
            assert len(line) <= MAX_LINE and "A" * MAX_NAME in line, line
