"""A player who drops out is away, their turn waits (or an away bot plays it), and the same command rejoins."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from netplay import LIMIT, eventually, joined, new_game, play_out, started

from yaniv_tui.engine import Seat
from yaniv_tui.net import JoinError
from yaniv_tui.store import History
from yaniv_tui.table.headless import serve_headless


async def test_a_disconnected_player_is_away_and_rejoins_the_same_seat_with_the_token(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.remote(), Seat.bot("medium")]
    game = new_game(seats, seed=21)
    host = await started(game, seats)
    try:
        ann = await joined(host, tmp_path, "ann", name="Ann")
        ben = await joined(host, tmp_path, "ben", name="Ben")
        with History(tmp_path / "h.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, history=history))
            ben_plays = asyncio.create_task(play_out(ben))
            await asyncio.wait_for(play_out(ann, turns=3), LIMIT)
            await ann.close()
            # Ben's own loop reads his views (`changed`): here his statuses are only looked at.
            await eventually(lambda: ben.statuses[0] == "away")
            assert host.status(0) == "away"
            await asyncio.sleep(0.2)
            assert not table.done()  # Ann's turn waits for her (no away bot)
            again = await joined(host, tmp_path, "ann")  # the same command: the token file names her seat
            assert again.seat == 0 and again.token == ann.token
            assert again.view.players[0] == "Ann"
            await eventually(lambda: ben.statuses[0] == "joined")
            await asyncio.wait_for(asyncio.gather(play_out(again), ben_plays), LIMIT)
            assert (await asyncio.wait_for(table, LIMIT)).is_over
        await again.close()
        await ben.close()
    finally:
        await host.stop()


async def test_an_away_bot_plays_an_away_seat_after_the_wait_until_its_player_is_back(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.bot("easy")]
    game = new_game(seats, seed=5)
    host = await started(game, seats, away_bot="medium", away_after=0.3)
    try:
        ann = await joined(host, tmp_path, "ann")
        await ann.close()
        with History(tmp_path / "h.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, history=history))
            while game.turns < 6:  # the bot plays Ann's turns while she is away
                await asyncio.sleep(0.05)
                assert not table.done() or table.result()
            back = await joined(host, tmp_path, "ann")
            assert back.seat == 0
            await asyncio.wait_for(play_out(back), LIMIT)
            assert (await asyncio.wait_for(table, LIMIT)).is_over
        await back.close()
    finally:
        await host.stop()


async def test_the_away_bot_is_seeded_as_every_table_seeds_a_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One seeding formula (`bots.bot_seed`) for a bot's seat, a conceded seat and a hosted table's away bot."""
    import yaniv_tui.net.host as host_module
    from yaniv_tui.bots import Bot, bot_seed, make_bot

    made: list[tuple[str, int | None]] = []

    def recorded(level: str, seed: int | None = None, **options: float | int | None) -> Bot:
        made.append((level, seed))
        return make_bot(level, seed)

    monkeypatch.setattr(host_module, "make_bot", recorded)
    seats = [Seat.bot("easy"), Seat.remote()]
    game = new_game(seats, seed=5)
    host = await started(game, seats, away_bot="medium", away_after=0.05)
    try:
        with History(tmp_path / "h.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, history=history))
            await eventually(lambda: ("medium", bot_seed(5, 1)) in made)
            table.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await table
    finally:
        await host.stop()


async def test_a_second_connection_with_the_token_is_refused_while_the_first_plays(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.remote()]
    host = await started(new_game(seats), seats)
    try:
        first = await joined(host, tmp_path, "ann")
        with pytest.raises(JoinError, match="being played from another connection"):
            await joined(host, tmp_path, "ann")
        assert first.closed_reason is None and host.status(0) == "joined"
        await first.close()
        await eventually(lambda: host.status(0) == "away")
        second = await joined(host, tmp_path, "ann")
        assert second.seat == first.seat == 0
        await second.close()
    finally:
        await host.stop()
