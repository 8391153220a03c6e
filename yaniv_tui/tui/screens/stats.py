"""The stats screen: each player name's record from the history database, as `yaniv stats` prints it."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from yaniv_tui.store import History
from yaniv_tui.store.history import STATS_COLUMNS

from ..colours import colour
from .common import TooSmall

COLUMNS = STATS_COLUMNS


class StatsScreen(Screen[None]):
    """Games, wins, average points per round, Yaniv calls and their success, Assafs made and suffered."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "close", "back")]
    AUTO_FOCUS = "#stats-table"

    def __init__(self, history: History) -> None:
        super().__init__(classes="stats-screen")
        self.history = history

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Header()
        yield Static(Text("Stats of every player name in the history", style="bold"), id="stats-title")
        yield Static("", id="stats-note")
        yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.sub_title = "stats"
        stats = self.history.stats()
        note = self.query_one("#stats-note", Static)
        if self.history.problem:
            note.update(Text(self.history.problem, style=f"bold {colour('bad')}"))
        elif not stats:
            note.update(Text("No games in the history yet: finish a round and it shows here.", style="italic"))
        table = self.query_one(DataTable)
        for heading in COLUMNS:
            table.add_column(heading, key=heading)
        for player in stats:
            table.add_row(*map(Text, player.cells()), key=player.name)  # Text: a name like "[red]x" shows as typed

    def action_close(self) -> None:
        self.dismiss(None)
