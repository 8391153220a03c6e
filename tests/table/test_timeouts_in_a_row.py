"""`timeouts_in_a_row`: each seat's timeouts in a row, read back from a game's record for `yaniv host --resume`."""

from __future__ import annotations

from typing import Any

from yaniv_tui.table.hosted import timeouts_in_a_row


def seat(number: int, status: str) -> dict[str, Any]:
    return {"event": "seat", "seat": number, "status": status}


def action(number: int) -> dict[str, Any]:
    return {"event": "action", "turn": 0, "seat": number, "action": {"kind": "call"}}


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
