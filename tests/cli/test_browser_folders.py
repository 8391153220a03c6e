"""`yaniv serve` keeps at most MAX_BROWSER_FOLDERS browsers' folders: a new browser's folder past it removes the ones
used longest ago first, and those no browser can use any more (their key's cookie has expired), never one a page has
open (here or in another `yaniv serve` on the same data folder), so keys made up by the thousand cannot fill the disk
and no live browser loses its seats."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from yaniv_tui.cli import browsers
from yaniv_tui.cli.browsers import KEY_MAX_AGE, browser_tokens_dir, hold_browser_folder, new_browser_key
from yaniv_tui.cli.parser import MAX_SESSIONS
from yaniv_tui.store import paths


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def aged(folder: Path, seconds_ago: float) -> Path:
    when = time.time() - seconds_ago
    os.utime(folder, (when, when))
    return folder


def kept(data_folder: Path) -> set[Path]:
    return set((data_folder / browsers.BROWSERS_FOLDER).iterdir())


def test_the_bound_leaves_room_for_every_page_open_at_once() -> None:
    assert browsers.MAX_BROWSER_FOLDERS > MAX_SESSIONS


def test_past_the_bound_the_folders_used_longest_ago_go_first(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 3)
    old, older, oldest = (browser_tokens_dir(new_browser_key()) for _ in range(3))
    (oldest / "tokens").write_text("a seat's token")
    for folder, ago in ((old, 100), (older, 200), (oldest, 300)):
        aged(folder, ago)
    newest = browser_tokens_dir(new_browser_key())
    assert kept(data_folder) == {old, older, newest}
    again = browser_tokens_dir(new_browser_key())
    assert kept(data_folder) == {old, newest, again}


def test_a_folder_a_page_has_open_is_never_removed(data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 2)
    live = browser_tokens_dir(new_browser_key())
    with hold_browser_folder(live):
        aged(live, 2 * KEY_MAX_AGE)
        for _ in range(5):
            other = aged(browser_tokens_dir(new_browser_key()), 10)
            assert live.is_dir() and len(kept(data_folder)) == 2
    # Let go, it was used now: the newest, so the other goes first; once expired it goes like any other.
    newest = browser_tokens_dir(new_browser_key())
    assert kept(data_folder) == {live, newest} and not other.exists()
    aged(live, KEY_MAX_AGE + 1)
    browser_tokens_dir(new_browser_key())
    assert not live.exists()


def test_a_folder_another_serve_has_open_is_never_removed(data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 1)
    live = aged(browser_tokens_dir(new_browser_key()), 1000)
    holder = textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from yaniv_tui.cli.browsers import hold_browser_folder
        with hold_browser_folder(Path({str(live)!r})):
            print("held", flush=True)
            sys.stdin.readline()
    """)
    with subprocess.Popen(
        [sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as other:
        try:
            assert other.stdout is not None and other.stdout.readline() == "held\n"
            new = browser_tokens_dir(new_browser_key())
            assert live.is_dir() and new.is_dir()
        finally:
            assert other.stdin is not None
            other.stdin.close()
            other.wait(timeout=30)


def test_an_expired_keys_folder_goes_even_under_the_bound(data_folder: Path) -> None:
    expired = aged(browser_tokens_dir(new_browser_key()), KEY_MAX_AGE + 3600)
    recent = aged(browser_tokens_dir(new_browser_key()), KEY_MAX_AGE - 3600)
    newest = browser_tokens_dir(new_browser_key())
    assert kept(data_folder) == {recent, newest}
    assert not expired.exists()


def test_a_browser_coming_back_keeps_its_folder_and_counts_as_used_now(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 2)
    key = new_browser_key()
    mine = browser_tokens_dir(key)
    (mine / "tokens").write_text("a seat's token")
    aged(mine, 500)
    other = aged(browser_tokens_dir(new_browser_key()), 100)
    assert browser_tokens_dir(key) == mine and (mine / "tokens").exists()
    browser_tokens_dir(new_browser_key())
    assert mine.is_dir() and not other.exists()


def test_only_browsers_folders_are_counted_or_removed(data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 1)
    root = browser_tokens_dir(new_browser_key()).parent
    stranger = root / "notes.txt"
    stranger.write_text("someone's file")
    aged(stranger, 2 * KEY_MAX_AGE)
    browser_tokens_dir(new_browser_key())
    assert stranger.read_text() == "someone's file"


def test_a_folder_two_pages_of_one_browser_hold_stays_held_until_both_close(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(browsers, "fcntl", None)  # where there is no file lock, as on Windows: this process's count
    folder = browser_tokens_dir(new_browser_key())
    with hold_browser_folder(folder):
        with hold_browser_folder(folder):  # a second tab of the same browser
            assert browsers._in_use(folder)
        assert browsers._in_use(folder)
    assert not browsers._in_use(folder)


def _with_a_game(folder: Path) -> Path:
    """`folder` with a saved game in progress, where a page's `yaniv serve --play` keeps it."""
    saves = folder / browsers.DATA_FOLDER / "saves"
    saves.mkdir(parents=True)
    (saves / "0123abcd.json").write_text("{}")
    return folder


def test_a_folder_with_a_game_in_progress_is_never_removed_nor_counted(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under `yaniv serve --play` a browser's folder holds its saved games: its player, coming back (the same browser),
    expects Continue to find the game, however many browsers came meanwhile and however long ago it was played. It is
    kept past the bound and past its key's age, and does not count against the bound (the gameless ones go)."""
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 2)
    playing = aged(_with_a_game(browser_tokens_dir(new_browser_key())), 10 * KEY_MAX_AGE)
    old = aged(browser_tokens_dir(new_browser_key()), 300)
    newer = aged(browser_tokens_dir(new_browser_key()), 200)
    assert kept(data_folder) == {playing, old, newer}
    newest = browser_tokens_dir(new_browser_key())
    assert kept(data_folder) == {playing, newer, newest}
    assert (playing / browsers.DATA_FOLDER / "saves" / "0123abcd.json").exists()


def test_a_folder_with_neither_a_save_nor_a_history_goes_as_any_other(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 2)
    over = browser_tokens_dir(new_browser_key())
    (over / browsers.DATA_FOLDER / "saves").mkdir(parents=True)  # an empty saves folder: no game in it
    aged(over, 300)
    other = aged(browser_tokens_dir(new_browser_key()), 200)
    newest = browser_tokens_dir(new_browser_key())
    assert kept(data_folder) == {other, newest}


def test_a_folder_with_finished_games_records_is_never_removed_nor_counted(
    data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser's folder holds its history: its finished rounds and games, each game's record (`yaniv serve --play`
    plays them there; a joined table's host sends its record there at the game's end). Before: once enough other
    browsers came, the folder went, and every finished game's record with it."""
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 2)
    played = browser_tokens_dir(new_browser_key())
    (played / browsers.DATA_FOLDER).mkdir(parents=True)
    (played / browsers.DATA_FOLDER / "history.sqlite3").write_bytes(b"SQLite format 3\0")
    aged(played, 10 * KEY_MAX_AGE)
    old = aged(browser_tokens_dir(new_browser_key()), 300)
    newer = aged(browser_tokens_dir(new_browser_key()), 200)
    newest = browser_tokens_dir(new_browser_key())
    assert kept(data_folder) == {played, newer, newest}
    assert old not in kept(data_folder)
    assert (played / browsers.DATA_FOLDER / "history.sqlite3").exists()
