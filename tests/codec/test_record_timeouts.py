"""`codec.record.timeouts_in_a_row`: each seat's timeouts in a row, read back from a game's record for
`yaniv host --resume`, beside `bots_playing` (tests/codec/test_record.py), from the same "seat" events; and
`timed_out_actions`, the one rule of which actions a bot played for a seat whose time ran out (the replay and a
resumed game's log ask it)."""

from __future__ import annotations

from typing import Any

from yaniv_tui.codec.record import GameRecord, timed_out_actions
from yaniv_tui.codec.record import timeouts_in_a_row as counted


def seat(number: int, status: str) -> dict[str, Any]:
    return {"event": "seat", "seat": number, "status": status}


def action(number: int) -> dict[str, Any]:
    return {"event": "action", "turn": 0, "seat": number, "action": {"kind": "call"}}


def timeouts_in_a_row(events: list[dict[str, Any]]) -> dict[int, int]:
    return counted(GameRecord(events))


def test_a_timeout_counts_and_the_bots_action_after_it_clears_nothing() -> None:
    assert timeouts_in_a_row([seat(1, "joined"), seat(1, "timeout"), action(1)]) == {1: 1}


def test_the_players_own_action_clears_the_seats_timeouts() -> None:
    events = [seat(1, "joined"), seat(1, "timeout"), action(1), action(1)]
    assert timeouts_in_a_row(events) == {}


def test_timeouts_in_a_row_add_up_and_the_handed_seats_bot_actions_clear_nothing() -> None:
    events = [seat(0, "joined"), seat(0, "timeout"), action(0), seat(0, "timeout"), seat(0, "bot"), action(0)]
    assert timeouts_in_a_row([*events, action(0)]) == {0: 2}


def test_the_seat_taken_back_or_given_back_clears_its_timeouts() -> None:
    handed = [seat(0, "joined"), seat(0, "timeout"), action(0), seat(0, "timeout"), seat(0, "bot")]
    assert timeouts_in_a_row([*handed, seat(0, "back"), action(0)]) == {}
    assert timeouts_in_a_row([*handed, seat(0, "given")]) == {}


def test_an_away_seats_action_is_the_away_bots_and_clears_nothing() -> None:
    events = [seat(2, "joined"), seat(2, "timeout"), action(2), seat(2, "away"), action(2)]
    assert timeouts_in_a_row(events) == {2: 1}
    assert timeouts_in_a_row([*events, seat(2, "joined"), action(2)]) == {}


def test_each_seat_is_counted_alone() -> None:
    events = [seat(0, "joined"), seat(1, "joined"), seat(0, "timeout"), action(0), seat(1, "timeout"), action(1)]
    assert timeouts_in_a_row([*events, action(0)]) == {1: 1}


def test_a_waiting_seats_action_is_the_away_bots_and_clears_nothing() -> None:
    events = [seat(3, "joined"), seat(3, "timeout"), action(3), seat(3, "waiting"), action(3)]
    assert timeouts_in_a_row(events) == {3: 1}


def test_a_seat_number_that_is_no_number_is_passed_over() -> None:
    events: list[dict[str, Any]] = [{"event": "seat", "seat": True, "status": "timeout"}, seat(0, "timeout")]
    assert timeouts_in_a_row(events) == {0: 1}


def by_bot(events: list[dict[str, Any]]) -> list[int]:
    """The lines (from 1, the header's line 1 left out here) of the actions a bot played for a timed-out seat."""
    return sorted(timed_out_actions(GameRecord(events)))


def test_the_action_after_a_seats_timeout_is_the_bots_and_only_that_one() -> None:
    events = [seat(1, "timeout"), action(0), action(1), action(1), seat(0, "timeout"), action(0)]
    assert by_bot(events) == [3, 6]


def test_a_timeout_marks_its_own_seats_next_action_whatever_comes_between() -> None:
    events = [seat(0, "timeout"), seat(1, "timeout"), seat(1, "away"), action(1), action(0), action(0)]
    assert by_bot(events) == [4, 5]


def test_a_timeout_no_action_followed_marks_nothing_and_two_in_a_row_mark_one_action() -> None:
    assert by_bot([action(0), seat(0, "timeout")]) == []
    assert by_bot([seat(0, "timeout"), seat(0, "timeout"), action(0), action(0)]) == [3]


def test_hostile_seats_and_events_are_passed_over() -> None:
    events: list[dict[str, Any]] = [
        {"event": "seat", "seat": True, "status": "timeout"},
        {"event": "seat", "seat": "0", "status": "timeout"},
        {"event": "action", "seat": True},
        action(1),
        {"event": "seat", "seat": 0, "status": ["timeout"]},
        action(0),
    ]
    assert by_bot(events) == []
