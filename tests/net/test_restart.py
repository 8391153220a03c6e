"""The host's process dies mid-game: `host --resume` brings the table back from its save, and the players
rejoin with their tokens."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from netplay import LIMIT, joined, new_game, play_out, started

from yaniv_tui.engine import Seat
from yaniv_tui.net import TableClosed
from yaniv_tui.net.headless import host_from_save
from yaniv_tui.store import History, SaveMeta, read_save, save_path
from yaniv_tui.store.tables import table_path
from yaniv_tui.table.headless import serve_headless


async def test_the_host_restarts_from_its_save_and_everyone_rejoins(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.remote(), Seat.bot("medium")]
    game = new_game(seats, seed=8)
    meta = SaveMeta(tuple(seats))
    host = await started(game, seats)
    ann = await joined(host, tmp_path, "ann", name="Ann")
    ben = await joined(host, tmp_path, "ben", name="Ben")
    with History(tmp_path / "h.sqlite3") as history:
        table = asyncio.create_task(serve_headless(host, game, seats, meta=meta, history=history))
        players = [asyncio.create_task(play_out(c)) for c in (ann, ben)]
        while game.turns < 12:
            await asyncio.wait_for(asyncio.sleep(0.02), LIMIT)
        # The host dies: its loop and its server are gone at once.
        table.cancel()
        await host.stop()
        for task in players:
            with contextlib.suppress(TableClosed):
                await asyncio.wait_for(task, LIMIT)
        code, tokens, turns = host.code, dict(host.tokens), game.turns
        assert table_path(meta.game_id).exists()

        saved = read_save(save_path(meta.game_id))
        assert saved.game.turns == turns and saved.game.players[:2] == ("Ann", "Ben")
        again = host_from_save(saved, port=0)
        await again.start()
        try:
            assert again.code == code and again.tokens == tokens
            assert again.statuses == ("away", "away", "here")
            ann2 = await joined(again, tmp_path, "ann")  # a new port here, the same token file
            ben2 = await joined(again, tmp_path, "ben")
            assert (ann2.seat, ben2.seat) == (0, 1)
            assert ann2.view.hand == saved.game.hand(0)
            resumed = asyncio.create_task(
                serve_headless(again, saved.game, saved.meta.seats, meta=saved.meta, history=history)
            )
            await asyncio.wait_for(asyncio.gather(play_out(ann2), play_out(ben2)), LIMIT)
            finished = await asyncio.wait_for(resumed, LIMIT)
            assert finished.is_over and finished.turns > turns
            assert not table_path(meta.game_id).exists()  # recorded: its save and table file are gone
            await ann2.close()
            await ben2.close()
        finally:
            await again.stop()
