"""History: finished rounds and games go into the database; the stats screen shows them per player name."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable
from tui_helpers import SIZE, game_of, make_app, notices, play_to_end, screen_text

from yaniv_tui.store import History, history_path
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.stats import StatsScreen, two_lines


async def test_a_finished_game_and_its_rounds_are_in_the_history() -> None:
    app = make_app("seven-cards", "Ann,bot:medium:Bea,bot:medium:Cy", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameEndScreen)
        game = game_of(app.screen.session)
        rounds = len(game.history)
    with History() as history:
        stats = {s.name: s for s in history.stats()}
        assert history.games_played() == 1
    assert set(stats) == {"Ann", "Bea", "Cy"}
    assert all(s.games == 1 and s.rounds == rounds for s in stats.values())
    assert sum(s.wins for s in stats.values()) == len(game.winners)
    assert sum(s.calls for s in stats.values()) == rounds


async def test_the_stats_screen_opens_from_setup_by_key_and_button() -> None:
    app = make_app("seven-cards", "Ann,bot:medium:Bea,bot:medium:Cy", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
    setup = YanivApp()
    async with setup.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(setup.screen, StatsScreen)
        text = screen_text(setup)
        for heading in ("games", "wins", "points / round", "Yaniv calls", "calls won", "Assafs made", "Assafed"):
            assert all(line in text for line in two_lines(heading).splitlines())  # headings in two lines
        assert "Ann" in text and "Bea" in text and "Cy" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(setup.screen, SetupScreen)
        await pilot.click("#stats")
        await pilot.pause()
        assert isinstance(setup.screen, StatsScreen)


async def test_an_empty_history_says_so() -> None:
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert "No games finished yet" in screen_text(app)


async def test_a_damaged_database_is_moved_aside_in_one_notice_and_the_game_recorded_anew() -> None:
    path = history_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not a database at all, just text " * 100)
    app = make_app("seven-cards", "Ann,bot:medium,bot:medium", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        notes = notices(app)
        assert sum("was damaged" in n and "a new one started" in n for n in notes) == 1
        assert not any("No history kept" in n for n in notes)
        assert app.screen.__class__.__name__ == "GameEndScreen"
    assert len(list(path.parent.glob("history.sqlite3.damaged-*"))) == 1
    with History() as history:
        assert history.games_played() == 1


async def test_at_80_columns_the_players_table_shows_every_column_without_scrolling_sideways() -> None:
    app = make_app("seven-cards", "田中さくら,bot:medium:Bea,bot:medium:Cy", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
    setup = YanivApp()
    async with setup.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        table = setup.screen.query_one("#stats-table", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert table.max_scroll_x == 0
        text = screen_text(setup)
        assert "Assafed" in text and "Assafs" in text and "田中さくら" in text
        await pilot.resize_terminal(120, 30)  # wide enough again: the columns as far apart as before
        await pilot.pause()
        await pilot.pause()
        assert table.cell_padding == 1 and table.max_scroll_x == 0


@pytest.mark.parametrize("tab", ["p", "g"])
async def test_the_stats_screen_on_a_fresh_install_says_no_games_yet_and_makes_nothing(
    tab: str, private_folders: tuple[Path, Path]
) -> None:
    """Before: opening the stats screen made the data folder and an empty history database, to list nothing (the
    command line's listings no longer do)."""
    data, _ = private_folders
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press(tab)
        await pilot.pause()
        assert "No games finished yet" in " ".join(screen_text(app).split())
    assert not data.exists() or list(data.iterdir()) == []
