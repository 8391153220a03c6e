"""Seat tokens kept by name: friends joining from one data folder (one machine, `yaniv serve`'s page) each keep
their own seat; a token kept from another table with the same code is forgotten, not a dead end."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from netplay import LIMIT, eventually, new_game, started
from test_faults import joined_raw

from yaniv_tui.engine import Seat
from yaniv_tui.net import JoinError, TableClient
from yaniv_tui.net import host as host_module
from yaniv_tui.net.protocol import SEAT_IN_USE
from yaniv_tui.store.tables import token_path, write_token


async def test_two_friends_on_one_machine_keep_their_own_seats() -> None:
    seats = (Seat.remote(), Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        ann = await asyncio.wait_for(TableClient.join(address, host.code, name="Ann"), LIMIT)
        ben = await asyncio.wait_for(TableClient.join(address, host.code, name="Ben"), LIMIT)
        assert (ann.seat, ben.seat) == (0, 1) and ann.closed_reason is None
        await ann.close()
        again = await asyncio.wait_for(TableClient.join(address, host.code, name="Ann"), LIMIT)
        assert again.seat == 0 and ben.closed_reason is None
        await again.close()
        await ben.close()
    finally:
        await host.stop()


async def test_a_token_from_another_table_with_the_same_code_is_forgotten() -> None:
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        write_token(token_path(host.code, "Ann"), "a-token-of-a-table-long-gone")
        ann = await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Ann"), LIMIT)
        assert ann.seat == 0
        assert token_path(host.code, "Ann").read_text().strip() == host.tokens[0]
        await ann.close()
    finally:
        await host.stop()


async def test_a_name_already_at_the_table_is_refused() -> None:
    """ "Noa is to play" must say who: a joiner cannot take the name of another seat (the host's bot here)."""
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        with pytest.raises(JoinError, match="noa is already at this table: join with another name"):
            await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", host.code, name="noa"), LIMIT)
        assert host.tokens == {}
    finally:
        await host.stop()


async def test_a_seat_whose_player_is_connected_is_refused_to_a_second_client_of_the_same_data_folder() -> None:
    """Two browser players of one `yaniv serve` share a data folder: the second, joining as "web" where "Web" plays,
    reads Web's kept token. It is refused in one line; Web keeps the seat; once Web is really gone, it rejoins."""
    seats = (Seat.bot("medium", "Dan"), Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        web = await asyncio.wait_for(TableClient.join(address, host.code, name="Web"), LIMIT)
        assert web.seat == 1
        with pytest.raises(JoinError) as refused:
            await asyncio.wait_for(TableClient.join(address, host.code, name="web"), LIMIT)
        assert str(refused.value) == SEAT_IN_USE and "\n" not in SEAT_IN_USE
        assert web.closed_reason is None and host.status(1) == "joined"
        host.publish(host.game)  # Web still gets the table: its connection was not touched
        await asyncio.wait_for(web.changed(), LIMIT)
        assert web.closed_reason is None
        await web.close()
        await eventually(lambda: host.status(1) == "away")
        again = await asyncio.wait_for(TableClient.join(address, host.code, name="web"), LIMIT)
        assert again.seat == 1 and again.token == web.token
        await again.close()
    finally:
        await host.stop()


async def test_a_connection_that_stops_answering_is_dropped_and_its_seat_taken_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A player whose network died without closing (no answer to pings) is soon away, so their rejoin works."""
    monkeypatch.setattr(host_module, "PING_EVERY", 0.2)
    monkeypatch.setattr(host_module, "PING_TIMEOUT", 0.2)
    seats = (Seat.remote(), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        ws, welcome = await joined_raw(host)
        ws.transport.pause_reading()  # deaf from now on: the host's pings go unanswered
        await eventually(lambda: host.status(0) == "away")
        ws.transport.abort()
        write_token(tmp_path / "ann.token", welcome["token"])
        ann = await asyncio.wait_for(
            TableClient.join(f"127.0.0.1:{host.port}", host.code, token_file=tmp_path / "ann.token"), LIMIT
        )
        assert ann.seat == welcome["seat"] == 0
        await ann.close()
    finally:
        await host.stop()
