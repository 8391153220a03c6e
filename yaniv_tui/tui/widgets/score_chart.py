"""The game-end chart: each player's score after every round as a line, the end score as a line, each lucky reset
marked. It draws with textual-plotext, so only the game-end screen imports this module (start-up does not pay)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.text import Text
from textual.app import RenderResult
from textual.color import Color
from textual.geometry import Size
from textual.widget import Widget
from textual_plotext import PlotextPlot
from textual_plotext.plot import Plot

from yaniv_tui.engine import PlayerView

from ..colours import colour
from ..marks import mark


@dataclass(frozen=True, slots=True)
class Line:
    """One player's score after every round they played in (round 0: the start), to draw as a line."""

    name: str
    rounds: tuple[int, ...]
    scores: tuple[int, ...]
    won: bool


def score_lines(view: PlayerView) -> list[Line]:
    """Each player's total after every round of the game, all of them; a player's line stops where they went out."""
    winners = set(view.winners)
    lines = []
    for seat, name in enumerate(view.players):
        rounds, scores = [0], [0]
        for number, result in enumerate(view.history, start=1):
            total = result.scores[seat]
            if total is not None and result.hands[seat] is not None:  # a seat out keeps its total, and no hand
                rounds.append(number)
                scores.append(total)
        lines.append(Line(name, tuple(rounds), tuple(scores), seat in winners))
    return lines


def lucky_resets(view: PlayerView) -> list[tuple[int, int]]:
    """Each lucky reset as (round, the total it was reset to)."""
    return [(number, now) for number, result in enumerate(view.history, start=1) for _seat, _was, now in result.resets]


def round_ticks(rounds: int, most: int = 12) -> list[int]:
    """Whole rounds to label on the chart's axis, 0 and the last round among them, about `most` at the most,
    none crowding the last (plotext leaves out one of two labels that would touch, and not always the same)."""
    step = max(1, math.ceil(rounds / most))
    return _spaced(range(0, rounds + 1, step), rounds, step)


def score_ticks(top: int, limit: int) -> list[int]:
    """Round scores to label on the chart's side, from 0 to `top`, the end score among them."""
    step = next((step for step in (5, 10, 20, 25, 50, 100, 250, 500) if top / step <= 5), 1000)
    return _spaced(range(0, top + 1, step), limit, step)


def _spaced(ticks: range, keep: int, step: int) -> list[int]:
    """The ticks and `keep`, without the ticks nearer `keep` than half a step."""
    return sorted({tick for tick in ticks if abs(tick - keep) * 2 > step} | {keep})


#: The theme's colours the players' lines take, in seat order (the game's look follows the theme).
LINE_COLOURS = ("card-back", "good", "card-joker", "chosen-edge", "deck-edge", "ink", "ink-muted", "pile-face")
#: How the lines are drawn: plotext's braille marker, or with ASCII cards a dot. The last point of each player's line
#: is marked (`marks.MARKS["last-point"]`), so a line drawn over by another still shows, and each lucky reset.
LINE_MARKER = ("braille", ".")


def rgb(name: str) -> tuple[int, int, int]:
    """A game colour as plotext takes it."""
    return Color.parse(colour(name)).rgb


def seat_rgb(seat: int) -> tuple[int, int, int]:
    """The colour of a seat's line and of its key, as red, green, blue (one value for both: a colour named
    as a terminal's, like "magenta", is shown by the terminal one way in text and by plotext another)."""
    return rgb(LINE_COLOURS[seat % len(LINE_COLOURS)])


def chart_key_entries(view: PlayerView, ascii_only: bool = False) -> list[Text]:
    """The chart's key, entry by entry: each player's colour and name, the end score, the reset's mark and its name
    at this table (`resets.name`: "lucky reset", "sursis")."""
    entries: list[Text] = []
    for seat, line in enumerate(score_lines(view)):
        entry = Text()
        entry.append("━━ ", style=Color(*seat_rgb(seat)).hex6)
        entry.append(line.name, style="bold" if line.won else "")
        entries.append(entry)
    entry = Text()
    entry.append("── ", style=colour("bad"))
    entry.append(f"end score {view.rules.end_limit}")
    entries.append(entry)
    if lucky_resets(view):
        entry = Text()
        entry.append(f"{mark('reset-point', ascii_only)} ", style=colour("gold"))
        entry.append(view.rules.reset_name.strip())
        entries.append(entry)
    return entries


