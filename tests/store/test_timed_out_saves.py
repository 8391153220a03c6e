"""A game saved mid-round keeps which of the round's turns a bot played for a seat whose time ran out: the table's log
marks them ("Ann's time ran out: a bot dropped ..."), and resumed, the log reads as it did before the save. They are
not written again in the save's meta data: the save's record holds them ("seat" events with status "timeout", before
the bot's action), as the replay reads them; `SavedGame.timed_out` reads them from there (`store/round_notes.py`).
Before, a resumed game's log showed those turns unmarked."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from playing import deal

from yaniv_tui.bots import MediumBot
from yaniv_tui.codec.record import add_event, after_action, back_to, start_record, timed_out_actions
from yaniv_tui.engine import Game, Play, Seat, load_ruleset, parse_cards
from yaniv_tui.store import SaveMeta, read_save, save_game, save_path, timed_out_turns
from yaniv_tui.table.events import ActionApplied, TableEvent
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import Session

from .helpers import new_game

SEATS = (Seat.person("P0"), Seat.person("P1"))
#: A turn's time at the table below, and the bound on every wait.
TICK = 0.05
LIMIT = 30.0


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    return folder


def two_turns_and_a_timeout() -> tuple[Game, SaveMeta, list[Play]]:
    """P0 plays in time, P1's time runs out (its bot drops K♠), then P0 plays in time again."""
    game = deal(load_ruleset("israeli"), ["5H 7H KD 2H 9C", "6H KS 2C 9D 3S"], up="AS", deck="4D 2D 9S 6C 10D 8C")
    return game, SaveMeta(SEATS, game_id="timedout1"), [Play(tuple(parse_cards(d))) for d in ("KD", "KS", "9C")]


def test_a_turn_a_bot_played_when_the_time_ran_out_is_kept_in_the_save() -> None:
    game, meta, plays = two_turns_and_a_timeout()
    record = start_record(game, SEATS)
    for index, action in enumerate(plays):
        if index == 1:
            add_event(record, "seat", 1, status="timeout")
        seat = game.current
        game.apply(action)
        after_action(record, game, seat, action)
    saved = read_save(save_game(game, meta, record=record))
    assert saved.timed_out == (2,)


def test_a_partial_records_turns_count_from_the_rounds_start() -> None:
    """A game resumed from a save that kept no record starts a partial record from where it is: its turns before
    that are the round's first, unmarked."""
    game, meta, plays = two_turns_and_a_timeout()
    game.apply(plays[0])
    record = start_record(game, SEATS)  # partial: "resume", one turn in
    add_event(record, "seat", 1, status="timeout")
    game.apply(plays[1])
    after_action(record, game, 1, plays[1])
    assert record.events[1]["event"] == "resume"
    assert read_save(save_game(game, meta, record=record)).timed_out == (2,)


def test_only_this_rounds_turns_are_marked() -> None:
    """Every turn of P2 timed out, over two rounds: the save marks those of the round it is in."""
    game = new_game(players=2, seed=11)
    seats = (Seat.person("Player 1"), Seat.person("Player 2"))
    record = start_record(game, seats)
    bot = MediumBot()
    while game.round_no < 2 or len(game.log) < 4:
        seat = game.current
        if seat == 1 and game.phase == "turn":
            add_event(record, "seat", 1, status="timeout")
        action = bot.choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    assert record.rounds >= 1 and any(e.get("status") == "timeout" for e in record.events[:5])
    marked = tuple(i + 1 for i, turn in enumerate(game.log) if turn.seat == 1)
    saved = read_save(save_game(game, SaveMeta(seats, game_id="timedout2"), record=record))
    assert marked and saved.timed_out == marked


def test_a_record_that_does_not_fit_the_game_marks_nothing_and_never_raises() -> None:
    game, _, plays = two_turns_and_a_timeout()
    record = start_record(game, SEATS)
    for action in plays[:2]:
        seat = game.current
        add_event(record, "seat", seat, status="timeout")
        game.apply(action)
        after_action(record, game, seat, action)
    assert timed_out_turns(record, game) == (1, 2)
    assert timed_out_turns(None, game) == ()
    more = [*record.events, {"event": "action", "seat": 0, "turn": 9, "action": "drop 9C"}]
    assert timed_out_turns(type(record)(more, record.rounds, record.reshuffles), game) == (1, 2)  # not a play
    played_by_another = [dict(e, seat=1 - e["seat"]) if e.get("event") == "action" else e for e in record.events]
    assert timed_out_turns(type(record)(played_by_another, record.rounds, record.reshuffles), game) == ()
    hostile = [*record.events, {"event": "seat", "seat": True, "status": "timeout"}, {"event": "action", "seat": "0"}]
    assert timed_out_turns(type(record)(hostile, record.rounds, record.reshuffles), game) == (1, 2)


