"""Claiming a saved game gives the save and its lock side by side: a save read from disk is plain data and
carries no live OS lock (issue 30, item 4). Before, `SavedGame` had a `lock` field that `claim_game` filled in."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from locks_refused import refuse_opening

from yaniv_tui.engine import Seat
from yaniv_tui.store import (
    Claimed,
    GameGone,
    GameLock,
    GameOpenElsewhere,
    SavedGame,
    SaveError,
    SaveMeta,
    claim_game,
    claim_newest,
    is_open_elsewhere,
    library,
    lock_game,
    locks,
    read_save,
    save_game,
    scan_saves,
)
from yaniv_tui.store.paths import lock_path, save_path
from yaniv_tui.store.saves import load_save

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


def test_a_lock_file_that_cannot_be_opened_is_played_unlocked_and_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lock file left by a `sudo yaniv` (owned by root, not this user's to open): the game is played unlocked, as
    before, but no longer without a word. Run as root, permissions cannot refuse it: the open of the lock's path is
    made to raise PermissionError, as it does then."""
    a_save()
    path = lock_path("claim0001")
    refuse_opening(path, monkeypatch)  # the file the other yaniv left
    claimed = claim_game("claim0001")
    assert claimed.saved.game_id == "claim0001"
    assert claimed.lock is not None and not claimed.lock.held
    assert claimed.lock.unprotected == (
        f"the game claim000 is played unlocked, as its lock file {path} cannot be opened (Permission denied; "
        "perhaps a 'sudo yaniv' left it: remove it): it is not protected from a second terminal playing it at the "
        "same time"
    )
    claimed.lock.release()  # nothing held: nothing to let go, the file left as it is
    assert path.exists()


def test_a_lock_taken_says_nothing() -> None:
    a_save()
    claimed = claim_game("claim0001")
    assert claimed.lock is not None and claimed.lock.held and claimed.lock.unprotected is None
    claimed.lock.release()


def test_claiming_a_game_deleted_meanwhile_says_so_and_leaves_no_lock_file() -> None:
    # A listing showed it; another yaniv deleted it (its lock taken and removed with the save) before this one claimed
    # it. Before, the claim's lock file stayed behind for a game that is no more.
    path = a_save()
    path.unlink()
    with pytest.raises(SaveError, match="no longer saved"):
        claim_game("claim0001")
    assert not lock_path("claim0001").exists()


def test_claiming_a_game_another_yaniv_is_deleting_says_it_is_gone_not_open_there() -> None:
    # The other yaniv deletes it as the saved-games list does: its lock taken, the save removed, the lock let go (and
    # removed). Before, a claim in between (the save gone, the lock not yet let go) said "open in another yaniv".
    path = a_save()
    deleting = lock_game("claim0001")
    path.unlink()
    try:
        with pytest.raises(SaveError) as told:
            claim_game("claim0001")
        assert not isinstance(told.value, GameOpenElsewhere)
        assert "no longer saved" in str(told.value) and "open in another" not in str(told.value)
    finally:
        deleting.release(remove=True)
    assert not lock_path("claim0001").exists()


def test_claiming_a_game_as_another_yaniv_deletes_it_waits_out_the_delete_and_says_it_is_gone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The claim meets the delete's lock while the save is still there: a delete holds the lock a moment, so the claim
    # waits that moment for it (the delete done on its first pause here), and says the game is gone.
    path = a_save()
    deleting = lock_game("claim0001")
    pauses: list[float] = []

    def delete_done(seconds: float) -> None:
        if not pauses:
            path.unlink()
            deleting.release(remove=True)
        pauses.append(seconds)

    monkeypatch.setattr(locks, "_pause", delete_done)
    with pytest.raises(SaveError) as told:
        claim_game("claim0001")
    assert not isinstance(told.value, GameOpenElsewhere)
    assert "no longer saved" in str(told.value) and "open in another" not in str(told.value)
    assert len(pauses) == 1 and not lock_path("claim0001").exists()


def test_a_game_open_in_another_yaniv_is_told_so_once_the_claim_has_waited_a_moment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a_save()
    pauses: list[float] = []
    monkeypatch.setattr(locks, "_pause", pauses.append)
    playing = lock_game("claim0001")
    try:
        with pytest.raises(GameOpenElsewhere, match="open in another yaniv"):
            claim_game("claim0001")
    finally:
        playing.release()
    assert pauses and sum(pauses) >= locks.CLAIM_WAIT  # never waiting for ever: no longer than a delete takes


def test_a_save_deleted_while_listed_is_no_problem_to_tell(monkeypatch: pytest.MonkeyPatch) -> None:
    # The listing found the file, then another yaniv deleted it (its lock held a moment). Before: "the saved game
    # claim0001.json cannot be read (no such file); another yaniv has it open".
    path = a_save()
    deleting = lock_game("claim0001")

    def deleted_first(source: Path) -> SavedGame:
        path.unlink()
        return read_save(source)

    monkeypatch.setattr(library, "read_save", deleted_first)
    try:
        listing = scan_saves()
    finally:
        deleting.release(remove=True)
    assert listing.games == () and listing.problems == ()


