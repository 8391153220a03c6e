"""`yaniv stats` (and `--games`), `yaniv saves` and `yaniv rulesets`: the store's plain records printed as Rich tables.

The store reads the history, the saves folder and the rulesets and gives plain data (rows of text, saved games,
ruleset entries); the tables, their columns and the lines around them are the command line's, here.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from itertools import groupby
from pathlib import Path

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from yaniv_tui.engine.ruleset_read import printable
from yaniv_tui.store import History, SavedGame, is_open_elsewhere, record_pending, scan_saves, short_ids
from yaniv_tui.store.games import GAMES_COLUMNS, GameRow
from yaniv_tui.store.history import no_games_line
from yaniv_tui.store.paths import CONFIG_ENV, in_the_way, user_rulesets_dir
from yaniv_tui.store.stats import STATS_COLUMNS, VERSUS_COLUMNS, PlayerStats, Versus
from yaniv_tui.store.userrules import GROUP_HEADINGS, RulesetEntry, all_rulesets

__all__ = [
    "games_table",
    "print_games",
    "print_rulesets",
    "print_saves",
    "print_stats",
    "saves_table",
    "stats_table",
    "versus_table",
]


# -- `yaniv stats` --------------------------------------------------------------------------


def _table(title: str, headings: Sequence[str], rows: Sequence[Sequence[str]], width: int | None) -> Table:
    def widths(wrap: bool) -> list[int]:
        return [
            max(
                max((cell_len(row[column]) for row in rows), default=0),
                *map(cell_len, heading.split() if wrap else [heading]),
            )
            for column, heading in enumerate(headings)
        ]

    # No lines between the columns, and each figure's heading wrapped at its words when the line is too narrow.
    wrap = width is not None and sum(widths(False)) + len(headings) - 1 > width
    table = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 0, 0, 1), pad_edge=False, show_edge=False)
    # A name as wide as an older version's save held (48 cells) folds onto more lines, never crushing the figures.
    table.add_column(headings[0], style="bold", overflow="fold", min_width=8)
    table.add_column(headings[1], no_wrap=True)
    for heading, fits in zip(headings[2:], widths(wrap)[2:], strict=True):
        table.add_column(heading, justify="right", width=fits)
    for row in rows:
        table.add_row(*map(Text, row))  # Text, not markup: a name like "[red]x" prints as typed
    return table


def stats_table(stats: Sequence[PlayerStats], title: str = "Yaniv stats", width: int | None = None) -> Table:
    """The stats as a rich table, one row per player (a bot once for each level it played at); its figures'
    headings wrapped when the table would be wider than `width`."""
    return _table(title, STATS_COLUMNS, [player.cells() for player in stats], width)


def versus_table(
    versus: Sequence[Versus], title: str = "Each person against each bot level", width: int | None = None
) -> Table:
    """Each person's record against each bot level as a rich table."""
    return _table(title, VERSUS_COLUMNS, [row.cells() for row in versus], width)


def unusable(history: History) -> bool:
    """Say what the history found (moved aside, or why it cannot be used), a line each; whether it is unusable."""
    if history.notice:
        print(f"yaniv: {history.notice}", file=sys.stderr)
    if history.problem:
        print(f"yaniv: {history.problem}", file=sys.stderr)
        return True
    return False


def print_stats(path: Path | None = None, console: Console | None = None, ruleset: str | None = None) -> int:
    """`yaniv stats [--ruleset NAME]`: print every player's stats, then each person's against each bot level;
    returns the exit status (1 when the history is unusable)."""
    out = console or Console()
    with History(path, create=False) as history:  # a listing makes no database
        stats = history.stats(ruleset)
        versus = history.versus(ruleset)
        known = history.rulesets() if ruleset is not None and not stats else []
        if unusable(history):
            return 1
    if not stats:
        out.print(no_games_line(ruleset, known), markup=False, highlight=False)
        return 0
    of = "" if ruleset is None else f" of {printable(ruleset)}"
    out.print(stats_table(stats, f"Yaniv stats{of}", out.width))
    if versus:
        out.print(versus_table(versus, width=out.width))
    return 0


