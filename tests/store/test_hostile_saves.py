"""A save (and a hosted game's table file) read back is hostile input: a real save changed anywhere, by a value of any
type (NaN, Infinity, a number past a decimal's range or of 10,000 digits, deep nesting, a long text) or at the byte
level (a byte order mark, bytes that are not UTF-8), or a folder or a FIFO in its place, is resumed as a sound game or
refused with one SaveError line naming what is wrong: never another exception, and nothing lost (the save is where
it was, or moved aside whole with its line)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from hostile import HOSTILE, NOT_NUMBERS, places, written_with
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yaniv_tui.bots import MediumBot
from yaniv_tui.codec.record import after_action, start_record
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import SaveError, SaveMeta, claim_game, save_game, save_path, saves_dir, scan_saves
from yaniv_tui.store.saves import UndoStack
from yaniv_tui.store.tables import TableFileError, load_table, table_path

GAME_ID = "hostile1"
SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bob"), Seat.bot("hard", "Cy"))


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    return folder


def real_save() -> bytes:
    """A seeded game 60 actions in, with its record and the human's moves kept for undo: the save's bytes."""
    game = Game.new(load_ruleset("israeli"), [seat.name or "" for seat in SEATS], seed=5)
    record = start_record(game, SEATS)
    stack = UndoStack(3)
    bot = MediumBot()
    for _ in range(60):
        seat = game.current
        if seat == 0:
            stack.checkpoint(game)
        action = bot.choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    save_game(game, SaveMeta(SEATS, game_id=GAME_ID), stack, record=record)
    data = save_path(GAME_ID).read_bytes()
    shutil.rmtree(saves_dir())
    return data


SAVE = real_save()
DOCUMENT: dict[str, Any] = json.loads(SAVE)


PLACES = places(DOCUMENT)


def changed(pick: int, hostile: str) -> bytes:
    """The save with its `pick`th value written as `hostile`."""
    return written_with(DOCUMENT, PLACES[pick % len(PLACES)], hostile).encode("utf-8")


def resumed_or_lines(data: bytes) -> tuple[bool, list[str]]:
    """Write `data` as the save, list the saves and resume it as `yaniv --resume` does: whether it resumed, the lines
    said; and that nothing was lost (the bytes at the save's place or in a copy moved or kept aside)."""
    saves_dir().mkdir(parents=True, exist_ok=True)
    save_path(GAME_ID).write_bytes(data)
    lines = list(scan_saves().problems)
    try:
        claimed = claim_game(GAME_ID)
    except SaveError as error:
        lines.append(str(error))
        resumed = False
    else:
        assert claimed.lock is not None
        claimed.lock.release()
        resumed = True
    for line in lines:
        assert line and "\n" not in line and len(line) < 1000, line
    kept = [path.read_bytes() for path in saves_dir().iterdir() if path.suffix != ".lock"]
    assert data in kept, "the save is lost"
    shutil.rmtree(saves_dir())
    return resumed, lines


@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(pick=st.integers(0, len(PLACES) - 1), hostile=st.sampled_from(HOSTILE))
def test_a_real_save_changed_anywhere_resumes_or_is_one_line_and_nothing_is_lost(pick: int, hostile: str) -> None:
    resumed, lines = resumed_or_lines(changed(pick, hostile))
    if hostile in NOT_NUMBERS or hostile.lstrip("-").startswith("9" * 5000):
        assert not resumed and lines  # no save holds one: refused in one line, as a record's and a frame's
    if hostile.startswith("1" * 10_000):
        assert any("a number has more than 4300 digits" in line for line in lines), lines


def test_a_save_whose_record_holds_nan_is_refused_in_one_line() -> None:
    """Before: a NaN (or 1e400) in an event of the save's record was read as it was, and the game played on with a
    record that no reader takes (it replays nowhere)."""
    resumed, lines = resumed_or_lines(written_with(DOCUMENT, ("record", 3, "seat"), "NaN").encode("utf-8"))
    assert not resumed
    assert any("NaN is not a number yaniv reads" in line for line in lines), lines


def test_a_save_with_a_number_of_ten_thousand_digits_names_it() -> None:
    """Before: Python's own words, "Exceeds the limit (4300 digits) for integer string conversion: value has 10000 d",
    as JSON cut short or changed."""
    _, lines = resumed_or_lines(changed(PLACES.index(("game", "seed")), "1" * 10_000))
    assert lines and "a number has more than 4300 digits, more than any field takes" in lines[0], lines


def test_a_save_with_a_byte_order_mark_or_not_utf8_is_one_line() -> None:
    _, lines = resumed_or_lines(b"\xef\xbb\xbf" + SAVE)
    assert lines and "begins with a byte order mark (BOM)" in lines[0], lines
    _, lines = resumed_or_lines(SAVE.replace(b'"Ann"', b'"\xff\xfe"', 1))
    assert lines and "not UTF-8 text" in lines[0], lines


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_a_fifo_in_a_saves_place_is_one_line(kind: str) -> None:
    saves_dir().mkdir(parents=True)
    path = save_path(GAME_ID)
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    lines = list(scan_saves().problems)
    with pytest.raises(SaveError) as refused:
        claim_game(GAME_ID)
    for line in [*lines, str(refused.value)]:
        assert "\n" not in line
    assert lines or str(refused.value)


def test_a_table_file_nested_too_deep_is_one_line() -> None:
    """Before: RecursionError, a traceback for `yaniv host --resume`."""
    path = table_path(GAME_ID)
    path.parent.mkdir(parents=True)
    path.write_text("[" * 30_000 + "]" * 30_000)
    with pytest.raises(TableFileError) as refused:
        load_table(GAME_ID)
    assert str(refused.value) == (  # and how deep a table file is (before: "nested too deep" alone)
        f"{path}: nested too deep, not a table file: its fields nest 2 levels at most (the seats' tokens in one)"
    ), str(refused.value)


@pytest.mark.parametrize("field", ["saved_at", "meta.started_at"])
@pytest.mark.parametrize("saved_at", ["\u202e2026-12-01", "\x1b[2J", "x" * 5_000, "yesterday", ""])
def test_a_save_whose_time_is_no_time_is_refused_in_one_line(field: str, saved_at: str) -> None:
    """Before: any text was taken as the time a game was saved, and `yaniv saves`, the setup screen and the saved
    games list printed it as it was: a right-to-left override turned the rest of the line around, an escape sequence
    reached the terminal. Now a save's time is a time, as the game writes it, or the save is damaged (moved aside
    whole, with its line)."""
    path = save_path(GAME_ID)
    path.parent.mkdir(parents=True)
    changed = json.loads(SAVE)
    if field == "saved_at":
        changed["saved_at"] = saved_at
    else:
        changed["meta"]["started_at"] = saved_at
    path.write_text(json.dumps(changed), encoding="utf-8")
    scan = scan_saves()
    assert not scan.games
    (line,) = scan.problems
    assert f"{field}: must be a time as the game writes it, like 2026-12-01T09:30:00+00:00" in line, line
    assert "\x1b" not in line and "\u202e" not in line
    (aside,) = path.parent.glob(f"{path.name}.damaged-*")
    assert json.loads(aside.read_text(encoding="utf-8")) == changed  # kept whole
