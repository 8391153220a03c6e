"""The setup screen the same at every size, with or without a saved game: focus starts on the ruleset list, ↑↓
move from field to field (never scroll instead), and Start, Stats and Edit rules… show without scrolling
(issue 28, items 6 and 11)."""

from __future__ import annotations

import pytest
from textual.widgets import Button, OptionList

from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import SaveMeta, Seat, save_game
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.keybar import KeyBar

SIZES = [(80, 24), (100, 30)]


def a_saved_game() -> str:
    """A game of Ann against two bots, saved as `yaniv` leaves it on ctrl+q; its id."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea", "Cy"], seed=1)
    meta = SaveMeta((Seat.person("Ann"), Seat.bot("medium", "Bea"), Seat.bot("easy", "Cy")))
    save_game(game, meta)
    return meta.game_id


@pytest.mark.parametrize("saved", [False, True], ids=["no-save", "save"])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
async def test_focus_starts_on_the_rules_and_down_down_enter_starts_the_third(
    size: tuple[int, int], saved: bool
) -> None:
    game_id = a_saved_game() if saved else None
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert isinstance(screen.focused, OptionList) and screen.focused.id == "presets"
        third = list(screen.presets)[2]
        await pilot.press("down", "down")
        assert screen.ruleset_id == third
        assert screen.query(SeatRow).first().kind == "human"
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen), "enter on the rules starts a new game"
        assert table.rules.id == third and table.session.meta.game_id != game_id
        assert table.session.options.seats[0].is_human


@pytest.mark.parametrize("saved", [False, True], ids=["no-save", "save"])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
async def test_down_walks_every_field_in_order_and_up_walks_back(size: tuple[int, int], saved: bool) -> None:
    if saved:
        a_saved_game()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        chain = list(screen.focus_chain)
        assert chain[0].id == "presets"
        if saved:
            assert chain[1].id == "continue-saved"
        else:
            assert isinstance(chain[1], SeatRow)
        presets = screen.query_one("#presets", OptionList)
        presets.highlighted = presets.option_count - 1
        for field in chain[1:]:
            await pilot.press("down")
            assert screen.focused is field, f"down reaches {field.id or field} (at {screen.focused})"
        for field in reversed(chain[1:-1]):
            await pilot.press("up")
            assert screen.focused is field, f"up reaches {field.id or field} (at {screen.focused})"


@pytest.mark.parametrize("saved", [False, True], ids=["no-save", "save"])
@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
async def test_start_stats_and_edit_rules_show_without_scrolling(size: tuple[int, int], saved: bool) -> None:
    if saved:
        a_saved_game()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        bottom = screen.size.height - screen.query_one(KeyBar).region.height
        wanted = ["#start", "#stats", "#house-rules", *(["#continue-saved", "#saved-games"] if saved else [])]
        for button in wanted:
            region = screen.query_one(button, Button).region
            assert region.height > 0 and region.width > 0, f"{button} is shown"
            assert region.bottom <= bottom and region.right <= screen.size.width, (button, region)
