"""The table beyond a move: the bell, conceding, watching or skipping the rest of a game, and a hint."""

from __future__ import annotations

import asyncio
from typing import Literal

from textual import work

from ..session import Session
from .table_state import TableState

#: How round ends are shown: each waits for enter, each shows a moment (the rest watched), or none (skipped).
Follow = Literal["each", "watch", "skip"]


class TableAside(TableState):
    """What a player can do at the table besides a move; TableScreen adds the flow of the game (`advance`,
    `save`) these go on with."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.follow: Follow = "each"
        #: Whether another seat has played since a human's last turn: their next turn rings the bell.
        self.others_played = False
        if self.viewer in session.meta.conceded:
            self.viewer = None  # a conceded seat is a bot's now: its hand is not shown

    def advance(self) -> None:
        """Go on with the game from the engine's state (TableScreen)."""
        raise NotImplementedError

    def save(self) -> None:
        """Save the game as it is now (TableScreen)."""
        raise NotImplementedError

    def ring(self) -> None:
        """The terminal's bell, unless the player turned it off (`--quiet`, or the settings)."""
        if getattr(self.app, "bell_on", True):
            self.app.bell()

    # -- leaving the game: concede, then watch the rest or skip to its end ---------------------

    def action_concede(self) -> None:
        """Ask, then leave the game: a bot plays this seat out, and the rest can be watched or skipped."""
        from .concede import ConcedeScreen

        seat = self.game.current
        last = self.session.humans_in == [seat]
        self.app.push_screen(ConcedeScreen(self.game.players[seat], last), lambda how: self.conceded(seat, how))

    def conceded(self, seat: int, how: str | None) -> None:
        if how is None or self.game.current != seat or self.stage == "wait":
            return
        from ..players import CONCEDED_LEVEL

        self.session.concede(seat)
        name = self.game.players[seat]
        self.notify(f"{name} conceded: a {CONCEDED_LEVEL} bot plays the seat out.", timeout=8, markup=False)
        self.viewer = None  # the seat is a bot's now: its cards are no one's to see
        self.message = self.tip = ""
        self.stage = "wait"
        self.chosen = ()
        self.drop = ()
        if self.session.only_bots_left:
            if how == "skip":
                self.skip_rest()
            else:
                self.follow = "watch"
        self.save()
        self.advance()

    def skip_rest(self) -> None:
        """Play the rest of a game with no human left in at once, then show its end."""
        self.follow = "skip"
        self.session.hurry()
        self.tip = "skipping to the end…"

    def action_skip_rest(self) -> None:
        self.skip_rest()

    # -- a hint: what the expert would play in this seat ---------------------------------------

    def action_hint(self) -> None:
        """Ask the expert bot what it would play in this seat, from this seat's view only; said in one line."""
        seat = self.game.current
        self.session.hinted(seat)
        self.save()
        self.tip = "a hint is coming…"
        self.find_hint(seat, self.game.turns)

    @work(exclusive=True, group="hint")
    async def find_hint(self, seat: int, turns: int) -> None:
        from yaniv_tui.bots.hint import HINT_SAMPLES, suggest

        from ..widgets.cards import face

        ascii_only = self.ascii_only
        # The seat's view of a copy: the game may move on while the expert thinks in its thread.
        view = self.game.clone().view(seat)
        # A bounded number of guesses and no clock: the same position gives the same hint on any machine.
        seed = self.game.round_no * 10_000 + self.game.turns
        hint = await asyncio.to_thread(
            suggest, view, seed=seed, samples=HINT_SAMPLES, budget_ms=None, face=lambda card: face(card, ascii_only)
        )
        if self.game.turns == turns and self.game.current == seat and self.viewer == seat:
            self.tip = f"hint: {hint.line}"
