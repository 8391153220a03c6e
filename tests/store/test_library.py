"""One save per game: listed newest first, found by an id prefix, locked while played, never lost at its end."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from yaniv_tui.store import History, history_path
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.store.library import find_save, record_pending, scan_saves, short_ids
from yaniv_tui.store.locks import GameOpenElsewhere, is_open_elsewhere, lock_game
from yaniv_tui.store.paths import legacy_save_path, lock_path, save_path, saves_dir
from yaniv_tui.store.saves import SaveError, SaveMeta, Seat, save_game

from .helpers import new_game, play

#: Named as `new_game` names its players: a save read back names its seats after the game.
SEATS = (Seat.person("Player 1"), Seat.bot("medium", "Player 2"), Seat.bot("medium", "Player 3"))


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    return folder


def saved(seed: int, actions: int = 5, game_id: str | None = None) -> SaveMeta:
    """A game in progress saved in its own file; its meta."""
    meta = SaveMeta(SEATS, screen_seat=0, game_id=game_id) if game_id else SaveMeta(SEATS, screen_seat=0)

    save_game(play(new_game(seed=seed), actions=actions), meta)
    return meta


def test_two_games_keep_two_saves_listed_newest_first(data_dir: Path) -> None:
    first = saved(1)
    time.sleep(0.01)
    second = saved(2)
    assert save_path(first.game_id) == data_dir / "saves" / f"{first.game_id}.json"
    listing = scan_saves()
    assert [s.meta.game_id for s in listing.games] == [second.game_id, first.game_id]
    assert listing.problems == () and listing.pending == ()
    assert listing.newest is not None and listing.newest.meta.game_id == second.game_id


def test_an_old_single_save_is_moved_into_the_saves_folder_on_first_use(data_dir: Path) -> None:
    old = legacy_save_path()
    assert old == data_dir / "save.json"
    game = play(new_game(seed=3), actions=9)
    meta = SaveMeta(SEATS, screen_seat=0)
    save_game(game, meta, path=old)  # as the yaniv-tui before one save per game left it
    listing = scan_saves()
    assert [s.meta.game_id for s in listing.games] == [meta.game_id]
    assert game_to_dict(listing.games[0].game) == game_to_dict(game)
    assert not old.exists() and save_path(meta.game_id).exists()
    assert scan_saves().games[0].meta == meta  # once moved, it stays


def test_an_old_single_save_that_is_damaged_is_moved_aside_in_one_line(data_dir: Path) -> None:
    data_dir.mkdir()
    legacy_save_path().write_text("{ half a save")
    listing = scan_saves()
    assert listing.games == ()
    (line,) = listing.problems
    assert "damaged" in line and "moved to" in line and "\n" not in line
    assert list(data_dir.glob("save.json.damaged-*"))


def test_a_damaged_save_is_one_line_moved_aside_and_the_rest_still_listed(data_dir: Path) -> None:
    good = saved(4)
    bad = saved(5)
    path = save_path(bad.game_id)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    lock_game(bad.game_id).release()  # played once, so its lock file is there
    assert lock_path(bad.game_id).exists()
    listing = scan_saves()
    assert not lock_path(bad.game_id).exists()  # no lock file left for a save that has gone aside
    assert [s.meta.game_id for s in listing.games] == [good.game_id]
    (line,) = listing.problems
    assert "damaged" in line and "moved to" in line and "\n" not in line
    (aside,) = saves_dir().glob(f"{bad.game_id}.json.damaged-*")
    assert aside.read_text() == text[: len(text) // 2]
    assert scan_saves().problems == ()


def test_a_save_under_another_games_name_is_damage(data_dir: Path) -> None:
    meta = saved(6)
    os.rename(save_path(meta.game_id), saves_dir() / "abcdef.json")
    listing = scan_saves()
    assert listing.games == () and "abcdef" in listing.problems[0]


def test_a_game_is_found_by_a_unique_prefix_of_its_id() -> None:
    a = saved(1, game_id="aa11")
    b = saved(2, game_id="aa22")
    c = saved(3, game_id="bb33")
    listing = scan_saves()
    assert find_save(listing, "aa1").meta == a
    assert find_save(listing, "bb33").meta == c
    assert find_save(listing, None).meta == c  # the newest
    with pytest.raises(SaveError, match=r"'aa' matches 2 saved games \(aa11, aa22\)"):
        find_save(listing, "aa")
    with pytest.raises(SaveError, match=r"no saved game has an id starting with 'zz'.*aa11, aa22, bb33"):
        find_save(listing, "zz")
    with pytest.raises(SaveError, match="letters and digits"):
        find_save(listing, "../x")
    assert b.game_id == "aa22"


def test_with_no_saves_finding_one_says_where_it_looked(data_dir: Path) -> None:
    with pytest.raises(SaveError, match="there is no saved game"):
        find_save(scan_saves(), None)


def test_short_ids_are_unique_prefixes() -> None:
    ids = ["0123456789ab", "0123456fffff", "9999999999"]
    assert short_ids(ids) == {"0123456789ab": "01234567", "0123456fffff": "0123456f", "9999999999": "999999"}


def test_a_finished_game_is_pending_not_offered_and_recorded_at_the_next_start(data_dir: Path) -> None:
    meta = SaveMeta(SEATS)
    game = play(new_game(seed=8))
    save_game(game, meta)
    listing = scan_saves()
    assert listing.games == () and [s.meta.game_id for s in listing.pending] == [meta.game_id]
    with pytest.raises(SaveError, match="finished"):
        find_save(listing, meta.game_id[:6])
    (line,) = record_pending()
    assert "recorded" in line and "\n" not in line
    assert not save_path(meta.game_id).exists()
    with History() as history:
        assert history.games_played() == 1
        assert sum(s.calls for s in history.stats()) == len(game.history)


def test_a_pending_game_stays_when_the_history_is_still_locked(data_dir: Path) -> None:
    meta = SaveMeta(SEATS)
    save_game(play(new_game(seed=8)), meta)
    History().close()
    holder = sqlite3.connect(history_path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        (line,) = record_pending(timeout=0.05)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "in use by another program, perhaps another yaniv" in line and "kept" in line and "\n" not in line
    assert save_path(meta.game_id).exists()
    assert "recorded" in record_pending()[0]


def test_a_lock_is_exclusive_released_and_reusable(data_dir: Path) -> None:
    lock = lock_game("g1")
    assert is_open_elsewhere("g1")
    with pytest.raises(GameOpenElsewhere, match="open in another yaniv"):
        lock_game("g1")
    other = lock_game("g2")  # another game is another lock
    lock.release()
    assert not is_open_elsewhere("g1")
    lock_game("g1").release(remove=True)
    assert not (saves_dir() / "g1.lock").exists()
    other.release()


HOLD = textwrap.dedent(
    """
    import sys, time
    from yaniv_tui.store.locks import lock_game
    lock = lock_game(sys.argv[1])
    print("locked", flush=True)
    time.sleep(60)
    """
)


def test_a_game_locked_by_another_process_is_open_elsewhere_until_that_process_dies(data_dir: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLD, "g7"], stdout=subprocess.PIPE, env=os.environ | {"YANIV_DATA_DIR": str(data_dir)}
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == b"locked"
        with pytest.raises(GameOpenElsewhere) as error:
            lock_game("g7")
        assert f"process {child.pid}" in str(error.value) and "\n" not in str(error.value)
    finally:
        child.kill()
        child.wait()
        assert child.stdout is not None
        child.stdout.close()
    lock_game("g7").release()  # the lock died with the process


def test_a_pending_game_locked_elsewhere_is_left_to_its_process(data_dir: Path) -> None:
    meta = SaveMeta(SEATS)
    save_game(play(new_game(seed=8)), meta)
    lock = lock_game(meta.game_id)
    try:
        assert record_pending() == []
        assert save_path(meta.game_id).exists()
    finally:
        lock.release()


def test_the_save_file_names_its_game(data_dir: Path) -> None:
    meta = saved(9)
    document = json.loads(save_path(meta.game_id).read_text())
    assert document["meta"]["game_id"] == meta.game_id


def test_a_damaged_save_of_a_game_open_elsewhere_is_told_not_moved(data_dir: Path) -> None:
    meta = saved(4)
    path = save_path(meta.game_id)
    path.write_text("{")
    lock = lock_game(meta.game_id)  # its process is still playing it, and will write it whole again
    try:
        (line,) = scan_saves().problems
    finally:
        lock.release()
    assert "another yaniv has it open" in line and path.exists()


def test_a_file_where_the_data_folder_should_be_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: `yaniv saves` said "No games in progress" over a data folder that is a file, where no game can be
    saved; now the listing says what is in the way."""
    blocker = tmp_path / "data-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("YANIV_DATA_DIR", str(blocker))
    listing = scan_saves()
    assert listing.games == () and listing.pending == ()
    assert listing.problems == (f"the saves folder {saves_dir()} cannot be made: {blocker} is not a folder",)
