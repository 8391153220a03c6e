"""A button for the setup screen, the first thing `yaniv` shows: it looks and acts as Textual's Button does.

Textual's Button brings some 7,000 characters of style rules (every variant, flat and default, ANSI and
not), parsed once for Button and once again for each subclass, and a set of reactive attributes that
restyle it as it is built. The setup screen has eight of them and its Choice fields were Buttons too; all
that was a sixth of the time `yaniv` took to show it. This is the part the setup screen uses: a label, a
variant's colours, the tall look or the compact one, pressed by enter, space or a click, greyed when
disabled.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar, Literal

from textual import events
from textual.app import RenderResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

Variant = Literal["default", "primary", "success"]


class Press(Widget, can_focus=True):
    """A label that does something when pressed: runs `action` if given, else posts Press.Pressed."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "press", "press", show=False)]
    DEFAULT_CSS = """
    Press {
        width: auto;
        min-width: 16;
        height: 3;
        padding: 0 1;
        text-align: center;
        content-align: center middle;
        text-style: bold;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        pointer: pointer;
        color: $button-foreground;
        background: $surface;
        border-top: tall $surface-lighten-1;
        border-bottom: tall $surface-darken-1;
        &:focus {
            text-style: $button-focus-text-style;
            background-tint: $foreground 5%;
        }
        &:hover {
            border-top: tall $surface;
            background: $surface-darken-1;
        }
        &:disabled {
            text-opacity: 0.6;
            pointer: not-allowed;
        }
        &.-active {
            background: $surface;
            border-bottom: tall $surface-lighten-1;
            border-top: tall $surface-darken-1;
            tint: $background 30%;
        }
        &.-primary {
            color: $button-color-foreground;
            background: $primary;
            border-top: tall $primary-lighten-3;
            border-bottom: tall $primary-darken-3;
            &:hover {
                background: $primary-darken-2;
                border-top: tall $primary;
            }
        }
        &.-success {
            color: $button-color-foreground;
            background: $success;
            border-top: tall $success-lighten-2;
            border-bottom: tall $success-darken-3;
            &:hover {
                background: $success-darken-2;
                border-top: tall $success;
            }
        }
        &.-compact {
            height: 1;
            min-width: 0;
            padding: 0;
            border: none !important;
        }
    }
    """

    #: How long the pressed look lasts, in seconds.
    ACTIVE_FOR = 0.2

    class Pressed(Message):
        """The press was pressed (one without an action)."""

        def __init__(self, press: Press) -> None:
            super().__init__()
            self.press = press

        @property
        def control(self) -> Press:
            return self.press

    def __init__(
        self,
        label: str | Content = "",
        *,
        variant: Variant = "default",
        compact: bool = False,
        action: str | None = None,
        tooltip: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        names = " ".join(name for name in (classes, f"-{variant}", "-compact" if compact else "") if name)
        super().__init__(id=id, classes=names, disabled=disabled)
        self._shown = Content(label) if isinstance(label, str) else label
        self.action = action
        if tooltip:
            self.tooltip = tooltip

    @property
    def label(self) -> Content:
        return self._shown

    @label.setter
    def label(self, label: str | Content) -> None:
        self._shown = Content(label) if isinstance(label, str) else label
        self.refresh(layout=True)

    def render(self) -> RenderResult:
        return self._shown

    def get_content_width(self, container: object, viewport: object) -> int:
        return self._shown.cell_length

    def press(self) -> None:
        """Press it, as a click or enter does: nothing when disabled or hidden."""
        if self.disabled or not self.display:
            return
        self.add_class("-active")
        self.set_timer(self.ACTIVE_FOR, partial(self.remove_class, "-active"))
        if self.action is None:
            self.post_message(self.Pressed(self))
        else:
            self.call_later(self.app.run_action, self.action, default_namespace=self._parent)

    def action_press(self) -> None:
        if not self.has_class("-active"):
            self.press()

    async def _on_click(self, event: events.Click) -> None:
        event.stop()
        if not self.has_class("-active"):
            self.press()
