"""Two yaniv processes changing the settings at once (two terminals: one picks a theme while the other turns the bell
off): each change is one key, and neither may erase the other's. Before, a change was the settings read, one key
replaced, and every key written back: a process that read before the other wrote wrote the other's key back as it
was, and its change was lost (here, in most trials of twenty rounds). Now `change_settings` reads and writes under
a lock beside the file, so each change is made to the file as the other left it."""

from __future__ import annotations

import multiprocessing
from multiprocessing.synchronize import Barrier, Event
from pathlib import Path
from unittest import mock

from yaniv_tui.store import settings
from yaniv_tui.store.files import move_aside
from yaniv_tui.store.settings import Settings, change_settings, load_settings

from .helpers import in_two

ROUNDS = 20
THEMES = ("nord", "dracula", "gruvbox", "monokai")


def change(which: int, barrier: Barrier, path: Path) -> list[str | None]:
    """One process (0) changes the theme again and again, the other (1) turns the bell off and on, ending off, from
    the moment both are ready; the problems each change told."""
    barrier.wait(timeout=30)
    if which == 0:
        return [change_settings(path, theme=THEMES[i % len(THEMES)]) for i in range(ROUNDS)]
    return [change_settings(path, bell=i % 2 == 1) for i in range(ROUNDS)]


def test_two_processes_changing_different_keys_at_once_keep_both(tmp_path: Path) -> None:
    for trial in range(3):
        path = tmp_path / f"trial{trial}" / "settings.toml"
        assert change_settings(path, join_code="ABCD") is None  # a key neither touches: kept through it all
        theme, bell = in_two(change, path)
        assert theme == bell == [None] * ROUNDS
        assert load_settings(path) == Settings(theme=THEMES[(ROUNDS - 1) % len(THEMES)], bell=True, join_code="ABCD")


def test_a_change_keeps_the_other_keys_and_a_none_removes_its_own(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('# mine\ntheme = "nord"\nfuture = 3\n', "utf-8")
    assert change_settings(path, bell=False) is None
    assert load_settings(path) == Settings(theme="nord", bell=False)
    assert change_settings(path, theme=None) is None
    text = path.read_text("utf-8")
    assert "# mine" in text and "future = 3" in text and "theme" not in text
    assert load_settings(path) == Settings(bell=False)


DAMAGED = b"theme = [unclosed\n"


def open_or_change(which: int, barrier: Barrier, path: Path, read: Event, changed: Event) -> tuple[str, str | None]:
    """Two terminals starting at once over a damaged settings file: one (0) opens the settings as the app starts,
    and waits (at most a second) between finding the file damaged and moving it aside, while the other (1) changes
    a key then (its change moves the damaged file aside and writes a good one). The line each told."""
    barrier.wait(timeout=30)
    if which == 0:

        def slow_move_aside(target: Path) -> Path:
            read.set()
            changed.wait(timeout=1)  # the other's change, unless it waits for this one's lock
            return move_aside(target)

        with mock.patch.object(settings, "move_aside", slow_move_aside):
            _, problem = settings.open_settings(path)
        return "opened", problem
    read.wait(timeout=30)
    told = change_settings(path, bell=False)
    changed.set()
    return "changed", told


def test_a_damaged_file_moved_aside_at_start_never_takes_a_good_file_written_meanwhile(tmp_path: Path) -> None:
    """Before: `open_settings` read the file, found it damaged and moved aside whatever was there by then, without
    the settings lock: the good file the other terminal wrote in between went aside with it, its change lost (and
    told as damaged). Now the move is made under the lock, on the file as read under it."""
    path = tmp_path / "settings.toml"
    path.write_bytes(DAMAGED)
    context = multiprocessing.get_context("fork")
    (opened, problem), (changed, told) = in_two(open_or_change, path, context.Event(), context.Event())
    assert (opened, changed) == ("opened", "changed")
    assert problem is not None and "moved to" in problem and "\n" not in problem
    assert told is None  # the damaged file was moved aside already: nothing to tell
    assert load_settings(path) == Settings(bell=False)
    (aside,) = tmp_path.glob("settings.toml.damaged-*")
    assert aside.read_bytes() == DAMAGED
