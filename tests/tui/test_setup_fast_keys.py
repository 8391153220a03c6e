"""Keys faster than the screen: the setup screen's rows built for some rules (a typed end score, a hand size)
are built once, however quickly the highlight passes over rules that want them."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from yaniv_tui.engine import preset_paths
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.widgets.choice import Choice


async def test_down_through_every_preset_at_once_builds_each_row_once() -> None:
    """Before: with two presets that take a typed end score, Down pressed quickly from the first crashed the
    app (DuplicateIds 'end-typed-row': the row was mounted again before the first mount had finished)."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        presets = setup.query_one("#presets", OptionList)
        presets.focus()
        for _ in range(2):  # down through the list and back up, each key before the screen catches up
            for _ in preset_paths():
                presets.action_cursor_down()
            for _ in preset_paths():
                presets.action_cursor_up()
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and app.screen is setup
        assert len(list(setup.query("#end-typed").results(Input))) <= 1
        assert len(list(setup.query("#hand-size").results(Choice))) <= 1
