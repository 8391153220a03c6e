"""Ruleset files: reading a TOML preset into a `Ruleset`, with one-line errors."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .playable import playable_problems
from .ruleset import Ruleset
from .ruleset import RulesetError as RulesetError  # raised here; defined beside Ruleset for ruleset_read
from .ruleset_read import parse_ruleset_text, printable, read_ruleset_bytes


@dataclass(frozen=True)
class _Key:
    path: str  # "table.key" in the file
    field: str  # the Ruleset field it sets
    kind: str  # int, bool, str, choice, ints, resets
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    doc: str = ""


def _k(path: str, field: str, kind: str, **kw: Any) -> _Key:
    return _Key(path, field, kind, **kw)


#: The Yaniv limits and end scores a ruleset may hold, chosen from a list or typed by a host: one range each.
YANIV_LIMITS = (0, 100)
END_LIMITS = (1, 100_000)

#: Every key a ruleset file may hold, in the order rulesets/README.md lists them.
KEYS: tuple[_Key, ...] = (
    _k("name", "name", "str", doc="the preset's name as players see it"),
    _k("description", "description", "str", doc="one line saying what the preset plays"),
    _k("source", "source", "str", doc="where the rules come from"),
    _k("players.min", "min_players", "int", low=2, high=16, doc="fewest players"),
    _k("players.max", "max_players", "int", low=2, high=16, doc="most players"),
    _k(
        "players.first",
        "first_player",
        "choice",
        choices=("random", "left_of_dealer"),
        doc="who plays first in the first round: chosen by lot, or the player after a dealer chosen by lot",
    ),
    _k("deck.decks", "decks", "int", low=1, high=8, doc="decks for the fewest players"),
    _k(
        "deck.more_decks_from",
        "more_decks_from",
        "ints",
        low=2,
        high=16,
        doc="player counts from which one more deck is added: [4] is two decks from 4 players",
    ),
    _k("deck.jokers", "jokers_per_deck", "int", low=0, high=8, doc="jokers in each deck"),
    _k("deck.hand_size", "hand_size", "int", low=1, high=20, doc="cards dealt to each player"),
    _k("values.ace", "ace_value", "int", low=-50, high=50, doc="an ace's value in hand"),
    _k("values.jack", "jack_value", "int", low=-50, high=50, doc="a jack's value in hand (without the swing)"),
    _k("values.queen", "queen_value", "int", low=-50, high=50, doc="a queen's value in hand"),
    _k("values.king", "king_value", "int", low=-50, high=50, doc="a king's value in hand"),
    _k("values.joker", "joker_value", "int", low=-50, high=50, doc="a joker's value in hand"),
    _k(
        "values.jack_swing",
        "jack_swing",
        "bool",
        doc="jacks count `jack_low` when the hand totals at most `jack_swing_up_to` that way, else `jack_high` each",
    ),
    _k("values.jack_low", "jack_low", "int", low=-50, high=50, doc="a jack's value when the swing is low"),
    _k("values.jack_high", "jack_high", "int", low=-50, high=50, doc="a jack's value when the swing is high"),
    _k(
        "values.jack_swing_up_to",
        "jack_swing_up_to",
        "int",
        low=-50,
        high=200,
        doc="the highest total that keeps jacks low (default: the Yaniv limit)",
    ),
    _k("drops.set_min", "set_min", "int", low=2, high=16, doc="fewest cards in a set"),
    _k("drops.run_min", "run_min", "int", low=2, high=13, doc="fewest cards in a run"),
    _k(
        "drops.run_min_natural",
        "run_min_natural",
        "int",
        low=1,
        high=13,
        doc="fewest cards in a run that are not jokers",
    ),
    _k("drops.jokers_in_sets", "jokers_in_sets", "bool", doc="jokers stand in for a card in a set"),
    _k("drops.jokers_in_runs", "jokers_in_runs", "bool", doc="jokers stand in for a card in a run"),
    _k("drops.joker_set", "joker_set", "bool", doc="two or more jokers alone may be dropped as a set"),
    _k(
        "drops.slap_down",
        "slap_down",
        "bool",
        doc="after drawing from the deck a card of the rank just dropped as a single or set, it may be dropped at once",
    ),
    _k(
        "take.from_set",
        "take_from_set",
        "choice",
        choices=("ends", "any"),
        doc="which cards of a previous set may be taken: its first or last, or any",
    ),
    _k(
        "take.from_run",
        "take_from_run",
        "choice",
        choices=("ends", "any"),
        doc="which cards of a previous run may be taken: either end, or any",
    ),
    _k(
        "yaniv.limit",
        "yaniv_limit",
        "int",
        low=YANIV_LIMITS[0],
        high=YANIV_LIMITS[1],
        doc="the highest hand value that may call Yaniv",
    ),
    _k(
        "yaniv.limit_choices",
        "yaniv_limit_choices",
        "ints",
        low=YANIV_LIMITS[0],
        high=YANIV_LIMITS[1],
        doc="the Yaniv limits a host may choose at setup (default: only `limit`)",
    ),
    _k(
        "assaf.enabled",
        "assaf",
        "bool",
        doc="false: no Assaf rule; the lowest hands score 0 and everyone else, the caller too, adds their hand",
    ),
    _k("assaf.on_tie", "assaf_on_tie", "bool", doc="a hand equal to the caller's Assafs (false: the caller wins ties)"),
    _k("assaf.penalty", "assaf_penalty", "int", low=0, high=1000, doc="points the Assafed caller adds"),
    _k(
        "assaf.penalty_per_extra",
        "assaf_penalty_per_extra",
        "int",
        low=0,
        high=1000,
        doc="more penalty for each Assafer after the first",
    ),
    _k(
        "assaf.caller_adds_hand",
        "assaf_caller_adds_hand",
        "bool",
        doc="the Assafed caller adds their hand value as well as the penalty",
    ),
    _k(
        "assaf.zero",
        "assaf_zero",
        "choice",
        choices=("lowest", "assafers", "first_lowest"),
        doc="who scores 0 on an Assaf: every opponent with the lowest hand, every Assafer, "
        "or only the lowest (ties to the first in turn after the caller)",
    ),
    _k(
        "assaf.others_score",
        "assaf_others_score",
        "bool",
        doc="on an Assaf, the other players add their hands (false: only the caller scores)",
    ),
    _k("resets.at", "resets", "resets", doc="exact totals and what they reset to: { 100 = 50, 200 = 100 }"),
    _k(
        "resets.every",
        "reset_every",
        "int",
        low=0,
        high=10000,
        doc="every multiple of this resets (0: off)",
    ),
    _k("resets.every_by", "reset_every_by", "int", low=0, high=10000, doc="how far a multiple of `every` drops"),
    _k(
        "end.mode",
        "end_mode",
        "choice",
        choices=("elimination", "first_to_limit"),
        doc="elimination: a player past the limit is out and the last left wins; "
        "first_to_limit: the game ends when anyone passes it and the lowest wins",
    ),
    _k("end.limit", "end_limit", "int", low=END_LIMITS[0], high=END_LIMITS[1], doc="the end score"),
    _k(
        "end.limit_choices",
        "end_limit_choices",
        "ints",
        low=END_LIMITS[0],
        high=END_LIMITS[1],
        doc="the end scores a host may choose at setup (default: only `limit`)",
    ),
    _k("end.any_limit", "end_limit_any", "bool", doc="the host may also type any end score"),
    _k(
        "end.on",
        "end_on",
        "choice",
        choices=("above", "reach"),
        doc="above: a total strictly above the limit counts; reach: at or above",
    ),
    _k(
        "bonus.zero_hand_wins",
        "bonus_zero_wins",
        "int",
        low=0,
        high=100,
        doc="every this many rounds won with a hand of 0, the score drops by `points` (0: off)",
    ),
    _k("bonus.points", "bonus_points", "int", low=0, high=1000, doc="what the bonus takes off"),
    _k(
        "bonus.min_players", "bonus_min_players", "int", low=2, high=16, doc="fewest players in the round for the bonus"
    ),
)
_BY_PATH = {key.path: key for key in KEYS}
_DEFAULTS = Ruleset()
_TABLES = {key.path.split(".")[0] for key in KEYS if "." in key.path}


def _where(source: str, path: str) -> str:
    # A quoted TOML key may hold a line break; the message must stay one line.
    shown = path if path.isprintable() else repr(path)
    return f"{source}: {shown}" if path else source


def _walk(data: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for name, value in data.items():
        path = f"{prefix}{name}"
        if isinstance(value, dict) and path in _TABLES:
            yield from _walk(value, path + ".")
        else:
            yield path, value


def _convert(key: _Key, value: Any, fail: Callable[[str], RulesetError]) -> Any:
    if key.kind == "str":
        if not isinstance(value, str):
            raise fail(f"must be text in quotes, got {_show(value)}")
        if "\n" in value:
            raise fail("must be one line")
        if not value.isprintable():
            bad = next(c for c in value if not c.isprintable())
            raise fail(
                f"has a control character ({printable(bad)}), got {_show(value)}; "
                "text may hold letters, digits, spaces and punctuation"
            )
        return value
    if key.kind == "bool":
        if not isinstance(value, bool):
            raise fail(f"must be true or false, got {_show(value)}")
        return value
    if key.kind == "choice":
        if value not in key.choices:
            allowed = " or ".join(f'"{c}"' for c in key.choices)
            raise fail(f"must be {allowed}, got {_show(value)}")
        return value
    if key.kind == "int":
        return _int(key, value, fail)
    if key.kind == "ints":
        if not isinstance(value, list) or not value:
            raise fail(f"must be a list of whole numbers like [5, 7], got {_show(value)}")
        numbers = tuple(_int(key, item, fail) for item in value)
        if len(set(numbers)) != len(numbers):
            raise fail("must not repeat a number")
        return tuple(sorted(numbers))
    if key.kind == "resets":
        if not isinstance(value, dict):
            raise fail(f"must be a table like {{ 100 = 50, 200 = 100 }}, got {_show(value)}")
        pairs = []
        for at, to in value.items():
            # str.isdigit also takes digits int() refuses ("²"), and int() refuses over 4300 digits.
            if not (at.isascii() and at.isdigit()) or len(at) > 18 or int(at) < 1:
                raise fail(f"{at!r} must be a whole number of at least 1")
            if type(to) is not int or not 0 <= to < int(at):
                raise fail(f"{at} must reset to a whole number from 0 to {int(at) - 1}, got {_show(to)}")
            pairs.append((int(at), to))
        return tuple(sorted(pairs))
    raise AssertionError(key.kind)


def _int(key: _Key, value: Any, fail: Callable[[str], RulesetError]) -> int:
    allowed = f"a whole number from {key.low} to {key.high}"
    if type(value) is not int:
        raise fail(f"must be {allowed}, got {_show(value)}")
    if key.low is not None and key.high is not None and not key.low <= value <= key.high:
        raise fail(f"must be {allowed}, got {value}")
    return value


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"' if value.isprintable() else repr(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)


def ruleset_from_dict(data: dict[str, Any], *, ruleset_id: str = "custom", source: str = "<ruleset>") -> Ruleset:
    """Build a ruleset from parsed TOML; RulesetError names `source` and the key at fault."""
    fields: dict[str, Any] = {"id": ruleset_id, "name": ruleset_id}
    given: set[str] = set()
    for path, value in _walk(data):
        key = _BY_PATH.get(path)
        if key is None and path in _TABLES:
            raise RulesetError(f"{_where(source, path)}: must be a table, written [{path}]")
        if key is None:
            head = path.split(".")[0]
            if head in _TABLES and "." in path:
                known = ", ".join(k.path.split(".", 1)[1] for k in KEYS if k.path.startswith(head + "."))
                raise RulesetError(f"{_where(source, path)}: unknown key; [{head}] may hold {known}")
            known = ", ".join(sorted({k.path.split(".")[0] for k in KEYS}))
            raise RulesetError(f"{_where(source, path)}: unknown key; a ruleset may hold {known}")

        def fail(message: str, path: str = path) -> RulesetError:
            return RulesetError(f"{_where(source, path)}: {message}")

        fields[key.field] = _convert(key, value, fail)
        given.add(key.field)

    # A limit and its choices each default from the other: choices alone start at
    # the default limit if offered, else at the first choice.
    for limit, choices in (("yaniv_limit", "yaniv_limit_choices"), ("end_limit", "end_limit_choices")):
        default = getattr(_DEFAULTS, limit)
        if choices not in given:
            fields[choices] = (fields.get(limit, default),)
        elif limit not in given:
            fields[limit] = default if default in fields[choices] else fields[choices][0]
    rules = Ruleset(**fields)
    check_ruleset(rules, source)
    return rules


def check_ruleset(rules: Ruleset, source: str = "<ruleset>") -> None:
    """Raise RulesetError for rules that cannot be played together."""

    def fail(path: str, message: str) -> RulesetError:
        return RulesetError(f"{_where(source, path)}: {message}")

    if rules.min_players > rules.max_players:
        raise fail("players.min", f"must not be above players.max ({rules.max_players}), got {rules.min_players}")
    for n in range(rules.min_players, rules.max_players + 1):
        needed = n * rules.hand_size + 2
        have = rules.deck_size_for(n)
        if needed > have:
            raise fail(
                "players.max",
                f"{n} players need {needed} cards ({rules.hand_size} each, one turned up, one to draw) "
                f"but {rules.decks_for(n)} deck(s) hold {have}; allowed: at most "
                f"{(have - 2) // rules.hand_size} players, or more decks (deck.more_decks_from)",
            )
    if rules.yaniv_limit not in rules.yaniv_limit_choices:
        raise fail("yaniv.limit_choices", f"must include yaniv.limit ({rules.yaniv_limit})")
    if rules.end_limit not in rules.end_limit_choices:
        raise fail("end.limit_choices", f"must include end.limit ({rules.end_limit})")
    if rules.run_min_natural > rules.run_min:
        raise fail("drops.run_min_natural", f"must not be above drops.run_min ({rules.run_min})")
    if rules.reset_every and not rules.reset_every_by:
        raise fail("resets.every_by", "must be at least 1 when resets.every is set")
    if rules.reset_every_by > rules.reset_every:
        raise fail(
            "resets.every_by", f"must not be above resets.every ({rules.reset_every}): a score cannot reset below 0"
        )
    # Last, once the rules hold together: can a round end, and a game?
    for problem in playable_problems(rules):
        raise fail(problem.key, problem.message)


def load_ruleset_file(path: str | os.PathLike[str], ruleset_id: str | None = None) -> Ruleset:
    """Read a ruleset file; every problem with it is a RulesetError."""
    file = Path(path)
    source = printable(str(path))
    raw = read_ruleset_bytes(path, source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesetError(f"{source}: not UTF-8 text; a ruleset is a TOML text file") from None
    data = parse_ruleset_text(text, source)
    return ruleset_from_dict(data, ruleset_id=ruleset_id or file.stem, source=source)


def presets_dir() -> Path:
    """The shipped presets: inside the package in a wheel, at the top of the repo when editable."""
    package = Path(__file__).resolve().parent.parent
    inside = package / "rulesets"
    if inside.is_dir():
        return inside
    return package.parent / "rulesets"


def preset_paths() -> dict[str, Path]:
    """Each shipped preset's id and file, sorted by id."""
    folder = presets_dir()
    if not folder.is_dir():
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


def load_ruleset(name_or_path: str | os.PathLike[str]) -> Ruleset:
    """A shipped preset by id (`"israeli"`), or the ruleset in a `.toml` file."""
    text = os.fspath(name_or_path)
    presets = preset_paths()
    if text in presets:
        return load_ruleset_file(presets[text])
    if text.endswith(".toml") or os.sep in text or "/" in text or Path(text).is_file():
        return load_ruleset_file(text)
    known = ", ".join(presets) or "none found"
    raise RulesetError(f"unknown ruleset {text!r}: the presets are {known}, or give a path to a .toml file")
