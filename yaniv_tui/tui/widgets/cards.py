"""How a card looks: its face as text (suit symbol and colour, or S H D C), a card widget, card backs."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from yaniv_tui.engine import Card

from ..colours import colour, palette
from ..marks import mark

#: Characters inside a card's border (the stylesheet makes cards 8 wide with a border).
FACE_WIDTH = 6


def face(card: Card, ascii_only: bool = False) -> str:
    """A card as a player reads it: `10♥`, `Q♠`, `★JK` (or `10H` in ASCII); its home is `Card.face`."""
    return card.face(ascii_only)


def face_text(card: Card, ascii_only: bool = False, *, on_card: bool = True) -> Text:
    """The face with its colour: red for hearts and diamonds; the suit itself always says which."""
    if card.is_joker:
        style = f"bold {colour('card-joker')}"
    elif card.is_red:
        style = f"bold {colour('card-red')}" if on_card else f"bold {colour('red-on-felt')}"
    else:
        style = f"bold {colour('card-ink')}" if on_card else "bold"
    return Text(face(card, ascii_only), style=style)


def faces_text(cards: tuple[Card, ...] | list[Card], ascii_only: bool = False) -> Text:
    """Several faces on the dark table background, separated by spaces."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(face_text(card, ascii_only, on_card=False))
    return text


def backs(count: int, ascii_only: bool = False) -> Text:
    """Card backs for a hand of `count` cards: how many an opponent holds, never which."""
    return Text(mark("back", ascii_only) * count, style=f"bold {colour('card-back')}")


class CardFace(Static):
    """One card slot: a face (or a back), a key above it and its value below; click to choose it."""

    @dataclass
    class Clicked(Message):
        """A card slot was clicked: `area` is "hand" or "pile", `index` its slot, `card` the card shown there (the
        hand or the pile it is in says what that chooses)."""

        area: str
        index: int
        card: Card | None = None

    def __init__(self, area: str, index: int, *, classes: str | None = None) -> None:
        super().__init__("", classes=classes)
        self.area = area
        self.index = index
        self.card: Card | None = None
        self._state: tuple[object, ...] = ()

    def show(self, card: Card | None, ascii_only: bool, *, key: str = "", value: str = "") -> None:
        """Show `card` (None empties the slot) with its key on the top border and its value below."""
        # Redraw only what changed: every change costs a layout pass, and keys should feel instant.
        state = (card, ascii_only, key, value, palette())
        if state == self._state:
            return
        self._state = state
        self.card = card
        self.display = card is not None
        if card is None:
            return
        # A face in two corners, as printed on a real card.
        top = face_text(card, ascii_only)
        bottom = Text(" " * max(0, FACE_WIDTH - top.cell_len)) + top
        self.update(Text.assemble(top, "\n", bottom))
        self.border_title = key
        self.border_subtitle = value

    def on_click(self) -> None:
        if self.card is not None:
            self.post_message(self.Clicked(self.area, self.index, self.card))
