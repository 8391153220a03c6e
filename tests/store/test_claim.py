"""Claiming a saved game gives the save and its lock side by side: a save read from disk is plain data and
carries no live OS lock (issue 30, item 4). Before, `SavedGame` had a `lock` field that `claim_game` filled in."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from yaniv_tui.engine import Seat
from yaniv_tui.store import Claimed, GameLock, SavedGame, SaveMeta, claim_game, is_open_elsewhere, read_save, save_game

from .helpers import new_game, play


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    return folder


def a_save() -> Path:
    meta = SaveMeta((Seat.person("Player 1"), Seat.bot("easy", "Player 2")), screen_seat=0, game_id="claim0001")
    return save_game(play(new_game(players=2), 6), meta)


def test_a_save_read_from_disk_holds_no_lock() -> None:
    assert "lock" not in {field.name for field in dataclasses.fields(SavedGame)}
    saved = read_save(a_save())
    assert not hasattr(saved, "lock") and not is_open_elsewhere(saved.game_id)


def test_claiming_gives_the_save_and_its_held_lock_side_by_side() -> None:
    path = a_save()
    claimed = claim_game("claim0001")
    try:
        assert isinstance(claimed, Claimed)
        assert isinstance(claimed.saved, SavedGame) and claimed.saved.path == path
        assert isinstance(claimed.lock, GameLock) and claimed.lock.held
        assert is_open_elsewhere("claim0001")  # any other open of the lock file, another yaniv's too, is refused
        saved, lock = claimed
        assert saved is claimed.saved and lock is claimed.lock
    finally:
        assert claimed.lock is not None
        claimed.lock.release()
    assert not claimed.lock.held and not is_open_elsewhere("claim0001")
