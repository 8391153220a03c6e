"""The table as shown: its reactive attributes, its layout, the redraw they cause, the keys that choose cards."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from yaniv_tui.engine import Card, DropError, Game, arrange_drop

from ..session import Session
from ..widgets.table import DeckView, HandView, PileView, SeatPanel, TurnLog
from .common import TooSmall
from .table_view import draw
from .turn_actions import SortBy, Stage, allowed, chosen_after_sort, shown_order


class TableState(Screen[str | None]):
    """A game's table as shown: what a player sees follows the reactive attributes below. A change to any
    of them redraws the table once, after the handler that made it, and the keys offered follow `stage`.

    TableScreen adds the flow of the game and the keys that act on it.
    """

    #: Where the turn is; the keys offered (and the footer) follow it.
    stage: var[Stage] = var[Stage]("wait", init=False, bindings=True)
    #: The human whose hand is on screen, or None while no hand may be seen.
    viewer: var[int | None] = var[int | None](None, init=False)
    #: The cards chosen to drop, by their place in the hand as shown.
    chosen: var[frozenset[int]] = var(frozenset[int](), init=False)
    cursor: var[int] = var(0, init=False)
    #: The cards being dropped, once chosen and arranged.
    drop: var[tuple[Card, ...]] = var[tuple[Card, ...]]((), init=False)
    #: The bot thinking its turn out, if any.
    thinking: var[int | None] = var[int | None](None, init=False)
    #: Why the last key did nothing, in one line.
    message: var[str] = var("", init=False)
    sort_by: var[SortBy] = var[SortBy]("rank", init=False)

    def __init__(self, session: Session) -> None:
        super().__init__(classes="table-screen")
        self.session = session
        self.rules = session.game.rules
        self.set_reactive(TableState.viewer, session.humans[0] if len(session.humans) == 1 else None)
        # A hand never grows past its deal; a drop is at most a hand plus a slapped-down card.
        self.slots = self.rules.hand_size
        #: The prompt and message lines as last shown.
        self.shown_lines: tuple[object, ...] = ()
        self._redraw_due = False
        #: The card each human took on their last turn, shown in their hand's title.
        self.fresh: dict[int, Card] = {}

    @property
    def game(self) -> Game:
        return self.session.game

    # -- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Header()
        with Horizontal(id="seats"):
            for seat in range(len(self.game.players)):
                yield SeatPanel(id=f"seat-{seat}", classes="seat")
        with Horizontal(id="middle"):
            with Vertical(id="deck-box"):
                yield Static("deck", id="deck-label")
                yield DeckView(id="deck")
            yield PileView(self.slots + 1, id="pile")
            yield TurnLog(id="log")
        yield Static("", id="prompt")
        yield Static("", id="message")
        yield HandView(self.slots, id="hand")
        yield Footer(compact=True, show_command_palette=False)

    @property
    def ascii_only(self) -> bool:
        return bool(getattr(self.app, "ascii_cards", False))

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

    def watch_sort_by(self) -> None:
        self.redraw_soon()

    def redraw_soon(self) -> None:
        """Redraw once the handler that changed what is shown is done (once, however much it changed)."""
        if not self._redraw_due:
            self._redraw_due = True
            self.call_next(self.redraw)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return allowed(action, self.stage, self.session)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """A hand in the order it is shown: by rank (sets side by side) or by suit (runs side by side)."""
        return shown_order(self.game.hand(seat), self.sort_by)

    def redraw(self) -> None:
        """Draw everything from the engine's state; a hand shows only for `viewer`."""
        self._redraw_due = False
        if self.is_attached:
            draw(self)

    # -- a human's turn: choosing the cards ----------------------------------------------------

    def action_sort(self) -> None:
        """Show the hand by suit or by rank; the chosen cards stay chosen."""
        sort_by: SortBy = "suit" if self.sort_by == "rank" else "rank"
        self.chosen = chosen_after_sort(self.hand_of(self.game.current), self.chosen, sort_by)
        self.sort_by = sort_by

    def action_choose(self, number: int) -> None:
        hand = self.hand_of(self.game.current)
        if number > len(hand):
            self.message = f"there is no card {number}: your hand has {len(hand)} cards"
            return
        self.cursor = number - 1
        self.toggle(number - 1)

    def action_cursor(self, step: int) -> None:
        hand = self.hand_of(self.game.current)
        if hand:
            self.cursor = (self.cursor + step) % len(hand)

    def action_toggle_card(self) -> None:
        self.toggle(self.cursor)

    def toggle(self, index: int) -> None:
        self.message = ""
        self.chosen = self.chosen ^ {index}

    def action_drop(self) -> None:
        hand = self.hand_of(self.game.current)
        cards = [hand[i] for i in sorted(self.chosen) if i < len(hand)]
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
            self.chosen = frozenset()
