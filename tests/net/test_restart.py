"""The host's process dies mid-game: `host --resume` brings the table back from its save, and the players
rejoin with their tokens."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from netplay import LIMIT, eventually, joined, new_game, play_out, started

from yaniv_tui.engine import Seat
from yaniv_tui.net import TableClosed, TableHost
from yaniv_tui.net.headless import host_from_save
from yaniv_tui.store import History, SavedGame, SaveMeta, read_save, save_path
from yaniv_tui.store.tables import load_table, table_path
from yaniv_tui.table.headless import serve_headless
from yaniv_tui.table.hosted import HostedSession
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.session import Session


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


async def _saved_hosted(
    tmp_path: Path,
    seats: tuple[Seat, ...],
    ran_out: Sequence[tuple[int, int]],
    *,
    joining: Sequence[str] = (),
    hand: bool = False,
) -> SavedGame:
    """A hosted game of `seats` with a turn clock, saved once each (seat, times) of `ran_out` had that seat's clock run
    out so many times in a row (a bot playing each of those turns, and the seat from its second on); the players
    whose token files `joining` names joined it first; with `hand`, its host then handed seat 0 to a hard bot."""
    game = new_game(seats, seed=8)
    host = await started(game, seats)
    options = GameOptions(game.rules, seats, seed=8, bot_delay=0.0, turn_seconds=30.0)
    session = HostedSession(options, game=game, host=host)
    try:
        session.watch(session.hear_record)  # the record hears the host as the table's runner would
        clients = [await joined(host, tmp_path, label) for label in joining]
        for seat, times in ran_out:
            for _ in range(times):
                for news in host.clock.ran_out(seat):
                    assert host.on_clock is not None
                    host.on_clock(seat, news)
            assert host.handed(seat) == (times >= host.clock.to_bot)
        if hand:
            assert host.hand_to_bot(0, "hard") is None
        assert host.handed(0) == (hand or dict(ran_out).get(0, 0) >= host.clock.to_bot)
        session.write()
        for client in clients:
            await client.close()
    finally:
        session.close()
        await host.stop()
    return read_save(save_path(session.meta.game_id))


async def _saved_with_bots(tmp_path: Path, *, hand: bool) -> SavedGame:
    """A hosted game of Ann and Bea (remote) and a bot, saved once Bea's turn clock ran out twice in a row (her seat
    the clock's bot's) and, with `hand`, once its host handed Ann's seat to a hard bot; both have joined."""
    seats = (Seat.remote("Ann"), Seat.remote("Bea"), Seat.bot("medium"))
    return await _saved_hosted(tmp_path, seats, [(1, 2)], joining=("ann", "bea"), hand=hand)


@contextlib.asynccontextmanager
async def resumed_host(saved: SavedGame, **resumed: Any) -> AsyncIterator[tuple[TableHost, HostedSession]]:
    """`yaniv host --resume` of `saved`: its host from the save, listening on a free port, and the resumed game
    (`Session.resumed`, with `resumed`) played through it; the session's lock let go and the host stopped at the
    end."""
    again = host_from_save(saved, port=0)
    await again.start()
    try:
        hosted = HostedSession.taking_over(Session.resumed(saved, hosted=True, **resumed), again)
        try:
            yield again, hosted
        finally:
            hosted.close()
    finally:
        await again.stop()


async def test_a_resumed_host_keeps_the_seats_a_bot_played_until_their_players_take_them_back(tmp_path: Path) -> None:
    """`yaniv host --resume` of a game saved while a bot played two remote seats, Ann's handed by the host to a hard
    bot and Bea's by her turn clock: both are the bot's again (Ann's with the level the host chose), each seat's
    player rejoining is told so, and takes the seat back by acting, as had the table run on. Before, a resumed table
    waited for both, and their frames said no bot played them."""
    saved = await _saved_with_bots(tmp_path, hand=True)
    async with resumed_host(saved) as (again, hosted):
        assert again.handed(0) and again.handed(1)
        assert again.hand_to_bot(0, "hard") == "a hard bot plays Ann's seat already"
        ann = await joined(again, tmp_path, "ann")
        bea = await joined(again, tmp_path, "bea")
        assert (ann.seat, bea.seat) == (0, 1) and ann.handed and bea.handed
        await bea.back()  # Bea is here: her seat is hers again
        await eventually(lambda: not again.handed(1) and not bea.handed)
        assert again.handed(0) and ann.handed
        handed = [e for e in hosted.game_record.events if e.get("event") == "seat" and e["status"] == "handed"]
        assert handed == [{"event": "seat", "seat": 0, "status": "handed", "level": "hard"}]  # once, not again
        await ann.close()
        await bea.close()


