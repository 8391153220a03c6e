"""The end of a round: every hand revealed, who called, Yaniv or Assaf, what each adds, resets, who is out."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar, Literal

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical, VerticalScroll
from textual.widgets import Button, Static

from yaniv_tui.engine import RoundScore, Ruleset
from yaniv_tui.table.words import assaf_penalty, bonus_said, call_line, winners_line

from ..app_seam import game_app
from ..colours import colour
from ..marks import mark, text_in_ascii
from ..phrases import clause_packed
from ..widgets.cards import faces_text
from ..widgets.clauses import Clauses
from ..widgets.keybar import KeyBar
from ..widgets.title import TitleBar
from .common import ScrollsBody, TooSmall, scroll_bindings, stylesheet
from .turn_actions import SortBy, shown_order


def emptied(result: RoundScore, rules: Ruleset) -> bool:
    """Whether the round ended with no call: a hand emptied by a slap-down won it at once (`yaniv.empty_hand`)."""
    return rules.empty_hand == "wins_at_once" and result.hands[result.caller] == ()


def penalty_said(result: RoundScore, rules: Ruleset) -> str:
    """What an Assafed caller's penalty adds (`words.assaf_penalty`), as a note says it (": +30 penalty"; with a
    flat penalty under `rules`, ", not the hand"); nothing when there is no penalty."""
    penalty = assaf_penalty(result, rules)
    if penalty <= 0:
        return ""
    return f": +{penalty} penalty" + ("" if rules.assaf_caller_adds_hand else ", not the hand")


class Notes:
    """A row's notes (joined by commas), wrapped between their clauses where the line allows, else between their
    phrases (`PHRASE`; `phrases.clause_packed`): "+30 penalty" is never split over two lines, the number on one and
    what it is on the next, nor "scores 0" at 80 columns, "0" alone on a line."""

    def __init__(self, notes: Sequence[str], style: str) -> None:
        self.style = style
        self.phrases: list[str] = PHRASE.findall(", ".join(notes))

    def __str__(self) -> str:
        """The notes in one line, as they read when the column is wide enough."""
        return " ".join(self.phrases)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(phrase) for phrase in self.phrases), default=0)
        return Measurement(widest, cell_len(str(self)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n".join(clause_packed(str(self), options.max_width, PHRASE)), style=self.style)


#: A phrase of the notes: a penalty's number and word together ("+30 penalty,"), or else one word.
PHRASE = re.compile(r"\+\d+ penalty\S*|\S+")


def headline(result: RoundScore, players: Sequence[str], rules: Ruleset) -> Text:
    """How the round ended, in the table's words (`words.call_line`), in the colour of its caller's fortune:
    "Ann calls Yaniv with 3 and wins the round.", "Avi calls Yaniv with 5, but you Assaf with 3."."""
    lost = result.assaf and not emptied(result, rules)
    return Text(call_line(result, players, rules), style=f"bold {colour('bad' if lost else 'good')}")


def result_table(
    result: RoundScore,
    players: tuple[str, ...],
    ascii_only: bool,
    sort_by: SortBy = "rank",
    *,
    rules: Ruleset,
) -> Table:
    """Each seat: hand (in the order the table shows a hand, `sort_by`), value, what it adds, the new total (with a
    reset as `100 → 50`), and notes in the table's words (the reset by its name under `rules`, `resets.name`)."""
    # No edge nor padding at its sides, and one space between columns: at 80 columns the notes of a caller who
    # scores 0 ("called Yaniv, scores 0") wrapped by a cell at a table of five-card hands.
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
        expand=False,
        header_style=f"bold {colour('ink-muted')}",
    )
    table.add_column("player", style="bold", no_wrap=True)
    table.add_column("hand", no_wrap=True)
    table.add_column("value", justify="right")
    table.add_column("adds", justify="right")
    table.add_column("total", justify="right", no_wrap=True)
    table.add_column("")  # the one column that may wrap: a narrow screen keeps every note whole, over lines
    resets = {seat: (was, now) for seat, was, now in result.resets}
    for seat, name in enumerate(players):
        hand = result.hands[seat]
        if hand is None:
            table.add_row(Text(name, style="dim"), Text("out", style="dim"), "", "", "", "")
            continue
        notes: list[str] = []
        if seat == result.caller and emptied(result, rules):
            notes.append("emptied the hand")
        elif seat == result.caller and result.assaf and not rules.assaf:
            notes.append("called Yaniv, not the lowest hand")  # no Assaf at this table: the lowest hand scores 0
        elif seat == result.caller:
            notes.append("called Yaniv" + (f", Assafed{penalty_said(result, rules)}" if result.assaf else ""))
        if seat in result.assafers and rules.assaf:
            notes.append("Assafed the caller")
        if seat in result.zeroed:
            notes.append("the lowest hand, scores 0" if result.assaf and not rules.assaf else "scores 0")
        if seat in result.bonus:
            notes.append(f"takes {bonus_said(seat, result, rules)}")
        if seat in resets:
            notes.append(rules.reset_name.strip())
        if seat in result.eliminated:
            notes.append("OUT")
        added = result.added[seat] or 0
        total: Text
        if seat in resets:
            was, now = resets[seat]
            total = Text(f"{was} {mark('to', ascii_only)} {now}", style=f"bold {colour('good')}")
        else:
            total = Text(str(result.scores[seat]))
        table.add_row(
            Text(name),  # Text: Rich reads a str cell as markup
            faces_text(list(shown_order(hand, sort_by)), ascii_only),
            str(result.values[seat]),
            f"+{added}" if added >= 0 else str(added),
            total,
            Notes(notes, f"bold {colour('bad')}" if seat in result.eliminated else "italic"),
        )
    return table


