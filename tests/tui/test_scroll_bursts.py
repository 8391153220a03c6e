"""Keys that arrive together (a held ↓, tmux's ten ↓ in one write, a slow connection) each scroll: a dialog's
scrolling body counts each key from where the one before left it, not all from where it was."""

from __future__ import annotations

from textual import events
from textual.containers import VerticalScroll
from tui_helpers import make_options, screen_text, scrolled, until

from yaniv_tui.engine import load_ruleset, parse_cards
from yaniv_tui.engine.scoring import score_round
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.scores import ScoresScreen


async def test_ten_downs_at_once_scroll_the_house_rules_ten_lines() -> None:
    """Before: ten ↓ in one write scrolled the house rules' fields one line (Textual's own scroll_down, put off to
    after the next refresh, counted each key from where the fields were before the keys came)."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(app.screen, HouseRulesScreen))
        await pilot.pause()
        fields = app.screen.query_one("#hr-fields", VerticalScroll)
        assert fields.max_scroll_y >= 20
        for _ in range(10):
            app.post_message(events.Key("down", None))
        await scrolled(pilot, [fields], 10)
        for _ in range(2):
            app.post_message(events.Key("pagedown", None))
        await scrolled(pilot, [fields], 10 + 2 * fields.scrollable_content_region.height)
        for _ in range(3):
            app.post_message(events.Key("up", None))
        await scrolled(pilot, [fields], 7 + 2 * fields.scrollable_content_region.height)


async def test_ten_downs_at_once_scroll_the_score_sheet_ten_lines() -> None:
    """Before: the scores of a long game (s at the table) scrolled one line for ten ↓ that came together."""
    rules = load_ruleset("israeli")
    hands = [parse_cards(hand) for hand in ("AC 2C", "KS QH 9D", "5D 5H")]
    history = [score_round(rules, [0, 0, 0], hands, 0) for _ in range(40)]
    app = YanivApp(make_options("israeli", "Ann,bot:easy,bot:easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ScoresScreen(("Ann", "Bea", "Cy"), history, [0, 80, 40]))
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen))
        await pilot.pause()
        sheet = app.screen.query_one(VerticalScroll)
        assert app.focused is sheet and sheet.max_scroll_y >= 20
        for _ in range(10):
            app.post_message(events.Key("down", None))
        await scrolled(pilot, [sheet], 10)


async def test_the_round_end_of_eight_seats_scrolls_to_its_last_seat_at_80x24() -> None:
    """Before: at 80x24 the last seats of eight ran below the fold, and no key scrolled to them (the focus is on
    Continue, below the body): only the mouse reached them."""
    rules = load_ruleset("israeli")
    hands = ["3C 2H", "AC 2D", "KS QH 9D 8H 7C", "KS QH 9D 8H JK", *["5C 5D 5H 6C 7C"] * 4]
    names = ("Annabelle Leah", "Bea", "Cy", "Dana", "Eli", "Fay", "Gil", "Hod")
    result = score_round(rules, [90, 20, 30, 40, 95, 95, 10, 10], [parse_cards(hand) for hand in hands], 0)
    app = YanivApp(make_options("israeli", "Ann,bot:easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RoundEndScreen(result, names, rules, 3))
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        await pilot.pause()
        body = app.screen.query_one("#round-body", VerticalScroll)
        assert body.max_scroll_y > 0 and "Hod" not in screen_text(app)
        assert "↑↓ scroll" in screen_text(app)
        for _ in range(10):
            app.post_message(events.Key("down", None))
        await scrolled(pilot, [body], body.max_scroll_y)
        assert "Hod" in screen_text(app), screen_text(app)
        assert isinstance(app.screen, RoundEndScreen)
