"""LineEdit, a short line typed in place (a seed, an end score, a seat's name): what it takes, where the cursor
goes, and enter."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult

from yaniv_tui.tui.widgets.line_edit import LineEdit


class Form(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.submitted: list[str] = []
        self.bells = 0

    def compose(self) -> ComposeResult:
        yield LineEdit("", placeholder="random", allowed=r"[0-9]*", max_length=6, label="Seed", id="seed")

    def bell(self) -> None:
        self.bells += 1

    def on_line_edit_submitted(self, event: LineEdit.Submitted) -> None:
        self.submitted.append(event.value)


def shown(edit: LineEdit) -> str:
    return "".join(segment.text for segment in edit.render_line(0))


async def test_it_takes_only_what_is_allowed_up_to_its_length_and_enter_submits() -> None:
    app = Form()
    async with app.run_test(size=(40, 3)) as pilot:
        edit = app.query_one(LineEdit)
        assert shown(edit).startswith("Seed           random")
        edit.focus()
        await pilot.press("1", "x", "2", "-", "3")
        assert edit.value == "123" and app.bells == 2
        await pilot.press("left", "left", "9", "home", "8", "end", "backspace")
        assert edit.value == "8192" and edit.cursor == 4
        edit.post_message(events.Paste("55\nignored"))
        await pilot.pause()
        assert edit.value == "819255"
        await pilot.press("7")  # past its length of 6
        assert edit.value == "819255" and app.bells == 3
        await pilot.press("home", "delete", "enter")
        assert app.submitted == ["19255"]
        await pilot.press("ctrl+u")
        assert edit.value == "" and "random" in shown(edit)


async def test_a_paste_with_anything_refused_is_refused_whole() -> None:
    app = Form()
    async with app.run_test(size=(40, 3)) as pilot:
        edit = app.query_one(LineEdit)
        edit.focus()
        edit.post_message(events.Paste("12a3"))
        await pilot.pause()
        assert edit.value == "" and app.bells == 1


async def test_a_click_puts_the_cursor_where_it_lands() -> None:
    app = Form()
    async with app.run_test(size=(40, 3)) as pilot:
        edit = app.query_one(LineEdit)
        edit.value = "12345"
        await pilot.click(LineEdit, offset=(LineEdit.LABEL_WIDTH + 2, 0))
        assert edit.has_focus and edit.cursor == 2
        await pilot.press("0")
        assert edit.value == "120345"
