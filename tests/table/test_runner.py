"""The table's loop without a screen: a human's move, a refused one, undo, concede, a round's end and the game's
end, a save that fails, a joiner's name; each against the runner alone, in milliseconds."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from playing import play, short_rules

from yaniv_tui.engine import CallYaniv, Game, IllegalActionError, Play, Seat, load_ruleset, parse_cards
from yaniv_tui.net import TableClient, TableHost
from yaniv_tui.store import History, SaveError, read_save, save_game, save_path
from yaniv_tui.table import runner as runner_module
from yaniv_tui.table.events import (
    ActionApplied,
    GameEnded,
    Recorded,
    RoundEnded,
    SaveFailed,
    SeatJoined,
    TableEvent,
    TurnStarted,
)
from yaniv_tui.table.headless import say_news
from yaniv_tui.table.hosted import HostedSession
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.players import BotPlayer
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import Session

HANDS = ["AC 2D 3H 4S 5C", "KS KH QD QC JS"]  # Ann, to play first, holds 15; Bea 50
#: Every wait is bounded by this many seconds.
LIMIT = 30.0


#: The runner's visible pauses (a bot's delay, a round's end) take no time here (`no_runner_pause`, tests/conftest.py).
pytestmark = pytest.mark.usefixtures("no_runner_pause")


def table(yaniv_limit: int = 7) -> Session:
    """Ann (a human here) against Bea (a medium bot), Ann first, from a stacked deal."""
    rules = load_ruleset("israeli").with_choices(yaniv_limit=yaniv_limit, end_limit=None)
    seats = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
    session = Session(GameOptions(rules, seats, seed=3, bot_delay=0.8))
    parsed = [parse_cards(hand) for hand in HANDS]
    order = [parsed[seat][i] for i in range(5) for seat in range(2)] + parse_cards("9D 3C 4C")
    session.game = Game.new(rules, ["Ann", "Bea"], seed=3, deck=order, first=0)
    return session


def heard(runner: TableRunner) -> list[TableEvent]:
    events: list[TableEvent] = []
    runner.subscribe(events.append)
    return events


async def test_the_runner_waits_for_the_screen_then_the_bot_plays() -> None:
    session = table()
    runner = TableRunner(session)
    events = heard(runner)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    assert events == [TurnStarted(0)]
    with pytest.raises(IllegalActionError):
        await runner.submit(1, Play(parse_cards("5C"), None))  # not Bea's turn: she is a bot
    await runner.submit(0, Play(parse_cards("5C"), None))
    await asyncio.wait_for(stepping, LIMIT)
    assert events[-1] == ActionApplied(0, None, Play(parse_cards("5C"), None))
    assert read_save(save_path(session.meta.game_id)).game.turns == 1  # saved after the action
    await asyncio.wait_for(runner.step(), LIMIT)  # Bea's turn: asked, applied, saved
    assert session.game.current == 0 and session.game.turns == 2
    assert read_save(save_path(session.meta.game_id)).game.turns == 2
    session.close()


async def test_a_history_given_as_its_opener_is_opened_at_the_first_rounds_end_not_before(tmp_path: Path) -> None:
    # A table at the screen gives the app's history this way: the database is not opened before the table is
    # first shown (it was, at every start: about 0.04 billion instructions of a 1.58 billion start).
    session = table()
    opened: list[History] = []

    def open_history() -> History:
        opened.append(History(tmp_path / "history.sqlite3"))
        return opened[-1]

    runner = TableRunner(session, open_history)
    events = heard(runner)
    seen_before_a_round: list[int] = []

    def concede(event: TableEvent) -> None:
        if isinstance(event, TurnStarted):
            if not session.game.history:
                seen_before_a_round.append(len(opened))
            runner.concede(event.seat)
            runner.hurry()

    runner.subscribe(concede)
    assert await asyncio.wait_for(runner.run(), LIMIT) == GameEnded()
    assert seen_before_a_round and set(seen_before_a_round) == {0}
    assert len(opened) == 1 and runner.history is opened[0]
    assert [event for event in events if isinstance(event, Recorded)][-1] == Recorded()
    assert {row.name for row in opened[0].stats()} == {"Ann", "Bea"}


async def test_a_refused_move_changes_nothing_and_the_turn_stays() -> None:
    session = table()
    runner = TableRunner(session)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    before = session.game.clone()
    with pytest.raises(IllegalActionError, match="the hand is worth 15: Yaniv may be called at 7 or less"):
        await runner.submit(0, CallYaniv())  # 15 is above the limit of 7
    assert session.game.turns == before.turns and session.game.hand(0) == before.hand(0)
    assert not stepping.done()
    await runner.submit(0, Play(parse_cards("5C"), None))
    await asyncio.wait_for(stepping, LIMIT)
    session.close()


async def test_undo_takes_back_the_humans_move_and_the_bots_answer() -> None:
    session = table()
    runner = TableRunner(session)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    start = session.game.clone()
    await runner.submit(0, Play(parse_cards("5C"), parse_cards("9D")[0]))  # the turned-up 9D: a card seen
    await asyncio.wait_for(stepping, LIMIT)
    await asyncio.wait_for(runner.step(), LIMIT)  # Bea answers
    assert session.why_no_undo() is None
    session.take_back()
    runner.save()
    assert session.game.turns == start.turns and session.game.hand(0) == start.hand(0)
    assert read_save(save_path(session.meta.game_id)).game.turns == 0
    session.close()


async def test_a_conceded_seat_is_played_out_by_a_bot_to_the_games_end(tmp_path: Path) -> None:
    session = table()
    runner = TableRunner(session, History(tmp_path / "history.sqlite3"))
    events = heard(runner)
    rounds: list[int] = []

    async def between(result: object) -> None:
        rounds.append(len(session.game.history))

    runner.between_rounds = between

    def concede(event: TableEvent) -> None:
        if isinstance(event, TurnStarted):
            runner.concede(event.seat)
            runner.hurry()

    runner.subscribe(concede)
    ended = await asyncio.wait_for(runner.run(), LIMIT)
    assert ended == GameEnded() and session.game.is_over and events[-1] == ended
    assert session.meta.conceded and not session.humans_in
    round_ends = [event for event in events if isinstance(event, RoundEnded)]
    assert len(round_ends) == len(session.game.history) == len(rounds) and rounds == list(range(1, len(rounds) + 1))
    assert [event for event in events if isinstance(event, Recorded)][-1] == Recorded()
    assert not save_path(session.meta.game_id).exists()  # recorded, so its save is gone


async def test_a_save_that_fails_is_told_once_each_time_and_play_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    session = table()
    runner = TableRunner(session)
    events = heard(runner)

    def refuse(*args: object, **kwargs: object) -> None:
        raise SaveError("the disk is full")

    monkeypatch.setattr("yaniv_tui.table.session.save_game", refuse)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    await runner.submit(0, Play(parse_cards("5C"), None))
    await asyncio.wait_for(stepping, LIMIT)
    assert SaveFailed("the disk is full") in events and session.unsaved == "the disk is full"
    assert session.game.turns == 1
    session.close()


async def test_the_round_guard_stops_a_round_that_would_never_end(monkeypatch: pytest.MonkeyPatch) -> None:
    session = table()
    runner = TableRunner(session)
    monkeypatch.setattr(runner_module, "round_overrun", lambda turns: "went on for ever" if turns >= 2 else None)

    def concede_each_turn(event: TableEvent) -> None:
        if isinstance(event, TurnStarted):
            runner.concede(event.seat)

    runner.subscribe(concede_each_turn)
    ended = await asyncio.wait_for(runner.run(), LIMIT)
    assert ended == GameEnded("This round went on for ever: the game stops here.")
    assert session.game.turns == 2
    session.close()


async def test_a_joiners_name_reaches_the_game_as_an_event_not_by_saving(tmp_path: Path) -> None:
    seats = (Seat.bot("medium", "Bea"), Seat.remote("Ann"))
    rules = load_ruleset("israeli")
    game = Game.new(rules, ["Bea", "Ann"], seed=4)
    host = TableHost(game, seats, port=0)
    await host.start()
    try:
        session = HostedSession(GameOptions(rules, seats, seed=4, bot_delay=0.0), game=game, host=host)
        runner = TableRunner(session)
        events = heard(runner)
        running = asyncio.create_task(runner.run())  # Bea plays, then the table waits for Ann's seat
        for _ in range(1000):
            if session.game.current == 1:
                break
            await asyncio.sleep(0.01)
        assert game.players == ("Bea", "Ann")
        assert read_save(save_path(session.meta.game_id)).game.players == ("Bea", "Ann")
        client = await asyncio.wait_for(
            TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Noa", token_file=tmp_path / "t"), LIMIT
        )
        assert SeatJoined(1, "Noa") in events
        assert game.players == ("Bea", "Noa")
        assert read_save(save_path(session.meta.game_id)).game.players == ("Bea", "Noa")  # kept as it happened
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await client.close()
        session.close()
    finally:
        await host.stop()


async def test_a_seat_leaving_after_the_game_is_recorded_does_not_bring_its_save_back(tmp_path: Path) -> None:
    """Before: a joiner leaving while the headless host lingered saved the finished game again, so it stayed."""
    seats = (Seat.bot("easy", "Bea"), Seat.bot("medium", "Cy"))
    rules = short_rules()  # a game of a few rounds: what is checked comes once it is over
    game = Game.new(rules, ["Bea", "Cy"], seed=6)
    host = TableHost(game, seats, port=0)
    await host.start()
    try:
        session = HostedSession(GameOptions(rules, seats, seed=6, bot_delay=0.0), game=game, host=host)
        runner = TableRunner(session, History(tmp_path / "history.sqlite3"))
        assert await asyncio.wait_for(runner.run(), LIMIT) == GameEnded()
        assert not save_path(session.meta.game_id).exists()
        assert host.on_status is not None
        host.on_status()  # a seat left, after the end
        assert not save_path(session.meta.game_id).exists()
    finally:
        await host.stop()


class Broken:
    """A bot with a fault: it raises instead of choosing."""

    def choose(self, view: object) -> CallYaniv:
        raise KeyError("a card the bot never saw")


async def test_a_bot_that_raises_is_told_in_one_line_and_the_first_legal_action_played() -> None:
    """A fault in a bot neither stops the table with a traceback nor loses the game: as for a bot's illegal move,
    the table says so in one line and plays the first legal action for it. Before, the runner's loop raised."""
    session = table()
    player = session.players[1]
    assert isinstance(player, BotPlayer)
    player.bot = Broken()  # type: ignore[assignment]
    runner = TableRunner(session)
    events = heard(runner)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    await runner.submit(0, Play(parse_cards("5C"), None))
    await asyncio.wait_for(stepping, LIMIT)
    legal = session.view(1).legal_actions[0]
    await asyncio.wait_for(runner.step(), LIMIT)
    applied = events[-1]
    assert isinstance(applied, ActionApplied) and applied.seat == 1 and applied.action == legal
    assert applied.told is not None and "\n" not in applied.told
    # The error's kind, not its text (here a card the bot holds might be named): the line goes to every screen.
    assert applied.told == "Bea (medium bot) could not choose a move (KeyError): it plays the first legal one"
    assert session.game.turns == 2 and read_save(save_path(session.meta.game_id)).game.turns == 2
    session.close()


