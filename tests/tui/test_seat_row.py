"""A seat's row on the setup screen: who plays it changes with enter or a click, and the name is typed in place
in Textual's own Input, with the keys a text field has."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Static
from tui_helpers import SIZE

from yaniv_tui.table.options import MAX_NAME
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen
from yaniv_tui.tui.screens.setup_seats import SeatKind


def shown(row: SeatRow) -> str:
    """The seat's whole line: its number and who plays it, then its name."""
    assert row.parent is not None
    return "".join(segment.text for widget in row.parent.children for segment in widget.render_line(0))


async def test_typing_edits_the_name_where_the_cursor_is() -> None:
    app = YanivApp(None, {"bot_delay": 0.0})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query(SeatRow).first()
        row.focus()
        assert row.value == "You" and row.cursor_position == 3
        await pilot.press("backspace", "backspace", "backspace", "D", "n")
        await pilot.press("left", "a", "end", "i", "home", "delete", "B")
        assert row.value == "Bani"
        await pilot.press("end", "ctrl+u", "space", "?", "q", "s")  # the help and quit keys are letters in a name
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
        assert row.parent is not None
        await pilot.click(row.parent.query_one(SeatKind), offset=(SeatRow.NUMBER_WIDTH + 5, 0))
        assert row.kind == "expert"
        await pilot.click(row, offset=(1, 0))
        assert row.kind == "expert" and row.cursor_position == 1
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


async def test_a_wide_name_shows_whole_with_the_terminal_cursor_after_it_and_keeps_a_text_fields_keys() -> None:
    """Issue 30: a CJK name's end and the cursor vanished, the terminal cursor (that IME windows and screen
    magnifiers follow) was never placed, and there was no selection or word motion."""
    app = YanivApp(None, {"bot_delay": 0.0})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query(SeatRow).first()
        row.focus()
        await pilot.press("ctrl+u", *"田中さくら")
        await pilot.pause()
        assert row.value == "田中さくら"
        line = shown(row)
        assert "田中さくら" in line
        region = row.content_region
        # The terminal cursor is placed (where Input puts it), after the name's ten cells, on its line.
        assert app.cursor_position == row.cursor_screen_offset
        assert app.cursor_position.y == region.y and app.cursor_position.x >= region.x + cell_len("田中さくら")
        await pilot.press("shift+left", "shift+left")
        assert row.selected_text == "くら"
        await pilot.press("end", "space", *"Ann", "ctrl+w")
        assert row.value == "田中さくら "


async def test_the_setup_keys_win_in_a_name_field_and_the_help_says_so() -> None:
    """Input's own ctrl+a (home), ctrl+d (delete right) and ctrl+e (end) clash with the setup screen's + seat,
    − seat and edit rules: the screen's keys win everywhere on it (priority bindings), home, delete and end
    still move and delete in a field, and the help says which."""
    app = YanivApp(None, {"bot_delay": 0.0})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        row = screen.query(SeatRow).first()
        row.focus()
        count = len(screen.query(SeatRow))
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == count + 1 and row.cursor_position == len(row.value)
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert len(screen.query(SeatRow)) == count and row.value == "You"
        await pilot.press("home", "delete")
        assert row.value == "ou"
        await pilot.press("end", "question_mark")  # a letter in a name: the help key is f1 there
        assert row.value == "ou?"
        await pilot.press("f1")
        await pilot.pause()
        said = [str(static.content) for static in app.screen.query(Static)]
        assert SetupScreen.FIELD_KEYS in said and "ctrl+a, ctrl+d and ctrl+e add a seat" in SetupScreen.FIELD_KEYS
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert type(app.screen).__name__ == "HouseRulesScreen"
