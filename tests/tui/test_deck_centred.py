"""The deck's count ("43 left") and its back sit in the middle of the deck's box, whatever the count's digits, the
terminal's size and the cards' marks (ASCII or not): before, "43 left" touched the box's left edge, a cell of room
on its right."""

from __future__ import annotations

import dataclasses

import pytest
from rich.cells import cell_len
from tui_helpers import TableApp, drawn_lines, make_options, settle, stacked_session

from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.table import DeckView

#: The box's side edges, rounded (as drawn) or in ASCII.
EDGES = "│|"


def inside(line: str) -> tuple[int, str, int]:
    """The cells of blank before what a line of the box holds, what it holds, and the cells of blank after it."""
    assert line[0] in EDGES and line[-1] in EDGES, line
    middle = line[1:-1]
    held = middle.strip()
    return cell_len(middle) - cell_len(middle.lstrip()), held, cell_len(middle) - cell_len(middle.rstrip())


def deck_lines(table: TableScreen) -> list[str]:
    """The lines of the deck's box between its top and bottom edges, as drawn."""
    lines = [strip.text for strip in drawn_lines(table.query_one(DeckView))]
    return lines[1:-1]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)], ids=["80x24", "100x30", "120x40"])
@pytest.mark.parametrize("ascii_cards", [False, True], ids=["cards", "ascii"])
@pytest.mark.parametrize("decks", [1, 3], ids=["43 left", "151 left"])
async def test_the_decks_count_and_back_are_centred(size: tuple[int, int], ascii_cards: bool, decks: int) -> None:
    options = make_options("israeli", "Ann,bot:medium:Bea", seed=5)
    rules = dataclasses.replace(options.rules, decks=decks)
    options = dataclasses.replace(options, rules=rules, ascii=ascii_cards)
    app = TableApp(stacked_session(options, ["9C KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        left = table.session.view(None).deck_size
        assert left == 54 * decks - 11
        for count in (left, 7):  # and a count of one digit, as the deck runs low
            table.query_one(DeckView).show(count, ascii_cards, "0/d")
            await pilot.pause()
            held = [inside(line) for line in deck_lines(table)]
            assert any(text == f"{count} left" for _, text, _ in held), held
            for before, text, after in held:
                if text:
                    assert before == after, (count, held)
