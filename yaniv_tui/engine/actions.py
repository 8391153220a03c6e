"""Actions a seat can take, and the public record of a turn."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from .cards import Card, cards_text

_set = object.__setattr__


@dataclass(frozen=True, slots=True)
class CallYaniv:
    """Call Yaniv at the start of the turn, instead of dropping."""

    def __str__(self) -> str:
        return "call Yaniv"


@dataclass(frozen=True, slots=True)
class Play:
    """Drop a single, set or run, then take: `take` None is the deck's top card, else a takeable card.

    `given` is the joker swap (`take.joker_swap`): instead of taking a card, the natural card given from the hand
    for the joker `take` that stands for it inside the run just dropped.
    """

    drop: tuple[Card, ...]
    take: Card | None = None
    given: Card | None = None

    def __init__(self, drop: Sequence[Card], take: Card | None = None, given: Card | None = None) -> None:
        # Written out rather than generated: a bot makes one a turn, and this skips __post_init__.
        _set(self, "drop", drop if isinstance(drop, tuple) else tuple(drop))
        _set(self, "take", take)
        _set(self, "given", given)

    def __str__(self) -> str:
        source = "the deck" if self.take is None else self.take.code
        swap = "" if self.given is None else f" for {self.given.code}"
        return f"drop {cards_text(self.drop)}, take {source}{swap}"


_new = object.__new__
# The slots' own setters, as the frozen dataclass's __init__ (through object.__setattr__) sets them.
_set_drop: Callable[[Play, tuple[Card, ...]], None] = vars(Play)["drop"].__set__
_set_take: Callable[[Play, Card | None], None] = vars(Play)["take"].__set__
_set_given: Callable[[Play, Card | None], None] = vars(Play)["given"].__set__


def plays_of(drops: Iterable[tuple[Card, ...]], takes: Sequence[Card | None]) -> list[Play]:
    """`[Play(drop, take) for drop in drops for take in takes]`, made without `__init__`: the engine lists every
    legal action of every turn, and each drop here is a tuple already."""
    plays: list[Play] = []
    append = plays.append
    for drop in drops:
        for take in takes:
            play = _new(Play)
            _set_drop(play, drop)
            _set_take(play, take)
            _set_given(play, None)
            append(play)
    return plays


@dataclass(frozen=True, slots=True)
class SlapDown:
    """Drop at once the card just drawn from the deck, which matches the drop (slap-down rule)."""

    card: Card

    def __str__(self) -> str:
        return f"slap down {self.card.code}"


@dataclass(frozen=True, slots=True)
class KeepCard:
    """Keep the card just drawn instead of slapping it down."""

    def __str__(self) -> str:
        return "keep the card"


Action = CallYaniv | Play | SlapDown | KeepCard


class Turn(NamedTuple):
    """What everyone at the table saw of one turn: the drop, the card taken from the pile (None: the deck), the card
    slapped down after it, and under the joker swap the natural card `given` for the joker taken."""

    seat: int
    drop: tuple[Card, ...]
    take: Card | None
    slapped: Card | None = None
    given: Card | None = None


Phase = Literal["turn", "slap", "over"]
