"""Pass-and-play: a screen that shows only whose turn is next, so nobody sees another's cards."""

from __future__ import annotations

import sys
import time
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static

from yaniv_tui.table.words import is_you

from ..widgets.keybar import KeyBar
from .common import TooSmall, stylesheet

#: The clock Textual stamps its events with (`Message.time`), so a key's time compares with the screen's.
_clock = time.perf_counter if sys.platform == "win32" else time.monotonic


def ready_line(name: str) -> str:
    """What the pass screen asks of `name`, addressed in the second person whatever their name."""
    who = "Press" if is_you(name) else f"{name}, press"
    return f"{who} enter or click when only you can see the screen."


class PassScreen(Screen[None]):
    """ "Pass to NAME": no card face of anyone until NAME presses enter.

    Only an enter pressed at least `READY_AFTER` seconds after the screen is up passes it: an enter
    typed on the heels of the last move (or queued before this screen appeared) would otherwise
    show the next hand to the player who just moved. Every other key is ignored until then too.
    """

    CSS_PATH = stylesheet("pass")

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "show my hand")]
    #: Seconds the screen ignores its key for, from when it is first up.
    READY_AFTER = 0.5

    def __init__(self, name: str) -> None:
        super().__init__(classes="pass-screen")
        self.player = name
        #: When the key starts to count (on the events' clock); None until the screen is up.
        self.ready_at: float | None = None

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="pass-middle"):
            with Center():
                yield Static(Text(f"Pass to {self.player}"), id="pass-title")  # Text: the name as typed
            with Center():
                yield Static(Text(ready_line(self.player)), id="pass-hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.ready_at = _clock() + self.READY_AFTER

    def accepts_key_at(self, at: float) -> bool:
        """Whether a key pressed at time `at` (on the events' clock) may act on this screen.

        The app asks it of every key (`YanivApp.on_key`), as a key typed for the table may reach
        the bindings only once this screen is on top.
        """
        return self.ready_at is not None and at >= self.ready_at

    def action_ready(self) -> None:
        if self.accepts_key_at(_clock()):  # a click on the footer's key, too, only once the screen has been up a moment
            self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click on the middle (the name, the line under it) passes the screen as enter does, under the same guard:
        with the mouse alone the key bar's corner was the one way on."""
        widget = event.widget
        if widget is not None and widget.id in ("pass-title", "pass-hint") and self.accepts_key_at(event.time):
            self.dismiss(None)