@pytest.mark.usefixtures("no_runner_pause")
async def test_a_resumed_game_marks_the_turns_its_table_marked() -> None:
    """At a table with a clock: P0's time runs out on every other turn of hers. The turns the table's log marked (each
    `ActionApplied.timed_out` play, this round's, as the table screen notes them) are the ones its save gives back."""
    rules = load_ruleset("israeli").with_choices(yaniv_limit=7, end_limit=None)
    seats = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
    options = GameOptions(rules, seats, seed=3, bot_delay=0.0, turn_seconds=TICK, timeouts_to_bot=100)
    session = Session(options)
    session.game = Game.new(rules, ["Ann", "Bea"], seed=3, first=0)
    runner = TableRunner(session)
    marked: list[int] = []
    round_no = [session.view(None).round_no]

    def note(event: TableEvent) -> None:  # as the table screen notes them (tui/screens/table_state.py)
        public = session.view(None)
        if public.round_no != round_no[0]:
            round_no[0] = public.round_no
            marked.clear()
        if isinstance(event, ActionApplied) and event.timed_out and isinstance(event.action, Play):
            marked.append(len(public.seen))

    runner.subscribe(note)
    ann_turns = 0
    for _ in range(200):
        if marked and session.view(None).current == 0 and ann_turns % 2 == 0:
            break  # a turn marked this round, and one of Ann's own after it
        if session.view(None).current != 0:
            await asyncio.wait_for(runner.step(), LIMIT)
            continue
        ann_turns += 1
        if ann_turns % 2:
            await asyncio.wait_for(runner.step(), LIMIT)  # Ann does nothing: her time runs out, a bot plays it
        else:
            stepping = asyncio.create_task(runner.step())
            await asyncio.sleep(0)
            await runner.submit(0, session.view(0).legal_actions[0])  # in time: her own move
            await asyncio.wait_for(stepping, LIMIT)
    seen = session.view(None).seen
    assert marked and any(turn.seat == 0 for turn in seen[marked[-1] :]), (marked, seen)
    saved = read_save(save_path(session.meta.game_id))
    assert saved.timed_out == tuple(marked)
    session.close()


def test_an_undone_bots_play_for_a_timed_out_seat_takes_its_timeout_with_it() -> None:
    """P1's time ran out and its bot dropped K♠; undo takes that play back (the record cut with the game, as the
    session's undo cuts it): the record says no more of it, so P1's own move there is P1's, in the replay's rule
    (`timed_out_actions`) and a resumed log's (`timed_out_turns`) alike. A bot's play that stands stays marked."""
    game, meta, plays = two_turns_and_a_timeout()
    record = start_record(game, SEATS)
    kept = []
    for index, action in enumerate(plays[:2]):
        if index == 1:
            add_event(record, "seat", 1, status="timeout")
        kept.append(game.clone())
        seat = game.current
        game.apply(action)
        after_action(record, game, seat, action)
    assert timed_out_turns(record, game) == (2,)
    game = kept[1]  # undo: back to just before the bot's play for P1
    back_to(record, game)
    assert not any(event.get("status") == "timeout" for event in record.events)
    own = Play(tuple(parse_cards("9D")))  # P1's own move, not the bot's K♠
    game.apply(own)
    after_action(record, game, 1, own)
    assert timed_out_actions(record) == frozenset()
    assert read_save(save_game(game, meta, record=record)).timed_out == ()
    # The cut after a bot's play keeps it, and its mark.
    add_event(record, "seat", 0, status="timeout")
    before = game.clone()
    game.apply(plays[2])
    after_action(record, game, 0, plays[2])
    later = Play(tuple(parse_cards("3S")))
    game.apply(later)
    after_action(record, game, 1, later)
    stands = before.apply(plays[2])  # undo of P1's move: the bot's play for P0 before it stands
    back_to(record, stands)
    assert [event["event"] for event in record.events[-2:]] == ["seat", "action"]
    assert timed_out_turns(record, stands) == (3,)


def test_a_game_saved_before_the_timed_out_seats_bot_played_resumes_with_that_turn_its_players() -> None:
    """P1's time ran out, and the game was saved and left before its bot played (quit in the bot's pause): resumed,
    P1 plays that turn, and neither the table's log nor the replay reads P1's own move as the bot's."""
    game, meta, plays = two_turns_and_a_timeout()
    record = start_record(game, SEATS)
    game.apply(plays[0])
    after_action(record, game, 0, plays[0])
    add_event(record, "seat", 1, status="timeout")
    saved = read_save(save_game(game, meta, record=record))
    session = Session.resumed(saved, bot_delay=0.0)
    own = Play(tuple(parse_cards("9D")))
    session.apply(own)
    session.hear_record(ActionApplied(1, None, own))
    assert session.timed_out() == ()
    assert timed_out_actions(session.game_record) == frozenset()
    session.close()


def test_a_hosted_game_saved_before_the_timed_out_seats_bot_played_keeps_the_count_but_not_the_mark() -> None:
    """The same at a hosted table (P1 plays from another machine): `yaniv host --resume` keeps P1's timeout in a row
    (`timeouts_in_a_row`: the clock counts on from it), but P1's own move after the resume is the player's, not the
    bot's: not marked, and it clears the count. Before, the resumed game read it as the bot's play for that timeout,
    and the count stayed at 1 after P1 acted. A second restart before P1 acts keeps the count as it is."""
    from yaniv_tui.codec.record import timeouts_in_a_row

    game, _, plays = two_turns_and_a_timeout()
    seats = (Seat.person("P0"), Seat.remote("P1"))
    meta = SaveMeta(seats, screen_seat=0)
    record = start_record(game, seats)
    game.apply(plays[0])
    after_action(record, game, 0, plays[0])
    add_event(record, "seat", 1, status="timeout")
    saved = read_save(save_game(game, meta, record=record))
    session = Session.resumed(saved, bot_delay=0.0, hosted=True)
    assert timeouts_in_a_row(session.game_record) == {1: 1}
    session.write()  # saved again and resumed again (a second restart) before P1 acts
    session.close()
    session = Session.resumed(read_save(save_game(session.game, session.meta, record=session.game_record)), hosted=True)
    assert timeouts_in_a_row(session.game_record) == {1: 1}
    own = Play(tuple(parse_cards("9D")))
    session.apply(own)
    session.hear_record(ActionApplied(1, None, own))
    assert session.timed_out() == ()
    assert timed_out_actions(session.game_record) == frozenset()
    assert timeouts_in_a_row(session.game_record) == {}
    session.close()
