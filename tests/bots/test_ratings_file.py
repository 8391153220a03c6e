"""The ratings file (yaniv_tui/ratings.py): read by one function, never failing, and rewritten one table at a time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from yaniv_tui.engine import BOT_LEVELS
from yaniv_tui.ratings import (
    FORMAT,
    RATINGS_FILE,
    DamagedRatings,
    RatingsTable,
    level_ratings,
    read_tables,
    write_table,
)
from yaniv_tui.store.files import move_aside
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


@pytest.mark.parametrize("bad", ['"high"', "null", "[1]"])
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


# -- a damaged table among sound ones ------------------------------------------------------------
# A ratings file with one damaged table among sound ones (`ratings.write_table`): writing a new table never drops the
# damaged one silently. Told in one line naming the file and the table and what is wrong, and nothing lost: left as it
# is (the command line's own line), or, where the writer can move a file aside (`store.files.move_aside`), moved
# aside whole, then the sound tables written again with the new one.

#: A table's ratings damaged as a hand might: a rating that is no number, a table with no ruleset.
DAMAGE = {
    "a rating that is no number": ('"medium": 1234.4', '"medium": "high"', "its ratings are numbers, got 'high'"),
    "no ruleset": ('"ruleset": "israeli"', '"rules": "israeli"', "its ruleset is missing"),
}


def damaged_file(tmp_path: Path, damage: tuple[str, str, str]) -> tuple[Path, bytes]:
    """A ratings file of two tables, israeli heads up (its second, damaged) and israeli at 4 seats: the path and its
    bytes."""
    path = tmp_path / "ratings.json"
    write_table(table(seats=4), path, write=atomic_write)
    write_table(table(), path, write=atomic_write)
    sound, broken, _ = damage
    document = json.loads(path.read_text("utf-8"))
    assert [t["seats_per_game"] for t in document["tables"]] == [2, 4]
    text = path.read_text("utf-8").replace(sound, broken, 1)
    path.write_text(text, "utf-8")
    assert len(read_tables(path)) == 1  # reading leaves it out, and never fails
    return path, path.read_bytes()


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=list(DAMAGE))
def test_a_damaged_table_is_told_and_the_file_left_as_it_is(tmp_path: Path, damage: tuple[str, str, str]) -> None:
    """Before: the new table was written with the sound ones, and the damaged one was gone, unsaid."""
    path, before = damaged_file(tmp_path, damage)
    with pytest.raises(DamagedRatings) as told:
        write_table(table("yanivo"), path, write=atomic_write)
    line = str(told.value)
    assert told.value.path == path and "\n" not in line
    assert line.startswith("its table 1 ") and "is not a ratings table" in line and damage[2] in line, line
    assert path.read_bytes() == before
    assert list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=list(DAMAGE))
def test_a_damaged_table_is_moved_aside_with_its_file_and_told_where(
    tmp_path: Path, damage: tuple[str, str, str]
) -> None:
    path, before = damaged_file(tmp_path, damage)
    said: list[str] = []
    assert write_table(table("yanivo"), path, write=atomic_write, move_aside=move_aside, tell=said.append) == path
    (aside,) = tmp_path.glob("ratings.json.damaged-*")
    assert aside.read_bytes() == before  # the damaged table kept, with the file it was in
    (line,) = said
    assert line.startswith(f"ratings file {path} had a damaged table (its table 1 ") and "is not a ratings" in line
    assert line.endswith(f"; it was moved to {aside}") and damage[2] in line and "\n" not in line, line
    assert [(t.ruleset, t.seats_per_game) for t in read_tables(path)] == [("israeli", 4), ("yanivo", 2)]


def test_a_file_with_every_table_sound_is_written_with_nothing_said(tmp_path: Path) -> None:
    path = tmp_path / "ratings.json"
    said: list[str] = []
    write_table(table(), path, write=atomic_write, move_aside=move_aside, tell=said.append)
    write_table(table(medium=1500.0), path, write=atomic_write, move_aside=move_aside, tell=said.append)
    assert said == [] and read_tables(path) == [table(medium=1500.0)] and list(tmp_path.iterdir()) == [path]


# -- the file's JSON, read once by the JSON files' reader ---------------------------------------------------------
# ratings.py read the text with json.loads and asked the JSON files' reader (engine/json_text.read_json) only when
# json.loads refused it: what json.loads takes and that reader refuses (a key written twice, NaN) went through.


def test_a_key_written_twice_damages_the_file_and_it_is_never_written_over(tmp_path: Path) -> None:
    """Before: json.loads kept the second "tables", so the file read as its sound tables and a new table was written
    over the first "tables" without a word."""
    path = write_table(table(), tmp_path / "ratings.json", write=atomic_write)
    text = path.read_text("utf-8").replace('"tables": [', '"tables": [], "tables": [', 1)
    path.write_text(text, "utf-8")
    assert level_ratings(path=path) == {}
    with pytest.raises(DamagedRatings) as told:
        write_table(table("yanivo"), path, write=atomic_write)
    assert 'the key "tables" is written twice in one object' in str(told.value)
    assert path.read_text("utf-8") == text


def test_nan_for_a_rating_damages_the_file_named_and_it_is_never_written_over(tmp_path: Path) -> None:
    """NaN is no JSON, and no file of ours holds it: the file is damaged, said in the reader's line."""
    path = write_table(table(), tmp_path / "ratings.json", write=atomic_write)
    text = path.read_text("utf-8").replace('"medium": 1234.4', '"medium": NaN', 1)
    path.write_text(text, "utf-8")
    assert level_ratings(path=path) == {}
    with pytest.raises(DamagedRatings) as told:
        write_table(table("yanivo"), path, write=atomic_write)
    assert "NaN is not a number yaniv reads" in str(told.value)
    assert path.read_text("utf-8") == text


def test_reading_the_ratings_loads_no_codec() -> None:
    """The setup screen reads the ratings at start-up: the JSON reader it uses is the engine's, not the codecs'."""
    code = (
        "import sys, yaniv_tui.ratings as r; r.read_tables(); "
        "print(any(m.startswith('yaniv_tui.codec') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"
