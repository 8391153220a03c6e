"""A saved round's notes kept in its game's record rather than in the save's meta data (one home: the record's events,
docs/game-record.md): the turns of this round a bot played for a seat whose time ran out, which the table's log
marks (`table/words.turn_subject`), so a resumed game's log reads as it did before the save."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yaniv_tui.engine import Play
from yaniv_tui.engine.clock import ClockNews

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord
    from yaniv_tui.engine import Game

__all__ = ["timed_out_turns"]

#: The turn clock's news that a seat's time ran out and a bot plays its turn (a "seat" event's status).
_TIMEOUT: ClockNews = "timeout"
#: The events a round's turns start again after: a round dealt, or a partial record's game as it stood.
_ROUND_STARTS = ("deal", "resume")


def timed_out_turns(record: GameRecord | None, game: Game) -> tuple[int, ...]:
    """This round's turns (counted from 1, as the table's log counts them) that a bot played for a seat whose time ran
    out: the play of that seat's next action after its "timeout" event, as the replay marks it. The record's plays
    since the round began are the last turns of `game`'s log; a record that does not fit the game so (none kept, a
    damaged one) marks none. Never raises: the record is a save's, read from outside."""
    if record is None or game.is_over:
        return ()
    events = record.events
    start = max((i for i, event in enumerate(events) if event.get("event") in _ROUND_STARTS), default=None)
    if start is None:
        return ()
    plays: list[tuple[int, bool]] = []  # each play's seat, and whether a bot played it when the seat's time ran out
    ran_out: set[int] = set()
    for event in events[start + 1 :]:
        seat = event.get("seat")
        if type(seat) is not int:
            continue
        if event.get("event") == "seat" and event.get("status") == _TIMEOUT:
            ran_out.add(seat)
        elif event.get("event") == "action":
            if _is_play(event.get("action")):
                plays.append((seat, seat in ran_out))
            ran_out.discard(seat)
    log = game.log
    first = len(log) - len(plays)
    if first < 0 or any(log[first + i].seat != seat for i, (seat, _) in enumerate(plays)):
        return ()
    return tuple(first + i + 1 for i, (_, timed_out) in enumerate(plays) if timed_out)


def _is_play(data: Any) -> bool:
    """Whether an action event's action is a play (a drop and a take: a new turn of the round's log)."""
    from yaniv_tui.codec import SnapshotError
    from yaniv_tui.codec.values import action_from_dict

    try:
        return isinstance(action_from_dict(data), Play)
    except SnapshotError:
        return False
