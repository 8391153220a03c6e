"""The table as it opens: drawn once with its first turn, and once more laid out (the seats' and the log's widths
are known only then), not again for every event of its start."""

from __future__ import annotations

import pytest
from tui_helpers import make_app, screen_text, settle

from yaniv_tui.tui.screens import table_view
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.screens.table_state import TableState


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_table_draws_twice_as_it_opens(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: four draws of the whole table before the player could act: on mount, again when the runner's first
    turn set the stage, again when the screen was told the size it had, and once laid out."""
    draws: list[int] = []
    drawn = table_view.draw

    def counted(table: TableState) -> None:
        draws.append(len(draws))
        drawn(table)

    monkeypatch.setattr("yaniv_tui.tui.screens.table_state.draw", counted)  # as the table calls it
    app = make_app("israeli", "Ann,bot,bot", seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(4):
            await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.stage == "choose"
        text = screen_text(app)
        assert "Your turn" in text and "Your hand" in text and "Avi" in text, text
        assert len(draws) == 2