#: How the rest of a game with no human left in goes on: each round shown a moment, or played at once.
TheRest = Literal["watch", "skip"]
#: Seconds a round's end stays up while the rest of the game is watched.
WATCH_PAUSE = 4.0


class RoundEndScreen(ScrollsBody[TheRest | None]):
    """Shown when someone calls Yaniv; Continue (enter) deals the next round, or shows the final standings.

    With `offer_rest` (no human left in), w watches the rest and e skips to the game's end; with `auto_after`
    seconds, the screen goes on by itself (the rest is being watched). Every hand is listed `sort_by`, as the
    table showed it.
    """

    CSS_PATH = stylesheet("end")

    BINDINGS: ClassVar[list[BindingType]] = [
        # Before the focused Continue button's own enter, which would hide `⏎ continue` from the key bar: the one
        # button does the same.
        Binding("enter", "go_on", "continue", priority=True),
        Binding("w", "rest('watch')", "watch the rest"),
        Binding("e", "rest('skip')", "skip to the end"),
        # Seven or eight seats run below the fold at 80x24, the focus on Continue, below the body.
        *scroll_bindings("scroll_body"),
    ]
    AUTO_FOCUS = "#continue"
    SCROLLED = "#round-body"
    FOOT = "#round-foot"
    DEFAULT_CSS = """
    #round-rest {
        text-align: center;
        color: $text-muted;
    }
    """

    def __init__(
        self,
        result: RoundScore,
        players: tuple[str, ...],
        rules: Ruleset,
        round_no: int,
        *,
        offer_rest: bool = False,
        auto_after: float | None = None,
        sort_by: SortBy = "rank",
    ) -> None:
        super().__init__(classes="round-end")
        self.result = result
        self.players = players
        self.rules = rules
        self.round_no = round_no
        self.offer_rest = offer_rest and not result.game_over
        self.auto_after = None if result.game_over else auto_after
        #: How the table showed the hands: each is listed in that order, the one its player held.
        self.sort_by = sort_by

    def compose(self) -> ComposeResult:
        ascii_only = game_app(self).ascii_cards
        result = self.result
        yield TooSmall()
        yield TitleBar()
        with VerticalScroll(id="round-body"):
            yield Static(Text(f"End of round {self.round_no}", style="bold"), id="round-title")
            yield Clauses(text_in_ascii(headline(result, self.players, self.rules), ascii_only), id="round-headline")
            with Center():
                yield Static(
                    result_table(result, self.players, ascii_only, self.sort_by, rules=self.rules), id="round-table"
                )
            won = winners_line(result, self.players, self.rules)
            if won is not None:
                yield Static(Text(won, style=f"bold {colour('gold')}"), id="round-over")
        # Below the round, not in it: focused at once, the button would scroll a long round out of view.
        with Vertical(id="round-foot"):
            with Center():
                label = "See the final standings" if result.game_over else "Continue: deal the next round"
                yield Button(label, id="continue", variant="primary", action="screen.go_on")
            if self.auto_after is not None:
                yield Clauses(
                    f"Watching: the next round deals itself in {self.auto_after:g} s (e skips to the game's end).",
                    id="round-rest",
                )
            elif self.offer_rest:
                yield Clauses(
                    "No one at this screen is left in: w watches the rest (no enter needed), "
                    "e skips to the game's end, enter shows the next round.",
                    id="round-rest",
                )
        yield KeyBar()

    def on_mount(self) -> None:
        self.sub_title = f"{self.rules.name} · end of round {self.round_no}"
        if self.auto_after is not None:
            self.set_timer(self.auto_after, self.action_go_on)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_body":
            return self.body_scrolls()
        if action != "rest":
            return True
        return self.offer_rest and (self.auto_after is None or parameters == ("skip",))

    def action_go_on(self) -> None:
        if self.is_current:
            self.dismiss(None)

    def action_rest(self, how: TheRest) -> None:
        self.dismiss(how)
