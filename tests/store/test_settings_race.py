"""Two yaniv processes changing the settings at once (two terminals: one picks a theme while the other turns the bell
off): each change is one key, and neither may erase the other's. Before, a change was the settings read, one key
replaced, and every key written back: a process that read before the other wrote wrote the other's key back as it
was, and its change was lost (here, in most trials of twenty rounds). Now `change_settings` reads and writes under
a lock beside the file, so each change is made to the file as the other left it."""

from __future__ import annotations

from multiprocessing.synchronize import Barrier
from pathlib import Path

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
