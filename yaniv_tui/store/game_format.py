"""A game as plain JSON-safe data and back, every field checked so a damaged snapshot is one clear error."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from typing import Any, TypeVar

from yaniv_tui.engine import (
    KEYS,
    Card,
    Game,
    GameStateError,
    Key,
    RoundScore,
    Ruleset,
    RulesetError,
    Turn,
    ruleset_from_dict,
)

from .fields import Reader as _Reader
from .fields import SnapshotError
from .fields import fail as _fail
from .fields import kind_of as _kind
from .fields import per_seat as _per_seat
from .fields import read_bool as _read_bool
from .fields import read_card as _read_card
from .fields import read_card_or_none as _read_card_or_none
from .fields import read_cards as _read_cards
from .fields import read_hand as _read_hand
from .fields import read_int as _int
from .fields import read_int_or_none as _read_int_or_none
from .fields import read_list as _list
from .fields import read_name as _read_name

__all__ = [
    "FORMAT",
    "VERSION",
    "SnapshotError",
    "game_from_dict",
    "game_to_dict",
    "read_round",
    "read_turn",
    "round_to_dict",
    "ruleset_from_snapshot",
    "ruleset_to_dict",
    "turn_to_dict",
]

T = TypeVar("T")

#: Names this data as a yaniv-tui game, so another JSON file is told apart from a damaged one.
FORMAT = "yaniv-tui-game"
#: Bumped whenever a field changes meaning; a snapshot of another version is refused, not guessed at.
VERSION = 1

_MT_WORDS = 624  # Mersenne Twister words in random.Random's state, plus one position


# -- writing -------------------------------------------------------------------------------


def _cards(cards: Any) -> list[str]:
    return [card.code for card in cards]


def _card(card: Card | None) -> str | None:
    return None if card is None else card.code


def _lists(value: Any) -> Any:
    return [_lists(item) for item in value] if isinstance(value, tuple) else value


def rule_to_json(value: Any) -> Any:
    """A rule's value as a save keeps it: its tuples (limit choices, reset pairs) as lists."""
    return _lists(value)


def rule_from_json(key: Key, value: Any, fail: Callable[[str], SnapshotError]) -> Any:
    """A save's value of one rule back as the Ruleset field holds it, its shape checked by the key's kind;
    the ruleset file's checks (`key.load`) take the rest."""
    if key.kind == "ints":
        return tuple(value) if isinstance(value, list) else value
    if key.kind == "resets":
        if not isinstance(value, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(type(n) is int for n in pair) for pair in value
        ):
            raise fail("must be a list of [score, reset to] pairs, each a whole number")
        if len({at for at, _ in value}) != len(value):
            raise fail("must not repeat a score")
        return tuple((at, to) for at, to in value)
    return value


def ruleset_to_dict(rules: Ruleset) -> dict[str, Any]:
    """Every rule's value by field name, JSON-safe: a save keeps its rules even if the preset file changes."""
    return {f.name: rule_to_json(getattr(rules, f.name)) for f in dataclasses.fields(rules) if f.init}


def turn_to_dict(turn: Turn) -> dict[str, Any]:
    """One turn of a round's log as data: `{"seat": 1, "drop": ["5H"], "take": null, "slapped": null}`."""
    return {"seat": turn.seat, "drop": _cards(turn.drop), "take": _card(turn.take), "slapped": _card(turn.slapped)}


