"""The stats screen: each player's record from the history database (a bot's by level), and each person's against
each bot level, over every ruleset or one, as `yaniv stats` prints them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Label, Select, Static

from yaniv_tui.store import History
from yaniv_tui.store.history import no_games_line
from yaniv_tui.store.stats import STATS_COLUMNS, VERSUS_COLUMNS

from ..colours import colour
from ..widgets.keybar import KeyBar
from ..widgets.title import TitleBar
from .common import TooSmall, stylesheet

COLUMNS = STATS_COLUMNS


def two_lines(heading: str) -> str:
    """The heading in two lines, broken at the space that keeps it narrowest (one line if a word)."""
    spaces = [i for i, c in enumerate(heading) if c == " "]
    if not spaces:
        return heading
    cut = min(spaces, key=lambda i: max(i, len(heading) - i - 1))
    return f"{heading[:cut]}\n{heading[cut + 1 :]}"


def fill(table: DataTable[Text], headings: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Put the rows in the table under its headings (in two lines, so more columns fit), anew."""
    table.clear(columns=True)
    for heading in headings:
        table.add_column(two_lines(heading), key=heading)
    for row in rows:
        # Text: a name like "[red]x" shows as typed. The figures to the right, as in `yaniv stats`.
        table.add_row(*(Text(cell, justify="right" if column > 1 else "left") for column, cell in enumerate(row)))


class StatsScreen(Screen[None]):
    """Games, wins (and wins with hints), points per round, Yaniv calls and their success, Assafs made and suffered;
    then each person's games, win share and points per round against each bot level."""

    CSS_PATH = stylesheet("stats")

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "back")]
    AUTO_FOCUS = "#stats-table"

    def __init__(self, history: History) -> None:
        super().__init__(classes="stats-screen")
        self.history = history

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield TitleBar()
        with Horizontal(id="stats-top"):
            yield Static(Text("Each player's record (a bot's by level)", style="bold"), id="stats-title")
            yield Label("ruleset", id="stats-ruleset-label")
            choices = [(name, name) for name in self.history.rulesets()]
            yield Select(choices, prompt="all rulesets", id="stats-ruleset", compact=True)
        yield Static("", id="stats-note")
        yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True, header_height=2)
        yield Static(Text("Each person against each bot level", style="bold"), id="versus-title")
        yield DataTable(id="versus-table", cursor_type="row", zebra_stripes=True, header_height=2)
        yield KeyBar()

    def on_mount(self) -> None:
        self.sub_title = "stats"
        self.show(None)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.show(None if event.value is Select.BLANK else str(event.value))

    def show(self, ruleset: str | None) -> None:
        """Fill both tables with the games of `ruleset` (by id), or of all rulesets."""
        stats = self.history.stats(ruleset)
        versus = self.history.versus(ruleset)
        note = self.query_one("#stats-note", Static)
        if self.history.problem:
            note.update(Text(self.history.problem, style=f"bold {colour('bad')}"))
        elif not stats and ruleset is None:
            note.update(Text("No games finished yet: a game shows here once it ends.", style="italic"))
        elif not stats:
            note.update(Text(no_games_line(ruleset, self.history.rulesets()), style="italic"))
        note.display = bool(self.history.problem or not stats)
        if not note.display:
            note.update("")
        fill(self.query_one("#stats-table", DataTable), COLUMNS, [player.cells() for player in stats])
        fill(self.query_one("#versus-table", DataTable), VERSUS_COLUMNS, [row.cells() for row in versus])
        self.query_one("#versus-title").display = bool(versus)
        self.query_one("#versus-table").display = bool(versus)

    def action_close(self) -> None:
        self.dismiss(None)
