"""Ruleset files: reading a TOML preset into a `Ruleset` by its declared keys, with one-line errors."""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .names import MAX_RULESET_NAME, SAVED_RULESET_NAME, BadName, check_name
from .ruleset import END_LIMITS as END_LIMITS
from .ruleset import KEYS as KEYS  # declared on the Ruleset's fields; read here
from .ruleset import YANIV_LIMITS as YANIV_LIMITS
from .ruleset import Ruleset
from .ruleset_keys import RulesetError as RulesetError
from .ruleset_read import parse_ruleset_text, printable, read_ruleset_bytes

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


def named(rules: Ruleset) -> Ruleset:
    """The rules with a name to show: a blank one (a cleared field in the house-rules dialog) is the id."""
    return rules if rules.name.strip() else dataclasses.replace(rules, name=rules.id)


def ruleset_from_dict(
    data: dict[str, Any],
    *,
    ruleset_id: str = "custom",
    source: str = "<ruleset>",
    shipped: bool = False,
    saved: bool = False,
) -> Ruleset:
    """Build a ruleset from parsed TOML; RulesetError names `source` and the key at fault. `shipped`: a preset of
    the package's own, whose playability (the costliest check) the test suite proves
    (tests/engine/test_ruleset_playable.py) instead of every start of yaniv. `saved`: a save's, a record's or a
    frame's copy, whose name may be as wide as a save written before the name rule held it (`SAVED_RULESET_NAME`)."""
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

        fields[key.field] = key.load(value, fail)
        given.add(key.field)

    # A limit and its choices each default from the other: choices alone start at
    # the default limit if offered, else at the first choice.
    for limit, choices in (("yaniv_limit", "yaniv_limit_choices"), ("end_limit", "end_limit_choices")):
        default = getattr(_DEFAULTS, limit)
        if choices not in given:
            fields[choices] = (fields.get(limit, default),)
        elif limit not in given:
            fields[limit] = default if default in fields[choices] else fields[choices][0]
    sizes = fields.get("hand_size_choices", ())
    if sizes and "hand_size" not in given:  # the hand size follows its choices too, as the limits do
        fields["hand_size"] = _DEFAULTS.hand_size if _DEFAULTS.hand_size in sizes else sizes[0]
    rules = named(Ruleset(**fields))
    check_ruleset(rules, source, playability=not shipped, name_most=SAVED_RULESET_NAME if saved else MAX_RULESET_NAME)
    return rules


def check_ruleset(
    rules: Ruleset, source: str = "<ruleset>", *, playability: bool = True, name_most: int = MAX_RULESET_NAME
) -> None:
    """Raise RulesetError for rules that cannot be played together, or whose name breaks the name rule players' names
    keep (`names.check_name`, at most `name_most` cells); `playability`: also for rules under which a round or a game
    could never end (engine/playable.py)."""

    def fail(path: str, message: str) -> RulesetError:
        return RulesetError(f"{_where(source, path)}: {message}")

    if rules.name != rules.id:  # a ruleset without a name is called by its id: its file's name, not a name typed
        try:
            check_name(rules.name, most=name_most, subject="a ruleset")
        except BadName as error:
            raise fail("name", str(error)) from None

    if rules.min_players > rules.max_players:
        raise fail("players.min", f"must not be above players.max ({rules.max_players}), got {rules.min_players}")
    undealable = _deal_problem(rules)
    if undealable:
        raise fail("players.max", undealable)
    if rules.hand_size not in rules.hand_sizes:
        raise fail("deck.hand_size_choices", f"must include deck.hand_size ({rules.hand_size})")
    for size in rules.hand_sizes:
        undealable = _deal_problem(dataclasses.replace(rules, hand_size=size))
        if undealable:
            raise fail("deck.hand_size_choices", f"a hand of {size}: {undealable}")
    for size in rules.hand_sizes:
        undealable = _recount_problem(dataclasses.replace(rules, hand_size=size))
        if undealable:
            where = "deck.recount" if size == rules.hand_size else "deck.hand_size_choices"
            raise fail(where, undealable if size == rules.hand_size else f"a hand of {size}: {undealable}")
    if rules.yaniv_limit not in rules.yaniv_limit_choices:
        raise fail("yaniv.limit_choices", f"must include yaniv.limit ({rules.yaniv_limit})")
    if rules.end_limit not in rules.end_limit_choices:
        raise fail("end.limit_choices", f"must include end.limit ({rules.end_limit})")
    if rules.run_min_natural > rules.run_min:
        raise fail("drops.run_min_natural", f"must not be above drops.run_min ({rules.run_min})")
    if rules.jack_low > rules.jack_high:
        raise fail(
            "values.jack_low",
            f"must not be above values.jack_high ({rules.jack_high}), got {rules.jack_low}: the jack swing counts "
            "jacks low in a low hand and high in any other",
        )
    if rules.reset_every and not rules.reset_every_by:
        raise fail("resets.every_by", "must be at least 1 when resets.every is set")
    if rules.reset_every_by > rules.reset_every:
        raise fail(
            "resets.every_by", f"must not be above resets.every ({rules.reset_every}): a score cannot reset below 0"
        )
    if not rules.reset_name.strip():
        raise fail("resets.name", 'must not be blank: name the reset as the table calls it, "lucky reset" by default')
    # Last, once the rules hold together: can a round end, and a game? At each hand size a host may choose.
    if not playability:
        return
    from .playable import playable_problems  # only for a ruleset checked to play: the presets listed at start are not

    for problem in playable_problems(rules):
        raise fail(problem.key, problem.message)
    for size in sorted(set(rules.hand_sizes) - {rules.hand_size}):
        for unplayable in playable_problems(dataclasses.replace(rules, hand_size=size)):
            raise fail("deck.hand_size_choices", f"a hand of {size}: {unplayable.message}")


