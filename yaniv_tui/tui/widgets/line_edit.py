"""A short line typed in place: a name, a seed, a score. The part of Textual's Input such a field needs.

An Input is a large widget (selection, suggestions, validation, a blinking cursor), styled and drawn on its
own. The setup screen, the first thing `yaniv` shows, has a field for each seat's name and one for the seed;
as Inputs, with a label beside each, they were a fifth of the time it took to show it. This one draws its
label (if any) and its text as one line.

Typing puts characters at the cursor (none that `allowed` refuses, at most `max_length`); ← → home end move,
backspace and delete remove, ctrl+u clears, a paste adds its first line, enter posts Submitted. A click puts
the cursor where it lands.
"""

from __future__ import annotations

import re
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import RenderResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget


class LineEdit(Widget, can_focus=True):
    """One line of text, edited in place, after an optional label."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "submit", show=False),
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("home", "cursor_to(0)", show=False),
        Binding("end", "cursor_to(-1)", show=False),
        Binding("backspace", "delete(-1)", show=False),
        Binding("delete", "delete(0)", show=False),
        Binding("ctrl+u", "clear", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"line-edit--text", "line-edit--placeholder", "line-edit--cursor"}
    DEFAULT_CSS = """
    LineEdit {
        height: 1;
        width: 1fr;
        pointer: text;
        & > .line-edit--text {
            color: $foreground;
            background: $surface;
        }
        & > .line-edit--placeholder {
            color: $text-disabled;
            background: $surface;
        }
        & > .line-edit--cursor {
            text-style: reverse;
        }
    }
    """
    #: The columns a label takes, its space after included (as Choice's, so a form's rows line up).
    LABEL_WIDTH = 15

    class Submitted(Message):
        """Enter was pressed in the field."""

        def __init__(self, edit: LineEdit) -> None:
            super().__init__()
            self.edit = edit
            self.value = edit.value

        @property
        def control(self) -> LineEdit:
            return self.edit

    def __init__(
        self,
        value: str = "",
        *,
        placeholder: str = "",
        allowed: str = r".*",
        max_length: int | None = None,
        label: str | None = None,
        tooltip: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._value = value
        self.cursor = len(value)
        self.placeholder = placeholder
        #: What the whole text must match for a typed or pasted piece to be taken.
        self.allowed = re.compile(allowed)
        self.max_length = max_length
        self.field_label = label
        if tooltip:
            self.tooltip = tooltip

    # -- the text ---------------------------------------------------------------------------------------

    @property
    def value(self) -> str:
        """The text as typed (or as set: a program may set what typing could not)."""
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        self._value = value
        self.cursor = len(value)
        self.refresh()

    def insert(self, text: str) -> None:
        """Put `text` at the cursor, cut at `max_length` (with the bell); none of it if the result would not be
        allowed (what is left of an escape sequence is no name either)."""
        room = len(text) if self.max_length is None else max(self.max_length - len(self._value), 0)
        kept = text[:room]
        changed = self._value[: self.cursor] + kept + self._value[self.cursor :]
        if not self.allowed.fullmatch(changed) or len(kept) < len(text):
            self.app.bell()
            if not self.allowed.fullmatch(changed):
                return
        if kept:
            self._value = changed
            self.cursor += len(kept)
            self.refresh()

    def action_cursor(self, by: int) -> None:
        self.cursor = min(max(self.cursor + by, 0), len(self._value))
        self.refresh()

    def action_cursor_to(self, where: int) -> None:
        self.cursor = len(self._value) if where < 0 else 0
        self.refresh()

    def action_delete(self, offset: int) -> None:
        """Remove the character before the cursor (-1, backspace) or under it (0, delete)."""
        at = self.cursor + offset
        if 0 <= at < len(self._value):
            self._value = self._value[:at] + self._value[at + 1 :]
            self.cursor = at
            self.refresh()

    def action_clear(self) -> None:
        self.value = ""

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self))

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and event.character is not None:
            event.stop()
            event.prevent_default()
            self.insert(event.character)

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        lines = event.text.splitlines()
        if lines:
            self.insert(lines[0])

    def on_click(self, event: events.Click) -> None:
        self.cursor = min(max(event.x - self.prefix_width(), 0), len(self._value))
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------------------

    def prefix(self) -> Text:
        """What comes before the text: the label in LABEL_WIDTH columns, or nothing."""
        if self.field_label is None:
            return Text()
        return Text(self.field_label.ljust(self.LABEL_WIDTH)[: self.LABEL_WIDTH])

    def prefix_width(self) -> int:
        return 0 if self.field_label is None else self.LABEL_WIDTH

    def render(self) -> RenderResult:
        line = self.prefix()
        line.no_wrap, line.overflow, line.end = True, "crop", ""
        room = max(self.size.width - line.cell_len, 1)
        if self._value:
            # Scrolled to keep the cursor in view when the text is longer than its room.
            first = max(0, self.cursor - room + 1)
            text = Text(self._value[first : first + room].ljust(room), self.get_component_rich_style("line-edit--text"))
            cursor = self.cursor - first
        else:
            style = self.get_component_rich_style("line-edit--placeholder")
            text = Text(self.placeholder[:room].ljust(room), style)
            cursor = 0
        if self.has_focus:
            text.stylize(self.get_component_rich_style("line-edit--cursor", partial=True), cursor, cursor + 1)
        line.append_text(text)
        return line
