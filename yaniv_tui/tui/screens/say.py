"""The table's fixed messages ("good game", "your turn"), one of which a player says to everyone at the table."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static

from ..widgets.keybar import KeyBar
from .common import Dialog


class SayScreen(Dialog[str | None]):
    """Pick a message for the table; dismissed with it, or None (escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "back")]
    DEFAULT_CSS = """
    #say-box {
        width: 32;
        height: auto;
        padding: 0 1;
        border: round $primary;
        background: $surface;
    }
    #say-box OptionList {
        height: auto;
    }
    """

    def compose(self) -> ComposeResult:
        # The messages are the protocol's: a table with other machines has loaded it already.
        from yaniv_tui.net.protocol import SAYINGS

        with Vertical(id="say-box"):
            yield Static("Say to the table:")
            yield OptionList(*SAYINGS, id="sayings")
        yield KeyBar()

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(str(event.option.prompt))

    def action_cancel(self) -> None:
        self.dismiss(None)
