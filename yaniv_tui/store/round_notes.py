"""A saved round's notes kept in its game's record rather than in the save's meta data (one home: the record's events,
docs/game-record.md): the turns of this round a bot played for a seat whose time ran out, which the table's log
marks (`table/words.turn_subject`), so a resumed game's log reads as it did before the save; and the card each seat took
on its last turn of this round, which only its own hand's title shows ("you took 5♥"), for a seat joining again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yaniv_tui.engine import Play

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord
    from yaniv_tui.engine import Card, Game

__all__ = ["timed_out_turns", "took_this_round"]

#: The events a round's turns start again after: a round dealt, or a partial record's game as it stood.
_ROUND_STARTS = ("deal", "resume")


def timed_out_turns(record: GameRecord | None, game: Game) -> tuple[int, ...]:
    """This round's turns (counted from 1, as the table's log counts them) that a bot played for a seat whose time ran
    out: the plays among the record's `timed_out_actions` (codec/record.py, the rule's one home, as the replay marks
    them). The record's plays since the round began are the last turns of `game`'s log; a record that does not fit the
    game so (none kept, a damaged one) marks none. Never raises: the record is a save's, read from outside."""
    from yaniv_tui.codec.record import timed_out_actions

    if record is None or game.is_over:
        return ()
    events = record.events
    start = max((i for i, event in enumerate(events) if event.get("event") in _ROUND_STARTS), default=None)
    if start is None:
        return ()
    by_bot = timed_out_actions(record)
    plays: list[tuple[int, bool]] = []  # each play's seat, and whether a bot played it when the seat's time ran out
    for line, event in enumerate(events[start + 1 :], start + 2):
        seat = event.get("seat")
        if event.get("event") == "action" and type(seat) is int and _is_play(event.get("action")):
            plays.append((seat, line in by_bot))
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


def took_this_round(record: GameRecord | None, game: Game) -> dict[int, Card]:
    """The card each seat took (from the deck or the pile) on its last play of this round that its hand still holds,
    read from the record's replay (a draw from the deck is nobody else's to know: tell each seat its own only). None
    when the record does not replay to `game`'s round and turn (none kept, a damaged one), or the game is over.
    Never raises: the record is a save's, read from outside."""
    from collections import Counter

    from yaniv_tui.codec.record import RecordError, Replayer

    if record is None or game.is_over:
        return {}
    took: dict[int, Card] = {}
    hands: list[tuple[Card, ...] | None] = []
    at: Game | None = None
    try:
        for _, event, at in Replayer(record):
            if event.get("event") == "deal":
                took.clear()
            elif event.get("event") == "action" and _is_play(event.get("action")) and at.log:
                turn = at.log[-1]
                before, after = hands[turn.seat] if turn.seat < len(hands) else None, at.hands[turn.seat]
                if before is not None and after is not None:
                    drawn = Counter(after) - (Counter(before) - Counter(turn.drop))
                    took.pop(turn.seat, None)
                    took.update((turn.seat, card) for card in list(drawn)[:1])
            hands = [None if hand is None else tuple(hand) for hand in at.hands]
    except (RecordError, ValueError, TypeError, KeyError):
        return {}
    if at is None or (at.round_no, at.turns) != (game.round_no, game.turns):
        return {}
    return {seat: card for seat, card in took.items() if (hand := game.hands[seat]) is not None and card in hand}