#: What parts the key's entries on one line.
KEY_GAP = "  "


def key_lines(entries: list[Text], width: int) -> list[Text]:
    """The key's entries in lines of at most `width` cells, each entry whole on one line (one wider than the width
    alone on its line): a narrow screen breaks the key between its entries, never inside one ("── end" above
    "score 200")."""
    lines: list[Text] = []
    for entry in entries:
        if lines and lines[-1].cell_len + len(KEY_GAP) + entry.cell_len <= width:
            lines[-1] = Text.assemble(lines[-1], KEY_GAP, entry)
        else:
            lines.append(entry.copy())
    return lines


def chart_key(view: PlayerView, ascii_only: bool = False) -> Text:
    """The chart's key in one line (`chart_key_entries`, parted by two spaces)."""
    return Text(KEY_GAP).join(chart_key_entries(view, ascii_only))


def drawing_order(lines: list[Line]) -> list[int]:
    """The seats in the order their lines are drawn: the highest last score first, so that the lines near 0,
    where every line starts, are drawn over the others (a cell of the chart shows the last line drawn in it)."""
    return sorted(range(len(lines)), key=lambda seat: (-lines[seat].scores[-1], seat))


def draw_chart(plt: Plot, view: PlayerView, ascii_only: bool = False) -> None:
    """Every player's score after every round as a line, the end score as a line, each lucky reset marked, and
    each line's last point marked, the highest last: every player's line shows, even one drawn over."""
    rounds = len(view.history)
    limit = view.rules.end_limit
    lines = score_lines(view)
    order = drawing_order(lines)
    plt.clear_figure()
    plt.hline(limit, color=rgb("bad"))  # first: under the lines, which show where they cross it
    for seat in order:
        line = lines[seat]
        plt.plot(line.rounds, line.scores, marker=LINE_MARKER[ascii_only], color=seat_rgb(seat))
    for seat in reversed(order):
        line = lines[seat]
        plt.scatter(line.rounds[-1:], line.scores[-1:], marker=mark("last-point", ascii_only), color=seat_rgb(seat))
    resets = lucky_resets(view)
    if resets:
        plt.scatter(
            [r for r, _ in resets], [s for _, s in resets], marker=mark("reset-point", ascii_only), color=rgb("gold")
        )
    top = max([limit, *(max(line.scores) for line in lines)])
    plt.ylim(0, top)
    ticks = score_ticks(top, limit)
    plt.yticks([float(tick) for tick in ticks], [str(tick) for tick in ticks])
    plt.xlim(0, max(rounds, 1))
    ticks = round_ticks(rounds)
    plt.xticks([float(tick) for tick in ticks], [str(tick) for tick in ticks])
    plt.xlabel("round")


class ScoreChart(PlotextPlot):
    """The chart of one finished game, drawn anew at every size (so it depends on nothing but the game and its size)."""

    def __init__(self, view: PlayerView, *, id: str | None = None, ascii_only: bool = False) -> None:
        super().__init__(id=id)
        self.table_view = view
        self.ascii_only = ascii_only
        self.theme = "clear"  # the screen's own background and ink, so a Textual theme restyles it

    def render(self) -> RenderResult:
        draw_chart(self.plt, self.table_view, self.ascii_only)
        return super().render()


class ChartKey(Widget):
    """The chart's key under it, in as many lines as its width takes, each entry whole on one line."""

    DEFAULT_CSS = """
    ChartKey {
        height: auto;
    }
    """

    def __init__(self, view: PlayerView, *, id: str | None = None, ascii_only: bool = False) -> None:
        super().__init__(id=id)
        self.table_view = view
        self.ascii_only = ascii_only

    def lines(self, width: int) -> list[Text]:
        return key_lines(chart_key_entries(self.table_view, self.ascii_only), width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> RenderResult:
        return Text("\n").join(self.lines(self.content_size.width))
