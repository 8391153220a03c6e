"""Two yanivs on one data folder at the same moment (two terminals; `multiprocessing` with a barrier): one deletes a
saved game as the saved-games list does while the other resumes it (`claim_game`), both export one finished game to
one file, and one runs `yaniv stats` while the other records games. Nothing is lost, neither prints a traceback, and
the one that cannot do what it was asked is told so in one line. (Both finishing games at once, each game's rows
kept: `test_history_race.py`; both changing the settings: `test_settings_race.py`.)"""

from __future__ import annotations

import contextlib
import io
import os
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest
from playing import play_recorded

from yaniv_tui.cli import main as yaniv
from yaniv_tui.codec.record import read_record_file, record_text
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import (
    GameOpenElsewhere,
    History,
    SaveError,
    claim_game,
    lock_game,
    remove_save,
    save_game,
    save_path,
)
from yaniv_tui.store.meta import SaveMeta

from .helpers import in_two, new_game, play

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
TRIALS = 6


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def delete_or_resume(which: int, barrier: Barrier, game_id: str) -> str:
    """0 deletes the game as the saved-games list does (its lock, then the save); 1 resumes it."""
    barrier.wait(timeout=30)
    try:
        if which == 0:
            lock = lock_game(game_id)
            remove_save(game_id)
            lock.release(remove=True)
            return "deleted"
        saved, held = claim_game(game_id)
        assert held is not None
        save_game(saved.game, saved.meta, saved.undo, record=saved.record)  # played on: its next save
        held.release()
        return "resumed"
    except GameOpenElsewhere as error:
        return f"open: {error}"
    except SaveError as error:
        return f"refused: {error}"


def test_a_game_deleted_in_one_and_resumed_in_the_other_is_one_or_the_other_each_told() -> None:
    for trial in range(TRIALS):
        game_id = f"both{trial}"
        save_game(
            play(new_game(seed=trial), 12),
            SaveMeta((Seat.person("Ann"), *(Seat.bot("easy") for _ in "12")), game_id=game_id),
        )
        deleter, resumer = in_two(delete_or_resume, game_id)
        if deleter == "deleted":  # before, the resumer could be told "open in another yaniv" (the delete's lock)
            assert resumer.startswith("refused: ") and "no longer saved" in resumer and "\n" not in resumer, resumer
            assert not save_path(game_id).exists()  # deleted as asked, not written again by the resumer
        else:
            assert resumer == "resumed" and deleter.startswith("open: ") and "\n" not in deleter, deleter
            assert save_path(game_id).exists()


def export_it(which: int, barrier: Barrier, game_id: str) -> tuple[int, str]:
    err = io.StringIO()
    barrier.wait(timeout=30)
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = yaniv(["export", game_id, "out.jsonl"])
    return status, err.getvalue()


def test_two_exports_of_one_game_to_one_file_write_it_once_and_tell_the_other(folders: Path) -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    record = play_recorded(game, SEATS)
    with History() as history:
        assert history.record(game, SaveMeta(SEATS, game_id="exported01"), record)
    for _ in range(TRIALS):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(folders / "out.jsonl")
        answers = sorted(in_two(export_it, "exported01"))
        (done, said), (refused, why) = answers
        assert (done, refused) == (0, 1), answers
        assert said.count("\n") == 1 and why.count("\n") == 1 and "already exists" in why, answers
        assert record_text(read_record_file(folders / "out.jsonl")) == record_text(record)
        assert [name for name in os.listdir(folders) if name.endswith(".tmp")] == []


def stats_or_record(which: int, barrier: Barrier) -> list[tuple[int, str]] | int:
    """0 records a game again and again; 1 runs `yaniv stats` as often, at the same time."""
    barrier.wait(timeout=30)
    if which == 0:
        game = play(new_game(players=2, seed=9))
        with History() as history:
            return sum(history.record(game, SaveMeta(SEATS, game_id=f"rec{n}")) for n in range(12))
    seen: list[tuple[int, str]] = []
    for _ in range(12):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = yaniv(["stats"])
        seen.append((status, err.getvalue()))
    return seen


def test_stats_while_another_yaniv_records_games_shows_them_or_says_why_in_one_line() -> None:
    History().close()
    recorded, seen = in_two(stats_or_record)
    assert recorded == 12
    assert isinstance(seen, list)
    for status, err in seen:
        assert "Traceback" not in err
        assert (status, err) == (0, "") or (status == 1 and err.count("\n") == 1 and "in use" in err), (status, err)
    with History() as history:
        assert history.games_played() == 12
