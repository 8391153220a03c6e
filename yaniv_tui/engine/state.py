"""A game's state: every fact of one moment as one record, and a state given from outside read into one."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .actions import Phase, Turn
from .cards import Card
from .deal import full_deck_of
from .drops import DropKind, drop_kind, takeable
from .ruleset import Ruleset
from .ruleset_read import printable
from .scoring import RoundScore

PHASES: tuple[Phase, ...] = ("turn", "slap", "over")
_KINDS: tuple[DropKind, ...] = ("single", "set", "run")


@dataclass(eq=False, repr=False, kw_only=True)
class GameState:
    """Every fact of a game at one moment, each field as given: what a `Game` is made of.

    Making one checks nothing: `Game.new` deals a fresh one, `Game.from_state` checks a given one.
    """

    rules: Ruleset
    players: tuple[str, ...]
    seed: int
    rng: random.Random  # all chance to come
    scores: list[int | None]
    out: list[bool]
    hands: list[list[Card] | None]  # None for a seat out
    deck: list[Card]  # the top card is the last item
    pile: list[tuple[Card, ...]]  # groups, the previous drop last
    previous_kind: DropKind
    takeable: tuple[Card, ...]
    current: int
    phase: Phase
    slap_card: Card | None
    log: list[Turn]  # this round's turns
    history: list[RoundScore]  # the finished rounds
    zero_wins: list[int]
    round_no: int
    turns: int
    reshuffles: int
    dealer: int | None

    def full_deck(self) -> list[Card]:
        """Every card of this round, in a fixed order: dealt for the seats holding a hand (all of them, but under
        `deck.recount`, where only the seats still in count)."""
        playing = sum(1 for hand in self.hands if hand is not None)
        return list(full_deck_of(self.rules, len(self.players), playing))

    def cards_in_play(self) -> Counter[Card]:
        """Every card in a hand, the deck or the pile: always the full deck."""
        count: Counter[Card] = Counter(self.deck)
        for hand in self.hands:
            if hand is not None:
                count.update(hand)
        for group in self.pile:
            count.update(group)
        return count


#: The name of every field of a game's state, in the order declared: what a save of a game must hold.
STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(GameState))

S = TypeVar("S", bound=GameState)


class GameStateError(ValueError):
    """A state no game of these rules can reach; the message is one line naming the field and what is wrong."""


def fail(where: str, message: str) -> GameStateError:
    """The error for a field: one line naming it."""
    return GameStateError(f"{where}: {message}")


# -- reading the arguments: right types and shapes, copied --------------------------------------------


def _int(value: Any, where: str, low: int | None = None) -> int:
    if type(value) is not int:
        raise fail(where, f"must be a whole number, got {type(value).__name__}")
    if low is not None and value < low:
        raise fail(where, f"must be at least {low}, got {value}")
    return value


def _seat(value: Any, where: str, n: int) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise fail(where, f"must be a seat from 0 to {n - 1}, got {value!r:.20}")
    return value


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, Card):
        raise fail(where, f"must be a card, got {type(value).__name__}")
    return value


def _cards(value: Any, where: str) -> list[Card]:
    return [_card(card, f"{where}[{i}]") for i, card in enumerate(_seq(value, where))]


def _seq(value: Any, where: str) -> Sequence[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise fail(where, f"must be a list, got {type(value).__name__}")
    return value


def _per_seat(value: Any, where: str, n: int) -> list[Any]:
    value = _seq(value, where)
    if len(value) != n:
        raise fail(where, f"must have one entry per seat ({n}), got {len(value)}")
    return list(value)


def _names(rules: Ruleset, players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(_seq(players, "players"))
    if not rules.min_players <= len(names) <= rules.max_players:
        raise fail(
            "players", f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {len(names)}"
        )
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise fail(f"players[{i}]", "every player needs a name")
        if not name.isprintable():
            # A name is printed on the table and in listings: an escape or control character could drive the terminal.
            raise fail(f"players[{i}]", f"{printable(name)!r} has a control character; names take printable text")
    return names


def _turn(value: Any, where: str, n: int) -> Turn:
    if not isinstance(value, Turn):
        raise fail(where, f"must be a Turn, got {type(value).__name__}")
    drop = tuple(_cards(value.drop, f"{where}.drop"))
    if not drop:
        raise fail(f"{where}.drop", "a drop holds at least one card")
    take = None if value.take is None else _card(value.take, f"{where}.take")
    slapped = None if value.slapped is None else _card(value.slapped, f"{where}.slapped")
    given = None if value.given is None else _card(value.given, f"{where}.given")
    return Turn(_seat(value.seat, f"{where}.seat", n), drop, take, slapped, given)


def _round(value: Any, where: str, n: int) -> RoundScore:
    if not isinstance(value, RoundScore):
        raise fail(where, f"must be a RoundScore, got {type(value).__name__}")
    for name in ("hands", "values", "added", "scores", "zero_wins"):
        _per_seat(getattr(value, name), f"{where}.{name}", n)
    for name in ("assafers", "zeroed", "bonus", "eliminated", "winners"):
        for i, seat in enumerate(getattr(value, name)):
            _seat(seat, f"{where}.{name}[{i}]", n)
    _seat(value.caller, f"{where}.caller", n)
    _seat(value.winner, f"{where}.winner", n)
    return value


def _hands(value: Any, n: int) -> list[list[Card] | None]:
    return [None if h is None else _cards(h, f"hands[{s}]") for s, h in enumerate(_per_seat(value, "hands", n))]


def _pile(value: Any) -> list[tuple[Card, ...]]:
    return [tuple(_cards(group, f"pile[{i}]")) for i, group in enumerate(_seq(value, "pile"))]


def _top_of(pile: list[tuple[Card, ...]], rules: Ruleset) -> tuple[DropKind, tuple[Card, ...]]:
    """The previous drop's kind and what may be taken of it: they follow from the pile's top."""
    top = pile[-1] if pile else ()
    kind = previous_kind_of(top, rules) if top else "single"  # no top: check_state refuses the pile
    return kind, top if kind == "single" else takeable(top, kind, rules)


def read_cards(game: GameState, hands: Any, deck: Any, pile: Any) -> dict[str, Any]:
    """The fields of `game` that change when its round is given these cards (None: that part as it is), each read
    as `build` reads it (GameStateError, one line), copied; with a pile, the previous drop's kind and what may be
    taken of it follow from its top. Whether the game may hold them is `check_round`'s to check."""
    changes: dict[str, Any] = {}
    if hands is not None:
        changes["hands"] = _hands(hands, len(game.players))
    if pile is not None:
        changes["pile"] = _pile(pile)
        changes["previous_kind"], changes["takeable"] = _top_of(changes["pile"], game.rules)
    if deck is not None:
        changes["deck"] = _cards(deck, "deck")
    return changes


