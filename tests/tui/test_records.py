"""The records: the game-end chart over every round (and its library loaded only there), the stats screen by
bot level and ruleset, and the theme remembered in the user's settings."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from records_helpers import GameEndApp, finished_session
from textual.widgets import DataTable, Select
from tui_helpers import SIZE, screen_text

from yaniv_tui.store import history_path
from yaniv_tui.store.settings import Settings, load_settings, settings_path
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.stats import StatsScreen

OLD_HISTORY = Path(__file__).parents[1] / "store" / "data" / "history-v2.sqlite3"


async def test_the_game_end_chart_shows_every_round() -> None:
    """Before: the chart showed the last 24 rounds only; this game has 28."""
    session = finished_session()
    assert len(session.game.history) == 28
    app = GameEndApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
    axis = next((line for line in text.splitlines() if re.search(r"\b0\s+3\s+6\s+9\s+12\b", line)), "")
    assert axis.split()[-2:] == ["28", "│"], axis  # the rounds' axis runs from 0 to the last round
    assert "end score 200" in text and "lucky reset" in text and "◆" in text


def test_starting_the_app_does_not_load_the_plotting_library() -> None:
    """The chart's library (textual-plotext, plotext) is imported when a game ends, not at start-up."""
    code = textwrap.dedent(
        """
        import asyncio, sys
        from yaniv_tui.cli import main
        from yaniv_tui.tui.app import YanivApp
        from yaniv_tui.tui.screens import game_end

        async def run():
            app = YanivApp(None, {})
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                print(type(app.screen).__name__)

        asyncio.run(run())
        print(sorted(m for m in sys.modules if "plotext" in m))
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.split("\n")[-3:] == ["SetupScreen", "[]", ""], done.stdout


async def test_the_stats_screen_keeps_a_bot_by_level_and_filters_by_ruleset() -> None:
    path = history_path()
    path.parent.mkdir(parents=True)
    shutil.copyfile(OLD_HISTORY, path)  # made by an older yaniv-tui: Avi a medium bot, then an easy one
    app = YanivApp(None, {})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        table = screen.query_one("#stats-table", DataTable)
        rows = [tuple(str(cell) for cell in table.get_row_at(i)[:3]) for i in range(table.row_count)]
        assert ("Avi", "medium bot", "2") in rows and ("Avi", "easy bot", "1") in rows
        versus = screen.query_one("#versus-table", DataTable)
        assert [str(versus.get_row_at(i)[1]) for i in range(versus.row_count)] == [
            "easy bots",
            "medium bots",
            "hard bots",
        ]
        screen.query_one("#stats-ruleset", Select).value = "sursis"
        await pilot.pause()
        assert table.row_count == 3
        assert all(str(table.get_row_at(i)[2]) == "1" for i in range(3))


async def test_the_theme_chosen_is_remembered_in_the_settings() -> None:
    """Before: a theme chosen from the command palette was forgotten at the next start."""
    app = YanivApp(None, {})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark" and not settings_path().exists()
        app.theme = "nord"
        await pilot.pause()
    assert load_settings() == Settings(theme="nord", bell=True)
    again = YanivApp(None, {})
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


async def test_a_damaged_settings_file_starts_with_the_defaults_in_one_notice() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("theme = [nord\n", "utf-8")
    app = YanivApp(None, {})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        notes = [n.message for n in app._notifications]
        assert sum("damaged" in n for n in notes) == 1 and all("\n" not in n for n in notes)
    assert path.read_text("utf-8") == "theme = [nord\n"  # kept as it was
