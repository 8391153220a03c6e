"""What the setup screen and its dialogs say, whole and only when it holds (issue 28, items 7 and 12): the rules
editor's "already exists" uncut, a game open elsewhere said before "Delete?", the help's ctrl+r and ctrl+o only
with a saved game, and the too-small notice naming what is too small where it is."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static
from tui_helpers import SIZE, make_app, screen_text

from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import SaveMeta, Seat, lock_game, save_game, save_user_ruleset
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.saved_games import SavedGamesScreen
from yaniv_tui.tui.screens.setup import SetupScreen


def shown_in(app: YanivApp, widget: Static) -> str:
    """The text on screen inside `widget`'s region, its lines joined by spaces."""
    lines = screen_text(app).splitlines()
    region = widget.region
    return " ".join(lines[y][region.x : region.right].strip() for y in range(region.y, region.bottom))


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 40)])
async def test_the_editors_already_exists_is_shown_whole(size: tuple[int, int]) -> None:
    save_user_ruleset("israeli", {}, "friday")
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HouseRulesScreen)
        dialog.query_one("#hr-id", Input).value = "friday"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog
        error = dialog.query_one("#hr-error", Static)
        text = shown_in(app, error)
        assert "…" not in text
        assert text == "friday.toml already exists: choose another id, or edit that ruleset", text


def save_one(game_id: str = "game1") -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=1)
    save_game(game, SaveMeta((Seat.person("Ann"), Seat.bot("medium", "Bea")), game_id=game_id))


async def test_deleting_a_game_open_elsewhere_says_so_without_asking() -> None:
    save_one()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lock = lock_game("game1")  # another yaniv opens it meanwhile
        try:
            await pilot.press("ctrl+o")
            await pilot.pause()
            listing = app.screen
            assert isinstance(listing, SavedGamesScreen)
            await pilot.press("delete")
            await pilot.pause()
            assert app.screen is listing, "no Delete? for a game that cannot be deleted"
            message = str(listing.query_one("#saved-message", Static).render())
            assert "open in another yaniv" in message
        finally:
            lock.release()
        await pilot.press("delete")  # the other yaniv has quit: now it asks
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmScreen"


@pytest.mark.parametrize("saved", [False, True], ids=["no-save", "save"])
async def test_the_help_lists_continue_and_saved_games_only_with_a_saved_game(saved: bool) -> None:
    if saved:
        save_one()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "start" in text and "edit rules" in text
        assert ("continue" in text) == saved and ("saved games" in text) == saved, text


@pytest.mark.parametrize("web", [False, True], ids=["terminal", "browser"])
async def test_the_too_small_notice_names_the_screen_and_the_window_in_a_browser(
    monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    monkeypatch.setattr(YanivApp, "is_web", property(lambda app: web))
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = " ".join(screen_text(app).split())
        assert "too small" in text and "table" not in text
        assert "setup screen" in text
        assert ("window" in text) == web and ("terminal" in text) == (not web), text


async def test_the_too_small_notice_at_the_table_names_the_table() -> None:
    app = make_app("israeli", "Ann,bot:medium:Bea")
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "The terminal is too small for the table." in text and "setup screen" not in text


async def test_the_rules_box_says_where_the_rules_come_from_in_a_players_words() -> None:
    """The rules box said "from source 000: Israeli rules (RU to EN)": a preset of the rule books (whose `source` is
    numbered as rulesets/README.md lists them) is said to come from the rule books, as the presets' list heads them;
    another program's table is named as its `source` names it."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        box = setup.query_one("#preset-rules", Static)
        said = str(box.render())
        assert "From the rule books: Israeli rules (RU to EN)" in said and "source 000" not in said, said
        setup.ruleset_id = "bga"
        setup.show_marks()  # the box written again for the rules now highlighted
        said = str(box.render())
        assert "From Board Game Arena: Gamehelpyaniv" in said, said
