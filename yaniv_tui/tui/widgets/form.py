"""Textual's own `Button` and `Input`, styled once they are in the DOM rather than also before.

Textual's `Button` and `Input` set CSS classes as they are made (a compact look's `-textual-compact`, a
variant's, the value's `-valid`), and Textual restyles a widget at each change of its classes, even one not yet
mounted: styled alone, with no parent, when it is styled again as a whole as soon as it is mounted. On the setup
screen, the first thing `yaniv` shows, those early stylings were some twenty (about 0.03 billion instructions,
two per cent of its start-up: docs/benchmarks.md). A widget here skips them: until it is attached to the DOM it
asks for no styling, and Textual styles it with everything it holds when it is mounted
(`tests/tui/test_form_widgets.py` pins both).
"""

from __future__ import annotations

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


class FormInput(Input, StyledWhenAttached):
    """Textual's `Input`, for a form's fields (the setup screen's names, seed and typed end score)."""


class NameInput(FormInput):
    """A field for a player's name: it holds at most MAX_NAME terminal cells, the measure of the name rule
    (`engine/names.py`: 田 takes two), not MAX_NAME characters; what would make it wider is refused as Textual
    refuses what passes a field's `max_length`, a paste whole."""

    def replace(self, text: str, start: int, end: int) -> None:
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        if name_cells(f"{value[:start]}{text}{value[end:]}") > MAX_NAME:
            self.restricted()
            return
        super().replace(text, start, end)
