"""A client hears at once that its host is gone, and never after leaving by itself."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netplay import LIMIT, joined, new_game, started

from yaniv_tui.engine import Seat


async def test_a_client_hears_that_its_host_stopped(tmp_path: Path) -> None:
    seats = (Seat.remote("Ann"), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    client = await joined(host, tmp_path, "ann")
    waiting = asyncio.ensure_future(client.lost())
    await asyncio.sleep(0.05)
    assert not waiting.done()
    await host.stop()
    why = await asyncio.wait_for(waiting, LIMIT)
    assert why and "\n" not in why


async def test_leaving_is_not_losing_the_host(tmp_path: Path) -> None:
    seats = (Seat.remote("Ann"), Seat.bot("medium", "Noa"))
    host = await started(new_game(seats), seats)
    try:
        client = await joined(host, tmp_path, "ann")
        waiting = asyncio.ensure_future(client.lost())
        await client.close()
        await asyncio.sleep(0.1)
        assert not waiting.done()
        waiting.cancel()
    finally:
        await host.stop()
