"""The scores so far: what each player added every round, and the totals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from yaniv_tui.engine import RoundScore

from ..app_seam import game_app
from ..colours import colour
from ..marks import mark
from ..widgets.keybar import KeyBar
from .common import Dialog, KeyScroll, TooSmall


def scores_table(
    players: tuple[str, ...],
    history: Sequence[RoundScore],
    totals: Sequence[int | None],
    ascii_only: bool = False,
    stacked: bool = False,
) -> Table:
    """One row per round (points added, then the total), one column per player; `stacked`, each round's total with
    its points added on a line below it, the columns two cells apart (not three) and only names that cannot fit
    wrapped: narrow enough for eight players at 80 columns, and eight names of up to 9 cells each whole there."""
    # Stacked: a cell's padding on its left only and no edge. Rich's three cells between columns took 27 of eight
    # players' 71 and folded five short names in their middle ("Ann-Ma" / "rie").
    table = Table(
        box=box.SIMPLE_HEAD,
        expand=False,
        header_style=f"bold {colour('ink-muted')}",
        padding=(0, 0, 0, 1) if stacked else (0, 1),
        show_edge=not stacked,
    )
    table.add_column("round", justify="right", no_wrap=True)
    for name in players:
        # Text: the name as typed, not markup; stacked, a long name folds onto a second line rather than be cut.
        table.add_column(Text(name, overflow="fold"), justify="right", no_wrap=not stacked)
    resets_seen: dict[tuple[int, int], tuple[int, int]] = {}
    to = mark("to", ascii_only)
    for number, result in enumerate(history, start=1):
        for seat, was, now in result.resets:
            resets_seen[(number, seat)] = (was, now)
        cells: list[Text | str] = [str(number)]
        for seat in range(len(players)):
            total, added_now = result.scores[seat], result.added[seat]
            if total is None or added_now is None:  # out in an earlier round: no hand, nothing added
                cells.append(Text("out", style="dim"))
                continue
            added = added_now
            points = f"+{added}" if added >= 0 else f"{added}"
            # Wide, the cell is dim and its total bold on that; stacked, the total first and its points below it.
            cell = Text("", style="") if stacked else Text(f"{points} ", style="dim")
            if (number, seat) in resets_seen:
                was, now = resets_seen[(number, seat)]
                reset = f"{was}{to}{now}" if stacked else f"{was} {to} {now}"
                cell.append(reset, style=f"bold {colour('good')}")
            else:
                cell.append(str(total), style="bold")
            if stacked:
                cell.append(f"\n{points}", style="dim")
            if seat in result.eliminated:
                cell.append(" out", style=f"bold {colour('bad')}")
            cells.append(cell)
        table.add_row(*cells)
    table.add_row("now", *[Text("-" if t is None else str(t), style="bold") for t in totals], end_section=True)
    return table


#: A width no sheet reaches, to measure one's natural width.
UNBOUNDED = 10_000


class ScoreSheet:
    """The score sheet at the width it is given: each round on one line where that fits, else stacked (each total
    above its points added), so no total or round number is ever cut to `…`."""

    def __init__(
        self, players: tuple[str, ...], history: Sequence[RoundScore], totals: Sequence[int | None], ascii_only: bool
    ) -> None:
        self.sheet = (players, list(history), list(totals), ascii_only)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        wide = scores_table(*self.sheet)
        # Measured unbounded: a measure within the width given is clamped to it, and would always fit.
        if Measurement.get(console, options.update_width(UNBOUNDED), wide).maximum <= options.max_width:
            yield wide
        else:
            yield scores_table(*self.sheet, stacked=True)


class ScoresScreen(Dialog[None]):
    """The score sheet over the table; escape or s closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,s", "close", "close")]

    def __init__(self, players: tuple[str, ...], history: Sequence[RoundScore], totals: Sequence[int | None]) -> None:
        super().__init__()
        self.players = players
        self.history = list(history)
        self.totals = list(totals)

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog"):
            yield Static(Text("Scores", style="bold"), classes="dialog-title")
            with KeyScroll():
                if not self.history:
                    yield Static("No round has ended yet.")
                ascii_only = game_app(self).ascii_cards
                yield Static(ScoreSheet(self.players, self.history, self.totals, ascii_only), id="scores-sheet")
        yield KeyBar()

    def on_mount(self) -> None:
        self.watch(self.app, "ascii_cards", lambda _: self.show_marks(), init=False)

    def show_marks(self) -> None:
        """Write the sheet again, its marks (a reset's `→`) in ASCII or not: ASCII cards were switched (from the
        command palette) while the dialog is open."""
        ascii_only = game_app(self).ascii_cards
        sheet = ScoreSheet(self.players, self.history, self.totals, ascii_only)
        self.query_one("#scores-sheet", Static).update(sheet)

    def action_close(self) -> None:
        self.dismiss(None)