def _cards_for(rules: Ruleset, players: int) -> tuple[int, int]:
    """The cards a round of `players` needs (each a hand, the card turned up where one is, one to draw) and the cards
    their decks hold."""
    return players * rules.hand_size + int(rules.turn_up) + 1, rules.deck_size_for(players)


def _deal_problem(rules: Ruleset) -> str:
    """Why the rules' hand size cannot be dealt at some player count they allow; "" when it can at every one."""
    up = int(rules.turn_up)
    for n in range(rules.min_players, rules.max_players + 1):
        needed, have = _cards_for(rules, n)
        if needed > have:
            return (
                f"{n} players need {needed} cards ({rules.hand_size} each, {'one turned up, ' if up else ''}"
                f"one to draw) but {rules.decks_for(n)} deck(s) hold {have}; allowed: at most "
                f"{(have - up - 1) // rules.hand_size} players, or more decks (deck.more_decks_from)"
            )
    return ""


def _recount_problem(rules: Ruleset) -> str:
    """Why a round under `deck.recount` cannot be dealt once knockouts leave fewer players than `players.min` (they
    are dealt from the decks the players still in need, down to two); "" when every such round can be."""
    if not rules.deck_recount or rules.end_mode != "elimination":
        return ""  # without knockouts, or without the recount, every round is dealt for a count _deal_problem checks
    up = int(rules.turn_up)
    for n in range(2, rules.min_players):
        needed, have = _cards_for(rules, n)
        if needed > have:
            return (
                f"a knockout leaves {n} players, dealt from {rules.decks_for(n)} deck(s) holding {have} cards, but "
                f"they need {needed} ({rules.hand_size} each, {'one turned up, ' if up else ''}one to draw); "
                "allowed: recount = false (the decks of the game's start), a smaller hand, or more decks at "
                f"{n} players (deck.decks, deck.more_decks_from)"
            )
    return ""


def load_ruleset_file(path: str | os.PathLike[str], ruleset_id: str | None = None) -> Ruleset:
    """Read a ruleset file; every problem with it is a RulesetError."""
    source = printable(str(path))
    shipped = Path(path).parent == presets_dir()
    return _ruleset_of(read_ruleset_bytes(path, source), ruleset_id or Path(path).stem, source, shipped)


@functools.lru_cache(maxsize=64)
def _ruleset_of(raw: bytes, ruleset_id: str, source: str, shipped: bool = False) -> Ruleset:
    """The ruleset a file's bytes say, read and checked once per content: the setup screen lists every preset, and
    the one chosen is read again to play (a `Ruleset` is frozen, so the same one serves both). An edited file has
    other bytes and is read anew."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesetError(f"{source}: not UTF-8 text; a ruleset is a TOML text file") from None
    data = parse_ruleset_text(text, source)
    return ruleset_from_dict(data, ruleset_id=ruleset_id, source=source, shipped=shipped)


@functools.cache
def presets_dir() -> Path:
    """The shipped presets: inside the package in a wheel, at the top of the repo when editable (found once: where
    the package is does not change while it runs)."""
    package = Path(__file__).resolve().parent.parent
    inside = package / "rulesets"
    if inside.is_dir():
        return inside
    return package.parent / "rulesets"


#: The groups of shipped presets, in the order they are listed: the tables of our four written sources, then those of
#: other Yaniv programs and rule pages.
PRESET_GROUPS = ("sources", "programs")


def preset_group(rules: Ruleset) -> str:
    """The group of PRESET_GROUPS a shipped preset belongs to: a preset of our sources names one in its `source`
    ("source 000: ..."); a preset of another program's table names the program or page instead."""
    return "sources" if rules.source.startswith("source ") else "programs"


@functools.lru_cache(maxsize=64)
def _group_of_file(path: Path, stamp: tuple[int, int]) -> int:
    """The place in PRESET_GROUPS of the preset in `path` (`stamp`: its change time and size, so an edited file is
    read again); a file that does not load goes last."""
    try:
        return PRESET_GROUPS.index(preset_group(load_ruleset_file(path)))
    except RulesetError:
        return len(PRESET_GROUPS)


def preset_files() -> dict[str, Path]:
    """Each shipped preset's id and file, by id, none of them read: what finding one preset by its id needs."""
    folder = presets_dir()
    if not folder.is_dir():
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


def preset_paths() -> dict[str, Path]:
    """Each shipped preset's id and file in the order they are listed: the presets of our sources first, then those
    of other programs' tables (PRESET_GROUPS), each group sorted by id. Each file is read to know its group: to find
    one preset by its id, `preset_files` reads none."""

    def place(item: tuple[str, Path]) -> tuple[int, str]:
        ruleset_id, path = item
        info = path.stat()
        return _group_of_file(path, (info.st_mtime_ns, info.st_size)), ruleset_id

    return dict(sorted(preset_files().items(), key=place))


def load_ruleset(name_or_path: str | os.PathLike[str]) -> Ruleset:
    """A shipped preset by id (`"israeli"`), or the ruleset in a `.toml` file."""
    text = os.fspath(name_or_path)
    presets = preset_files()
    if text in presets:
        return load_ruleset_file(presets[text])
    if text.endswith(".toml") or os.sep in text or "/" in text or Path(text).is_file():
        return load_ruleset_file(text)
    known = ", ".join(preset_paths()) or "none found"
    raise RulesetError(f"unknown ruleset {text!r}: the presets are {known}, or give a path to a .toml file")
