"""The host's turn clock against a real host on 127.0.0.1: a remote seat that does not act in time is played by
the away bot, twice in a row hands the seat to it, and any action of its player takes it back; every frame says
the time left, and the joined seat hears each timeout. Clocks of a tenth of a second."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from netplay import LIMIT, eventually, joined, new_game, started

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import CallYaniv, Seat
from yaniv_tui.engine.clock import ClockNews, TurnClock
from yaniv_tui.net import ActionRefused, TableClient
from yaniv_tui.net import host as host_module
from yaniv_tui.net.secrets_gate import new_token
from yaniv_tui.table.events import ActionApplied, Clocked, TableEvent
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
        # The hosted table's log says her turns were played when her time ran out, not as if she had played.
        assert [event.timed_out for event in events if isinstance(event, ActionApplied) and event.seat == 0][:2] == [
            True,
            True,
        ]
        assert any(left is not None and 0 < left <= TICK for left in lefts)  # the host's frames said her time left
        await eventually(lambda: (0, "bot") in told)
        assert told[:3] == [(0, "timeout"), (0, "timeout"), (0, "bot")]  # her own screen said each one
        kept = [(e["seat"], e["status"]) for e in session.game_record.events if e.get("event") == "seat"]
        assert (0, "timeout") in kept and (0, "bot") in kept
        # An action of hers the host refuses (called out of turn, or while the bot plays) leaves the seat to the bot;
        # her `back` (any key at her table) takes it back.
        with contextlib.suppress(ActionRefused):
            await asyncio.wait_for(client.send(CallYaniv()), LIMIT)
        await asyncio.wait_for(client.back(), LIMIT)
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


async def test_every_frame_of_a_game_on_the_clock_holds_only_its_own_and_public_cards(tmp_path: Path) -> None:
    """The secrets test (test_secrets.py) over a whole game on the clock: one seat plays, the other never acts, so
    its turns run out and it is handed to the bot; every frame to either seat holds only its own and public cards,
    every frame to a watcher only public cards, its clock only the time left, the timeouts and the seats a bot
    plays, and the record keeps the clock's news."""
    from test_secrets import check_frame, check_watcher_frame

    from yaniv_tui.bots import MediumBot
    from yaniv_tui.net.host import AWAY_BOT_PLAYED
    from yaniv_tui.net.protocol import TURN_OVER
    from yaniv_tui.store import History
    from yaniv_tui.table.headless import run_headless

    seats = (Seat.remote(), Seat.remote(), Seat.bot("hard"))
    game = new_game(seats, seed=7, end=40, slap_down=True)
    host = await started(game, seats)
    clocks: list[dict[str, object]] = []

    def record(seat: int, text: str) -> None:
        frame = json.loads(text)
        if frame["type"] == "record":
            return
        if frame["type"] == "state":
            assert set(frame) <= {"v", "type", "ack", "statuses", "watchers", "view", "clock"}
            if "clock" in frame:  # from the table's start on (its session hands the host its clock)
                clocks.append(frame["clock"])
                assert set(frame["clock"]) == {"left_ms", "timeouts", "bots"}
        elif frame["type"] == "error":
            # A move too late for its turn, and only that: the bot played it, its move ended the game, or (on a busy
            # machine) the move came once the next seat's turn had begun, or once the turn it was for was over.
            late = frame["message"] in (AWAY_BOT_PLAYED, "the game is over", TURN_OVER)
            assert late or frame["message"].startswith("it is not your turn: wait for "), frame
            return
        check_frame(seat, host.game, frame)

    wrong: list[BaseException] = []

    def checked(check: Callable[[int, str], None]) -> Callable[[int, str], None]:
        """`check`, its failure kept for the test to raise: raised in the host's hook, it would end the connection
        the frame was for ("the connection to the host ended"), hiding the frame that failed."""

        def hook(number: int, text: str) -> None:
            try:
                check(number, text)
            except Exception as error:
                wrong.append(error)

        return hook

    watcher_clocks: list[dict[str, object]] = []

    def watched(watcher: int, text: str) -> None:
        frame = json.loads(text)
        if frame["type"] == "state" and "clock" in frame:
            watcher_clocks.append(frame["clock"])
        check_watcher_frame(host.game, frame)

    host.sent, host.watched = checked(record), checked(watched)

    async def play(client: TableClient) -> None:
        bot = MediumBot()
        while client.view.phase != "over":
            if client.view.is_my_turn:
                with contextlib.suppress(ActionRefused):  # late on a busy machine: the bot played it
                    await client.send(bot.choose(client.view))
            await client.changed()

    try:
        playing, idle = [await joined(host, tmp_path, f"s{i}") for i in range(2)]
        watcher = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{host.port}", host.code), LIMIT)
        options = GameOptions(game.rules, seats, seed=7, bot_delay=0.0, turn_seconds=0.5, timeouts_to_bot=1)
        with History(tmp_path / "h.sqlite3") as history:
            session = HostedSession(options, game=game, host=host)
            said: list[str] = []
            table = asyncio.create_task(run_headless(session, history, said.append))
            await asyncio.wait_for(play(playing), LIMIT)
            finished = await asyncio.wait_for(table, LIMIT)
            kept = history.find_record("")
        if wrong:
            raise wrong[0]
        assert finished.is_over
        assert kept.record is not None
        news = [line for line in kept.record.splitlines() if '"event":"seat"' in line.replace(" ", "")]
        assert any('"timeout"' in line for line in news) and any('"bot"' in line for line in news)
        assert any(clock["bots"] == [1] for clock in clocks)  # the frames said the idle seat is the bot's
        assert any(isinstance(clock["left_ms"], int) for clock in clocks)
        assert any(clock["bots"] == [1] for clock in watcher_clocks)  # the watcher sees the clock as the seats do
        # The host with no screen says the clock's news as a screen would, a line each.
        name = finished.players[1]
        assert f"{name}'s time ran out: a bot played the turn." in said
        assert f"{name}'s seat goes to a bot until {name} acts again." in said
        for client in (playing, idle, watcher):
            await client.close()
    finally:
        await host.stop()