async def test_a_resumed_table_with_no_clock_says_a_seat_its_clock_handed_is_still_the_bots(tmp_path: Path) -> None:
    """Resumed with no turn clock, a seat the clock had handed to its bot is the bot's until its player acts, and
    every state says so to its player (the frames of a table with no clock carry the clock's "bots" then)."""
    saved = await _saved_with_bots(tmp_path, hand=False)
    async with resumed_host(saved) as (again, _):
        assert not again.clock.on and again.handed(1) and not again.handed(0)
        bea = await joined(again, tmp_path, "bea")
        assert bea.handed and bea.clock is not None and bea.clock.bots == (1,)
        await bea.back()
        await eventually(lambda: not again.handed(1) and not bea.handed)
        await bea.close()


async def test_a_resumed_headless_host_says_which_seats_a_bot_plays_again(tmp_path: Path) -> None:
    """`yaniv host --headless --resume` of a game saved while a bot played Ann's seat (the host's hard bot) and Bea's
    (her turn clock's): its operator is told of both in one line each, as of every other seat change, before the
    game plays on. Before, a headless host said nothing of them (a screen's seats showed them)."""
    from yaniv_tui.table.headless import run_headless

    saved = await _saved_with_bots(tmp_path, hand=True)
    said: list[str] = []
    async with resumed_host(saved, bot_delay=0.0) as (_, hosted):
        with History(tmp_path / "h.sqlite3") as history:
            finished = await asyncio.wait_for(run_headless(hosted, history, said.append), LIMIT)
        assert finished.is_over
    assert said[:2] == [
        "The host hands Ann's seat to a bot (hard) until Ann acts again.",
        "Bea's seat goes to a bot until Bea acts again.",
    ]


async def test_a_resumed_host_keeps_each_seats_timeouts_in_a_row(tmp_path: Path) -> None:
    """`yaniv host --resume` of a game saved once Cy's turn clock ran out once (a bot played that turn) and Bea's
    twice (the clock's bot plays her seat): Cy is at 1 timeout of 2 again, as every state frame says, so his next
    timeout hands his seat to the bot, as had the table run on. Before, he started again at 0."""
    seats = (Seat.remote("Ann"), Seat.remote("Bea"), Seat.remote("Cy"))
    saved = await _saved_hosted(tmp_path, seats, [(2, 1), (1, 2)])
    kept = load_table(saved.game_id)  # the table's own clock, kept with it for `yaniv host --resume`
    assert kept is not None and (kept.turn_seconds, kept.timeouts_to_bot) == (30.0, 2)
    async with resumed_host(saved, turn_seconds=30.0) as (again, _):
        assert again.clock.timeouts == {2: 1, 1: 2} and again.handed(1) and not again.handed(2)
        cy = await joined(again, tmp_path, "cy")
        assert cy.clock is not None and cy.clock.timeouts == (0, 2, 1)
        assert again.clock.ran_out(2) == ["timeout", "bot"]
        await cy.close()


async def test_a_late_joiners_timeouts_in_a_row_are_none_in_the_record_as_on_the_clock(tmp_path: Path) -> None:
    """A seat nobody had taken ran out of time once; then a new player took it: the live clock forgets that timeout
    (it was not theirs, `_fresh_start`), and so must the record, which `yaniv host --resume` counts them from. Checked
    after the join, and again after a resume."""
    from yaniv_tui.codec.record import timeouts_in_a_row

    seats = (Seat.remote(), Seat.bot("easy", "Bea"))
    game = new_game(seats, seed=8)
    host = await started(game, seats)
    options = GameOptions(game.rules, seats, seed=8, bot_delay=0.0, turn_seconds=30.0)
    session = HostedSession(options, game=game, host=host)
    try:
        session.watch(session.hear_record)
        for news in host.clock.ran_out(0):
            assert host.on_clock is not None
            host.on_clock(0, news)
        assert host.clock.timeouts == {0: 1} == timeouts_in_a_row(session.game_record)
        noa = await joined(host, tmp_path, "noa", name="Noa")
        await eventually(lambda: host.status(0) == "joined")
        assert host.clock.timeouts.get(0, 0) == 0
        assert timeouts_in_a_row(session.game_record).get(0, 0) == 0
        session.write()
        await noa.close()
    finally:
        session.close()
        await host.stop()
    saved = read_save(save_path(session.meta.game_id))
    async with resumed_host(saved, turn_seconds=30.0) as (again, _):
        assert again.clock.timeouts.get(0, 0) == 0
