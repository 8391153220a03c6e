"""A seat's row on the setup screen: who plays it changes with enter or a click, and the name is typed in place
with the keys a text field has (one widget, not three: the setup screen is the first thing shown)."""

from __future__ import annotations

from tui_helpers import SIZE

from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.options import MAX_NAME
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen


def shown(row: SeatRow) -> str:
    return "".join(segment.text for segment in row.render_line(0))


async def test_typing_edits_the_name_where_the_cursor_is() -> None:
    app = YanivApp(None, {"bot_delay": 0.0})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query(SeatRow).first()
        row.focus()
        assert row.value == "You" and row.cursor == 3
        await pilot.press("backspace", "backspace", "backspace", "D", "n")
        await pilot.press("left", "a", "end", "i", "home", "delete", "B")
        assert row.value == "Bani"
        await pilot.press("ctrl+u", "space", "?", "q", "s")  # the help and quit keys are letters in a name
        assert row.value == " ?qs" and isinstance(app.screen, SetupScreen)
        assert "?qs" in shown(row)


async def test_a_name_stops_at_the_longest_a_name_may_be_and_rings() -> None:
    app = YanivApp(None, {"bot_delay": 0.0})
    rang: list[bool] = []
    app.bell = lambda: rang.append(True)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query(SeatRow).first()
        row.value = ""
        row.focus()
        await pilot.press(*"abcdefghijklmnopqrstuvwxyz")
        assert row.value == "abcdefghijklmnopqrstuvwxyz"[:MAX_NAME]
        assert rang


async def test_enter_and_a_click_on_who_plays_change_it_and_a_click_on_the_name_does_not() -> None:
    app = YanivApp(None, {"bot_delay": 0.0})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = list(app.screen.query(SeatRow))[1]
        assert row.kind == "medium" and row.value == "Avi"
        row.focus()
        await pilot.press("enter")
        assert row.kind == "hard" and "Bot · hard" in shown(row)
        await pilot.click(row, offset=(SeatRow.NUMBER_WIDTH + 5, 0))
        assert row.kind == "expert"
        await pilot.click(row, offset=(SeatRow.NUMBER_WIDTH + SeatRow.KIND_WIDTH + 2, 0))
        assert row.kind == "expert" and row.cursor == 1
        await pilot.press("enter")  # human: a human needs a name, and Avi is kept
        assert row.kind == "human" and row.value == "Avi"


async def test_an_empty_name_shows_what_it_is_for() -> None:
    app = YanivApp(None, {"bot_delay": 0.0})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = list(app.screen.query(SeatRow))[1]
        row.value = ""
        await pilot.pause()
        assert "a bot's name (optional)" in shown(row)
        row.action_cycle()
        row.action_cycle()
        row.action_cycle()  # hard, expert, then human: a human gets a name to change
        assert row.kind == "human" and row.value == "Player 2"
