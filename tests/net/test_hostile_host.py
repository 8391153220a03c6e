"""A hostile (or broken) host against a joining client: a welcome naming who plays fewer or more seats than the
table it then sends has is refused in one line, and nothing of it reaches the table's screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from netplay import LIMIT, new_game
from websockets.asyncio.server import ServerConnection, serve

from yaniv_tui.engine import Seat
from yaniv_tui.net import JoinError, TableClient
from yaniv_tui.net.protocol import State, Welcome, encode
from yaniv_tui.net.secrets_gate import new_token


@pytest.mark.parametrize("watching", [False, True], ids=["a seat", "a watcher"])
async def test_a_welcome_naming_other_seats_than_the_tables_is_one_line(watching: bool, tmp_path: Path) -> None:
    """The host welcomes a table of two seats (their kinds) and sends a view of three: the joined screen told the
    third seat's status by its kind, none, and raised IndexError, a traceback on the player's screen."""
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bo"), Seat.bot("easy", "Cy")]
    game = new_game(seats, seed=2)

    async def host(ws: ServerConnection) -> None:
        await ws.recv()  # the join or the watch
        seat, token = (None, None) if watching else (0, new_token())
        await ws.send(encode(Welcome(seat, token, "K7QF", ("Ann", "Bo"), ("remote", "bot:easy"))))
        view = game.watcher_view() if watching else game.view(0)
        await ws.send(encode(State(view, ("joined", "here", "here"))))
        await ws.wait_closed()

    async with serve(host, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        address = f"127.0.0.1:{port}"
        with pytest.raises(JoinError) as refused:
            if watching:
                await asyncio.wait_for(TableClient.watch(address, "K7QF"), LIMIT)
            else:
                await asyncio.wait_for(TableClient.join(address, "K7QF", token_file=tmp_path / "t"), LIMIT)
    said = str(refused.value)
    assert "2 seats" in said and "3" in said and "\n" not in said, said
