"""Shown text is padded and cut in terminal cells (rich.cells), not characters: a CJK character or an emoji takes
two cells, so padding by `len()` leaves such a line one cell out per wide character."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import App

from yaniv_tui.engine import Card, parse_card
from yaniv_tui.tui.screens.stats import two_lines
from yaniv_tui.tui.widgets import cards
from yaniv_tui.tui.widgets.cards import FACE_WIDTH, CardFace


async def test_a_cards_second_corner_ends_at_the_faces_right_edge_in_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    # No face of today's deck is wide, but the face is printed right-aligned by its width on screen, whatever it is.
    def wide_face(card: Card, ascii_only: bool = False, *, on_card: bool = True) -> Text:
        return Text("田5")

    monkeypatch.setattr(cards, "face_text", wide_face)
    slot = CardFace("hand", 0)
    async with App[None]().run_test():
        slot.show(parse_card("5H"), False)
    content = slot.content
    assert isinstance(content, Text)
    top, bottom = content.plain.split("\n")
    assert top == "田5"
    assert cell_len(bottom) == FACE_WIDTH and bottom.endswith("田5"), repr(bottom)


def test_a_heading_in_two_lines_is_cut_where_its_widest_line_takes_fewest_cells() -> None:
    # By characters both cuts leave a line of 5 (and the first is taken); on screen "cd 田中" takes 7 cells, and the
    # cut after "cd" leaves no line wider than 5.
    assert two_lines("ab cd 田中") == "ab cd\n田中"
    lines = two_lines("Games won in a row").splitlines()
    assert lines == ["Games won", "in a row"]
