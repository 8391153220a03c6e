"""A dialog's key bar is its own: the bottom line says the dialog's keys, never those of the screen under it.

Before, the concede, say, seats, saved games and house rules dialogs had no key bar, so the bar of the screen
beneath showed through: the house rules dialog said `^s start` while ctrl+s saved the rules, and the concede
dialog offered `1-9 choose`, `⏎ drop` and `h hint`, which did nothing there."""

from __future__ import annotations

from typing import Any

from fake_net import fake_hosting
from textual.pilot import Pilot
from textual.screen import Screen
from tui_helpers import SIZE, footer_keys, hosted_app, make_options, on_screen, screen_lines, settle, until

from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.concede import ConcedeScreen
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.say import SayScreen
from yaniv_tui.tui.screens.seats import SeatsScreen
from yaniv_tui.tui.screens.table import TableScreen


async def test_the_concede_dialog_shows_its_own_keys() -> None:
    app = YanivApp(make_options("israeli", "Ann,bot:easy", seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "drop" in footer_keys(app).values() or "choose" in footer_keys(app).values()
        await pilot.press("c")
        await on_screen(pilot, ConcedeScreen)
        keys = footer_keys(app)
        assert keys.get("y") == "concede" and keys.get("n") == "play on", keys
        bottom = screen_lines(app)[-1]
        assert "concede" in bottom and "choose" not in bottom and "hint" not in bottom, bottom
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_the_house_rules_dialog_shows_its_own_keys() -> None:
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await on_screen(pilot, HouseRulesScreen)
        keys = footer_keys(app)
        assert keys.get("^s") == "save as a new preset" and keys.get("esc") == "cancel", keys
        bottom = screen_lines(app)[-1]
        assert "start" not in bottom and "+ seat" not in bottom, bottom


async def test_the_say_and_seats_dialogs_show_their_own_keys() -> None:
    app = hosted_app(fake_hosting()[0])
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        for key, screen in (("m", SayScreen), ("t", SeatsScreen)):
            await pilot.press(key)
            await on_screen(pilot, screen)
            assert footer_keys(app).get("esc") == "back", footer_keys(app)
            bottom = screen_lines(app)[-1]
            assert "say to the table" not in bottom and "scores" not in bottom, bottom
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))


async def open_help_over(app: YanivApp, pilot: Pilot[None], dialog: type[Screen[Any]], key: str, words: str) -> None:
    """On `dialog`, the bar says how to open the help (`key`), which opens it over the dialog, listing `words` (one
    of the dialog's keys); escape closes it, back on the dialog."""
    from yaniv_tui.tui.screens.help import HelpScreen

    keys = footer_keys(app)
    assert keys.get("?" if key == "question_mark" else key) == "help", keys
    await pilot.press(key)
    await until(pilot, lambda: isinstance(app.screen, HelpScreen))
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen) and help_screen.under is app.screen_stack[-2]
    assert isinstance(help_screen.under, dialog) and words in " ".join(screen_lines(app)), screen_lines(app)
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, dialog))


async def test_every_dialog_has_the_help_every_screen_promises() -> None:
    """A dialog is modal: the app's keys do not reach it, so `?` did nothing over the scores, the concede, the
    saved games or the house rules, and their bars offered no help, where every other screen's does."""
    from yaniv_tui.tui.screens.saved_games import SavedGamesScreen
    from yaniv_tui.tui.screens.scores import ScoresScreen

    app = YanivApp(make_options("israeli", "Ann,bot:easy", seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await on_screen(pilot, ScoresScreen)
        await open_help_over(app, pilot, ScoresScreen, "question_mark", "close")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("c")
        await on_screen(pilot, ConcedeScreen)
        await open_help_over(app, pilot, ConcedeScreen, "question_mark", "play on")
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await on_screen(pilot, HouseRulesScreen)
        await open_help_over(app, pilot, HouseRulesScreen, "f1", "save as a new preset")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, HouseRulesScreen))
        await pilot.press("ctrl+o")
        await on_screen(pilot, SavedGamesScreen)
        await open_help_over(app, pilot, SavedGamesScreen, "question_mark", "back")


async def bar_at_80x24(app: YanivApp, pilot: Pilot[None], screen: type[Screen[Any]]) -> str:
    await on_screen(pilot, screen)
    return screen_lines(app)[-1].rstrip()


async def test_every_dialogs_bar_says_quit_and_the_palette_which_work_there() -> None:
    """The app's `^q quit` and `^p palette` are priority keys: they work over a dialog (Textual's modal screen), but
    a dialog's bar left them out though they fit. Every dialog's bar ends `^q quit ^p palette ? help` at 80x24
    (the help's own, which `?` closes, `^q quit ^p palette`), and ctrl+p opens the palette from it."""
    from textual.command import CommandPalette

    from yaniv_tui.tui.screens.help import HelpScreen
    from yaniv_tui.tui.screens.saved_games import SavedGamesScreen
    from yaniv_tui.tui.screens.scores import ScoresScreen

    ends = "^q quit ^p palette ? help"
    app = YanivApp(make_options("israeli", "Ann,bot:easy", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialogs: tuple[tuple[str, type[Screen[Any]]], ...] = (("c", ConcedeScreen), ("s", ScoresScreen))
        for key, dialog in dialogs:
            await pilot.press(key)
            bar = await bar_at_80x24(app, pilot, dialog)
            assert bar.endswith(ends), bar
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("c")
        await on_screen(pilot, ConcedeScreen)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConcedeScreen))
        await pilot.press("question_mark")
        bar = await bar_at_80x24(app, pilot, HelpScreen)
        assert bar.startswith("esc close") and bar.endswith("^q quit ^p palette"), bar
    app = hosted_app(fake_hosting()[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        dialogs = (("m", SayScreen), ("t", SeatsScreen))
        for key, dialog in dialogs:
            await pilot.press(key)
            bar = await bar_at_80x24(app, pilot, dialog)
            assert bar.endswith(ends), bar
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
    app = YanivApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        bar = await bar_at_80x24(app, pilot, HouseRulesScreen)
        assert bar.endswith("^q quit ^p palette f1 help"), bar
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, HouseRulesScreen))
        await pilot.press("ctrl+o")
        bar = await bar_at_80x24(app, pilot, SavedGamesScreen)
        assert bar.endswith(ends), bar
