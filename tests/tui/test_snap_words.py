"""The setup screen driven by keys, and pinned at 80×24 and 100×30: focus starts on the ruleset list, ↑↓ and tab
move as people expect, ctrl+e says "edit rules", and Start, Stats, Edit rules… and the footer all fit (issue 14,
item 7)."""

from __future__ import annotations

import pytest
from textual.widgets import Button, OptionList
from tui_helpers import SnapCompare

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.keybar import KeyBar


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_setup_screen_fits(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(YanivApp(), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_start_row_and_the_footer_fit(size: tuple[int, int]) -> None:
    app = YanivApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        right = screen.size.width
        for button in ("#start", "#stats", "#house-rules"):
            region = screen.query_one(button, Button).region
            assert region.width > 0 and region.right <= right, (button, region)
        bar = screen.query_one(KeyBar)
        assert bar.region.right <= right
        shown = bar.shown()
        assert {key.description for key in shown} >= {"start", "edit rules", "quit", "help"}
        assert shown == bar.keys(), "every key fits: none is left out for width"


async def test_focus_starts_on_the_ruleset_list_and_arrows_choose_then_enter_starts() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert isinstance(screen.focused, OptionList) and screen.focused.id == "presets"
        await pilot.press("down")
        assert screen.ruleset_id == "seven-cards"
        await pilot.press("up")
        assert screen.ruleset_id == "israeli"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.rules.id == "seven-cards"


async def test_tab_and_down_move_through_the_fields_and_shift_tab_comes_back_to_the_list() -> None:
    app = YanivApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("tab")
        rules_text = screen.focused  # the highlighted rules' text, which runs past its box here: its ↓ scrolls it
        assert rules_text is not None and rules_text.id == "preset-rules-box"
        await pilot.press("tab")
        first = screen.focused
        assert first is not None and first.id not in ("presets", "preset-rules-box")
        await pilot.press("down")
        second = screen.focused
        assert second is not None and second is not first, "down moves on from a field that has no use for it"
        await pilot.press("up")
        assert screen.focused is first
        await pilot.press("shift+tab")
        assert screen.focused is rules_text
        await pilot.press("shift+tab")
        assert screen.focused is not None and screen.focused.id == "presets"


async def test_down_from_start_moves_on_and_down_in_a_name_does_not_type() -> None:
    app = YanivApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#start", Button).focus()
        await pilot.press("down")
        assert screen.focused is not None and screen.focused.id == "stats"
        name = screen.query(SeatRow).first()
        name.focus()
        value = name.value
        await pilot.press("down")
        assert screen.focused is not name and name.value == value


async def test_ctrl_e_is_labelled_edit_rules_and_opens_the_editor() -> None:
    app = YanivApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = {key.description for key in app.screen.query_one(KeyBar).shown()}
        assert "edit rules" in labels and "house rules" not in labels
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert type(app.screen).__name__ == "HouseRulesScreen"
