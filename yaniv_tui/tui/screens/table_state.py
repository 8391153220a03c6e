"""The table as shown: its reactive attributes, its layout, the redraw they cause, the keys that choose cards."""

from __future__ import annotations

import dataclasses

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from yaniv_tui.engine import Card, DropError, PlayerView, arrange_drop
from yaniv_tui.table.events import ActionApplied
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import TableSession
from yaniv_tui.table.words import notice

from ..app_seam import game_app
from ..widgets.clauses import Clauses
from ..widgets.keybar import KeyBar
from ..widgets.table import DeckView, HandView, PileView, SeatPanel, TurnLog
from ..widgets.title import TitleBar
from .common import NOTICES_RACK, TooSmall, stylesheet
from .table_view import draw
from .turn_actions import SortBy, Stage, allowed, chosen_after_sort, laid_order, shown_order

#: The least width of the felt's corner that takes the notices.
NOTICE_WIDTH = 24
#: The most cells Textual draws a toast across (its Toast's `width: 60; max-width: 50%`).
TOAST_WIDTH = 60
#: The rows a notice takes in the corner beyond its lines of words, as Textual draws a toast: a row of padding above
#: and below its words (and a row of margin above the first notice; none between two, table.tcss). Tight (the rack's
#: `-tight` class), it takes none but a row of padding between it and the notice above.
NOTICE_PADDING = 2

#: How the tip line says what `o` sorted the hand by: "sorted by suit".
SORTED = "sorted by "


