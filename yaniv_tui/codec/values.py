"""The game's small values as JSON-safe data and back: cards, a turn of a round's log, a finished round, an action.

A card is its code (`"10H"`, `"AS"`, `"JK"`); a seat is its number, from 0. Reading checks every field and
raises SnapshotError (one line naming the field); the save and the wire both write and read with these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from yaniv_tui.engine import Action, CallYaniv, Card, KeepCard, Play, RoundScore, SlapDown, Turn

from .fields import (
    Reader,
    fail,
    per_seat,
    read_card,
    read_card_or_none,
    read_hand,
    read_int,
    read_int_or_none,
    read_list,
)

__all__ = [
    "ACTION_KEYS",
    "action_from_dict",
    "action_to_dict",
    "card_code",
    "card_codes",
    "hand_codes",
    "read_round",
    "read_turn",
    "round_to_dict",
    "turn_to_dict",
]

T = TypeVar("T")

#: The most cards one drop of an action may hold as read (no hand holds more).
MOST_DROPPED = 64


def card_codes(cards: Iterable[Card]) -> list[str]:
    """Cards as their codes, in order: `["5H", "JK"]`."""
    return [card.code for card in cards]


def card_code(card: Card | None) -> str | None:
    """A card's code, or None for no card."""
    return None if card is None else card.code


def hand_codes(hand: Iterable[Card] | None) -> list[str] | None:
    """A hand's codes, or None for the hand of a seat that is out."""
    return None if hand is None else card_codes(hand)


# -- a turn and a round ------------------------------------------------------------------------


def turn_to_dict(turn: Turn) -> dict[str, Any]:
    """One turn of a round's log as data: `{"seat": 1, "drop": ["5H"], "take": null, "slapped": null}`, and
    `"given": "6H"` after a joker swap only (a turn without one is written as before the swap was a rule)."""
    data: dict[str, Any] = {
        "seat": turn.seat,
        "drop": card_codes(turn.drop),
        "take": card_code(turn.take),
        "slapped": card_code(turn.slapped),
    }
    if turn.given is not None:
        data["given"] = turn.given.code
    return data


def round_to_dict(score: RoundScore) -> dict[str, Any]:
    """A finished round as data, every seat's hand revealed (as the round's end reveals them)."""
    return {
        "caller": score.caller,
        "hands": [hand_codes(h) for h in score.hands],
        "values": list(score.values),
        "assaf": score.assaf,
        "assafers": list(score.assafers),
        "zeroed": list(score.zeroed),
        "added": list(score.added),
        "scores": list(score.scores),
        "resets": [list(r) for r in score.resets],
        "bonus": list(score.bonus),
        "eliminated": list(score.eliminated),
        "winner": score.winner,
        "game_over": score.game_over,
        "winners": list(score.winners),
        "zero_wins": list(score.zero_wins),
    }


def read_round(data: Any, where: str, n: int) -> RoundScore:
    """The round `round_to_dict` wrote, of a game of `n` seats; SnapshotError names the field."""
    r = Reader(data, where)

    def seat(v: Any, w: str) -> int:
        return read_int(v, w, 0, n - 1)

    def seats(key: str) -> tuple[int, ...]:
        return tuple(r.list_(key, seat))

    def each_seat(key: str, item: Callable[[Any, str], T]) -> tuple[T, ...]:
        return tuple(per_seat(r.list_(key, item), r.path(key), n))

    def reset(v: Any, w: str) -> tuple[int, int, int]:
        items = read_list(v, w, read_int)
        if len(items) != 3 or not 0 <= items[0] < n:
            raise fail(w, "must be [seat, score before, score after]")
        return items[0], items[1], items[2]

    hands = each_seat("hands", read_hand)
    return RoundScore(
        caller=r.int_("caller", 0, n - 1),
        hands=tuple(None if h is None else tuple(h) for h in hands),
        values=each_seat("values", read_int_or_none),
        assaf=r.bool_("assaf"),
        assafers=seats("assafers"),
        zeroed=seats("zeroed"),
        added=each_seat("added", read_int_or_none),
        scores=each_seat("scores", lambda v, w: None if v is None else read_int(v, w, 0)),
        resets=tuple(r.list_("resets", reset)),
        bonus=seats("bonus"),
        eliminated=seats("eliminated"),
        winner=r.int_("winner", 0, n - 1),
        game_over=r.bool_("game_over"),
        winners=seats("winners"),
        zero_wins=each_seat("zero_wins", lambda v, w: read_int(v, w, 0)),
    )


def read_turn(data: Any, where: str, n: int) -> Turn:
    """The turn `turn_to_dict` wrote, of a game of `n` seats; SnapshotError names the field."""
    r = Reader(data, where)
    drop = tuple(r.list_("drop", read_card))
    if not drop:
        raise fail(r.path("drop"), "a drop holds at least one card")
    take = read_card_or_none(r.get("take"), r.path("take"))
    return Turn(
        r.int_("seat", 0, n - 1),
        drop,
        take,
        read_card_or_none(r.get("slapped"), r.path("slapped")),
        _given(r, take),
    )


def _given(r: Reader, take: Card | None) -> Card | None:
    """The natural card given in a joker swap (absent: none, as every turn and action written before the rule)."""
    value = r.data.get("given")
    if value is None:
        return None
    given = read_card(value, r.path("given"))
    if take is None or not take.is_joker:
        raise fail(r.path("given"), 'a joker swap takes "JK" for the card given')
    if given.is_joker:
        raise fail(r.path("given"), "a natural card, the one the joker stands for")
    return given


# -- an action -----------------------------------------------------------------------------------


#: The keys of an action as data, by its kind: what `action_to_dict` writes ("given" only for a joker swap) and
#: `action_from_dict` reads. The wire refuses any other key in a client's action (net/protocol.py).
ACTION_KEYS: dict[str, tuple[str, ...]] = {
    "call": ("kind",),
    "play": ("kind", "drop", "take", "given"),
    "slap": ("kind", "card"),
    "keep": ("kind",),
}


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as data: `{"kind": "call"}`, `{"kind": "play", "drop": [...], "take": "9C" | null}` (null: the
    deck; with `"given": "6H"` for a joker swap, `"take"` being `"JK"`), `{"kind": "slap", "card": "5D"}` or
    `{"kind": "keep"}`."""
    if isinstance(action, Play):
        data: dict[str, Any] = {"kind": "play", "drop": card_codes(action.drop), "take": card_code(action.take)}
        if action.given is not None:
            data["given"] = action.given.code  # the joker swap: the card given for the joker taken
        return data
    if isinstance(action, SlapDown):
        return {"kind": "slap", "card": action.card.code}
    if isinstance(action, KeepCard):
        return {"kind": "keep"}
    return {"kind": "call"}


def action_from_dict(data: Any, where: str = "action") -> Action:
    """The action `action_to_dict` wrote; SnapshotError (one line) names the field when it is not one."""
    r = Reader(data, where)
    kind = r.get("kind")
    if kind == "call":
        return CallYaniv()
    if kind == "keep":
        return KeepCard()
    if kind == "slap":
        return SlapDown(read_card(r.get("card"), r.path("card")))
    if kind == "play":
        drop = r.list_("drop", read_card)
        if not 1 <= len(drop) <= MOST_DROPPED:
            raise fail(r.path("drop"), f"from 1 to {MOST_DROPPED} cards, got {len(drop)}")
        take = read_card_or_none(r.get("take"), r.path("take"))
        return Play(tuple(drop), take, _given(r, take))
    kinds = ", ".join(f'"{kind}"' for kind in ACTION_KEYS)
    raise fail(r.path("kind"), f"one of {kinds}")