def saves(*ids: str) -> list[str]:
    for game_id in ids:
        meta = SaveMeta((Seat.person("Player 1"), Seat.bot("easy", "Player 2")), screen_seat=0, game_id=game_id)
        save_game(play(new_game(players=2), 6), meta)
    return list(ids)


def test_claiming_the_newest_of_games_all_open_elsewhere_waits_once_in_all_not_once_a_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # `yaniv --resume` with no id tries every game, newest first. Before, each game open in another yaniv was waited
    # for CLAIM_WAIT in turn: four such games, four times the wait for one.
    pauses: list[float] = []
    monkeypatch.setattr(locks, "_pause", pauses.append)
    ids = saves("open0001", "open0002", "open0003", "open0004")
    held = [lock_game(game_id) for game_id in ids]
    try:
        with pytest.raises(GameOpenElsewhere):
            claim_game(ids[0])
        one_game = len(pauses)
        pauses.clear()
        assert one_game > 0 and claim_newest(ids) is None
        assert len(pauses) == one_game  # the waits for one game, not for each of the four
        held.pop(2).release()  # a game let go meanwhile is claimed without waiting
        pauses.clear()
        claimed = claim_newest(ids)
        assert claimed is not None and claimed.saved.game_id == "open0003" and pauses == []
        assert claimed.lock is not None
        claimed.lock.release()
    finally:
        for lock in held:
            lock.release()


def test_claiming_the_newest_takes_a_game_let_go_while_it_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every game open elsewhere; the other yaniv quits one of them during the wait: that one is claimed then.
    ids = saves("open0005", "open0006")
    playing = lock_game(ids[0])
    deleting = lock_game(ids[1])
    pauses: list[float] = []

    def let_go(seconds: float) -> None:
        if len(pauses) == 2:
            deleting.release()
        pauses.append(seconds)

    monkeypatch.setattr(locks, "_pause", let_go)
    try:
        claimed = claim_newest(ids)
        assert claimed is not None and claimed.saved.game_id == ids[1] and len(pauses) == 3
        assert claimed.lock is not None
        claimed.lock.release()
    finally:
        playing.release()


def test_claiming_the_newest_goes_on_past_a_game_deleted_during_the_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    # `yaniv --resume` with no id listed two games; another yaniv deleted the newest before its claim read it. Before,
    # the claim stopped with "the game ... is no longer saved" and the older game was never tried.
    ids = saves("gone0001", "next0002")

    def deleted_first(path: Path) -> SavedGame | None:
        if path.stem == "gone0001":
            path.unlink()
        return load_save(path)

    monkeypatch.setattr(library, "load_save", deleted_first)
    claimed = claim_newest(ids)
    assert claimed is not None and claimed.saved.game_id == "next0002"
    assert claimed.lock is not None
    claimed.lock.release()
    assert not lock_path("gone0001").exists()


def test_claiming_the_newest_goes_on_past_a_game_finished_in_another_yaniv(monkeypatch: pytest.MonkeyPatch) -> None:
    # The other yaniv played the newest game to its end (its save kept until the history holds it) after the listing.
    ids = saves("done0001", "next0003")
    finished = play(new_game(players=2), 10_000)
    assert finished.is_over
    meta = SaveMeta((Seat.person("Player 1"), Seat.bot("easy", "Player 2")), screen_seat=0, game_id="done0001")
    save_game(finished, meta)
    claimed = claim_newest(ids)
    assert claimed is not None and claimed.saved.game_id == "next0003"
    assert claimed.lock is not None
    claimed.lock.release()


@pytest.mark.parametrize(
    ("ids", "went"),
    [
        (("gone0003", "gone0004"), "the 2 saved games were"),
        (("gone0005",), "the saved game was"),
    ],
)
def test_claiming_the_newest_when_every_game_is_gone_says_so_of_them_all(ids: tuple[str, ...], went: str) -> None:
    # Nothing left to go on to. Before, the line spoke of the newest alone, by its id ("the game gone0003 is no longer
    # saved"), though every one had gone: now what happened to them all, in one line.
    saves(*ids)
    for game_id in ids:
        save_path(game_id).unlink()
    with pytest.raises(GameGone) as told:
        claim_newest(ids)
    assert str(told.value) == f"no saved game is left to resume: {went} finished or deleted in another yaniv"


def test_the_games_resumed_are_the_tables_under_yaniv_host_and_the_others_under_yaniv() -> None:
    # `yaniv --resume` and Continue cannot play a table (a seat played from another machine): before, the newest game
    # was claimed whatever it was, and a newer table stopped them.
    saves("locl0001")
    table = SaveMeta((Seat.person("Player 1"), Seat.remote("Player 2")), screen_seat=0, game_id="tabl0002")
    save_game(play(new_game(players=2), 6), table)
    games = scan_saves().games
    assert [saved.game_id for saved in library.resumable(games)] == ["locl0001"]
    assert [saved.game_id for saved in library.resumable(games, hosted=True)] == ["tabl0002"]
