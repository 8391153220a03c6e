"""Helpers for the network tests: a short game, a host on a free localhost port, clients that play by a bot."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game, Ruleset, Seat, load_ruleset
from yaniv_tui.net import TableClient, TableHost

#: Every network wait in the tests is bounded by this many seconds.
LIMIT = 60.0


def short_rules(preset: str = "israeli", end: int = 60, **changes: Any) -> Ruleset:
    """A preset whose game ends at `end` points, so a whole game is a few rounds (and any other `changes`)."""
    rules = load_ruleset(preset)
    choices = tuple(sorted({end, *rules.end_limit_choices}))
    return dataclasses.replace(rules, end_limit=end, end_limit_choices=choices, **changes)


def new_game(seats: Sequence[Seat], *, seed: int = 1, preset: str = "israeli", end: int = 60, **changes: Any) -> Game:
    rules = short_rules(preset, end, **changes)
    return Game.new(rules, [seat.name or f"P{i}" for i, seat in enumerate(seats)], seed=seed)


async def started(game: Game, seats: Sequence[Seat], **options: object) -> TableHost:
    """A started host of `game` on 127.0.0.1, on a free port."""
    host = TableHost(game, seats, host="127.0.0.1", port=0, **options)  # type: ignore[arg-type]
    await host.start()
    return host


async def joined(host: TableHost, folder: Path, label: str, **options: object) -> TableClient:
    """A client at `host`, its token kept in `folder/label.token`."""
    return await asyncio.wait_for(
        TableClient.join(f"127.0.0.1:{host.port}", host.code, token_file=folder / f"{label}.token", **options),  # type: ignore[arg-type]
        LIMIT,
    )


async def play_out(client: TableClient, turns: int | None = None) -> int:
    """Play this client's seat by a MediumBot on the host's view of it until the game is over (or `turns` actions);
    the number of actions sent."""
    bot = MediumBot()
    sent = 0
    while client.view.phase != "over" and (turns is None or sent < turns):
        if client.view.is_my_turn:
            await client.send(bot.choose(client.view))
            sent += 1
        await client.changed()
    return sent


async def until(client: TableClient, wanted: Callable[[TableClient], bool]) -> None:
    """Wait for the host's views until `wanted(client)` holds (bounded by LIMIT)."""

    async def wait() -> None:
        while not wanted(client):
            await client.changed()

    await asyncio.wait_for(wait(), LIMIT)


async def eventually(check: Callable[[], bool]) -> None:
    """Wait until `check()` holds, looking every 20 ms (bounded by LIMIT)."""

    async def wait() -> None:
        while not check():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(wait(), LIMIT)
