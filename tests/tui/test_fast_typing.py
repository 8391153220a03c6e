"""Keys typed faster than the screen: a name typed at once after tab lands in the field tab moved to, every letter
of it. A terminal hands the app each key as it comes (`App.post_message`), so keys typed in one burst are all
queued before the first is handled; the tests queue them so."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input
from tui_helpers import SIZE

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SeatRow

#: A key's name for the characters that are not their own key's name.
_KEYS = {"\t": "tab", " ": "space"}


async def burst(pilot: Pilot[None], app: App[Any], typed: str) -> None:
    """`typed` as one burst of keys (a tab as tab, "\\x19" as shift+tab), every key queued before the first is
    handled, then the app left to catch up."""
    for character in typed:
        if character == "\x19":
            app.post_message(events.Key("shift+tab", None))
        else:
            app.post_message(events.Key(_KEYS.get(character, character), None if character == "\t" else character))
    for _ in range(6):
        await pilot.pause()


async def test_names_typed_at_once_after_tab_land_each_in_its_own_seat() -> None:
    """Before: every letter landed in the first seat's name ("AnnBobCy"), and the focus ended on the third."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = list(app.screen.query(SeatRow))
        rows[0].focus()
        await pilot.pause()
        await burst(pilot, app, "Ann\tBob\tCy")
        assert [row.value for row in rows] == ["Ann", "Bob", "Cy"]
        assert app.focused is rows[2]
        await burst(pilot, app, "\x19Dan")  # shift+tab back: Bob is selected, replaced as typed
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