async def test_a_save_that_keeps_failing_is_said_once_until_one_works_and_play_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before: every action's save that failed was told again, so `yaniv host --headless` on a full disk printed
    "the disk is full" after every move of the game (the table screen kept its notice to one). Now the runner says it
    once; a save that works again and then fails is said again."""
    rules = load_ruleset("israeli").with_choices(end_limit=None)
    seats = (Seat.bot("medium", "Bea"), Seat.bot("easy", "Cy"))
    session = Session(GameOptions(rules, seats, seed=5, bot_delay=0.0))
    runner = TableRunner(session)
    events = heard(runner)
    lines: list[str] = []
    runner.subscribe(say_news(lines.append, lambda: session.game.players))
    disk_full = True

    def refuse(*args: object, **kwargs: object) -> None:
        if disk_full:
            raise SaveError("the disk is full")
        save_game(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("yaniv_tui.table.session.save_game", refuse)
    for _ in range(12):
        await asyncio.wait_for(runner.step(), LIMIT)
    assert session.game.turns + len(session.game.history) >= 12
    assert [e for e in events if isinstance(e, SaveFailed)] == [SaveFailed("the disk is full")]
    assert lines == ["the disk is full"] and session.unsaved == "the disk is full"
    disk_full = False
    await asyncio.wait_for(runner.step(), LIMIT)
    assert session.unsaved is None
    disk_full = True
    for _ in range(3):
        await asyncio.wait_for(runner.step(), LIMIT)
    assert lines == ["the disk is full"] * 2
    session.close()


async def test_two_rounds_that_end_between_two_steps_each_reach_the_listeners(tmp_path: Path) -> None:
    """A joined table's host, or the away bot there, may finish two rounds before the loop looks again: each
    round's end is told (the scores, the log, the round end shown), in order, and each is recorded. Before, only the
    last was told: the round before it was never shown."""
    rules = short_rules(end=500)
    seats = (Seat.bot("medium", "Ann"), Seat.bot("medium", "Bea"))
    session = Session(GameOptions(rules, seats, seed=5, bot_delay=0.0))
    session.game = Game.new(rules, ["Ann", "Bea"], seed=5)
    history = History(tmp_path / "history.sqlite3")
    runner = TableRunner(session, history)
    events = heard(runner)
    shown: list[object] = []

    async def between(result: object) -> None:
        shown.append(result)

    runner.between_rounds = between
    play(session.game, rounds=2)  # two rounds end where the loop does not see them, as a host's views may
    assert len(session.game.history) == 2 and not session.game.is_over
    await asyncio.wait_for(runner.step(), LIMIT)
    ended = [event.result for event in events if isinstance(event, RoundEnded)]
    assert ended == list(session.game.history)
    assert shown == ended
    assert [event for event in events if isinstance(event, Recorded)] == [Recorded()]
    session.close()
