"""Screens reach the app through one typed seam (app_seam.game_app), and the start's notices are told once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tui_helpers import SIZE

import yaniv_tui.tui
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.app_seam import game_app
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


async def test_the_starts_notices_are_told_by_the_first_screen_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the setup screen showed them, and the table told them again when the game started."""
    told: list[str] = []
    notify = YanivApp.notify

    def noting(self: YanivApp, message: str, **kwargs: object) -> None:
        told.append(str(message))
        notify(self, message, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(YanivApp, "notify", noting)
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
    assert not any("the history had missed" in line for line in told)
