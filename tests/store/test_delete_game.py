"""Deleting a saved game, as its player chose (`store.delete_game`, the saved-games list's delete): under the game's
lock, the save and its lock file gone; one line, the save left as it was, when another yaniv has it open, when it is
no longer saved, or when the system refuses. Before, the screen locked, removed and let go itself, and a game gone
already was said to be deleted."""

from __future__ import annotations

from pathlib import Path

import pytest
from locks_refused import refuse_opening

from yaniv_tui.engine import Seat
from yaniv_tui.store import (
    GameGone,
    GameOpenElsewhere,
    SaveError,
    SaveMeta,
    delete_game,
    is_open_elsewhere,
    lock_game,
    save_game,
)
from yaniv_tui.store.paths import lock_path

from .helpers import new_game, play

GAME = "delete001"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    return folder


def a_save() -> Path:
    meta = SaveMeta((Seat.person("Player 1"), Seat.bot("easy", "Player 2")), screen_seat=0, game_id=GAME)
    return save_game(play(new_game(players=2), 6), meta)


def test_a_deleted_game_leaves_neither_its_save_nor_its_lock_file() -> None:
    path = a_save()
    delete_game(GAME)
    assert not path.exists() and not lock_path(GAME).exists() and not is_open_elsewhere(GAME)


def test_a_game_open_in_another_yaniv_is_not_deleted_and_is_told_so() -> None:
    path = a_save()
    playing = lock_game(GAME)
    try:
        with pytest.raises(GameOpenElsewhere, match="open in another yaniv") as told:
            delete_game(GAME)
        assert "\n" not in str(told.value)
        assert path.exists() and playing.held
    finally:
        playing.release()


def test_a_game_gone_already_is_told_so_and_leaves_no_lock_file() -> None:
    path = a_save()
    path.unlink()  # finished or deleted in another yaniv since the list was shown
    with pytest.raises(GameGone, match="no longer saved: it was finished or deleted in another yaniv"):
        delete_game(GAME)
    assert not lock_path(GAME).exists()


def test_a_game_another_yaniv_is_deleting_is_told_gone_not_open_there() -> None:
    path = a_save()
    deleting = lock_game(GAME)
    path.unlink()  # its save gone, its lock not let go yet
    try:
        with pytest.raises(GameGone) as told:
            delete_game(GAME)
        assert "open in another" not in str(told.value)
    finally:
        deleting.release(remove=True)


def test_a_lock_file_that_cannot_be_opened_leaves_the_save_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    path = a_save()
    refuse_opening(lock_path(GAME), monkeypatch)  # one a `sudo yaniv` left
    with pytest.raises(SaveError, match="Permission denied") as told:
        delete_game(GAME)
    assert not isinstance(told.value, GameOpenElsewhere | GameGone) and path.exists()


def test_a_save_that_cannot_be_removed_stays_and_its_lock_is_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    path = a_save()

    def refused(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    with monkeypatch.context() as patched, pytest.raises(SaveError, match="Permission denied"):
        patched.setattr(Path, "unlink", refused)
        delete_game(GAME)
    assert path.exists() and not is_open_elsewhere(GAME)
