"""A game's seed read back from a save or a record is one a game can have: a whole number of 0 or more, of at most
`MAX_SEED_DIGITS` digits (`engine.deal`, the one home of the range that `--seed` and the setup screen's Seed take).
Before: a record's or a save's seed of any length was read (4,300 digits, and -5, which deals as 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playing import play_recorded

from yaniv_tui.codec import SnapshotError, state_from_dict, state_to_dict
from yaniv_tui.codec.record import RecordError, read_record_file, record_text, replay
from yaniv_tui.engine import MAX_SEED_DIGITS, Game, Seat, load_ruleset

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bob"))
LARGEST = 10**MAX_SEED_DIGITS - 1

OUT_OF_RANGE = {
    "one past the largest": (LARGEST + 1, f"must be at most {MAX_SEED_DIGITS} digits, not {MAX_SEED_DIGITS + 1}"),
    "4,300 digits": (int("9" * 4300), f"must be at most {MAX_SEED_DIGITS} digits, not 4300"),
    "below 0": (-5, "must be 0 or more, not -5"),
}


def game() -> Game:
    return Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=4)


def record_with_seed(tmp_path: Path, seed: int) -> Path:
    lines = record_text(play_recorded(game(), SEATS)).splitlines()
    header = json.loads(lines[0])
    header["seed"] = seed
    lines[0] = json.dumps(header)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("seed", "says"), OUT_OF_RANGE.values(), ids=list(OUT_OF_RANGE))
def test_a_record_whose_seed_no_game_has_is_refused_by_name(tmp_path: Path, seed: int, says: str) -> None:
    path = record_with_seed(tmp_path, seed)
    with pytest.raises(RecordError) as told:
        replay(read_record_file(path), finished=True)
    line = str(told.value)
    assert "\n" not in line and len(line) < 300 and f"seed: {says}" in line, line


def test_a_record_of_the_largest_seed_replays(tmp_path: Path) -> None:
    replay(read_record_file(record_with_seed(tmp_path, LARGEST)), finished=True)


@pytest.mark.parametrize(("seed", "says"), OUT_OF_RANGE.values(), ids=list(OUT_OF_RANGE))
def test_a_save_whose_seed_no_game_has_is_refused_by_name(seed: int, says: str) -> None:
    data = state_to_dict(game())
    data["seed"] = seed
    with pytest.raises(SnapshotError) as told:
        state_from_dict(data)
    line = str(told.value)
    assert "\n" not in line and len(line) < 300 and line == f"seed: {says}", line


def test_a_save_of_the_largest_seed_reads_back() -> None:
    data = state_to_dict(game())
    data["seed"] = LARGEST
    assert state_from_dict(data).seed == LARGEST
