"""An action frame sent again (the same id on the same connection) is answered with the table, never played twice."""

from __future__ import annotations

import asyncio
import json

from netplay import LIMIT, started
from playing import deal
from test_faults import joined_raw, next_of

from yaniv_tui.bots import MediumBot
from yaniv_tui.codec import action_to_dict
from yaniv_tui.engine import JOKER, Play, Seat
from yaniv_tui.net.protocol import VERSION


async def test_an_action_frame_sent_again_is_answered_and_not_played_again() -> None:
    """Ann holds two jokers, so "drop a joker" is legal on her next turn too: the frame replayed then must not be."""
    seats = (Seat.remote("Ann"), Seat.bot("medium", "Noa"))
    game = deal("israeli", ["JK JK 5H 9C KD", "2S 3S 4D 8H QC"], up="7D", deck="6C 6D 6H 6S 10C 10D", first=0)
    table = await started(game, seats)
    try:
        ws, _ = await joined_raw(table)
        joker = action_to_dict(Play((JOKER,), None))
        frame = json.dumps({"v": VERSION, "type": "action", "id": 1, "seat": 0, "round": 1, "turn": 0, "action": joker})
        await ws.send(frame)
        game.apply(await asyncio.wait_for(table.action_for(0), LIMIT))
        table.publish(game)
        game.apply(MediumBot().choose(game.view(1)))
        table.publish(game)
        assert game.current == 0 and JOKER in game.hand(0)
        while (await next_of(ws, "state"))["view"]["current"] != 0:
            pass
        fresh = Play((game.hand(0)[-1],), None)
        assert fresh.drop != (JOKER,)
        await ws.send(frame)  # the same frame again, on Ann's next turn
        at = {"round": game.round_no, "turn": len(game.log)}
        await ws.send(
            json.dumps({"v": VERSION, "type": "action", "id": 2, "seat": 0, **at, "action": action_to_dict(fresh)})
        )
        # Her next action is her own new one, not the replayed joker; the repeat was answered with her table.
        assert await asyncio.wait_for(table.action_for(0), LIMIT) == fresh
        answer = await next_of(ws, "state")
        assert answer["ack"] == 1 and answer["view"]["hand"] == [c.code for c in game.hand(0)]
        await ws.close()
    finally:
        await table.stop()