async def test_a_joined_tables_turn_played_by_the_hosts_bot_moves_its_loop_on(tmp_path: Path) -> None:
    """At a joined table the host's clock (not this screen) ends a turn nobody played here: its loop hears the host
    played it, and goes on to the next turn rather than waiting for a move that is no longer its to make."""
    from yaniv_tui.table.client_session import ClientSession
    from yaniv_tui.table.events import TurnStarted

    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    game = new_game(seats, seed=5, end=200)
    host = await started(game, seats)
    hosting: asyncio.Task[object] | None = None
    joining: asyncio.Task[object] | None = None
    session: HostedSession | None = None
    try:
        client = await joined(host, tmp_path, "noa")
        options = GameOptions(game.rules, seats, seed=5, bot_delay=0.0, turn_seconds=TICK, timeouts_to_bot=9)
        session = HostedSession(options, game=game, host=host)
        hosting = asyncio.create_task(TableRunner(session).run())
        table = ClientSession(client)
        runner = TableRunner(table)
        events: list[TableEvent] = []
        runner.subscribe(events.append)
        joining = asyncio.create_task(runner.run())
        # Noa never plays: every turn of hers is the host's bot's, and her table follows each one.
        await eventually(lambda: events.count(TurnStarted(0)) >= 3)
        started_at = [i for i, event in enumerate(events) if event == TurnStarted(0)]
        for first, second in itertools.pairwise(started_at):
            assert ActionApplied(0, None, None, timed_out=True) in events[first:second], events[first:second]
        assert Clocked(0, "timeout") in events
    finally:
        for task in (joining, hosting):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if session is not None:
            session.close()
        await host.stop()


class Broken:
    """An away bot with a fault: it raises instead of choosing."""

    def choose(self, view: object) -> CallYaniv:
        raise KeyError("a card the bot never saw")


async def test_an_away_bot_that_raises_plays_the_first_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """The away bot's fault does not stop the table: the seat's turn is played by the first legal action. Before,
    the error went up through the host to the table's loop, and the game stopped with a traceback."""
    monkeypatch.setattr(host_module, "make_bot", lambda level, seed=None: Broken())
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    game = new_game(seats, seed=5, end=200)
    game.current = 0
    host = await started(game, seats, away_bot="easy", away_after=0.0)
    try:
        action = await asyncio.wait_for(host.action_for(0), LIMIT)
        assert action == game.legal_actions()[0]
    finally:
        await host.stop()


