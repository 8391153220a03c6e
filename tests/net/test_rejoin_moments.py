"""A seat that leaves and takes its seat back at the round's end, or while a drawer decides on a slap-down, is sent
exactly the table the others see, its clock and its own hand: nothing more (the draw), nothing less."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from netplay import LIMIT, eventually, joined, new_game, started, until
from test_faults import _a_slap_to_come

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import KeepCard, PlayerView, Seat
from yaniv_tui.engine.clock import TurnClock
from yaniv_tui.net import TableClient, TableHost
from yaniv_tui.net.before_draw import before_the_draw
from yaniv_tui.net.views import view_to_dict

pytestmark = pytest.mark.slow

#: A turn's time: long enough that no clock runs out in these tests.
TURN = 30.0


def public(view: PlayerView) -> dict[str, Any]:
    """What every seat at the table sees alike of `view`: all but its own seat and hand."""
    seen = view_to_dict(view)
    for own in ("seat", "hand", "slap_card", "phase"):
        seen.pop(own)
    return seen


async def _away_and_back(host: TableHost, client: TableClient, folder: Path, label: str) -> TableClient:
    """`client`'s seat left (away at the host), then taken back with its kept token."""
    seat = client.seat
    assert seat is not None
    await client.close()
    await eventually(lambda: host.status(seat) == "away")
    back = await joined(host, folder, label)
    assert back.seat == seat
    return back


def _left_ms(client: TableClient) -> int:
    assert client.clock is not None and client.clock.left_ms is not None, client.clock
    return client.clock.left_ms


async def test_a_seat_back_while_another_decides_a_slap_down_sees_the_table_before_the_draw(tmp_path: Path) -> None:
    seats = (Seat.remote("Ann"), Seat.remote("Bea"), Seat.remote("Cy"))
    game, play = _a_slap_to_come(seats)
    host = await started(game, seats)
    try:
        host.use_clock(TurnClock(TURN, 9, stand_in="easy"))
        ann, bea, cy = [await joined(host, tmp_path, label) for label in ("ann", "bea", "cy")]
        turn = asyncio.create_task(host.action_for(0))
        await until(cy, lambda c: c.clock is not None and c.clock.left_ms is not None)
        before_ms = _left_ms(cy)
        sent = asyncio.create_task(ann.send(play))  # taken once the host applies it
        game.apply(await asyncio.wait_for(turn, LIMIT))
        host.publish(game)
        await asyncio.wait_for(sent, LIMIT)
        assert game.phase == "slap"
        deciding = asyncio.create_task(host.action_for(0))
        await until(ann, lambda c: c.view.phase == "slap")
        seen = before_the_draw(game)
        bea = await _away_and_back(host, bea, tmp_path, "bea")
        await until(cy, lambda c: c.statuses[1] == "joined")
        # Bea sees what Cy sees, the turn before the draw, her own hand in it, and the drawer's clock run on.
        assert bea.view.phase == "turn" and bea.view.slap_card is None and bea.view.current == 0
        assert public(bea.view) == public(cy.view) == public(seen.view(1))
        assert bea.view.hand == game.hand(1) and cy.view.hand == game.hand(2)
        assert _left_ms(bea) <= before_ms and abs(_left_ms(bea) - _left_ms(cy)) < 2000
        assert bea.clock is not None and cy.clock is not None and bea.clock.timeouts == cy.clock.timeouts
        # The decision made, both see the turn as it ended.
        sent = asyncio.create_task(ann.send(KeepCard()))
        game.apply(await asyncio.wait_for(deciding, LIMIT))
        host.publish(game)
        await asyncio.wait_for(sent, LIMIT)
        await until(bea, lambda c: c.view.current != 0)
        await until(cy, lambda c: c.view.current != 0)
        assert public(bea.view) == public(cy.view) == public(game.view(1))
        for client in (ann, bea, cy):
            await client.close()
    finally:
        await host.stop()


async def test_the_drawer_back_while_it_decides_a_slap_down_is_asked_again_with_its_clock(tmp_path: Path) -> None:
    seats = (Seat.remote("Ann"), Seat.remote("Bea"))
    game, play = _a_slap_to_come(seats)
    host = await started(game, seats)
    try:
        host.use_clock(TurnClock(TURN, 9, stand_in="easy"))
        ann, bea = [await joined(host, tmp_path, label) for label in ("ann", "bea")]
        turn = asyncio.create_task(host.action_for(0))
        await until(ann, lambda c: c.clock is not None and c.clock.left_ms is not None)
        sent = asyncio.create_task(ann.send(play))  # taken once the host applies it
        game.apply(await asyncio.wait_for(turn, LIMIT))
        host.publish(game)
        await asyncio.wait_for(sent, LIMIT)
        deciding = asyncio.create_task(host.action_for(0))
        await until(ann, lambda c: c.view.phase == "slap" and c.clock is not None and c.clock.left_ms is not None)
        left = _left_ms(ann)
        ann = await _away_and_back(host, ann, tmp_path, "ann")
        # Ann is asked again: the card she drew, her hand, her clock run on; Bea still sees the turn before it.
        assert view_to_dict(ann.view) == view_to_dict(game.view(0))
        assert ann.view.phase == "slap" and ann.view.slap_card == game.slap_card
        assert _left_ms(ann) <= left and _left_ms(ann) > 0
        await until(bea, lambda c: c.statuses[0] == "joined")
        assert bea.view.phase == "turn" and public(bea.view) == public(before_the_draw(game).view(1))
        sent = asyncio.create_task(ann.send(KeepCard()))
        keep = await asyncio.wait_for(deciding, LIMIT)
        assert isinstance(keep, KeepCard)
        game.apply(keep)
        host.publish(game)
        await asyncio.wait_for(sent, LIMIT)
        for client in (ann, bea):
            await client.close()
    finally:
        await host.stop()


async def test_a_seat_back_at_the_rounds_end_sees_the_round_told_and_its_grace(tmp_path: Path) -> None:
    seats = (Seat.remote("Noa"), Seat.remote("Bea"), Seat.bot("medium", "Cy"))
    game = new_game(seats, seed=5, end=200)
    host = await started(game, seats)
    try:
        host.use_clock(TurnClock(TURN, 9, stand_in="easy", round_grace=TURN))
        noa, bea = [await joined(host, tmp_path, label) for label in ("noa", "bea")]
        bot = MediumBot()
        while not game.history:  # the round played out to its end, the next one dealt at once (as a table does)
            game.apply(bot.choose(game.view(game.current)))
        host.publish(game)
        assert game.current == 0  # Noa plays first, on the clock
        turn = asyncio.create_task(host.action_for(0))
        await until(noa, lambda c: c.clock is not None and c.clock.left_ms is not None)
        noa = await _away_and_back(host, noa, tmp_path, "noa")
        await until(bea, lambda c: c.statuses[0] == "joined")
        # Noa is sent the round's end (its hands revealed in the history) and the new deal, as Bea is.
        assert view_to_dict(noa.view) == view_to_dict(game.view(0))
        assert public(noa.view) == public(bea.view) and len(view_to_dict(noa.view)["history"]) == 1
        # The first turn of a later round holds the time to read the round's end, told alike to both.
        assert _left_ms(noa) > TURN * 1000 and abs(_left_ms(noa) - _left_ms(bea)) < 2000
        turn.cancel()
        for client in (noa, bea):
            await client.close()
    finally:
        await host.stop()
