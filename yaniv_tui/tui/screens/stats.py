"""The stats screen: each player's record from the history database (a bot's by level), and each person's against
each bot level, over every ruleset or one, as `yaniv stats` prints them; and the list of finished games, newest
first, each opened in the replay (enter or `r`) or the replay with the expert's review (`v`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Label, Select, Static, TabbedContent, TabPane

from yaniv_tui.store import History
from yaniv_tui.store.games import GAMES_COLUMNS, GameRow
from yaniv_tui.store.history import HistoryError, no_games_line
from yaniv_tui.store.stats import STATS_COLUMNS, VERSUS_COLUMNS

from ..app_seam import game_app
from ..colours import colour
from ..marks import in_ascii, mark
from ..widgets.keybar import KeyBar
from ..widgets.title import TitleBar
from .common import TooSmall, stylesheet

COLUMNS = STATS_COLUMNS
#: The fewest cells the games' players column is given when it wraps: a player of the longest name, starred, with
#: a score of three figures (narrower, the table scrolls sideways).
MIN_PLAYERS = 20
#: The screen's title over each tab.
TITLES = {"players": "Each player's record (a bot's by level)", "games": "Finished games, newest first"}


def two_lines(heading: str) -> str:
    """The heading in two lines, broken at the space that keeps it narrowest on screen (one line if a word)."""
    spaces = [i for i, c in enumerate(heading) if c == " "]
    if not spaces:
        return heading
    cut = min(spaces, key=lambda i: max(cell_len(heading[:i]), cell_len(heading[i + 1 :])))
    return f"{heading[:cut]}\n{heading[cut + 1 :]}"


def natural_width(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """The cells the table's columns take with a cell of padding each side (as DataTable draws them)."""
    return sum(
        max(cell_len(text) for text in [*two_lines(heading).splitlines(), *(row[n] for row in rows)]) + 2
        for n, heading in enumerate(headings)
    )


def fill(table: DataTable[Text], headings: Sequence[str], rows: Sequence[Sequence[str]], room: int = 0) -> None:
    """Put the rows in the table under its headings (in two lines, so more columns fit), anew. Where they would
    not fit in `room` cells (0: not known) with a cell of padding each side, the columns are one cell apart, so
    that a narrow terminal shows every column without scrolling sideways."""
    compact = 0 < room < natural_width(headings, rows)
    table.clear(columns=True)
    table.cell_padding = 0 if compact else 1
    for column, heading in enumerate(headings):
        lead = " " if compact and column else ""
        table.add_column("\n".join(lead + line for line in two_lines(heading).splitlines()), key=heading)
    for row in rows:
        # Text: a name like "[red]x" shows as typed. The figures to the right, as in `yaniv stats`.
        table.add_row(
            *(
                Text(f"{' ' if compact and column else ''}{cell}", justify="right" if column > 1 else "left")
                for column, cell in enumerate(row)
            )
        )


