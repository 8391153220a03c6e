"""A value chosen from a few, like a game's menu: `‹ 7 or less ›`, pressed or stepped with ← →.

The setup screen's limits offer two to five values each. A Select would do, but it is five widgets
with a drop-down overlay, and the setup screen is the first thing `yaniv` shows: this is one Button.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import on
from textual.app import RenderResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Button

from ..app_seam import game_app
from ..marks import in_ascii
from .form import StyledWhenAttached

T = TypeVar("T")


class Choice(Button, StyledWhenAttached, Generic[T]):
    """One of `choices` (label, value): enter, space or a click takes the next, ← and → step either way.

    With a `label`, the field's name is drawn before the value, in LABEL_WIDTH columns ("Call Yaniv at  ‹ 5 or
    less ›"), and the value alone looks pressable: one widget for a form's row, not a row holding a label and
    a field (the setup screen's rows were a twentieth of the time `yaniv` took to show it).
    """

    #: The columns a label takes, its space after included.
    LABEL_WIDTH = 15
    #: The least width of the value, "‹ 10 or less ›", so the values of a form's rows line up.
    VALUE_WIDTH = 14
    COMPONENT_CLASSES: ClassVar[set[str]] = {"choice--value"}
    DEFAULT_CSS = """
    Choice {
        min-width: 0;
        text-wrap: nowrap;
    }
    Choice.-labelled {
        background: transparent;
        text-style: none;
        &:hover { background: transparent; }
        & > .choice--value {
            color: $button-foreground;
            background: $surface;
            text-style: bold;
        }
        &:focus > .choice--value {
            text-style: $button-focus-text-style;
        }
        &:hover > .choice--value {
            background: $surface-darken-1;
        }
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "previous", show=False),
        Binding("right", "step(1)", "next", show=False),
    ]

    class Changed(Message):
        """The value changed (by the player or by `value =`)."""

        def __init__(self, choice: Choice[Any], value: object) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice[Any]:
            return self.choice

    def __init__(
        self,
        choices: Sequence[tuple[str, T]],
        *,
        value: T | None = None,
        label: str | None = None,
        id: str | None = None,
        tooltip: str | None = None,
    ) -> None:
        """`value` is the one chosen at first (the first choice if None or not offered)."""
        if not choices:
            raise ValueError("a Choice needs at least one choice")
        self._choices = list(choices)
        values = [choice for _, choice in self._choices]
        self._index = values.index(value) if value in values else 0
        #: The field's name, drawn before the value; None for the value alone.
        self.field_label = label
        super().__init__(
            self._label(),
            compact=True,
            id=id,
            classes="-labelled" if label else None,
            tooltip=tooltip or "press, or ← →, to change",
        )
        if label:
            # Drawn by render below, label and value in their columns: no pad either side (Button's is 1, and
            # Textual's CSS refuses a line-pad of 0).
            self.styles.line_pad = 0

    def on_mount(self) -> None:
        # Its tooltip's arrows in ASCII with ASCII cards (asked once the field is in the app).
        if isinstance(self.tooltip, str):
            self.tooltip = in_ascii(self.tooltip, game_app(self).ascii_cards)

    def _label(self) -> Content:
        return Content(in_ascii(f"‹ {self._choices[self._index][0]} ›", game_app(self).ascii_cards))

    def _value_width(self) -> int:
        return max(self.VALUE_WIDTH, *(cell_len(f"‹ {shown} ›") for shown, _ in self._choices))

    def render(self) -> RenderResult:
        if self.field_label is None:
            return super().render()
        line = Text(set_cell_size(self.field_label, self.LABEL_WIDTH), no_wrap=True, end="")
        value = Text(self._label().plain, self.get_component_rich_style("choice--value"))
        value.align("center", self._value_width())  # in cells, as the label before it
        line.append_text(value)
        return line

    def get_content_width(self, container: Size, viewport: Size) -> int:
        if self.field_label is None:
            return super().get_content_width(container, viewport)
        return self.LABEL_WIDTH + self._value_width()

    @property
    def choices(self) -> list[tuple[str, T]]:
        return list(self._choices)

    @property
    def value(self) -> T:
        return self._choices[self._index][1]

    @value.setter
    def value(self, value: T) -> None:
        values = [choice for _, choice in self._choices]
        if value not in values:
            raise ValueError(f"{value!r} is not one of {values}")
        self._show(values.index(value))

    def set_choices(self, choices: Sequence[tuple[str, T]]) -> None:
        """Offer other values; the first is chosen until `value` is set."""
        if not choices:
            raise ValueError("a Choice needs at least one choice")
        self._choices = list(choices)
        self._show(0)

    def _show(self, index: int) -> None:
        changed = index != self._index
        self._index = index
        self.label = self._label()
        if changed:
            self.post_message(self.Changed(self, self.value))

    def action_step(self, by: int) -> None:
        self._show((self._index + by) % len(self._choices))

    @on(Button.Pressed)
    def _next(self, event: Button.Pressed) -> None:
        if event.button is self:
            event.stop()
            self.action_step(1)
