"""The table's fixed messages: a seat says one, everyone hears it; nothing else can be said, nor too often."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from netplay import LIMIT, joined, new_game, started
from websockets.asyncio.client import connect

from yaniv_tui.engine import Seat
from yaniv_tui.net.protocol import SAYINGS, VERSION


async def test_a_seat_says_good_game_and_everyone_hears_it(tmp_path: Path) -> None:
    seats = (Seat.remote("Ann"), Seat.remote("Ben"), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    heard_at_host: list[tuple[int, str]] = []
    host.on_said = lambda seat, text: heard_at_host.append((seat, text))
    try:
        ann, ben = await joined(host, tmp_path, "ann"), await joined(host, tmp_path, "ben")
        heard = asyncio.get_running_loop().create_future()

        def hear(seat: int, text: str) -> None:
            if not heard.done():
                heard.set_result((seat, text))

        ben.on_said = hear

        await ann.say("good game")
        assert await asyncio.wait_for(heard, LIMIT) == (ann.seat, "good game")
        assert heard_at_host == [(ann.seat, "good game")]
        with pytest.raises(ValueError, match="one message every 2 seconds"):
            await ann.say("your turn")
        await ann.close()
        await ben.close()
    finally:
        await host.stop()


async def test_nothing_but_the_fixed_messages_can_be_said(tmp_path: Path) -> None:
    seats = (Seat.remote("Ann"), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        async with connect(f"ws://127.0.0.1:{host.port}") as ws:
            await ws.send(json.dumps({"v": VERSION, "type": "join", "code": host.code, "name": None}))
            await ws.send(json.dumps({"v": VERSION, "type": "say", "text": "buy cheap watches"}))
            for _ in range(10):
                frame = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
                if frame["type"] == "error":
                    assert "one of the table's messages" in frame["message"]
                    assert all(saying in frame["message"] for saying in SAYINGS)
                    break
                assert frame["type"] != "said"
            else:
                raise AssertionError("no error frame for a message that is not the table's")
    finally:
        await host.stop()


async def test_a_said_frame_naming_no_seat_of_the_table_is_said_in_one_line(tmp_path: Path) -> None:
    """A host (hostile, or broken) that says a seat the table does not have said something: the joined seat says so
    in one line and leaves. Before, the joined table looked the seat's name up and failed on it."""
    seats = (Seat.remote("Ann"), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        ann = await joined(host, tmp_path, "ann")
        heard: list[str] = []
        ann.on_said = lambda seat, text: heard.append(f"{ann.view.players[seat]}: {text}")  # as the table hears it
        host._links[0].put(json.dumps({"v": VERSION, "type": "said", "seat": 7, "text": SAYINGS[1]}))
        why = await asyncio.wait_for(ann.lost(), LIMIT)
        assert why == "the host sent what no yaniv table sends (said: 7 is no seat of this table)" and not heard
    finally:
        await host.stop()
