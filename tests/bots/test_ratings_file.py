"""The ratings file (yaniv_tui/ratings.py): read by one function, never failing, and rewritten one table at a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yaniv_tui.engine import BOT_LEVELS
from yaniv_tui.ratings import FORMAT, RATINGS_FILE, RatingsTable, level_ratings, read_tables, write_table
from yaniv_tui.store.saves import atomic_write


def table(ruleset: str = "israeli", seats: int = 2, medium: float = 1234.4) -> RatingsTable:
    return RatingsTable(
        ruleset=ruleset,
        seats_per_game=seats,
        games_per_pairing=10,
        seed=1,
        expert_samples=20,
        date="2025-01-01",
        command="yaniv sim --ladder ...",
        ratings={"easy": 1000.0, "medium": medium},
        intervals={"easy": (1000.0, 1000.0), "medium": (1200.0, 1260.0)},
    )


def test_a_written_table_reads_back_rounded(tmp_path: Path) -> None:
    path = write_table(table(), tmp_path / "ratings.json", write=atomic_write)
    assert level_ratings(path=path) == {"easy": 1000, "medium": 1234}
    assert read_tables(path) == [table()]


def test_writing_replaces_the_table_of_its_ruleset_and_seats_only(tmp_path: Path) -> None:
    path = tmp_path / "ratings.json"
    write_table(table(), path, write=atomic_write)
    write_table(table(seats=4, medium=1100.0), path, write=atomic_write)
    write_table(table(ruleset="yanivo", medium=1300.0), path, write=atomic_write)
    write_table(table(medium=1500.0), path, write=atomic_write)
    assert level_ratings(path=path) == {"easy": 1000, "medium": 1500}
    assert level_ratings(seats=4, path=path) == {"easy": 1000, "medium": 1100}
    assert level_ratings("yanivo", path=path) == {"easy": 1000, "medium": 1300}
    assert level_ratings("sursis", path=path) == {}
    assert len(read_tables(path)) == 3


def test_a_missing_file_has_no_ratings(tmp_path: Path) -> None:
    assert level_ratings(path=tmp_path / "nowhere.json") == {}


@pytest.mark.parametrize(
    "text",
    [
        b"",
        b"{not json",
        b"[]",
        b"\xff\xfe{}",
        json.dumps({"format": FORMAT + 1, "tables": []}).encode(),
        json.dumps({"format": FORMAT, "tables": "israeli"}).encode(),
        json.dumps({"format": FORMAT, "tables": [42]}).encode(),
        json.dumps({"format": FORMAT, "tables": [{"ruleset": "israeli", "seats_per_game": 2}]}).encode(),
    ],
)
def test_a_damaged_file_has_no_ratings(tmp_path: Path, text: bytes) -> None:
    path = tmp_path / "ratings.json"
    path.write_bytes(text)
    assert level_ratings(path=path) == {}


@pytest.mark.parametrize("bad", ["NaN", '"high"', "null", "[1]"])
def test_a_table_with_a_rating_that_is_no_number_is_left_out_and_the_rest_read(tmp_path: Path, bad: str) -> None:
    path = tmp_path / "ratings.json"
    write_table(table(), path, write=atomic_write)
    write_table(table(seats=4), path, write=atomic_write)
    text = path.read_text(encoding="utf-8").replace('"medium": 1234.4', f'"medium": {bad}', 1)
    path.write_text(text, encoding="utf-8")
    assert level_ratings(path=path) == {}
    assert level_ratings(seats=4, path=path) == {"easy": 1000, "medium": 1234}


def test_the_shipped_file_rates_every_level_heads_up_on_the_default_rules_easy_at_1000() -> None:
    ratings = level_ratings()
    assert set(ratings) == set(BOT_LEVELS) and ratings["easy"] == 1000
    (shipped,) = [t for t in read_tables(RATINGS_FILE) if (t.ruleset, t.seats_per_game) == ("israeli", 2)]
    assert shipped.command.startswith("yaniv sim --ladder --ruleset israeli --seats-per-game 2")
    assert f"--games {shipped.games_per_pairing} --seed {shipped.seed}" in shipped.command
    assert shipped.expert_samples is not None and f"--expert-samples {shipped.expert_samples}" in shipped.command
