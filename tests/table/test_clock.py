"""The turn clock against the runner alone, without a screen: a turn whose time runs out is played by a bot, two
in a row hand the seat to a bot until its player presses a key, and the pass screen does not count. Clocks of
hundredths of a second, so each test takes a fraction of one."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
from playing import deal

from yaniv_tui.codec.record import start_record
from yaniv_tui.engine import Game, Play, Seat, load_ruleset, parse_cards
from yaniv_tui.store import read_save, save_path, timed_out_turns
from yaniv_tui.table.events import ActionApplied, Asked, Clocked, TableEvent, TurnStarted
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import Session
from yaniv_tui.table.words import clock_line, turn_subject

#: A turn's time in these tests, and the bound on every wait.
TICK = 0.05
LIMIT = 30.0


#: The runner's visible pauses (a bot's delay, a round's end) take no time here (`no_runner_pause`, tests/conftest.py).
pytestmark = pytest.mark.usefixtures("no_runner_pause")


def table(*humans: str, seconds: float | None = TICK, to_bot: int = 2) -> Session:
    """The humans at this screen against Bea (a medium bot), on a clock of `seconds`, the first human first."""
    rules = load_ruleset("israeli").with_choices(yaniv_limit=7, end_limit=None)
    seats = (*(Seat.person(name) for name in humans), Seat.bot("medium", "Bea"))
    options = GameOptions(rules, seats, seed=3, bot_delay=0.0, turn_seconds=seconds, timeouts_to_bot=to_bot)
    session = Session(options)
    session.game = Game.new(rules, [seat.name for seat in seats], seed=3, first=0)
    return session


def heard(runner: TableRunner) -> list[TableEvent]:
    events: list[TableEvent] = []
    runner.subscribe(events.append)
    return events


async def until_turn_of(runner: TableRunner, seat: int) -> None:
    """Step the runner until it is `seat`'s turn (played by nobody here: the clock or the bots move it on)."""
    while runner.session.view(None).current != seat:
        await asyncio.wait_for(runner.step(), LIMIT)


async def test_two_timeouts_hand_the_seat_to_a_bot_until_a_key_is_pressed() -> None:
    session = table("Ann")
    runner = TableRunner(session)
    events = heard(runner)
    await asyncio.wait_for(runner.step(), LIMIT)  # Ann does nothing: her time runs out, and a bot plays her turn
    assert events[:3] == [TurnStarted(0), Clocked(0, "timeout"), Asked(0)]
    assert isinstance(events[3], ActionApplied) and events[3].seat == 0
    assert session.game.turns == 1
    await until_turn_of(runner, 0)
    events.clear()
    await asyncio.wait_for(runner.step(), LIMIT)  # the second in a row: the seat goes to the bot
    assert events[:4] == [TurnStarted(0), Clocked(0, "timeout"), Clocked(0, "bot"), Asked(0)]
    await until_turn_of(runner, 0)
    events.clear()
    await asyncio.wait_for(runner.step(), LIMIT)  # handed over: played at once, no turn for the screen
    assert events[0] == Asked(0) and TurnStarted(0) not in events and Clocked(0, "timeout") not in events
    runner.back([0])  # a key pressed at this screen
    assert events[-1] == Clocked(0, "back")
    await until_turn_of(runner, 0)
    events.clear()
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    assert events == [TurnStarted(0)]  # Ann's turn again, on her clock
    await runner.submit(0, session.view(0).legal_actions[0])
    await asyncio.wait_for(stepping, LIMIT)
    kept = [(e["seat"], e["status"]) for e in session.game_record.events if e.get("event") == "seat"]
    assert kept == [(0, "timeout"), (0, "timeout"), (0, "bot"), (0, "back")]
    saved = read_save(save_path(session.meta.game_id))
    assert saved.record is not None and saved.record.events[-len(kept) - 1 :] != []
    assert [(e["seat"], e["status"]) for e in saved.record.events if e.get("event") == "seat"] == kept
    session.close()


async def test_a_move_in_time_resets_the_timeouts_in_a_row() -> None:
    session = table("Ann")
    runner = TableRunner(session)
    events = heard(runner)
    await asyncio.wait_for(runner.step(), LIMIT)  # a timeout
    await until_turn_of(runner, 0)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    await runner.submit(0, session.view(0).legal_actions[0])  # in time: the count starts again
    await asyncio.wait_for(stepping, LIMIT)
    await until_turn_of(runner, 0)
    await asyncio.wait_for(runner.step(), LIMIT)  # one timeout, not the second in a row
    assert Clocked(0, "bot") not in events
    assert events.count(Clocked(0, "timeout")) == 2
    session.close()


async def test_the_pass_screen_does_not_count() -> None:
    session = table("Ann", "Ben")
    assert session.pass_and_play
    runner = TableRunner(session)
    events = heard(runner)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(TICK * 4)  # the pass screen waits for Ann far longer than her turn's time
    assert events == [TurnStarted(0)] and not stepping.done()
    assert runner.time_left() is None  # no clock runs while the hand is hidden
    runner.seen(0)  # she holds the keyboard now: her clock starts
    await asyncio.sleep(0)
    left = runner.time_left()
    assert left is not None and 0 < left <= TICK
    await asyncio.wait_for(stepping, LIMIT)  # and runs out
    assert events[1] == Clocked(0, "timeout")
    session.close()


