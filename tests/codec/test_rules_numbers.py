"""A ruleset's value read from a save or a frame (`ruleset_from_snapshot`) is checked by the same rule as a file's
(`Key.load`, one home): a decimal (5.0, 5.5), true or false, or a text where a whole number is meant, and a number
or a decimal where true or false is meant, is refused in one line naming the key as a file names it and what it
takes, word for word as a file's refusal says it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from yaniv_tui.codec import SnapshotError, ruleset_from_snapshot, ruleset_to_dict
from yaniv_tui.engine import KEYS, Ruleset, RulesetError, ruleset_from_dict

SNAPSHOT = ruleset_to_dict(Ruleset())
WHOLE = [key for key in KEYS if key.kind == "int" and type(SNAPSHOT[key.field]) is int]
SWITCHES = [key for key in KEYS if key.kind == "bool"]


def file_says(path: str, value: Any) -> str:
    """What a ruleset file with `value` at `path` ("table.key") is refused with, after its source."""
    table, _, name = path.rpartition(".")
    data: dict[str, Any] = {name: value} if not table else {table: {name: value}}
    with pytest.raises(RulesetError) as refused:
        ruleset_from_dict(data, source="a file")
    return str(refused.value).removeprefix("a file: ")


def snapshot_says(field: str, value: Any) -> str:
    data = copy.deepcopy(SNAPSHOT)
    data[field] = value
    with pytest.raises(SnapshotError) as refused:
        ruleset_from_snapshot(data)
    line = str(refused.value)
    assert "\n" not in line
    return line.removeprefix("rules: ")


@pytest.mark.parametrize("value", [5.0, 5.5, True, False, "5", None, 1e308])
@pytest.mark.parametrize("key", WHOLE, ids=lambda key: key.path)
def test_a_whole_number_saved_or_sent_as_anything_else_is_refused_as_in_a_file(key: Any, value: Any) -> None:
    said = snapshot_says(key.field, value)
    assert said.startswith(f"{key.path}: must be a whole number from {key.low} to {key.high}, got "), said
    if value is not None:  # a file has no null: TOML writes none
        assert said == file_says(key.path, value)


@pytest.mark.parametrize("value", [1, 0, 1.0, "true", None])
@pytest.mark.parametrize("key", SWITCHES, ids=lambda key: key.path)
def test_a_switch_saved_or_sent_as_a_number_is_refused_as_in_a_file(key: Any, value: Any) -> None:
    said = snapshot_says(key.field, value)
    assert said.startswith(f"{key.path}: must be true or false, got "), said
    if value is not None:
        assert said == file_says(key.path, value)
