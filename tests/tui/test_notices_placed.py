"""Where the table's notices (Textual's toasts) go: in the felt's corner under the deck and the previous drop,
left of the round's log and above the prompt, hiding no text of the table (`TableState.place_notices`). Before,
Textual docked them at the bottom right, over the right half of the prompt's and the hint's lines and the hand."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from tui_helpers import make_app, screen_lines, settle

from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.table import DeckView, PileView, SeatPanel, TurnLog


def table_text_regions(table: TableScreen) -> dict[str, Region]:
    """Every region of the table that holds text: the seats, the deck, the previous drop's cards, the log, the
    prompt, the hint's line and the hand (its label and cards), and the key bar."""
    regions = {f"seat {i}": panel.region for i, panel in enumerate(table.query(SeatPanel))}
    regions["deck"] = table.query_one(DeckView).region
    for i, card in enumerate(table.query_one(PileView).query(".card")):
        regions[f"pile card {i}"] = card.region
    regions["log"] = table.query_one(TurnLog).region
    for name in ("#prompt", "#message", "#hand", "KeyBar"):
        regions[name] = table.query_one(name).region
    return {name: region for name, region in regions.items() if region.area}


async def show_notices(pilot: Pilot[None], *words: str) -> set[tuple[int, int]]:
    """`words` said as notices at the table, once it waits for Ann's move: the cells (x, y) they changed."""
    await settle(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    before = screen_lines(pilot.app)
    for said in words:
        table.notify(said, timeout=30, markup=False)
    for _ in range(4):
        await pilot.pause()
    after = screen_lines(pilot.app)
    assert all(len(line) == table.size.width for line in before + after)  # a cell a character: narrow ones only
    return {
        (x, y)
        for y, (old, new) in enumerate(zip(before, after, strict=True))
        for x in range(len(old))
        if old[x] != new[x]
    }


#: A toast's left edge, as Textual draws an information notice: the rows of a toast are the rows with one.
TOAST_EDGE = "▌"

LONG = "Avi's clock ran out three times in a row: a medium bot plays the seat until Avi acts again."


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_notices_hide_no_text_of_the_table(size: tuple[int, int]) -> None:
    app = make_app("israeli", "Ann,bot,bot", seed=3)
    async with app.run_test(size=size, notifications=True) as pilot:
        changed = await show_notices(pilot, "Sorted by suit", LONG)
        table = app.screen
        assert isinstance(table, TableScreen)
        shown = "".join(screen_lines(app))
        assert "Sorted by suit" in shown and "Avi's clock ran out" in shown
        for name, region in table_text_regions(table).items():
            hidden = sorted(cell for cell in changed if region.contains(*cell))
            assert not hidden, (name, region, hidden[:3])


async def test_a_screen_with_no_room_in_the_corner_keeps_textuals_place() -> None:
    """At 80x24 with eight seats the corner under the deck has no row to spare: the notice is shown, where Textual
    puts it, and nothing breaks."""
    app = make_app("israeli", "Ann,bot,bot,bot,bot,bot,bot,bot", seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert await show_notices(pilot, "Sorted by suit")
        assert "Sorted by suit" in "".join(screen_lines(app)) and app.is_running


async def test_a_dialog_over_the_table_shows_each_notice_once() -> None:
    """The table's notices and a dialog's are two racks: before the table hid its own under a dialog, a notice
    showed twice, in the table's corner (through the dialog's backdrop) and where Textual puts the dialog's."""
    from yaniv_tui.tui.screens.scores import ScoresScreen

    app = make_app("israeli", "Ann,bot,bot", seed=3)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        assert await show_notices(pilot, "Sorted by suit")
        await pilot.press("s")
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        lines = screen_lines(app)
        assert "".join(lines).count("Sorted by suit") == 1
        assert sum(TOAST_EDGE in line for line in lines) == 3  # one toast of one line, no second one's edge
        await pilot.press("escape")
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        lines = screen_lines(app)
        assert "".join(lines).count("Sorted by suit") == 1 and sum(TOAST_EDGE in line for line in lines) == 3