class TableState(Screen[str | None]):
    """A game's table as shown: what a player sees follows the reactive attributes below. A change to any
    of them redraws the table once, after the handler that made it, and the keys offered follow `stage`.

    TableScreen adds the flow of the game and the keys that act on it.
    """

    CSS_PATH = stylesheet("table")

    #: Where the turn is; the keys offered (and the footer) follow it.
    stage: var[Stage] = var[Stage]("wait", init=False, bindings=True)
    #: The human whose hand is on screen, or None while no hand may be seen.
    viewer: var[int | None] = var[int | None](None, init=False)
    #: The cards chosen to drop, by their place in the hand as shown.
    chosen: var[tuple[int, ...]] = var[tuple[int, ...]]((), init=False)
    cursor: var[int] = var(0, init=False)
    #: The cards being dropped, once chosen and arranged.
    drop: var[tuple[Card, ...]] = var[tuple[Card, ...]]((), init=False)
    #: The bot thinking its turn out, if any.
    thinking: var[int | None] = var[int | None](None, init=False)
    #: Why the last key did nothing, in one line.
    message: var[str] = var("", init=False)
    #: Good advice rather than bad news (a hint, what is going on), in the same line when there is no message.
    tip: var[str] = var("", init=False)
    sort_by: var[SortBy] = var[SortBy]("rank", init=False)

    #: The game's loop (TableScreen makes it): it saves, and tells the screen what happened.
    runner: TableRunner

    def __init__(self, session: TableSession) -> None:
        super().__init__(classes="table-screen")
        self.session = session
        self.rules = session.view(None).rules
        self.set_reactive(TableState.viewer, session.humans[0] if len(session.humans) == 1 else None)
        # A hand never grows past its deal; a drop is at most a hand plus a slapped-down card.
        self.slots = self.rules.hand_size
        #: The prompt and message lines as last shown.
        self.shown_lines: tuple[object, ...] = ()
        self._redraw_due = False
        #: The screen's size when last drawn: told the same size again, it has nothing to draw anew.
        self._drawn_at: Size | None = None
        #: Where the notices were put last (`place_notices`): whether in the corner, the rows below their place, its
        #: left, height and width, and whether they are tight there; None before they are first placed.
        self._notices_placed: tuple[bool, int, int, int, int, bool] | None = None
        meta = session.meta
        #: The card each human took on their last turn of this round, shown only in their own hand's title.
        self.fresh: dict[int, Card] = dict(meta.took)
        self.set_reactive(TableState.sort_by, "suit" if meta.sort_by == "suit" else "rank")
        #: After how many turns of this round the pile was shuffled into a new deck (the log says so there).
        self.reshuffled_after: list[int] = list(meta.reshuffled_after)
        #: This round's turns (counted from 1) that a bot played for a seat whose time ran out (the log says so).
        self.timed_out: list[int] = list(session.timed_out())
        #: What the notes above were taken from: the round, its turns, the reshuffles counted and the deck's size.
        self.noted = self.counts()

    @property
    def public(self) -> PlayerView:
        """What anyone at the table sees now (no hand): the flow reads the game from this alone."""
        return self.session.view(None)

    # -- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TooSmall("the table")
        yield TitleBar()
        with Horizontal(id="seats"):
            for seat in range(len(self.public.players)):
                yield SeatPanel(id=f"seat-{seat}", classes="seat")
        with Horizontal(id="middle"):
            with Vertical(id="deck-box"):
                yield Static("deck", id="deck-label")
                yield DeckView(id="deck")
            yield PileView(self.slots + 1, id="pile")
            yield TurnLog(id="log")
        # Whose turn and what to do, and under it a hint or a refusal: each wrapped between its clauses.
        yield Clauses("", id="prompt")
        yield Clauses("", id="message")
        yield HandView(self.slots, id="hand")
        yield KeyBar()

    @property
    def ascii_only(self) -> bool:
        return game_app(self).ascii_cards

    # -- what is shown ------------------------------------------------------------------

    def watch_stage(self) -> None:
        self.redraw_soon()

    def watch_viewer(self) -> None:
        self.redraw_soon()

    def watch_chosen(self) -> None:
        self.redraw_soon()

    def watch_cursor(self) -> None:
        self.redraw_soon()

    def watch_drop(self) -> None:
        self.redraw_soon()

    def watch_thinking(self) -> None:
        self.redraw_soon()

    def watch_message(self) -> None:
        self.redraw_soon()

    def watch_tip(self) -> None:
        self.redraw_soon()

    def watch_sort_by(self) -> None:
        self.redraw_soon()

    def on_resize(self, event: events.Resize) -> None:
        if event.size != self._drawn_at:  # how many seats fit side by side follows the width
            self.redraw_soon()

    def take_notes(self) -> None:
        """After each action: start the round's notes afresh when a new round is dealt, note a reshuffle of
        the pile into a new deck, and put the notes in the save's meta so a resumed game shows them again."""
        round_no, turns, deck = self.noted
        now = self.counts()
        if now[0] != round_no:
            self.fresh.clear()
            self.reshuffled_after.clear()
            self.timed_out.clear()
        # Each play takes at most one card from the deck, the one it draws: a deck larger than the draws since
        # leave was made anew from the pile. An undo takes turns back, and any reshuffle they made.
        elif now[1] > turns and now[2] > deck - self.draws_since(turns):
            self.reshuffled_after.append(now[1])
        self.reshuffled_after = [turn for turn in self.reshuffled_after if turn <= now[1]]
        self.timed_out = [turn for turn in self.timed_out if turn <= now[1]]
        self.noted = now
        self.session.meta = dataclasses.replace(
            self.session.meta,
            took=tuple(sorted(self.fresh.items())),
            sort_by=self.sort_by,
            reshuffled_after=tuple(self.reshuffled_after),
        )

    def note_timed_out(self, event: ActionApplied) -> None:
        """A turn a bot played for a seat whose time ran out (`ActionApplied.timed_out`): the log's line of its turn
        says so. What marks it is what the table shows, the same at a local, hosted and joined table (a joined one's
        events carry no action): the action added the round's last turn, and it is the seat's. A call of Yaniv and a
        slap-down decision (a bot's, after the seat's player dropped in time) add none."""
        round_no, turns, _ = self.noted
        seen = self.public.seen
        added = self.public.round_no == round_no and len(seen) > turns and seen[-1].seat == event.seat
        if event.timed_out and added and len(seen) not in self.timed_out:
            self.timed_out.append(len(seen))

    def counts(self) -> tuple[int, int, int]:
        """The round, its turns so far and the deck's size, as anyone at the table sees them: what the notes follow."""
        public = self.public
        return public.round_no, len(public.seen), public.deck_size

    def draws_since(self, turns: int) -> int:
        """How many of this round's turns after the first `turns` drew from the deck."""
        return sum(turn.take is None for turn in self.public.seen[turns:])

    def save(self) -> None:
        """Save the game as it is now; a disk that refuses is said once in a notice (TableScreen hears it from
        the runner) and play goes on."""
        self.runner.save()

    def notes_for_save(self) -> int | None:
        """Before each save: the notes into the save's meta, and the seat whose hand is on screen."""
        self.take_notes()
        return self.viewer

    def tell_once(self, topic: str, message: str) -> None:
        """A warning notice, once for each topic however often it happens (the app keeps which were told)."""
        told = game_app(self).told
        if topic not in told:
            told.add(topic)
            self.notify(message, severity="warning", timeout=8, markup=False)

    def redraw_soon(self) -> None:
        """Redraw once the handler that changed what is shown is done (once, however much it changed)."""
        if not self._redraw_due:
            self._redraw_due = True
            self.call_next(self.redraw)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return allowed(action, self.stage, self.session, self.session.view(self.viewer), self.drop, parameters)

    def hand_of(self, seat: int | None) -> tuple[Card, ...]:
        """`seat`'s hand as its own view holds it (None: no hand), in the order it is shown: by rank (sets side
        by side) or by suit (runs side by side)."""
        return shown_order(self.session.view(seat).hand, self.sort_by)

    def redraw(self) -> None:
        """Draw everything from the engine's state; a hand shows only for `viewer`. Nothing once this screen's
        message loop has stopped: leaving (the game over, the app closed), it unmounts its widgets first and runs
        the callbacks still due after, so a redraw asked meanwhile (a move heard) would find no widget to draw on."""
        self._redraw_due = False
        if self.is_attached and self.is_running:
            self._drawn_at = self.size
            draw(self)
            self.call_after_refresh(self.place_notices)  # once the redrawn lines have their rows

    def on_screen_suspend(self) -> None:
        """A screen over the table (a dialog) shows the notices itself, where Textual puts them: the table's copy,
        seen through a dialog's backdrop in its corner, would say each twice. Textual shows the table's again when
        the table is back on top."""
        for rack in self.query(NOTICES_RACK):
            rack.display = False

    def notices_laid_out(self, _: Screen[object]) -> None:
        """After each layout of the screen, with notices shown: one come or gone (its toast mounted or removed by
        Textual) may let them into the corner or not (`place_notices`)."""
        racks = self.query(NOTICES_RACK)
        if racks and racks.first().display:
            self.place_notices()

    def place_notices(self) -> None:
        """Put the notices (Textual's toasts, on this screen's rack) in the felt's corner under the deck and the
        previous drop, left of the round's log and above the prompt: no text of the table is there. Textual docks
        them at the bottom right, over the prompt's and the hint's lines and the hand. Each is read whole: where the
        corner is too short for them as Textual draws a toast, they are drawn tight (no padding rows); where it is too
        short for that too (a short screen, many notices at once), they go above the prompt at the right, as wide as
        Textual draws them, over the log or the seats while they last: the prompt, the hint's line and the hand are
        what a turn is read from."""
        racks = self.query(NOTICES_RACK)  # none where the app shows no notices (Textual's tests, by default)
        if not (self.is_attached and self.is_running and racks):
            return
        rack = racks.first()
        size = self.size
        middle = self.query_one("#middle").region
        shown = [self.query_one(DeckView).region, *(card.region for card in self.query_one(PileView).query(".card"))]
        top = max((region.bottom for region in shown), default=middle.y)
        left, right = middle.x, self.query_one(TurnLog).region.x
        above = self.query_one("#prompt").region.y
        toasts = list(rack.query("Toast"))
        placed: tuple[bool, int, int, int, int, bool] | None = None
        # The corner (its toasts as wide as it), then the rows above the prompt (toasts as wide as Textual makes them).
        for corner, (below, x, height, width, toast_width) in (
            (True, (size.height - middle.bottom, left, middle.bottom - top, right - left, right - left)),
            (False, (size.height - above, 0, above, size.width, min(TOAST_WIDTH, size.width // 2))),
        ):
            if corner and width < NOTICE_WIDTH:
                continue
            # Each notice's lines of words at its width (a toast's own gutter left out: its edge and padding).
            lines = sum(
                toast.get_content_height(size, size, toast_width - toast.styles.gutter.width) for toast in toasts
            )
            tight = lines + len(toasts) * NOTICE_PADDING + 1 > height  # as Textual draws them, they do not fit
            placed = (corner, below, x, height, width, tight)
            if lines + max(0, len(toasts) - 1) <= height:  # tight, a row between two
                break
        if placed is None or placed == self._notices_placed:
            return
        self._notices_placed = placed
        in_corner, below, x, height, width, tight = placed
        styles = rack.styles
        rack.set_class(in_corner, "-corner")
        rack.set_class(tight, "-tight")
        styles.margin = (0, 0, below, x)
        styles.width = width
        styles.max_height = height
        styles.align_horizontal = "left" if in_corner else "right"

    # -- a human's turn: choosing the cards ----------------------------------------------------

    def action_sort(self) -> None:
        """Show the hand by suit or by rank, and say which; the chosen cards stay chosen."""
        sort_by: SortBy = "suit" if self.sort_by == "rank" else "rank"
        self.chosen = chosen_after_sort(self.hand_of(self.viewer), self.chosen, sort_by)
        self.sort_by = sort_by
        self.message = ""  # a refusal from before (an undo, a card that is not there) is answered by a new key
        said = f"{SORTED}{sort_by}"
        if self.tip and not self.tip.startswith(SORTED):
            # A hint names cards, not places: it still holds, so it stays (asking again would count a second hint).
            self.notify(notice(said), timeout=3, markup=False)
        else:
            self.tip = said
        self.save()  # the order is kept for a resume

    def action_choose(self, number: int) -> None:
        hand = self.hand_of(self.viewer)
        if number > len(hand):
            self.message = f"there is no card {number}: your hand has {len(hand)} cards"
            return
        self.cursor = number - 1
        self.toggle(number - 1)

    def action_cursor(self, step: int) -> None:
        hand = self.hand_of(self.viewer)
        if hand:
            self.cursor = (self.cursor + step) % len(hand)

    def action_toggle_card(self) -> None:
        self.toggle(self.cursor)

    def toggle(self, index: int) -> None:
        self.message = ""
        # In the order they were chosen: a spare joker chosen before the first other card is laid before it.
        self.chosen = tuple(i for i in self.chosen if i != index) if index in self.chosen else (*self.chosen, index)

    def action_drop(self) -> None:
        cards = laid_order(self.hand_of(self.viewer), self.chosen)
        if not cards:
            self.message = "choose the cards to drop first: 1-9, or ←→ and space"
            return
        try:
            drop, _ = arrange_drop(cards, self.rules)
        except DropError as error:
            self.message = str(error)
            return
        self.drop = drop
        self.message = ""
        self.stage = "take"

    def action_back(self) -> None:
        self.message = ""
        if self.stage == "take":
            self.stage = "choose"
            self.drop = ()
        else:
            self.chosen = ()
