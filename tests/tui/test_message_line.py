"""The table's message line (why a key did nothing, or a hint) at 80 columns: it wraps between its clauses, never
leaving its last word alone on a line."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text
from tui_helpers import make_app, screen_lines, settle

from yaniv_tui.tui.screens.table import TableScreen

#: A hint as the expert words it (bots/hint.explain), 77 cells with its capital: one more than the line holds.
HINT = "hint: drop Q♠ (10 points off), take ★JK: a joker fits any run, and is worth 0"


async def test_a_hint_one_word_too_long_wraps_between_its_clauses_at_80_columns() -> None:
    """Before: "Hint: … a joker fits any run, and is worth" on one line, and "0" alone on the next."""
    console = Console(width=76, file=io.StringIO())
    assert Text(HINT).wrap(console, 76)[-1].plain == "0"  # Rich's own wrap: the last word alone
    app = make_app("israeli", "Ann,bot,bot", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        table.tip = HINT
        for _ in range(3):
            await pilot.pause()
        region = table.query_one("#message").region
        lines = [line.strip() for line in screen_lines(app)[region.y : region.bottom]]
        assert lines == ["Hint: drop Q♠ (10 points off), take ★JK: a joker fits any run,", "and is worth 0"], lines


@pytest.mark.parametrize("width", range(40, 121))
def test_a_long_line_takes_no_more_lines_than_its_words_would(width: int) -> None:
    """The message line holds two lines: wrapping by clauses never makes a line too long for it where words fit."""
    from yaniv_tui.tui.phrases import Phrases

    said = (
        "Hint: drop 5♣ 6♣ 7♣ (18 points off), give 8♣ for the joker inside the run: your hand goes 8 lower and"
        " keeps a joker for a run; it leaves 3, low enough to call Yaniv next turn"
    )
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(Phrases.clauses(said))
    lines = console.export_text().splitlines()
    assert " ".join(" ".join(lines).split()) == said
    assert len(lines) <= len(Text(said).wrap(console, width)), lines
