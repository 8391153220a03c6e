"""A ruleset as JSON-safe data and back: every rule's value by its field name, read back as strictly as a file.

A save keeps its rules this way (so it plays on by them even if the preset file changes), and the wire sends a
seat the table's rules this way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from yaniv_tui.engine import KEYS, Key, Ruleset, RulesetError, ruleset_from_dict
from yaniv_tui.engine.ruleset_keys import TEXT_MOST

from .fields import Reader, SnapshotError, kind_of
from .fields import fail as _fail

__all__ = ["rule_from_json", "rule_to_json", "ruleset_from_snapshot", "ruleset_to_dict"]


def _lists(value: Any) -> Any:
    return [_lists(item) for item in value] if isinstance(value, tuple) else value


def rule_to_json(value: Any) -> Any:
    """A rule's value as a save keeps it: its tuples (limit choices, reset pairs) as lists."""
    return _lists(value)


def rule_from_json(key: Key, value: Any, fail: Callable[[str], SnapshotError]) -> Any:
    """A save's value of one rule back as the Ruleset field holds it, its shape checked by the key's kind;
    the ruleset file's checks (`key.load`) take the rest. A text longer than a file may hold now (TEXT_MOST) was
    saved before that limit: it is cut to it, so the game still resumes and its record still replays; where a text is
    no value of the key at all, it is cut so too (refused all the same, its line quotes no more of it)."""
    if isinstance(value, str) and len(value) > TEXT_MOST:
        return value[: TEXT_MOST - 1] + "…"
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


def ruleset_from_snapshot(data: Any, where: str = "rules") -> Ruleset:
    """The ruleset written by `ruleset_to_dict`, checked as strictly as a ruleset file."""
    reader = Reader(data, where)
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
        rules = ruleset_from_dict(table, ruleset_id=ruleset_id, source=where, saved=True)
    except RulesetError as error:
        raise SnapshotError(str(error)) from None
    if typed_end is not None and isinstance(choices, list) and rules.end_limit_choices != tuple(sorted(choices)):
        rules = dataclasses.replace(rules, end_limit_choices=tuple(sorted(choices)))
    defaults = Ruleset()
    for name, value in extras.items():
        default = getattr(defaults, name)
        if type(value) is not type(default) and not (isinstance(default, tuple) and isinstance(value, list)):
            raise _fail(reader.path(name), f"must be {kind_of(default)}, got {kind_of(value)}")
        change: dict[str, Any] = {name: tuple(value) if isinstance(value, list) else value}
        rules = dataclasses.replace(rules, **change)
    return rules