async def test_a_table_with_no_clock_waits_for_its_player() -> None:
    session = table("Ann", seconds=None)
    runner = TableRunner(session)
    events = heard(runner)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(TICK * 4)
    assert events == [TurnStarted(0)] and not stepping.done() and runner.time_left() is None
    await runner.submit(0, Play(parse_cards(session.view(0).hand[0].code), None))
    await asyncio.wait_for(stepping, LIMIT)
    session.close()


def test_the_clocks_words() -> None:
    assert clock_line("Ann", "timeout") == "Ann's time ran out: a bot played the turn."
    assert clock_line("Ann", "bot") == "Ann's seat goes to a bot until Ann acts again."
    assert clock_line("You", "bot") == "Your seat goes to a bot until you act again."
    assert clock_line("You", "back") == "You take the seat back from the bot."


def test_the_replay_says_the_clocks_news_as_the_table_does() -> None:
    from yaniv_tui.tui.screens.replay_steps import event_words

    names = ("Ann", "Bea")
    for news in ("timeout", "bot", "back"):
        assert event_words({"event": "seat", "seat": 0, "status": news}, names) == clock_line("Ann", news)


async def test_a_turn_played_when_its_time_ran_out_is_told_as_such() -> None:
    session = table("Ann")
    runner = TableRunner(session)
    events = heard(runner)
    await asyncio.wait_for(runner.step(), LIMIT)  # Ann's time runs out: a bot plays her turn
    applied = [event for event in events if isinstance(event, ActionApplied)]
    assert applied and all(event.seat == 0 and event.timed_out for event in applied)
    await until_turn_of(runner, 0)
    assert [event.timed_out for event in events if isinstance(event, ActionApplied) and event.seat == 1] != []
    assert not any(event.timed_out for event in events if isinstance(event, ActionApplied) and event.seat == 1)
    events.clear()
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    await runner.submit(0, session.view(0).legal_actions[0])  # in time: her own move
    await asyncio.wait_for(stepping, LIMIT)
    assert [event.timed_out for event in events if isinstance(event, ActionApplied)] == [False]
    session.close()


async def test_a_turn_the_hosts_clock_played_is_told_as_such() -> None:
    """At a hosted or joined table the clock's news comes from the host before its bot's action: the action heard
    next for that seat is the one played when its time ran out."""
    session = table("Ann", seconds=None)
    runner = TableRunner(session)
    events = heard(runner)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    await runner.submit(0, session.view(0).legal_actions[0])
    await asyncio.wait_for(stepping, LIMIT)
    assert session.view(None).current == 1
    runner.emit(Clocked(1, "timeout"))  # as the host's news of seat 1 is heard, before its bot's action
    await asyncio.wait_for(runner.play_seat(1), LIMIT)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    await runner.submit(0, session.view(0).legal_actions[0])
    await asyncio.wait_for(stepping, LIMIT)
    await asyncio.wait_for(runner.play_seat(1), LIMIT)  # its next turn, in time
    applied = [(event.seat, event.timed_out) for event in events if isinstance(event, ActionApplied)]
    assert applied == [(0, False), (1, True), (0, False), (1, False)]
    session.close()


def test_the_log_says_who_played_a_turn_whose_time_ran_out() -> None:
    assert turn_subject("Ann", timed_out=False) == "Ann"
    assert turn_subject("Ann", timed_out=True) == "Ann's time ran out: a bot"
    assert turn_subject("You", timed_out=True) == "Your time ran out: a bot"
    assert f"{turn_subject('You', timed_out=True)} dropped Q♠" == "Your time ran out: a bot dropped Q♠"


async def test_a_move_of_your_own_after_undo_is_never_told_as_the_bots() -> None:
    """Ann's time ran out and her bot dropped three 5s and drew 5♠, a slap-down for her to decide; she undid her last
    move instead (the bot's play went with it) and played again: her own move. Before, the runner still held her as
    timed out, and told her own move as the bot's ("Your time ran out: a bot dropped K♦ ...")."""
    rules = dataclasses.replace(load_ruleset("israeli").with_choices(yaniv_limit=7, end_limit=None), slap_down=True)
    seats = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
    session = Session(GameOptions(rules, seats, seed=3, bot_delay=0.0, turn_seconds=TICK, timeouts_to_bot=5))
    session.game = deal(rules, ["5H 5D 5C KD 7D", "2C 3C 4C 9S 10S"], up="7H", deck="9D 5S 8C 8D 6C 6D")
    session.game_record = start_record(session.game, seats)
    runner = TableRunner(session)
    events = heard(runner)
    own = Play(tuple(parse_cards("KD")), parse_cards("7H")[0])  # the turned-up 7♥: a card seen, so undone
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    await runner.submit(0, own)
    await asyncio.wait_for(stepping, LIMIT)
    await until_turn_of(runner, 0)
    await asyncio.wait_for(runner.step(), LIMIT)  # Ann's time runs out: her bot drops the 5s and draws 5♠
    assert session.game.phase == "slap" and session.game.current == 0
    stepping = asyncio.create_task(runner.step())  # her slap-down to decide, on her clock
    await asyncio.sleep(0)
    session.take_back()
    await runner.submit(0, own)  # her own move again
    await asyncio.wait_for(stepping, LIMIT)
    applied = [(event.seat, event.timed_out) for event in events if isinstance(event, ActionApplied)]
    assert applied == [(0, False), (1, False), (0, True), (0, False)]
    assert timed_out_turns(session.game_record, session.game) == ()
    session.close()
