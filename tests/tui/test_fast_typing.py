"""Keys typed faster than the screen: a name typed at once after tab (or the setup screen's ↑↓) lands in the field
the key moved to, every letter of it. A terminal hands the app each key as it comes (`App.post_message`), so keys
typed in one burst are all queued before the first is handled; the tests queue them so."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, OptionList
from tui_helpers import SIZE

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen

#: A key's name for the characters that are not their own key's name; the arrows are keys with no character.
_KEYS = {"\t": "tab", " ": "space", "↓": "down", "↑": "up"}


async def burst(pilot: Pilot[None], app: App[Any], typed: str) -> None:
    """`typed` as one burst of keys (a tab as tab, "\\x19" as shift+tab, ↓ and ↑ as the arrows), every key queued
    before the first is handled, then the app left to catch up."""
    for character in typed:
        if character == "\x19":
            app.post_message(events.Key("shift+tab", None))
        else:
            printed = None if character in "\t↓↑" else character
            app.post_message(events.Key(_KEYS.get(character, character), printed))
    for _ in range(6):
        await pilot.pause()


@pytest.mark.parametrize(("forward", "back"), [("\t", "\x19"), ("↓", "↑")], ids=["tab", "arrows"])
async def test_names_typed_at_once_after_a_move_land_each_in_its_own_seat(forward: str, back: str) -> None:
    """Tab and shift+tab, and on the setup screen ↓ and ↑, move between the fields before the keys typed behind
    them are handled. Before: every letter after tab landed in the first seat's name ("AnnBobCy"), and the focus
    ended on the third; after ↓, "Bob" landed in the first seat's name."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = list(app.screen.query(SeatRow))
        rows[0].focus()
        await pilot.pause()
        await burst(pilot, app, f"Ann{forward}Bob{forward}Cy")
        assert [row.value for row in rows] == ["Ann", "Bob", "Cy"]
        assert app.focused is rows[2]
        await burst(pilot, app, f"{back}Dan")  # back: Bob is selected, replaced as typed
        assert [row.value for row in rows] == ["Ann", "Dan", "Cy"]


async def _nobody(address: str, code: str, name: str | None) -> Client:
    raise ConnectionRefusedError(111, "Connection refused")  # never reached: nothing is joined


async def test_the_join_fields_typed_at_once_each_keep_their_own() -> None:
    request = JoinRequest(joiner=_nobody, join_error=(OSError,))
    app = YanivApp(None, LaunchOptions(bot_delay=0.0), joining=request)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "join-address"
        await burst(pilot, app, "localhost\tABCD\tDana")
        values = {field.id: field.value for field in app.screen.query(Input)}
        assert values == {"join-address": "localhost", "join-code": "ABCD", "join-name": "Dana"}


async def test_a_name_typed_at_once_after_down_from_the_last_rules_lands_in_the_first_seat() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        presets = screen.query_one("#presets", OptionList)
        assert screen.focused is presets
        presets.highlighted = presets.option_count - 1
        await pilot.pause()
        await burst(pilot, app, "↓Ann")
        first = screen.query(SeatRow).first()
        assert app.focused is first and first.value == "Ann"


async def test_the_arrows_typed_at_once_in_the_rules_list_still_move_its_highlight() -> None:
    """The list keeps ↑↓ for its own highlight, headings passed over, however quickly they come."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        presets = screen.query_one("#presets", OptionList)
        first, second, third = list(screen.presets)[:3]
        assert screen.ruleset_id == first and app.focused is presets
        await burst(pilot, app, "↓↓")
        assert screen.ruleset_id == third and app.focused is presets
        await burst(pilot, app, "↑")
        assert screen.ruleset_id == second and app.focused is presets
        await burst(pilot, app, "↑↑↑")  # up on the first stays there: no wrapping round, no field left
        assert screen.ruleset_id == first and app.focused is presets


async def test_over_the_setup_screen_the_palette_keeps_the_arrows() -> None:
    """The setup screen's ↑↓ are its own: in the command palette over it they move the palette's highlight, and the
    setup screen's focus stays where it was."""
    from textual.command import CommandList, CommandPalette
    from tui_helpers import until

    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        row = setup.query(SeatRow).first()
        row.focus()
        await pilot.pause()
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        commands = app.screen.query_one(CommandList)
        await until(pilot, lambda: commands.option_count > 2)
        await burst(pilot, app, "↓↓↑")
        assert commands.highlighted == 1
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is setup)
        assert setup.focused is row
