"""Whole games over a real host on localhost: remote seats played by clients, bots at the host."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netplay import LIMIT, joined, new_game, play_out, started, until

from yaniv_tui.engine import Seat
from yaniv_tui.store import History, SaveMeta, save_path
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.table.headless import serve_headless


async def test_two_remote_seats_and_a_bot_play_a_whole_game(tmp_path: Path) -> None:
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.bot("medium", "Bot")]
    game = new_game(seats, seed=3)
    host = await started(game, seats)
    try:
        ann = await joined(host, tmp_path, "ann", name="Noa")
        ben = await joined(host, tmp_path, "ben")
        assert (ann.seat, ben.seat) == (0, 1)
        await until(ann, lambda c: c.statuses == ("joined", "joined", "here"))
        meta = SaveMeta(tuple(seats))
        with History(tmp_path / "history.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, meta=meta, history=history))
            await asyncio.wait_for(asyncio.gather(play_out(ann), play_out(ben)), LIMIT)
            finished = await asyncio.wait_for(table, LIMIT)
            assert history.games_played() == 1
        assert finished.is_over
        assert finished.players[0] == "Noa"  # the joiner's name is the seat's
        for client in (ann, ben):
            view = client.view
            assert view.phase == "over" and list(view.scores) == finished.scores
            assert list(view.history) == finished.history  # every round's reveal, as the host holds it
            assert view.hand == finished.hand(client.view.seat)
        assert not save_path(meta.game_id).exists()  # recorded, so its save is gone
        await ann.close()
        await ben.close()
    finally:
        await host.stop()


async def test_three_remote_seats_play_a_whole_game(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.remote(), Seat.remote()]
    game = new_game(seats, seed=11, preset="yanivo")
    host = await started(game, seats)
    try:
        clients = [await joined(host, tmp_path, f"c{i}") for i in range(3)]
        assert sorted(c.view.seat for c in clients) == [0, 1, 2]
        with History(tmp_path / "history.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, history=history))
            await asyncio.wait_for(asyncio.gather(*(play_out(c) for c in clients)), LIMIT)
            finished = await asyncio.wait_for(table, LIMIT)
        assert finished.is_over
        assert all(list(c.view.history) == finished.history for c in clients)
        for c in clients:
            await c.close()
    finally:
        await host.stop()


async def test_a_client_never_changes_the_game_by_itself(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.bot("easy")]
    game = new_game(seats, seed=2)
    host = await started(game, seats)
    try:
        client = await joined(host, tmp_path, "solo")
        before = game_to_dict(game)
        await asyncio.sleep(0.1)
        assert game_to_dict(game) == before  # nothing happens at the table until the host's loop applies
        await client.close()
    finally:
        await host.stop()
