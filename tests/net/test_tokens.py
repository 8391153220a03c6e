"""Seat tokens kept by name: friends joining from one data folder (one machine, `yaniv serve`'s page) each keep
their own seat; a token kept from another table with the same code is forgotten, not a dead end."""

from __future__ import annotations

import asyncio

import pytest
from netplay import LIMIT, new_game, started

from yaniv_tui.engine import Seat
from yaniv_tui.net import JoinError, TableClient
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
