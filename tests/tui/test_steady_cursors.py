"""The snapshots hold a text field's cursor steady through Textual's public `Input.cursor_blink`: if Textual
stops honouring it, the cursor blinks again and snapshots fail now and then; this test fails first, every time."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input
from tui_helpers import steady_cursors


class OneField(App[None]):
    def compose(self) -> ComposeResult:
        yield Input("Dan")


async def test_a_steady_cursor_stays_drawn_past_many_blinks() -> None:
    app = OneField()
    async with app.run_test() as pilot:
        await pilot.pause()
        field = app.query_one(Input)
        assert field.has_focus
        await steady_cursors(pilot)
        drawn = app.export_screenshot()
        for _ in range(4):  # four blink periods: a blinking cursor would have hidden at least once
            await pilot.pause(0.5)
            assert app.export_screenshot() == drawn


async def test_a_blinking_cursor_does_hide() -> None:
    """The other half: without `steady_cursors` the cursor does blink, so the test above can fail."""
    app = OneField()
    async with app.run_test() as pilot:
        await pilot.pause()
        drawn = app.export_screenshot()
        changed = False
        for _ in range(6):
            await pilot.pause(0.5)
            changed = changed or app.export_screenshot() != drawn
        assert changed
