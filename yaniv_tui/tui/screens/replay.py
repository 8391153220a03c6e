"""The replay of a finished game: every hand face up, a move at a time, with the round's log and the scores as
they stood, and, once asked (`v`), the expert's review beside each move. The steps are the engine's own
(replay_steps.py); a move is said in the table's words; the review is `yaniv review`'s (bots/review.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from yaniv_tui.codec.record import GameRecord, not_recorded, record_text
from yaniv_tui.engine import hand_value
from yaniv_tui.engine.cards import ascii_faces
from yaniv_tui.table.words import possessive

from ..app_seam import game_app
from ..colours import colour
from ..marks import mark, text_in_ascii
from ..widgets.cards import faces_text
from ..widgets.keybar import KeyBar
from ..widgets.table import TurnLog
from ..widgets.title import TitleBar
from .common import TooSmall, stylesheet
from .replay_steps import ReplayStep, log_lines, move_text, steps_of

if TYPE_CHECKING:
    from yaniv_tui.bots.review import Decision, SeatReview
    from yaniv_tui.engine import Ruleset


def seats_table(step: ReplayStep, ascii_only: bool) -> Table:
    """Every seat: the mark of the seat whose move it is, its name, its score as it stood, its hand face up."""
    game = step.game
    table = Table(box=box.SIMPLE_HEAD, expand=False, header_style=f"bold {colour('ink-muted')}", pad_edge=False)
    table.add_column("", width=1)
    table.add_column("player", no_wrap=True)
    table.add_column("score", justify="right")
    table.add_column("worth", justify="right")
    table.add_column("hand", no_wrap=True)
    for seat, name in enumerate(game.players):
        hand = step.hands[seat]
        marked = seat == step.seat
        style = f"bold {colour('gold')}" if marked else ""
        score = step.scores[seat]
        if hand is None:
            shown, worth = Text("out", style="dim"), ""
        else:
            cards = list(hand)
            shown, worth = faces_text(cards, ascii_only), str(hand_value(cards, game.rules))
        table.add_row(
            Text(mark("turn", ascii_only) if marked else "", style=style),
            Text(name, style=style),
            "out" if score is None else str(score),
            worth,
            shown,
        )
    return table


class ReviewLeft(Exception):
    """The screen was left while the review thought: it stops."""


def mark_text(decision: Decision, ascii_only: bool) -> Text:
    """A reviewed move's mark, as `yaniv review` words it, and for a marked move the points it cost, the expert's
    move and its one-line reason (as the hint says it); "no mark" for a move the expert does not mark."""
    text = Text()
    if decision.mark is None:
        text.append("review: no mark", style=f"{colour('ink-muted')}")
        return text
    text.append(f"review: {decision.mark}", style=f"bold {colour('bad')}")
    note = f" ({decision.note})" if decision.note else ""
    text.append(f" · {decision.cost:.1f} points lost{note}\n")
    reason = ascii_faces(decision.reason) if ascii_only else decision.reason
    text.append(f"expert: {reason}")
    return text


def summary_text(reviews: list[SeatReview], names: Sequence[str]) -> Text:
    """One line for each seat reviewed, by its name at the table (`names`): its decisions, the marks, the points its
    choices cost, its accuracy."""
    text = Text()
    for review in reviews:
        marked = len(review.marked)
        decisions = len(review.decisions)
        if text:
            text.append(" · ")
        text.append(f"{names[review.seat]}: ", style="bold")
        text.append(
            f"{decisions} decision{'' if decisions == 1 else 's'}, {marked} marked, "
            f"{review.cost:.1f} points lost, accuracy {review.accuracy:.0f}%"
        )
    return text or Text("review: no seat a person played", style="dim")


class ReplayScreen(Screen[None]):
    """A finished game, step by step with every hand face up: ← → a move, page up / page down a round, home / end;
    `v` has the expert review every person's moves, and each reviewed move then shows its mark (`m`: the next one
    marked)."""

    CSS_PATH = stylesheet("replay")

    BINDINGS: ClassVar[list[BindingType]] = [
        # A pair of keys each, on the bar as one (`←→ move`, `pgup/pgdn round`), so both pairs fit in 80 columns
        # beside the review and how to leave; the help says each pair in its tooltip.
        Binding("left", "step(-1)", "move", key_display="←→", tooltip="a move back or on"),
        Binding("right", "step(1)", "move", key_display="←→", show=False, tooltip="a move back or on"),
        Binding("pageup", "round(-1)", "round", key_display="pgup/pgdn", tooltip="a round back or on"),
        Binding("pagedown", "round(1)", "round", key_display="pgup/pgdn", show=False, tooltip="a round back or on"),
        # Once reviewed, and only when a move is marked: to the next marked move.
        Binding("m", "next_mark", "next mark", tooltip="the next move the review marked"),
        Binding("v", "review", "review"),
        # Before first and last: at 80 columns the bar leaves out its last keys, and how to leave stays said.
        Binding("escape,q", "close", "close"),
        Binding("home", "go(0)", "first"),
        Binding("end", "go(-1)", "last"),
    ]

    def __init__(self, record: GameRecord, title: str = "", *, review: bool = False) -> None:
        super().__init__(classes="replay-screen")
        self.record = record
        #: What names the game besides its ruleset and seats (its id and date, or its file).
        self.title_note = title
        self.steps = steps_of(record)
        #: Where a partial record starts and what it holds as results alone (None for a whole record): its first
        #: step says it, as `yaniv replay` does on the command line.
        self.held = not_recorded(record_text(record))
        #: The seats' names as the table called them (a joined seat by its joiner's name): the header's and the
        #: review's.
        self.names = self.steps.names
        self.at = 0
        #: The review was asked for when the screen opened (the stats list's `v`): it starts at once.
        self.review_asked = review
        #: The seats reviewed, once the review is done (None before).
        self.reviews: list[SeatReview] | None = None
        #: Each reviewed decision by (seat, the game's action number).
        self.decisions: dict[tuple[int, int], Decision] = {}
        #: The marked moves' marks by the game's action number, shown in the log beside each.
        self.marks: dict[int, str] = {}
        self.reviewing = False

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield TitleBar()
        yield Static(id="replay-head")
        yield Static(id="replay-said")
        yield Static(id="replay-mark")
        yield Static(id="replay-seats")
        yield Static(id="replay-pile")
        yield Static(id="replay-review")
        yield ProgressBar(id="replay-progress", show_eta=False)
        yield TurnLog(id="replay-log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.sub_title = "replay"
        self.query_one("#replay-progress").display = False
        self.query_one("#replay-review").display = False
        self.show()
        self.watch(self.app, "ascii_cards", lambda _: self.show(), init=False)
        if self.review_asked:
            self.action_review()

    @property
    def ascii_only(self) -> bool:
        return game_app(self).ascii_cards

    @property
    def rules(self) -> Ruleset:
        """The replayed game's rules (the help says them)."""
        return self.steps[0].game.rules

    @property
    def moves(self) -> int:
        return self.steps.moves

    def show(self) -> None:
        step = self.steps[self.at]
        game = step.game
        ascii_only = self.ascii_only
        head = Text()
        head.append(game.rules.name, style="bold")
        head.append(f" · {', '.join(self.names)}")
        if self.title_note:
            head.append(f" · {self.title_note}", style="dim")
        head.append("\n")
        head.append(f"move {step.move} of {self.moves} · round {step.round_no}", style=f"bold {colour('gold')}")
        self.query_one("#replay-head", Static).update(text_in_ascii(head, ascii_only))
        said = text_in_ascii(move_text(step, game, ascii_only, self.held), ascii_only)
        self.query_one("#replay-said", Static).update(said)
        decision = self.decisions.get((step.seat, step.turn)) if step.turn is not None else None
        marked = self.query_one("#replay-mark", Static)
        marked.display = decision is not None
        marked.update(text_in_ascii(mark_text(decision, ascii_only), ascii_only) if decision is not None else "")
        self.query_one("#replay-seats", Static).update(seats_table(step, ascii_only))
        pile = Text()
        if step.result is None and game.pile:
            pile.append("pile ", style="dim")
            pile.append_text(faces_text(list(game.pile[-1]), ascii_only))
            pile.append(f" · deck {len(game.deck)} cards", style="dim")
        else:
            pile.append("the round's end: every hand as it was revealed", style="dim")
        self.query_one("#replay-pile", Static).update(text_in_ascii(pile, ascii_only))
        lines = [text_in_ascii(line, ascii_only) for line in log_lines(step, said, ascii_only, self.marks)]
        if lines:
            lines[-1].stylize(f"reverse {colour('gold')}")
        self.query_one("#replay-log", TurnLog).show(lines)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("step", "round") and parameters:
            forward = int(str(parameters[0])) > 0
            return None if (forward and self.at == len(self.steps) - 1) or (not forward and self.at == 0) else True
        if action == "review":
            # Done, `v` has nothing left to do: off the bar, which gives its room to `m`.
            return False if self.reviews is not None else None if self.reviewing else True
        if action == "next_mark":
            return bool(self.marks)
        return True

    def go_to(self, index: int) -> None:
        self.at = max(0, min(index, len(self.steps) - 1))
        self.show()

    def action_step(self, by: int) -> None:
        self.go_to(self.at + by)

    def action_go(self, index: int) -> None:
        self.go_to(index if index >= 0 else len(self.steps) - 1)

    def action_next_mark(self) -> None:
        """To the next move the review marked, after this step (round again to the first after the last)."""
        marked = sorted(self.steps.by_turn[turn] for turn in self.marks if turn in self.steps.by_turn)
        if marked:
            self.go_to(next((i for i in marked if i > self.at), marked[0]))

    def action_round(self, by: int) -> None:
        """To the next round's deal, or back to this round's deal (the previous round's, when already there)."""
        deals = self.steps.deals
        if by > 0:
            self.go_to(next((i for i in deals if i > self.at), len(self.steps) - 1))
        else:
            self.go_to(next((i for i in reversed(deals) if i < self.at), 0))

    # -- the expert's review ---------------------------------------------------------------------

    def action_review(self) -> None:
        """Have the expert review every seat a person played, as `yaniv review` does, in a thread: the progress bar
        shows how far it is, and leaving the screen stops it."""
        if self.reviewing or self.reviews is not None:
            return
        self.reviewing = True
        status = self.query_one("#replay-review", Static)
        status.update(Text(f"The expert reviews the moves{mark('more', self.ascii_only)}", style="italic"))
        status.display = True
        bar = self.query_one("#replay-progress", ProgressBar)
        bar.update(total=None, progress=0)
        bar.display = True
        self.refresh_bindings()
        self.review_all()

    @work(thread=True, exclusive=True, group="review")
    def review_all(self) -> None:
        from yaniv_tui.bots import review as reviewing
        from yaniv_tui.engine import Card

        worker = get_current_worker()
        names = self.names
        seats = reviewing.people_seats(self.record)
        done: list[SeatReview] = []
        for number, seat in enumerate(seats, 1):

            def tell(judged: int, total: int, seat: int = seat, number: int = number) -> None:
                if worker.is_cancelled:
                    raise ReviewLeft
                self.app.call_from_thread(self.progress, names[seat], number, len(seats), judged, total)

            try:
                done.append(
                    reviewing.review_seat(
                        self.record, seat, guesses=reviewing.REVIEW_GUESSES, progress=tell, face=Card.face
                    )
                )
            except ReviewLeft:
                return
            except reviewing.TooManyDecisions as many:
                line = f"{names[seat]} made {many.decisions:,} decisions: {many}, so no move is reviewed"
                self.app.call_from_thread(self.refused, line)
                return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.reviewed, done)

    def progress(self, name: str, number: int, seats: int, judged: int, total: int) -> None:
        of = f" (seat {number} of {seats})" if seats > 1 else ""
        self.query_one("#replay-review", Static).update(
            Text(f"The expert reviews {possessive(name)} moves{of}: {judged} of {total}", style="italic")
        )
        self.query_one("#replay-progress", ProgressBar).update(total=max(total, 1), progress=judged)

    def refused(self, line: str) -> None:
        """The review would not be done (a seat of more decisions than it judges): `line` says why, in its place,
        and `v` leaves the bar as after a review (asking again would only be refused again)."""
        self.reviewing = False
        self.reviews = []
        self.query_one("#replay-progress").display = False
        self.query_one("#replay-review", Static).update(Text(line, style="italic"))
        self.refresh_bindings()

    def reviewed(self, reviews: list[SeatReview]) -> None:
        """The review is done: each reviewed move shows its mark from now on, and the summary heads the screen."""
        self.reviews = reviews
        self.reviewing = False
        self.decisions = {(review.seat, d.turn): d for review in reviews for d in review.decisions}
        self.marks = {d.turn: d.mark for d in self.decisions.values() if d.mark is not None}
        self.query_one("#replay-progress").display = False
        summary = summary_text(reviews, self.names)
        self.query_one("#replay-review", Static).update(text_in_ascii(summary, self.ascii_only))
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)
