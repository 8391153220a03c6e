"""The game's marks (whose turn, a card back, the words' dots, dashes and arrows) and their ASCII forms, in one
home: a terminal that cannot show ♠ or ▮ (ASCII cards) gets each mark's ASCII, written with `mark`, a whole line
through `in_ascii` / `text_in_ascii`, or a text already shown through `shown_in_ascii`. No widget here: the setup
screen, the first `yaniv` shows, imports this and not the cards' widgets (widgets/cards.py)."""

from __future__ import annotations

import re

from rich.text import Text
from textual.content import Content

from yaniv_tui.engine.cards import JOKER_FACE, SUIT_SYMBOLS

#: The game's marks, and their ASCII for a terminal that cannot show ♠ or ▮ (ASCII cards): whose turn it is
#: (`▶ to play`, and the replay's step), the log's turns since your move (`▸`), the cards a seat dropped (`−7♠`, a
#: minus sign), a card back, the deck; the words' marks: between the parts of a line (`Israeli · round 3`), a title's
#: dash, text cut short or still coming (`thinking…`), a score's reset (`100 → 50`), an expert's blame (`◀`), a
#: rule's bullet, a rating's "about" (`≈1640`), a value to step (`‹ 5 or less ›`), a size (`80×24`), the keys'
#: arrows and enter, the history's cells (`–` none, `★` a winner), and the score chart's points (a line's last, a lucky
#: reset); the command palette's search line (`🔎`, an emoji a terminal may have no font for). Each is written with
#: `mark`, or a whole line through `in_ascii`.
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
    "search": ("🔎", ">"),
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
    return _text_replaced(text, _SYMBOLS, _ASCII_OF)


def _text_replaced(text: Text, symbols: re.Pattern[str], ascii_of: dict[str, str]) -> Text:
    """`text` with each match of `symbols` replaced by its `ascii_of`, each piece keeping its style."""
    cuts = sorted({at for found in symbols.finditer(text.plain) for at in found.span()})
    shown = Text(end=text.end, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap)
    for piece in text.divide(cuts):
        ascii_form = ascii_of.get(piece.plain)
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
    if isinstance(shown, Text):
        return _text_replaced(shown, _SHOWN_SYMBOLS, _SHOWN_ASCII)
    cuts = sorted({at for found in _SHOWN_SYMBOLS.finditer(shown.plain) for at in found.span()})
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