class StatsScreen(Screen[None]):
    """Games, wins (and wins with hints), points per round, Yaniv calls and their success, Assafs made and suffered;
    then each person's games, win share and points per round against each bot level. On the games tab, every
    finished game, newest first: enter or `r` replays the one chosen, `v` replays it with the expert's review."""

    CSS_PATH = stylesheet("stats")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "tab('games')", "games"),
        Binding("p", "tab('players')", "players"),
        Binding("r", "replay", "replay", key_display="⏎/r"),
        Binding("v", "replay(True)", "review"),
        Binding("escape,q", "close", "back"),
    ]
    AUTO_FOCUS = "#stats-table"

    def __init__(self, history: History, *, own: bool = False) -> None:
        """`own`: the screen closes `history` when it closes (a reader opened for it alone)."""
        super().__init__(classes="stats-screen")
        self.history = history
        self.own = own
        #: The finished games listed, newest first, and the ruleset they are of (None: all).
        self.games: list[GameRow] = []
        #: The players tab's tables by id, each with its headings and rows (filled again when the width changes).
        self.tables: dict[str, tuple[Sequence[str], list[tuple[str, ...]]]] = {}
        self.ruleset: str | None = None
        #: The width the games' table was filled for (`fill_games`).
        self.games_room = 0

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield TitleBar()
        with Horizontal(id="stats-top"):
            yield Static(Text(TITLES["players"], style="bold"), id="stats-title")
            yield Label("ruleset", id="stats-ruleset-label")
            choices = [(name, name) for name in self.history.rulesets()]
            yield Select(choices, prompt="all rulesets", id="stats-ruleset", compact=True)
        yield Static("", id="stats-note")
        with TabbedContent(initial="players", id="stats-tabs"):
            with TabPane("players", id="players"):
                yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True, header_height=2)
                yield Static(Text("Each person against each bot level", style="bold"), id="versus-title")
                yield DataTable(id="versus-table", cursor_type="row", zebra_stripes=True, header_height=2)
            with TabPane("games", id="games"):
                yield DataTable(id="games-table", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.sub_title = "stats"
        self.show(None)
        self.watch(self.app, "ascii_cards", lambda _: self.show_marks(), init=False)

    def show_marks(self) -> None:
        """Fill the tables again, their marks (`–` none, `★` a winner) in ASCII or not, each cursor kept: ASCII cards
        were switched (from the command palette) while the screen is open."""
        tables = [self.query_one(name, DataTable) for name in (*self.tables, "#games-table")]
        rows = [table.cursor_row for table in tables]
        self.show(self.ruleset)
        for table, row in zip(tables, rows, strict=True):
            if table.row_count:
                table.move_cursor(row=min(row, table.row_count - 1))

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_tables)

    def fit_tables(self) -> None:
        """Fill a players table again where its columns' spacing no longer suits its width, and the games' table
        where its width changed."""
        games = self.query_one("#games-table", DataTable)
        if games.scrollable_content_region.width != self.games_room:
            row = games.cursor_row
            self.fill_games()
            if games.row_count:
                games.move_cursor(row=min(row, games.row_count - 1))
        for name, (headings, rows) in self.tables.items():
            table = self.query_one(name, DataTable)
            room = table.scrollable_content_region.width
            if (0 < room < natural_width(headings, rows)) != (table.cell_padding == 0):
                row = table.cursor_row
                fill(table, headings, rows, room)
                if rows:
                    table.move_cursor(row=row)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self.show(None if event.value is Select.BLANK else str(event.value))

    def show(self, ruleset: str | None) -> None:
        """Fill the tables with the games of `ruleset` (by id), or of all rulesets."""
        self.ruleset = ruleset
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
        ascii_only = game_app(self).ascii_cards  # the history's marks ("–" none, "★" a winner) in ASCII too

        def cells(row: Sequence[str]) -> tuple[str, ...]:
            return tuple(in_ascii(cell, ascii_only) for cell in row)

        self.tables = {
            "#stats-table": (COLUMNS, [cells(player.cells()) for player in stats]),
            "#versus-table": (VERSUS_COLUMNS, [cells(row.cells()) for row in versus]),
        }
        for name, (headings, rows) in self.tables.items():
            table = self.query_one(name, DataTable)
            fill(table, headings, rows, table.scrollable_content_region.width)
        self.query_one("#versus-title").display = bool(versus)
        self.query_one("#versus-table").display = bool(versus)
        self.games = self.history.games(ruleset)
        damaged = self.history.set_aside_damaged(self.games)
        for line in damaged:
            self.notify(line, severity="warning", timeout=10, markup=False)
        if damaged:
            self.games = self.history.games(ruleset)
        self.fill_games()
        self.refresh_bindings()

    def fill_games(self) -> None:
        """The finished games in their table, anew. Where a row would not fit the table's width, the players' column
        takes what the others leave and gives each player a line (each row as tall as it needs): the rounds and the
        record stay in view, as the players tables keep every column (`fill`), with no scrolling sideways."""
        ascii_only = game_app(self).ascii_cards
        rows = [tuple(in_ascii(cell, ascii_only) for cell in game.cells()) for game in self.games]
        table = self.query_one("#games-table", DataTable)
        room = table.scrollable_content_region.width
        widths = [
            max(cell_len(text) for text in [heading, *(row[n] for row in rows)]) + 2
            for n, heading in enumerate(GAMES_COLUMNS)
        ]
        players = GAMES_COLUMNS.index("players and final scores")
        left = room - (sum(widths) - widths[players]) - 2  # the players' cell pads a cell each side too
        wrap = 0 < room < sum(widths)
        self.games_room = room
        table.clear(columns=True)
        for n, heading in enumerate(GAMES_COLUMNS):
            table.add_column(heading, key=heading, width=max(left, MIN_PLAYERS) if wrap and n == players else None)
        for game, row in zip(self.games, rows, strict=True):
            if wrap:
                row = (*row[:players], in_ascii(game.players_text(",\n"), ascii_only), *row[players + 1 :])
            table.add_row(
                *(
                    Text(cell, justify="right" if heading == "rounds" else "left")
                    for heading, cell in zip(GAMES_COLUMNS, row, strict=True)
                ),
                key=game.game_id,
                height=None if wrap else 1,
            )

    @property
    def games_shown(self) -> bool:
        return self.query_one("#stats-tabs", TabbedContent).active == "games"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "tab" and parameters:
            return (str(parameters[0]) != self.query_one("#stats-tabs", TabbedContent).active) or None
        if action == "replay":
            return (self.games_shown and bool(self.games)) or None
        return True

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        event.stop()
        self.query_one("#games-table" if self.games_shown else "#stats-table", DataTable).focus()
        tab = "games" if self.games_shown else "players"
        self.query_one("#stats-title", Static).update(Text(TITLES[tab], style="bold"))
        self.refresh_bindings()
        self.call_after_refresh(self.fit_tables)  # a tab first shown is laid out now: its width is known

    def action_tab(self, tab: str) -> None:
        self.query_one("#stats-tabs", TabbedContent).active = tab

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "games-table":
            event.stop()
            self.action_replay()

    def action_replay(self, review: bool = False) -> None:
        """Open the chosen game's replay (with the expert's review for `review`); a game with no record, or a
        damaged one (moved aside), says so in one line."""
        table = self.query_one("#games-table", DataTable)
        if not self.games or not 0 <= table.cursor_row < len(self.games):
            return
        game = self.games[table.cursor_row]
        try:
            record = self.history.finished_record(self.history.find_record(game.game_id), "replay")
        except HistoryError as error:
            self.notify(str(error), severity="warning", timeout=10, markup=False)
            self.show(self.ruleset)  # a damaged record moved aside: the game is listed with none from now on
            return
        title = (
            f"game {game.game_id[:8]} {mark('dot', game_app(self).ascii_cards)} {game.finished[:16].replace('T', ' ')}"
        )
        game_app(self).open_replay(record, title, review=review)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        if self.own:
            self.history.close()
