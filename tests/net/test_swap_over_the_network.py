"""A joined seat makes the joker swap (`take.joker_swap`, issue 31 item 7) over a real host on 127.0.0.1: the swap
travels as an action frame, the host's engine checks it, a bad one comes back as one error line, and every seat's
view then shows what was given for the joker."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from netplay import LIMIT, joined, play_out, short_rules, started, until
from playing import deal

from yaniv_tui.engine import JOKER, Play, Seat, Turn, parse_cards
from yaniv_tui.net.client import ActionRefused
from yaniv_tui.store import History
from yaniv_tui.table.headless import serve_headless

KS, SIX, EIGHT = parse_cards("KS 6H 8H")


async def test_a_joined_seat_gives_the_card_for_the_joker(tmp_path: Path) -> None:
    seats = [Seat.bot("medium", "Bea"), Seat.remote("Ann")]
    rules = short_rules(joker_swap=True)
    game = deal(rules, ["5H JK 7H KD 2H", "6H KS 2C 9D 3S"], up="AS", deck="4D 9S 8C 6C 10D", first=0)
    game.apply(Play(parse_cards("5H JK 7H")))  # Bea's run, the joker standing for the 6H inside it
    host = await started(game, seats)
    try:
        ann = await joined(host, tmp_path, "ann")
        assert ann.seat == 1
        with History(tmp_path / "history.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, history=history))
            await until(ann, lambda c: c.view.is_my_turn)
            assert ann.view.swaps == (SIX,) and Play((KS,), JOKER, SIX) in ann.view.legal_actions
            with pytest.raises(ActionRefused) as refused:
                await asyncio.wait_for(ann.send(Play((KS,), JOKER, EIGHT)), LIMIT)
            assert "8♥ stands for no joker inside the run just dropped" in str(refused.value)
            assert "\n" not in str(refused.value) and len(game.log) == 1  # nothing changed at the table
            await asyncio.wait_for(ann.send(Play((KS,), JOKER, SIX)), LIMIT)
            await until(ann, lambda c: len(c.view.seen) >= 2 or c.view.round_no > 1)
            assert ann.view.seen[1] == Turn(1, (KS,), JOKER, None, SIX)
            assert JOKER in ann.view.hand and SIX not in ann.view.hand
            assert SIX in ann.view.discards or SIX in ann.view.previous_drop
            await asyncio.wait_for(play_out(ann), LIMIT)
            finished = await asyncio.wait_for(table, LIMIT)
        assert finished.is_over
        await ann.close()
    finally:
        await host.stop()
