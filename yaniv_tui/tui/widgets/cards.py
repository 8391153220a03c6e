"""How a card looks: its face as text (suit symbol and colour, or S H D C), a card widget, card backs."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.text import Text
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from yaniv_tui.engine import Card
from yaniv_tui.engine.cards import JOKER_FACE, SUIT_SYMBOLS

from ..colours import colour, palette

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


#: The game's marks, and their ASCII for a terminal that cannot show ♠ or ▮ (ASCII cards): whose turn it is
#: (`▶ to play`, and the replay's step), the log's turns since your move (`▸`), the cards a seat dropped (`−7♠`, a
#: minus sign), a card back, the deck; the words' marks: between the parts of a line (`Israeli · round 3`), a title's
#: dash, text cut short or still coming (`thinking…`), a score's reset (`100 → 50`), an expert's blame (`◀`), a
#: rule's bullet, a rating's "about" (`≈1640`), a value to step (`‹ 5 or less ›`), a size (`80×24`), the keys'
#: arrows and enter, the history's cells (`–` none, `★` a winner), and the score chart's points (a line's last, a lucky
#: reset). Each is written with `mark`, or a whole line through `in_ascii`.
MARKS = {
    "turn": ("▶", ">"),
    "news": ("▸", ">"),
    "dropped": ("−", "-"),
    "back": ("▮", "#"),
    "deck": ("▒", "#"),
    "dot": ("·", "-"),
    "dash": ("—", "-"),
    "more": ("…", "..."),
    "to": ("→", "->"),
    "from": ("←", "<-"),
    "left-right": ("←→", "left/right"),
    "left-right-spaced": ("← →", "left/right"),
    "up-down": ("↑↓", "up/down"),
    "up": ("↑", "up"),
    "down": ("↓", "down"),
    "enter": ("⏎", "enter"),
    "blame": ("◀", "<"),
    "bullet": ("•", "*"),
    "about": ("≈", "~"),
    "step-back": ("‹", "<"),
    "step-on": ("›", ">"),
    "by": ("×", "x"),
    "none": ("–", "-"),
    "won": ("★", "*"),
    "last-point": ("●", "o"),
    "reset-point": ("◆", "*"),
}
#: The marks by their symbols, longest first (so `←→` is read before `←`).
_BY_SYMBOL = sorted(MARKS.values(), key=lambda pair: -len(pair[0]))
_SYMBOLS = re.compile("|".join(re.escape(symbol) for symbol, _ in _BY_SYMBOL))
_ASCII_OF = dict(_BY_SYMBOL)


def mark(name: str, ascii_only: bool = False) -> str:
    """The mark `name` of `MARKS`, in ASCII with ASCII cards."""
    return MARKS[name][ascii_only]


def in_ascii(text: str, ascii_only: bool = True) -> str:
    """`text` with each mark of `MARKS` in its ASCII form (with ASCII cards; else `text` as it is)."""
    return _SYMBOLS.sub(lambda found: _ASCII_OF[found.group()], text) if ascii_only else text


def text_in_ascii(text: Text, ascii_only: bool = True) -> Text:
    """A styled `text` with each mark in its ASCII form, each keeping the style it had."""
    if not ascii_only or not _SYMBOLS.search(text.plain):
        return text
    cuts = sorted({at for found in _SYMBOLS.finditer(text.plain) for at in found.span()})
    shown = Text(end=text.end, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap)
    for piece in text.divide(cuts):
        ascii_form = _ASCII_OF.get(piece.plain)
        if ascii_form is None:
            shown.append_text(piece)
            continue
        replaced = Text(ascii_form, style=piece.style)
        for span in piece.spans:
            replaced.stylize(span.style, 0, len(ascii_form))
        shown.append_text(replaced)
    return shown


#: Every mark and card symbol a shown text may hold, with its ASCII form (the cards' as `Card.face` writes them).
_SHOWN_ASCII = dict(
    sorted(
        [*_BY_SYMBOL, (JOKER_FACE + "JK", "JK"), *((symbol, suit) for suit, symbol in SUIT_SYMBOLS.items())],
        key=lambda pair: -len(pair[0]),
    )
)
_SHOWN_SYMBOLS = re.compile("|".join(re.escape(symbol) for symbol in _SHOWN_ASCII))

Shown = str | Text | Content


def shown_in_ascii(shown: Shown) -> Shown:
    """A text already on screen (a widget's, a label, a tooltip) with its marks and cards in ASCII, each piece
    keeping its style: for a switch to ASCII cards while the text is shown."""
    if isinstance(shown, str):
        return _SHOWN_SYMBOLS.sub(lambda found: _SHOWN_ASCII[found.group()], shown)
    if not _SHOWN_SYMBOLS.search(shown.plain):
        return shown
    cuts = sorted({at for found in _SHOWN_SYMBOLS.finditer(shown.plain) for at in found.span()})
    if isinstance(shown, Text):
        text = Text(end=shown.end, justify=shown.justify, overflow=shown.overflow, no_wrap=shown.no_wrap)
        for piece in shown.divide(cuts):
            ascii_form = _SHOWN_ASCII.get(piece.plain)
            if ascii_form is None:
                text.append_text(piece)
                continue
            replaced = Text(ascii_form, style=piece.style)
            for span in piece.spans:
                replaced.stylize(span.style, 0, len(ascii_form))
            text.append_text(replaced)
        return text
    pieces: list[Content] = []
    for content in shown.divide(cuts):
        ascii_form = _SHOWN_ASCII.get(content.plain)
        if ascii_form is None:
            pieces.append(content)
            continue
        replaced_content = Content(ascii_form)
        for content_span in content.spans:
            replaced_content = replaced_content.stylize(content_span.style, 0, len(ascii_form))
        pieces.append(replaced_content)
    return Content("").join(pieces)


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
