"""A partial record (docs/game-record.md: its header's `partial`, a game resumed from a save that kept no record, or a
long game's record kept as its last rounds) says where it starts, in one line that `yaniv replay`, `review` and
`export` show; and a header whose `partial` is not true or false, or says otherwise than its second line, is refused
by name. Before: nothing read `partial` back (`"partial": "yes"` replayed), and a record resumed part-way through a
round was exported, replayed and reviewed as if it were whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playing import play, play_on

from yaniv_tui.codec.record import (
    GameRecord,
    RecordError,
    not_recorded,
    read_record_file,
    record_text,
    replay,
    start_record,
)
from yaniv_tui.engine import Game, Seat, load_ruleset

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bob"))


def resumed(rounds: int = 0, turns: int = 0) -> GameRecord:
    """A finished game's record started from a save that kept none: `rounds` rounds and `turns` turns in."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=4)
    if rounds:
        play(game, rounds=rounds)
    if turns:
        play(game, turns)
    return play_on(game, start_record(game, SEATS))


def written(tmp_path: Path, events: list[dict[str, Any]]) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(event) + "\n" for event in events), encoding="utf-8")
    return path


def test_a_record_resumed_at_a_later_round_says_where_it_starts() -> None:
    record = resumed(rounds=2)
    game = replay(record, finished=True)
    assert record.partial and len(game.history) > 3
    line = not_recorded(record_text(record))
    assert line == f"starts at round 3 of {len(game.history)}: rounds 1 to 2 were not recorded, only their results"


def test_a_record_resumed_part_way_through_its_first_round_says_so() -> None:
    """Before: its export said nothing (no round before it), and its first turns were missing unsaid."""
    record = resumed(turns=3)
    rounds = len(replay(record, finished=True).history)
    line = not_recorded(record_text(record))
    assert line == f"starts at round 1 of {rounds}, after its first 3 turns: they were not recorded"


def test_a_record_resumed_part_way_through_a_later_round_says_so() -> None:
    record = resumed(rounds=1, turns=2)
    rounds = len(replay(record, finished=True).history)
    line = not_recorded(record_text(record))
    assert line == (
        f"starts at round 2 of {rounds}, after its first 2 turns: they and round 1 were not recorded, only its results"
    )


def test_a_whole_record_says_nothing() -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=4)
    record = play_on(game, start_record(game, SEATS))
    assert not record.partial and not_recorded(record_text(record)) is None


@pytest.mark.parametrize(("value", "kind"), [("yes", "text"), (1, "a number"), (None, "null")])
def test_a_partial_that_is_not_true_or_false_is_refused_by_name(tmp_path: Path, value: Any, kind: str) -> None:
    events = resumed(rounds=1).events
    events[0]["partial"] = value
    path = written(tmp_path, events)
    with pytest.raises(RecordError) as told:
        replay(read_record_file(path), finished=True)
    assert str(told.value) == f"{path}: record line 1: partial: must be true or false, got {kind}"


def test_a_partial_missing_is_refused_by_name(tmp_path: Path) -> None:
    events = resumed(rounds=1).events
    del events[0]["partial"]
    path = written(tmp_path, events)
    with pytest.raises(RecordError) as told:
        replay(read_record_file(path), finished=True)
    assert str(told.value) == f"{path}: record line 1: partial: missing"


def test_a_header_that_says_otherwise_than_its_second_line_is_refused_by_name(tmp_path: Path) -> None:
    events = resumed(rounds=1).events
    events[0]["partial"] = False
    path = written(tmp_path, events)
    with pytest.raises(RecordError) as told:
        replay(read_record_file(path), finished=True)
    assert "record line 1: partial: false, but the record resumes a game on its second line" in str(told.value)
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=4)
    whole = play_on(game, start_record(game, SEATS)).events
    whole[0]["partial"] = True
    path = written(tmp_path, whole)
    with pytest.raises(RecordError) as told:
        replay(read_record_file(path), finished=True)
    assert "record line 1: partial: true, but the record starts with a deal on its second line" in str(told.value)
