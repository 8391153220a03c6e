"""Pass-and-play: a screen that shows only whose turn is next, so nobody sees another's cards."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from .common import TooSmall


class PassScreen(Screen[None]):
    """ "Pass to NAME": no card face of anyone until NAME presses enter."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "show my hand")]

    def __init__(self, name: str) -> None:
        super().__init__(classes="pass-screen")
        self.player = name

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="pass-middle"):
            with Center():
                yield Static(f"Pass to {self.player}", id="pass-title")
            with Center():
                yield Static(f"{self.player}, press enter when only you can see the screen.", id="pass-hint")
        yield Footer(compact=True, show_command_palette=False)

    def action_ready(self) -> None:
        self.dismiss(None)
