"""The host's turn clock against a real host on 127.0.0.1: a remote seat that does not act in time is played by
the away bot, twice in a row hands the seat to it, and any action of its player takes it back; every frame says
the time left, and the joined seat hears each timeout. Clocks of a tenth of a second."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from netplay import LIMIT, eventually, joined, new_game, started

from yaniv_tui.engine import CallYaniv, Seat
from yaniv_tui.engine.clock import ClockNews
from yaniv_tui.net import ActionRefused
from yaniv_tui.table.events import Clocked, TableEvent
from yaniv_tui.table.hosted import HostedSession
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.runner import TableRunner

#: A turn's time, and the least time from asking a seat to applying its action (so the test can act between turns).
TICK = 0.1


async def test_a_remote_seats_clock_runs_out_twice_and_the_seat_goes_to_the_away_bot_until_its_player_acts(
    tmp_path: Path,
) -> None:
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    game = new_game(seats, seed=5, end=200)
    host = await started(game, seats, away_bot="easy")
    session: HostedSession | None = None
    running: asyncio.Task[object] | None = None
    try:
        options = GameOptions(game.rules, seats, seed=5, bot_delay=TICK, turn_seconds=TICK, timeouts_to_bot=2)
        session = HostedSession(options, game=game, host=host)
        runner = TableRunner(session)
        events: list[TableEvent] = []
        runner.subscribe(events.append)
        client = await joined(host, tmp_path, "noa")
        told: list[tuple[int, ClockNews]] = []
        client.on_clock = lambda seat, news: told.append((seat, news))
        lefts: list[float | None] = []
        running = asyncio.create_task(runner.run())

        def clocked() -> list[Clocked]:
            return [event for event in events if isinstance(event, Clocked)]

        # Noa never acts: her time runs out, then again, and the seat goes to the away bot.
        async def note_lefts() -> None:
            while Clocked(0, "bot") not in events:
                lefts.append(client.time_left())
                await asyncio.sleep(0.01)

        await asyncio.wait_for(note_lefts(), LIMIT)
        assert clocked() == [Clocked(0, "timeout"), Clocked(0, "timeout"), Clocked(0, "bot")]
        assert any(left is not None and 0 < left <= TICK for left in lefts)  # the host's frames said her time left
        await eventually(lambda: (0, "bot") in told)
        assert told[:3] == [(0, "timeout"), (0, "timeout"), (0, "bot")]  # her own screen said each one
        kept = [(e["seat"], e["status"]) for e in session.game_record.events if e.get("event") == "seat"]
        assert (0, "timeout") in kept and (0, "bot") in kept
        # Any action of hers takes the seat back (this one, called out of turn or while the bot plays, is refused).
        with contextlib.suppress(ActionRefused):
            await asyncio.wait_for(client.send(CallYaniv()), LIMIT)
        await eventually(lambda: Clocked(0, "back") in events)
        await eventually(lambda: (0, "back") in told)
        # Her next turn waits for her on the clock again (a longer one, so a busy machine cannot make her late): she
        # plays it in time, and nothing runs out.
        host.clock.seconds = LIMIT
        before = len(clocked())
        await eventually(lambda: client.view.is_my_turn and client.time_left() is not None)
        await asyncio.wait_for(client.send(client.view.legal_actions[0]), LIMIT)
        assert len(clocked()) == before
        assert host.clock.timeouts.get(0, 0) == 0
    finally:
        if running is not None:
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
        if session is not None:
            session.close()
        await host.stop()