# -- `yaniv stats --games` -----------------------------------------------------------------


def games_table(rows: Sequence[GameRow]) -> Table:
    """The finished games as a rich table, newest first: each one's id (the fewest first letters that name it), then
    the columns of the stats screen's list of games."""
    shown = short_ids([row.game_id for row in rows])
    table = Table(title="Finished games")
    for heading in ("id", *GAMES_COLUMNS):
        # Each cell whole: a word wider than its column (a name of 24 田, as an older version's save held) is folded
        # onto the next line, never cut with "…" (two names that differ past the cut read as one).
        table.add_column(
            heading, justify="right" if heading == "rounds" else "left", no_wrap=heading == "id", overflow="fold"
        )
    for row in rows:
        table.add_row(*(Text(cell) for cell in (shown[row.game_id], *row.cells())))  # Text: names as typed
    return table


def print_games(path: Path | None = None, console: Console | None = None, ruleset: str | None = None) -> int:
    """`yaniv stats --games [--ruleset NAME]`: print the finished games, newest first, with their ids; a damaged
    record is moved aside (as the stats screen does) and said in a line. Returns the exit status (1 when the history
    is unusable)."""
    out = console or Console()
    with History(path, create=False) as history:  # a listing makes no database
        rows = history.games(ruleset)
        damaged = history.set_aside_damaged(rows)
        if damaged:
            rows = history.games(ruleset)
        known = history.rulesets() if ruleset is not None and not rows else []
        if unusable(history):
            return 1
    for line in damaged:
        print(f"yaniv: {line}", file=sys.stderr)
    if not rows:
        out.print(no_games_line(ruleset, known), markup=False, highlight=False)
        return 0
    out.print(games_table(rows))
    out.print(
        "Step through one with 'yaniv replay ID', have it reviewed with 'yaniv review ID', or write its record with "
        "'yaniv export ID' (the first letters of its id are enough).",
        markup=False,
        highlight=False,
    )
    return 0


# -- `yaniv saves` ---------------------------------------------------------------------


def seats_text(saved: SavedGame) -> str:
    """Who sits at each seat: `Ann, Ben (easy bot), Noa (remote)`."""
    return ", ".join(
        name if seat.is_human else f"{name} ({seat.describe()})"
        for name, seat in zip(saved.game.players, saved.meta.seats, strict=True)
    )


def scores_text(saved: SavedGame) -> str:
    """Each seat's total: `Ann 17 · Ben 37 · Noa out`."""
    return " · ".join(
        f"{name} {score}" if score is not None else f"{name} out"
        for name, score in zip(saved.game.players, saved.game.scores, strict=True)
    )


def saves_table(games: Sequence[SavedGame]) -> Table:
    """The games in progress as a rich table, newest first."""
    shown = short_ids([s.game_id for s in games])
    table = Table(title="Games in progress")
    for heading in ("id", "seats", "ruleset", "round", "scores", "last played"):
        table.add_column(  # each cell whole, as in games_table
            heading, justify="right" if heading == "round" else "left", no_wrap=heading == "id", overflow="fold"
        )
    for saved in games:
        when = saved.when + (" (open in another yaniv)" if is_open_elsewhere(saved.game_id) else "")
        # Text cells, never markup: names and the ruleset's name come from the files, as typed.
        table.add_row(
            *(
                Text(cell)
                for cell in (
                    shown[saved.game_id],
                    seats_text(saved),
                    saved.game.rules.name,
                    str(saved.game.round_no),
                    scores_text(saved),
                    when,
                )
            )
        )
    return table


def print_saves(console: Console | None = None) -> int:
    """`yaniv saves`: the games in progress, newest first; damaged ones in a line each. Exit status 0."""
    out = console or Console()
    said = record_pending()
    for line in said:
        print(f"yaniv: {line}", file=sys.stderr)
    listing = scan_saves()
    for line in listing.problems:
        if line not in said:  # a save left where it is (a newer yaniv-tui's) is found by both looks: told once
            print(f"yaniv: {line}", file=sys.stderr)
    if not listing.games:
        out.print("No games in progress: start one with 'yaniv'.")
        return 0
    out.print(saves_table(listing.games))
    out.print("Resume one with 'yaniv --resume ID' (the first letters of its id are enough).")
    return 0


