"""Every dialog hides what it covers: around its box only its backdrop, never the table's or the setup screen's text
dimmed under a see-through shade, which read as part of the dialog (a seat's "▶", the hand's lower edges)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.screen import Screen
from tui_helpers import make_app, screen_lines, settle, until

from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.saved_games import SavedGamesScreen
from yaniv_tui.tui.screens.say import SayScreen
from yaniv_tui.tui.screens.table import TableScreen

#: The box of every dialog: the dialogs of base.tcss, the table's "say" box.
BOX = ".dialog, #say-box"


def around_the_box(app: YanivApp) -> list[str]:
    """Every row of the screen but its key bar (the last), with the dialog's box cut out."""
    box = app.screen.query_one(BOX).region
    return [
        line[: box.x] + line[box.right :] if box.y <= y < box.bottom else line
        for y, line in enumerate(screen_lines(app)[:-1])
    ]


#: How a person opens each dialog over the table: a key, or what the key does where it is offered (the say box of a
#: table with other machines, pushed here over a local one; the question ctrl+q asks in a browser's page).
OPENED: dict[str, Callable[[YanivApp], object] | str] = {
    "scores": "s",
    "concede": "c",
    "quit": YanivApp.ask_to_quit,
    "say": lambda app: app.push_screen(SayScreen()),
}


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("dialog", list(OPENED))
async def test_nothing_of_the_table_shows_around_a_dialog(dialog: str, size: tuple[int, int]) -> None:
    """Before, the scores, the concede and the quit questions showed the table dimmed around their box (its title,
    a seat's "▶", the hand's lower edges below the box), while the help and the house rules hid it: one backdrop."""
    app = make_app("israeli", "Ann,bot:easy,bot:easy", seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        opened = OPENED[dialog]
        if isinstance(opened, str):
            await pilot.press(opened)
        else:
            opened(app)
        await until(pilot, lambda: app.screen is not table)
        await pilot.pause()
        around = around_the_box(app)
        assert all(not line.strip() for line in around), around


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_nothing_of_the_setup_screen_shows_around_the_saved_games(size: tuple[int, int]) -> None:
    app = YanivApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        setup: Screen[object] = app.screen
        app.push_screen(SavedGamesScreen([]))
        await until(pilot, lambda: app.screen is not setup)
        await pilot.pause()
        around = around_the_box(app)
        assert all(not line.strip() for line in around), around


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("ascii_only", [False, True], ids=["symbols", "ascii"])
@pytest.mark.parametrize("listing", ["commands", "themes"])
async def test_the_command_palette_hides_the_table(size: tuple[int, int], ascii_only: bool, listing: str) -> None:
    """Before, the command palette (ctrl+p) showed the table dimmed above its search line and below its list (the
    title, the seats' top rows, the hand), as the dialogs did; and its search line began with 🔎 in ASCII too, a box
    where a terminal has no emoji font. So did its list of themes (its Theme command). Now only the palette's lines
    show, its search mark `>` in ASCII."""
    from textual.command import CommandInput, CommandList, CommandPalette

    app = make_app("israeli", "Ann,bot:easy,bot:easy", seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.ascii_cards = ascii_only
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        palette = app.screen
        if listing == "themes":
            await pilot.press(*"theme")
            await until(pilot, lambda: palette.query_one(CommandList).option_count > 0)
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is not palette and isinstance(app.screen, CommandPalette))
            palette = app.screen
            assert "theme" in str(palette.query_one(CommandInput).placeholder)
        await until(pilot, lambda: palette.query_one(CommandList).region.height > 0)
        for _ in range(4):
            await pilot.pause()
        shown = [palette.query_one("#--input").region, palette.query_one(CommandList).region]
        lines = screen_lines(app)
        around = [line for y, line in enumerate(lines[:-1]) if not any(r.y <= y < r.bottom for r in shown)]
        assert all(not line.strip() for line in around), around
        search = "".join(lines[shown[0].y : shown[0].bottom])
        assert ("🔎" in search) is not ascii_only and (">" in search) is ascii_only, search
