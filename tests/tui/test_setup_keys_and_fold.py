"""The setup screen the same at every size, with or without a saved game: focus starts on the ruleset list, ↑↓
move from field to field (never scroll the fields instead; the rules' text, a stop for tab, scrolls with them), and
Start, Stats and Edit rules… show without scrolling (issue 28, items 6 and 11)."""

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
        presets = screen.query_one("#presets", OptionList)
        presets.highlighted = presets.option_count - 1
        await pilot.pause()
        # The rules' text is a stop for tab, not for ↑↓ (a name typed behind ↓ lands in the first seat).
        chain = [field for field in screen.focus_chain if field.id != "preset-rules-box"]
        assert chain[0].id == "presets"
        if saved:
            assert chain[1].id == "continue-saved"
        else:
            assert isinstance(chain[1], SeatRow)
        for field in chain[1:]:
            await pilot.press("down")
            assert screen.focused is field, f"down reaches {field.id or field} (at {screen.focused})"
        for field in reversed(chain[:-1]):
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


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
async def test_the_rules_text_is_reached_and_scrolled_by_keys(size: tuple[int, int]) -> None:
    """Before, the highlighted ruleset's text under the list was no stop for tab or ↓: a keyboard player could read
    only its first lines of a long ruleset (at 80x24, four). Tab reaches it; ↓ and page down scroll it, ↓ at its end
    goes on to the next field, ↑ at its top back to the list; the help says so."""
    from textual.containers import VerticalScroll

    from yaniv_tui.tui.screens.help import HelpScreen

    app = YanivApp(None, LaunchOptions(bot_delay=0.0, ruleset="yanivo"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        box = screen.query_one("#preset-rules-box", VerticalScroll)
        assert box.max_scroll_y > 0, "the ruleset's text runs past its box"
        await pilot.press("tab")
        assert screen.focused is box
        await pilot.press("down", "down")
        assert box.scroll_y == 2 and screen.focused is box
        await pilot.press("pagedown")
        assert box.scroll_y > 2
        for _ in range(100):  # bounded: ↓ at the text's end goes on
            if screen.focused is not box:
                break
            await pilot.press("down")
        assert box.scroll_y == box.max_scroll_y and isinstance(screen.focused, SeatRow)
        await pilot.press("up")  # ↑ between fields passes over the text, as ↓ from the last ruleset does
        assert isinstance(screen.focused, OptionList) and screen.focused.id == "presets"
        await pilot.press("tab")
        assert screen.focused is box
        await pilot.press("home")
        assert box.scroll_y == 0
        await pilot.press("up")
        assert isinstance(screen.focused, OptionList) and screen.focused.id == "presets"
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        said = " ".join(" ".join(str(static.render()).split()) for static in app.screen.query("Static"))
        assert "The rules' text under the list" in said, said
