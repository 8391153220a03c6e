"""Conceding a game: a human leaves it, after saying so twice; a bot plays their seat out."""

from __future__ import annotations

from typing import ClassVar, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from yaniv_tui.table.players import CONCEDED_LEVEL
from yaniv_tui.table.words import is_you

from ..widgets.keybar import KeyBar
from .common import Dialog, TooSmall

#: What the player chose: concede and watch the rest, concede and skip to the end, or (None) play on.
Conceded = Literal["watch", "skip"]


def concede_question(name: str) -> str:
    """What the dialog asks `name`, who is addressed in the second person whatever their name."""
    asked = "Concede the game?" if is_you(name) else f"Concede the game, {name}?"
    return (
        f"{asked} You leave it: a {CONCEDED_LEVEL} bot plays your seat out to the end, "
        "and the history never counts the game as your win."
    )


class ConcedeScreen(Dialog[Conceded | None]):
    """ "Concede?" over the table: y concedes (then the rest is watched), e concedes and skips to the end when no
    human would be left in, n or escape plays on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer('watch')", "concede"),
        Binding("e", "answer('skip')", "concede, skip to the end"),
        Binding("n", "answer(None)", "play on"),
        Binding("escape", "answer(None)", "play on"),
    ]
    AUTO_FOCUS = "#confirm-no"

    def __init__(self, name: str, last_human: bool) -> None:
        super().__init__()
        self.player = name
        #: No other human at this screen would be left in: the rest can be skipped.
        self.last_human = last_human

    def compose(self) -> ComposeResult:
        yield TooSmall()
        question = concede_question(self.player)
        with Vertical(classes="dialog", id="confirm-dialog"):
            yield Static(Text(question), id="confirm-question")  # Text: the name as typed
            with Horizontal(id="confirm-buttons"):
                yield Button("Concede (y)", id="confirm-yes", variant="error", action="screen.answer('watch')")
                if self.last_human:
                    yield Button("Concede, skip to the end (e)", id="confirm-skip", action="screen.answer('skip')")
                yield Button("Play on (n)", id="confirm-no", variant="primary", action="screen.answer(None)")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.last_human or parameters != ("skip",)

    def action_answer(self, choice: Conceded | None) -> None:
        self.dismiss(choice)
