"""Textual's own `Button` and `Input`, styled once they are in the DOM rather than also before.

Textual's `Button` and `Input` set CSS classes as they are made (a compact look's `-textual-compact`, a
variant's, the value's `-valid`), and Textual restyles a widget at each change of its classes, even one not yet
mounted: styled alone, with no parent, when it is styled again as a whole as soon as it is mounted. On the setup
screen, the first thing `yaniv` shows, those early stylings were some twenty (about 0.03 billion instructions,
two per cent of its start-up: docs/benchmarks.md). A widget here skips them: until it is attached to the DOM it
asks for no styling, and Textual styles it with everything it holds when it is mounted
(`tests/tui/test_form_widgets.py` pins both).

A paste into a field that restricts what it takes (`FormInput`) keeps what the field takes and says in one notice
what it left out: Textual's own `Input` refuses a paste whole, with no word, for one character it refuses (a tab
in a name, the newline after it) and keeps only a paste's first line.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Any

from textual import events
from textual.widget import Widget
from textual.widgets import Button, Input

from yaniv_tui.engine.names import MAX_NAME, name_cells


class StyledWhenAttached(Widget):
    """A widget whose class changes restyle it only once it is attached to the DOM: before, Textual's own styling
    at its mount covers them. Named after the widget it changes, never first: Textual takes a widget's default CSS
    and component classes from its first base alone (`class FormButton(Button, StyledWhenAttached)`)."""

    def update_node_styles(self, animate: bool = True) -> None:
        if self.is_attached:
            super().update_node_styles(animate)


class FormButton(Button, StyledWhenAttached):
    """Textual's `Button`, for a form's buttons (the setup screen's)."""


#: The characters a left-out list names in words; any other that draws nothing is named by its code point.
_CHARACTER_WORDS = {"\n": "newline", "\r": "return", "\t": "tab", " ": "space"}
#: How many kinds of character a paste's notice names before it says "and N more kinds".
_NAMED_KINDS = 3


def character_word(character: str) -> str:
    """A character as a notice names it: a word for a newline, a return, a tab and a space, quoted if it draws
    something, else its code point (U+200B): never the character itself, which could drive the terminal."""
    if character in _CHARACTER_WORDS:
        return _CHARACTER_WORDS[character]
    if character.isprintable() and unicodedata.category(character)[0] not in "MZ":
        return repr(character)
    return f"U+{ord(character):04X}"


def left_out_line(dropped: str, cut: int) -> str:
    """The one line telling what a paste left out: the characters the field does not take, by kind and count (the
    first kinds only), and how many more the field had no room for; "" when nothing was left out."""
    parts = []
    if dropped:
        kinds = Counter(dropped).most_common()
        named = [f"{count} × {character_word(c)}" if count > 1 else character_word(c) for c, count in kinds]
        more = len(named) - _NAMED_KINDS
        shown = ", ".join(named[:_NAMED_KINDS]) + (f" and {more} more kinds" if more > 0 else "")
        parts.append(f"{len(dropped)} character{'s' * (len(dropped) != 1)} this field does not take ({shown})")
    if cut:
        parts.append(f"{cut} that did not fit")
    return f"Pasted without {' and '.join(parts)}." if parts else ""


class FormInput(Input, StyledWhenAttached):
    """Textual's `Input`, for a form's fields (the setup screen's names, seed and typed end score, the join screen's,
    the house rules'). A paste keeps each character its `restrict` takes, as much as fits (`fits`), and a notice
    says in one line what it left out (`left_out_line`). A `restrict` here is a set of characters (`[...]*`), as
    each of ours is: a character is taken or not on its own. A paste the field's `type` refuses whole (a letter in a
    number) is refused whole, and its notice says what the field takes, in the words of `takes` when it has them
    ("a whole number from 0 to 1000")."""

    def __init__(self, *args: Any, takes: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: What the field takes, in a player's words, for the notice that refuses a paste whole ("" if none).
        self.takes = takes

    def fits(self, value: str) -> bool:
        """Whether the field has room for `value`: its `max_length` (a name's room in cells: `NameInput`)."""
        return not self.max_length or len(value) <= self.max_length

    def on_paste(self, event: events.Paste) -> None:
        restrict = self.restrict
        if restrict is None:
            return  # Textual's own paste: nothing is refused
        event.stop()
        event.prevent_default()  # Textual's own paste (the first line, or nothing) is not run after this one
        text = event.text
        kept = "".join(c for c in text if re.fullmatch(restrict, c))
        dropped = "".join(c for c in text if not re.fullmatch(restrict, c))
        value = self.value
        start, end = sorted(self.selection)
        before, after = value[:start], value[end:]
        low, high = 0, len(kept)  # the longest start of `kept` that fits: each longer one is wider too
        while low < high:
            middle = (low + high + 1) // 2
            if self.fits(f"{before}{kept[:middle]}{after}"):
                low = middle
            else:
                high = middle - 1
        kept, cut = kept[:low], len(kept) - low
        if kept:
            self.replace(kept, start, end)  # Textual's own checks too (an integer field's sign)
        told = left_out_line(dropped, cut)
        if kept and self.value != f"{before}{kept}{after}":
            told = f"Nothing pasted: this field {f'takes {self.takes}' if self.takes else 'does not take that text'}."
        if told:
            self.notify(told, severity="warning", markup=False)


class NameInput(FormInput):
    """A field for a player's name: it holds at most MAX_NAME terminal cells, the measure of the name rule
    (`engine/names.py`: 田 takes two), not MAX_NAME characters; what would make it wider is refused as Textual
    refuses what passes a field's `max_length`; a paste keeps what fits (`FormInput.on_paste`)."""

    def fits(self, value: str) -> bool:
        return name_cells(value) <= MAX_NAME and super().fits(value)

    def replace(self, text: str, start: int, end: int) -> None:
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        if not self.fits(f"{value[:start]}{text}{value[end:]}"):
            self.restricted()
            return
        super().replace(text, start, end)