# -- `yaniv rulesets` ------------------------------------------------------------------


#: The columns of `yaniv rulesets` after the ruleset's: each one's heading, and whether it is a figure (to the right).
_RULESET_COLUMNS = (("players", False), ("call at", True), ("end", False))
#: The least width of the ruleset's column (its id, name and origin, folded when longer) and of the description;
#: the description's width the ruleset's column folds to leave it, where the line is narrow.
_RULESET_MIN, _DESCRIPTION_MIN, _DESCRIPTION_ROOM = 11, 24, 30


def _ruleset_cells(entry: RulesetEntry) -> tuple[Text, tuple[str, ...], Text]:
    """An entry's row: its id, name and origin in one cell, its players, call and end, its description (or error)."""
    # Every cell from a file is Text of printable characters: no markup, no escape sequences reach the terminal.
    origin = "shipped" if entry.origin == "shipped" else f"yours: {printable(entry.path.name)}"
    rules = entry.rules
    name = Text("invalid", style="red") if rules is None else Text(printable(rules.name))
    ruleset = Text.assemble((printable(entry.id), "bold"), "\n", name, "\n", (origin, "dim"))
    if rules is None:
        return ruleset, ("", "", ""), Text(printable(entry.error or ""))
    end = "ends at "
    if rules.end_mode == "elimination":
        end = "out above " if rules.end_on == "above" else "out at "
    figures = (f"{rules.min_players}–{rules.max_players}", f"≤ {rules.yaniv_limit}", f"{end}{rules.end_limit}")
    return ruleset, figures, Text(printable(rules.description))


def print_rulesets(console: Console | None = None, folder: Path | None = None) -> int:
    """`yaniv rulesets`: every ruleset with its origin, in the setup screen's groups under its headings
    (GROUP_HEADINGS), the user folder named, bad files with their error."""
    out = console or Console()
    where = folder or user_rulesets_dir()
    rows = [(entry.group, _ruleset_cells(entry)) for entry in all_rulesets(where)]
    # One table a group, each column as wide in every table so they read as one. The figures keep their widths;
    # the ruleset's id, name and origin fold to leave the description about 30 columns at 80, rather than a tall
    # strip of one or two words a line.
    figures = [
        max(cell_len(heading), *(cell_len(cells[1][column]) for _, cells in rows))
        for column, (heading, _) in enumerate(_RULESET_COLUMNS)
    ]
    widest = max((cell_len(line) for _, cells in rows for line in cells[0].plain.splitlines()), default=0)
    room = out.width - 3 * (len(figures) + 2) - 1 - sum(figures) - _DESCRIPTION_ROOM  # each column's "│ " and " "
    ruleset_width = max(_RULESET_MIN, min(max(widest, len("ruleset")), room))
    out.print(Text("Yaniv rulesets", style="table.title"), justify="center")
    for place, (group, grouped) in enumerate(groupby(rows, key=lambda row: row[0])):
        table = Table(
            title=GROUP_HEADINGS[group],
            title_justify="left",
            title_style="bold",
            expand=True,
            show_header=place == 0,
        )
        table.add_column("ruleset", width=ruleset_width, overflow="fold")
        for (heading, figure), width in zip(_RULESET_COLUMNS, figures, strict=True):
            table.add_column(heading, width=width, justify="right" if figure else "left", no_wrap=True)
        table.add_column("description", ratio=1, min_width=_DESCRIPTION_MIN)
        for _, (ruleset, shown, description) in grouped:
            table.add_row(ruleset, *shown, description)
        out.print(table)
    line = f"Your own rulesets go in {printable(str(where))} (one .toml file each)."
    if blocker := in_the_way(where):
        line = (
            f"Your own rulesets would go in {printable(str(where))}, but {printable(str(blocker))} is not a folder: "
            f"move it away, or set {CONFIG_ENV} to another folder."
        )
    out.print(line, markup=False, highlight=False)
    return 0