def previous_kind_of(top: Sequence[Card], rules: Ruleset) -> DropKind:
    """What the pile's top group was dropped as (with a slapped card, a set)."""
    return "single" if len(top) == 1 else drop_kind(top, rules) or "set"


def build(cls: type[S], rules: Ruleset, players: Sequence[str], given: dict[str, Any]) -> S:
    """A `cls` made from `given`, the keyword arguments of `Game.from_state`: each read (GameStateError, one line),
    and the fields that follow from others worked out, or matched when given. The whole is `check_state`'s to check."""
    if not isinstance(rules, Ruleset):
        raise fail("rules", f"must be a Ruleset, got {type(rules).__name__}")
    names = _names(rules, players)
    n = len(names)
    hands = _hands(given["hands"], n)
    pile = _pile(given["pile"])
    phase = given["phase"]
    if phase not in PHASES:
        raise fail("phase", f'must be "turn", "slap" or "over", got {phase!r:.20}')
    slap_card = given["slap_card"]
    history = [_round(r, f"history[{i}]", n) for i, r in enumerate(_seq(given["history"], "history"))]
    round_no = given["round_no"]
    if round_no is None:
        round_no = len(history) if phase == "over" else len(history) + 1
    rng = given["rng"]
    if rng is None:
        rng = random.Random(_int(given["seed"], "seed"))
    elif not isinstance(rng, random.Random):
        raise fail("rng", f"must be a random.Random, got {type(rng).__name__}")
    else:
        rng = _copy_rng(rng)
    deck = _cards(given["deck"], "deck")
    current = _seat(given["current"], "current", n)
    slap_card = None if slap_card is None else _card(slap_card, "slap_card")
    log = [_turn(t, f"log[{i}]", n) for i, t in enumerate(_seq(given["log"], "log"))]
    seed = _int(given["seed"], "seed")
    round_no = _int(round_no, "round_no", 1)
    scores, out, zero_wins = _standings(history, n)
    kind, took = _top_of(pile, rules)
    state = cls(
        rules=rules,
        players=names,
        seed=seed,
        rng=rng,
        scores=scores,
        out=out,
        hands=hands,
        deck=deck,
        pile=pile,
        previous_kind=kind,
        takeable=took,
        current=current,
        phase=phase,
        slap_card=slap_card,
        log=log,
        history=history,
        zero_wins=zero_wins,
        round_no=round_no,
        turns=_int(given["turns"], "turns", 0),
        reshuffles=_int(given["reshuffles"], "reshuffles", 0),
        dealer=None if given["dealer"] is None else _seat(given["dealer"], "dealer", n),
    )
    _given_matches(state, given)
    return state


def _standings(history: list[RoundScore], n: int) -> tuple[list[int | None], list[bool], list[int]]:
    """Scores, who is out and the zero-hand wins, as the finished rounds leave them."""
    out = [False] * n
    for score in history:
        for seat in score.eliminated:
            out[seat] = True
    if not history:
        return [0] * n, out, [0] * n
    return list(history[-1].scores), out, list(history[-1].zero_wins)


def _copy_rng(rng: random.Random) -> random.Random:
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


def _given_matches(game: GameState, state: dict[str, Any]) -> None:
    """Fields that follow from others may be given too: then they must be what they follow from."""
    n = len(game.players)
    for name, derived, why in (
        ("scores", game.scores, "must be the totals after the last finished round"),
        ("out", game.out, "must be the seats eliminated in the finished rounds"),
        ("zero_wins", game.zero_wins, "must be the counts after the last finished round"),
    ):
        given = state[name]
        if given is not None and _per_seat(given, name, n) != derived:
            raise fail(name, why)
    kind = state["previous_kind"]
    if kind is not None:
        if kind not in _KINDS:
            raise fail("previous_kind", f'must be "single", "set" or "run", got {kind!r:.20}')
        if kind != game.previous_kind and game.pile and game.pile[-1]:
            top = " ".join(c.code for c in game.pile[-1])
            raise fail("previous_kind", f"the previous drop {top} is a {game.previous_kind}, not a {kind}")
    took = state["takeable"]
    if took is not None and tuple(_cards(took, "takeable")) != game.takeable:
        raise fail("takeable", "must be the cards of the previous drop the rules let the next player take")
