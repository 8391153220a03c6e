"""Screens reach the app through one typed seam (app_seam.game_app), and the start's notices are told once."""

from __future__ import annotations

import re
from pathlib import Path

from tui_helpers import SIZE, notices, on_screen, screen_text

import yaniv_tui.tui
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.app_seam import ScreenNotes, game_app, notes_of
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.join import JoinScreen
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen

TUI = Path(yaniv_tui.tui.__file__).parent


def test_no_screen_reads_the_app_by_name() -> None:
    """Before: eight `getattr(self.app, ...)`/`hasattr` reads that mypy could not check, each with a default."""
    by_name = re.compile(r"\b(getattr|hasattr)\(self\.app\b")
    found = [
        f"{path.relative_to(TUI)}:{number}"
        for path in sorted(TUI.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if by_name.search(line)
    ]
    assert found == []


async def test_a_screen_gets_the_app_it_runs_in() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, ascii=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seam = game_app(app.screen)
        assert seam is app and seam.ascii_cards and seam.told is app.told and seam.history is app.history


async def test_the_starts_notices_are_told_by_the_first_screen_only() -> None:
    """Before: the setup screen showed them, and the table told them again when the game started."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, notices=("a finished game the history had missed is recorded",)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert "the history had missed" in str(setup.query_one("#save-problem").render())
        setup.action_start()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.pause()
    assert not any("the history had missed" in line for line in notices(app))


def test_no_screen_reads_another_screens_notes_by_name() -> None:
    """Before: the help read `NO_RULES` and `FIELD_KEYS`, the key bar `BAR_LEAVES_OUT_FIRST`, each by `getattr` with
    a default of its own, which mypy could not check: now `ScreenNotes`, read through `notes_of`."""
    by_name = re.compile(r"""getattr\([^)]*["'](NO_RULES|FIELD_KEYS|BAR_LEAVES_OUT_FIRST)["']""")
    found = [
        f"{path.relative_to(TUI)}:{number}"
        for path in sorted(TUI.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if by_name.search(line)
    ]
    assert found == []


async def _never_joins(address: str, code: str, name: str | None) -> Client:
    raise AssertionError("this test joins no table")


async def test_the_help_over_the_join_screen_says_its_notes_and_over_the_table_the_defaults() -> None:
    """The join screen's FIELD_KEYS and NO_RULES reach the help over it; a table says no FIELD_KEYS, and its key bar
    leaves out its BAR_LEAVES_OUT_FIRST."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0), joining=JoinRequest(joiner=_never_joins))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        join = app.screen
        assert isinstance(join, JoinScreen) and notes_of(join) is join
        await pilot.press("f1")
        await on_screen(pilot, HelpScreen)
        assert notes_of(app.screen) is ScreenNotes
        text = " ".join(screen_text(app).split())
        assert "The table's host chooses the rules" in text and "In a field, ? and q are letters" in text, text
    assert notes_of(object()) is ScreenNotes and ScreenNotes.FIELD_KEYS == "" and ScreenNotes.BAR_LEAVES_OUT_FIRST == ()
    assert TableScreen.BAR_LEAVES_OUT_FIRST == ("scores", "back") and TableScreen.NO_RULES == ScreenNotes.NO_RULES
