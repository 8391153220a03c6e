"""A game's record built as the game is played (docs/game-record.md): the header and the first deal
(`start_record`), then after each action what it led to (`after_action`), the table's other events (`add_event`),
undo's cut (`back_to`), and a turn clock's timeout whose bot never played dropped (`drop_unplayed_timeouts`), or at a
hosted game marked unplayed (`mark_unplayed_timeouts`). Imported from `codec/record.py`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from yaniv_tui.engine import Action, Game, Seat

from .game import state_to_dict
from .record_format import FORMAT, TIMEOUT, UNPLAYED, VERSION, GameRecord
from .rules import ruleset_to_dict
from .values import action_to_dict, card_codes, hand_codes, round_to_dict

__all__ = ["add_event", "after_action", "back_to", "drop_unplayed_timeouts", "mark_unplayed_timeouts", "start_record"]


def _seat_to_dict(name: str, seat: Seat) -> dict[str, Any]:
    data: dict[str, Any] = {"name": name, "kind": seat.kind}
    if seat.level is not None:
        data["level"] = seat.level
    return data


def _deal_event(game: Game) -> dict[str, Any]:
    """The round the engine just dealt: every hand, the deck from its top (the next card drawn first), the pile."""
    return {
        "event": "deal",
        "round": game.round_no,
        "first": game.current,
        "dealer": game.dealer,
        "hands": [hand_codes(hand) for hand in game.hands],
        "deck": card_codes(reversed(game.deck)),
        "pile": [card_codes(group) for group in game.pile],
    }


def start_record(game: Game, seats: Sequence[Seat]) -> GameRecord:
    """The record of `game` from now on: its header, and its first deal when no action has been played yet; else
    (a game resumed from a save that kept no record) the whole state it is in, and the record is partial."""
    fresh = game.turns == 0 and not game.history and game.phase == "turn"
    header = {
        "event": "game",
        "format": FORMAT,
        "version": VERSION,
        "partial": not fresh,
        "rules": ruleset_to_dict(game.rules),
        "seats": [_seat_to_dict(name, seat) for name, seat in zip(game.players, seats, strict=True)],
        "seed": game.seed,
    }
    first = _deal_event(game) if fresh else {"event": "resume", "state": state_to_dict(game)}
    return GameRecord([header, first], rounds=len(game.history), reshuffles=game.reshuffles)


def after_action(record: GameRecord, game: Game, seat: int, action: Action) -> None:
    """Add the action `seat` just played in `game` (applied already), and what it led to: a reshuffled deck, the
    round's reveal and scoring, then the next deal or the game's end."""
    events = record.events
    events.append({"event": "action", "turn": game.turns - 1, "seat": seat, "action": action_to_dict(action)})
    if len(game.history) > record.rounds:
        for number, result in enumerate(game.history[record.rounds :], record.rounds + 1):
            events.append({"event": "round_end", "round": number, "result": round_to_dict(result)})
        record.rounds = len(game.history)
        if game.is_over:
            events.append({"event": "end", "scores": list(game.scores), "winners": list(game.winners)})
        else:
            events.append(_deal_event(game))
    elif game.reshuffles > record.reshuffles:
        events.append({"event": "reshuffle", "deck": card_codes(reversed(game.deck))})
    record.reshuffles = game.reshuffles


def add_event(record: GameRecord, kind: str, seat: int, **fields: Any) -> None:
    """Add an event of the table that changes no card: a hint asked ("hint"), a concede ("concede"), a joiner's
    name ("joined"), a remote seat taken, left or back ("seat")."""
    record.events.append({"event": kind, "seat": seat, **fields})


def back_to(record: GameRecord, game: Game) -> None:
    """Undo took the game back to `game` (within its round): drop every event from its first action undone on, and
    with it what the record said of the turns undone: a seat's timeout whose bot's play was undone
    (`drop_unplayed_timeouts`), so the seat's player's own move there is not read as the bot's."""
    events = record.events
    cut = next(
        (i for i, event in enumerate(events) if event.get("event") == "action" and event.get("turn", -1) >= game.turns),
        len(events),
    )
    del events[cut:]
    drop_unplayed_timeouts(record)
    record.reshuffles = game.reshuffles


def _unplayed_timeouts(events: list[dict[str, Any]]) -> list[int]:
    """The indexes of the "seat" events of a timeout that no action of its seat came after, nor its "unplayed" mark:
    the bot that was to play that turn never did (undo took its play back, or the game was saved and left before it
    played)."""
    closed: set[int] = set()
    found: list[int] = []
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        seat = event.get("seat")
        if type(seat) is not int:
            continue
        if event.get("event") == "action" or (event.get("event") == "seat" and event.get("status") == UNPLAYED):
            closed.add(seat)
        elif event.get("event") == "seat" and event.get("status") == TIMEOUT and seat not in closed:
            found.append(index)
    return found


def drop_unplayed_timeouts(record: GameRecord) -> None:
    """Drop each "seat" event of a timeout whose bot never played (undo took its play back, or a game of this screen
    was saved and left before it played), so the seat's next action, its player's, is not read as the bot's
    (`timed_out_actions`, codec/record.py)."""
    for index in _unplayed_timeouts(record.events):  # from the last: the indexes before it stay as they are
        del record.events[index]


def mark_unplayed_timeouts(record: GameRecord) -> None:
    """A hosted game resumed (`yaniv host --resume`): each seat whose timeout's bot never played gets an "unplayed"
    "seat" event, so its timeouts in a row still count that one (`timeouts_in_a_row`), but its next action, its
    player's, is not read as the bot's (`timed_out_actions`)."""
    seats = sorted({record.events[index]["seat"] for index in _unplayed_timeouts(record.events)})
    for seat in seats:
        add_event(record, "seat", seat, status=UNPLAYED)