def round_to_dict(score: RoundScore) -> dict[str, Any]:
    """A finished round as data, every seat's hand revealed (as the round's end reveals them)."""
    return {
        "caller": score.caller,
        "hands": [None if h is None else _cards(h) for h in score.hands],
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


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole game, hidden hands and random state included, as data `json.dumps` takes as it is."""
    version, words, gauss = game.rng.getstate()
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": ruleset_to_dict(game.rules),
        "players": list(game.players),
        "seed": game.seed,
        "rng": {"version": version, "state": list(words), "gauss_next": gauss},
        "scores": list(game.scores),
        "out": list(game.out),
        "hands": [None if h is None else _cards(h) for h in game.hands],
        "deck": _cards(game.deck),
        "pile": [_cards(group) for group in game.pile],
        "previous_kind": game.previous_kind,
        "takeable": _cards(game.takeable),
        "current": game.current,
        "phase": game.phase,
        "slap_card": _card(game.slap_card),
        "log": [turn_to_dict(t) for t in game.log],
        "history": [round_to_dict(score) for score in game.history],
        "zero_wins": list(game.zero_wins),
        "round_no": game.round_no,
        "turns": game.turns,
        "reshuffles": game.reshuffles,
        "dealer": game.dealer,
    }


# -- reading, checking every field -----------------------------------------------------------


def ruleset_from_snapshot(data: Any, where: str = "rules") -> Ruleset:
    """The ruleset written by `ruleset_to_dict`, checked as strictly as a ruleset file."""
    reader = _Reader(data, where)
    # A snapshot holds field names; each key puts its value back into file shape, and the file's checks
    # (every type, range and rule together) take it from there.
    table: dict[str, Any] = {}
    by_field = {key.field: key for key in KEYS}
    expected = {f.name for f in dataclasses.fields(Ruleset) if f.init}
    unknown = sorted(str(k) for k in set(reader.data) - expected)
    if unknown:
        raise _fail(reader.path(unknown[0]), "not a rule")
    ruleset_id = reader.str_("id")
    typed_end = None
    extras: dict[str, Any] = {}
    for name in sorted(expected - {"id"}):
        if name not in reader.data:
            continue  # a rule added to the engine after the save was written: its default is the old play
        value = reader.get(name)
        key = by_field.get(name)
        if key is None:
            extras[name] = value  # a rule no file can set: checked against its default's type below
            continue

        def fail(message: str, where: str = reader.path(name)) -> SnapshotError:
            return _fail(where, message)

        held = rule_from_json(key, value, fail)
        if key.leaves_out(held):
            continue  # the file form writes this default by leaving the key out
        file_value = key.to_data(held)
        if name == "end_limit" and reader.data.get("end_limit_any") is True:
            typed_end = file_value  # a host may type an end score the choices do not list
        node = table
        for part in key.path.split(".")[:-1]:
            node = node.setdefault(part, {})
        node[key.name] = file_value
    choices = table.get("end", {}).get("limit_choices")
    if typed_end is not None and isinstance(choices, list) and choices and typed_end not in choices:
        table["end"]["limit_choices"] = [*choices, typed_end]
    try:
        rules = ruleset_from_dict(table, ruleset_id=ruleset_id, source=where)
    except RulesetError as error:
        raise SnapshotError(str(error)) from None
    if typed_end is not None and isinstance(choices, list) and rules.end_limit_choices != tuple(sorted(choices)):
        rules = dataclasses.replace(rules, end_limit_choices=tuple(sorted(choices)))
    defaults = Ruleset()
    for name, value in extras.items():
        default = getattr(defaults, name)
        if type(value) is not type(default) and not (isinstance(default, tuple) and isinstance(value, list)):
            raise _fail(reader.path(name), f"must be {_kind(default)}, got {_kind(value)}")
        change: dict[str, Any] = {name: tuple(value) if isinstance(value, list) else value}
        rules = dataclasses.replace(rules, **change)
    return rules


def _read_rng(data: Any) -> random.Random:
    reader = _Reader(data, "rng")
    version = reader.int_("version")
    words = reader.list_("state", lambda v, w: _int(v, w, 0, 2**32 - 1))
    if len(words) != _MT_WORDS + 1:
        raise _fail("rng.state", f"must hold {_MT_WORDS + 1} numbers, got {len(words)}")
    if words[-1] > _MT_WORDS:
        raise _fail("rng.state", f"its last number is a position from 0 to {_MT_WORDS}, got {words[-1]}")
    gauss = reader.get("gauss_next")
    if gauss is not None and (not isinstance(gauss, float) or not math.isfinite(gauss)):
        raise _fail("rng.gauss_next", f"must be null or a decimal number, got {_kind(gauss)}")
    rng = random.Random()
    try:
        rng.setstate((version, tuple(words), gauss))
    except (ValueError, TypeError) as error:
        raise _fail("rng", f"not a random generator state ({error})") from None
    return rng


def read_round(data: Any, where: str, n: int) -> RoundScore:
    """The round `round_to_dict` wrote, of a game of `n` seats; SnapshotError names the field."""
    r = _Reader(data, where)

    def seat(v: Any, w: str) -> int:
        return _int(v, w, 0, n - 1)

    def seats(key: str) -> tuple[int, ...]:
        return tuple(r.list_(key, seat))

    def per_seat(key: str, item: Callable[[Any, str], T]) -> tuple[T, ...]:
        return tuple(_per_seat(r.list_(key, item), r.path(key), n))

    def reset(v: Any, w: str) -> tuple[int, int, int]:
        items = _list(v, w, _int)
        if len(items) != 3 or not 0 <= items[0] < n:
            raise _fail(w, "must be [seat, score before, score after]")
        return items[0], items[1], items[2]

    hands = per_seat("hands", _read_hand)
    return RoundScore(
        caller=r.int_("caller", 0, n - 1),
        hands=tuple(None if h is None else tuple(h) for h in hands),
        values=per_seat("values", _read_int_or_none),
        assaf=r.bool_("assaf"),
        assafers=seats("assafers"),
        zeroed=seats("zeroed"),
        added=per_seat("added", _read_int_or_none),
        scores=per_seat("scores", lambda v, w: None if v is None else _int(v, w, 0)),
        resets=tuple(r.list_("resets", reset)),
        bonus=seats("bonus"),
        eliminated=seats("eliminated"),
        winner=r.int_("winner", 0, n - 1),
        game_over=r.bool_("game_over"),
        winners=seats("winners"),
        zero_wins=per_seat("zero_wins", lambda v, w: _int(v, w, 0)),
    )


def read_turn(data: Any, where: str, n: int) -> Turn:
    """The turn `turn_to_dict` wrote, of a game of `n` seats; SnapshotError names the field."""
    r = _Reader(data, where)
    drop = tuple(r.list_("drop", _read_card))
    if not drop:
        raise _fail(r.path("drop"), "a drop holds at least one card")
    return Turn(
        r.int_("seat", 0, n - 1),
        drop,
        _read_card_or_none(r.get("take"), r.path("take")),
        _read_card_or_none(r.get("slapped"), r.path("slapped")),
    )


def game_from_dict(data: Any) -> Game:
    """The game `game_to_dict` wrote; SnapshotError (one line) for anything that is not a possible game."""
    top = _Reader(data)
    if top.get("format") != FORMAT:
        raise _fail("format", f"must be {FORMAT!r}: this is not a yaniv-tui game")
    version = top.get("version")
    if version != VERSION:
        raise _fail("version", f"this yaniv-tui reads game version {VERSION}, the snapshot is version {version!r}")
    rules = ruleset_from_snapshot(top.get("rules"))
    players = tuple(top.list_("players", _read_name))
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise _fail("players", f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {n}")

    def seat(v: Any, w: str) -> int:
        return _int(v, w, 0, n - 1)

    kind = top.get("previous_kind")
    if kind not in ("single", "set", "run"):
        raise _fail("previous_kind", f'must be "single", "set" or "run", got {_kind(kind)}')
    phase = top.get("phase")
    if phase not in ("turn", "slap", "over"):
        raise _fail("phase", f'must be "turn", "slap" or "over", got {_kind(phase)}')
    dealer = top.get("dealer")
    try:
        return Game.from_state(
            rules,
            players,
            seed=top.int_("seed"),
            rng=_read_rng(top.get("rng")),
            scores=_per_seat(top.list_("scores", lambda v, w: _int(v, w, 0)), "scores", n),
            out=_per_seat(top.list_("out", _read_bool), "out", n),
            hands=_per_seat(top.list_("hands", _read_hand), "hands", n),
            deck=top.list_("deck", _read_card),
            pile=top.list_("pile", _read_cards),
            previous_kind=kind,
            takeable=top.list_("takeable", _read_card),
            current=top.int_("current", 0, n - 1),
            phase=phase,
            slap_card=_read_card_or_none(top.get("slap_card"), "slap_card"),
            log=top.list_("log", lambda v, w: read_turn(v, w, n)),
            history=top.list_("history", lambda v, w: read_round(v, w, n)),
            zero_wins=_per_seat(top.list_("zero_wins", lambda v, w: _int(v, w, 0)), "zero_wins", n),
            round_no=top.int_("round_no", 1),
            turns=top.int_("turns", 0),
            reshuffles=top.int_("reshuffles", 0),
            dealer=None if dealer is None else seat(dealer, "dealer"),
        )
    except GameStateError as error:
        raise SnapshotError(str(error)) from None