async def test_a_remote_seats_first_turn_of_a_later_round_gives_its_player_time_to_read_the_round_end() -> None:
    # A joined player sees the round's end on their own screen while the host deals the next round at once: their
    # first turn of each later round has the clock's round_grace on top of the turn's time; later turns do not. Her
    # seat is hers (its token given, as a resumed table's), away: a seat nobody holds is waited for off the clock.
    seats = (Seat.remote("Noa"), Seat.bot("medium", "Bea"))
    game = new_game(seats, seed=5, end=200)
    bot = MediumBot()
    while not game.history or game.current != 0:
        game.apply(bot.choose(game.view(game.current)))
    host = await started(game, seats, tokens={0: new_token()})
    assert host.status(0) == "away"
    try:
        clock = TurnClock(TICK, 9, stand_in="easy", round_grace=0.6)
        host.use_clock(clock)
        first = asyncio.create_task(host.action_for(0))
        await asyncio.sleep(0.4)  # well past the turn's own time, within the grace
        assert not first.done() and clock.timeouts.get(0) is None
        action = await asyncio.wait_for(first, LIMIT)
        assert clock.timeouts.get(0) == 1  # the stand-in played it once the grace too was spent
        rounds = len(game.history)
        game.apply(action)
        while game.current != 0 or game.phase == "slap":
            game.apply(bot.choose(game.view(game.current)))
        assert len(game.history) == rounds  # her next turn is in the same round
        host.publish(game)
        clock.round_grace = 10 * LIMIT  # were her second turn given it, it would not end within LIMIT
        await asyncio.wait_for(host.action_for(0), LIMIT)
        assert clock.timeouts.get(0) == 2
    finally:
        await host.stop()


async def test_a_seat_nobody_holds_is_waited_for_off_the_clock_and_its_taker_has_the_whole_turn(
    tmp_path: Path,
) -> None:
    """A turn of a seat nobody holds (never taken, or opened by its host for someone else) waits for its player off
    the clock, as its prompt says ("Waiting for Player 1: nobody has joined that seat yet."): before, the clock ran
    on it, and the host's log and record said "Player 1's time ran out: a bot played the turn" of a seat no one had
    ever sat at, then handed it to a bot "until Player 1 acts again". The one who takes it has the turn's whole time,
    and no timeouts in a row of before; their own seat taken back after a drop keeps its clock (a drop buys no
    time)."""
    now = [0.0]
    seats = (Seat.remote(), Seat.bot("easy", "Bea"))
    game = new_game(seats, seed=1)
    assert game.current == 0
    host = await started(game, seats)
    clock = TurnClock(30, 2, stand_in="easy", now=lambda: now[0])
    host.use_clock(clock)
    news: list[tuple[int, ClockNews]] = []
    host.on_clock = lambda seat, said: news.append((seat, said))
    clock.timeouts[0] = 1  # a timeout in a row of before (a resumed table's)
    asking = asyncio.create_task(host.action_for(0))
    try:
        await asyncio.sleep(0.1)
        now[0] = 1000.0  # long past the turn's 30 seconds, and nobody has sat down
        host._wake[0].set()  # the host looks again, as at any frame
        await asyncio.sleep(0.1)
        assert not asking.done() and not clock.running(0) and news == []
        client = await joined(host, tmp_path, "noa", name="Noa")
        await eventually(lambda: client.view.is_my_turn and clock.running(0))
        assert clock.left(0) == 30.0
        assert clock.timeouts.get(0, 0) == 0
        await eventually(lambda: (client.time_left() or 0.0) > 25.0)  # their screen shows the whole turn
        # Dropped and back with the same token: the turn's clock runs on (a drop buys no time).
        now[0] = 1015.0
        await client.close()
        await eventually(lambda: host.status(0) == "away")
        again = await joined(host, tmp_path, "noa", name="Noa")
        await eventually(lambda: again.seat == 0 and host.status(0) == "joined")
        assert clock.left(0) == 15.0
        # Opened for someone else: nobody holds it again, and its turn waits for them off the clock.
        assert host.open_seat(0) is None
        assert not clock.running(0)
        now[0] = 5000.0
        host._wake[0].set()
        await asyncio.sleep(0.1)
        assert not asking.done() and news == []
        await again.close()
    finally:
        asking.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asking
        await host.stop()
