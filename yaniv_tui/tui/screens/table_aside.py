"""The table beyond a move: the bell, watching or skipping the rest of a game, and a hint."""

from __future__ import annotations

import asyncio
from typing import Literal

from textual import work

from yaniv_tui.table.session import TableSession

from ..app_seam import game_app
from .table_state import TableState
from .turn_actions import NO_HINT

#: How round ends are shown: each waits for enter, each shows a moment (the rest watched), or none (skipped).
Follow = Literal["each", "watch", "skip"]


class TableAside(TableState):
    """What a player can do at the table besides a move; TableScreen adds the flow of the game (its runner)
    these go on with."""

    def __init__(self, session: TableSession) -> None:
        super().__init__(session)
        self.follow: Follow = "each"
        #: Whether another seat has played since a human's last turn: their next turn rings the bell.
        self.others_played = False
        if self.viewer in session.meta.conceded:
            self.viewer = None  # a conceded seat is a bot's now: its hand is not shown

    def ring(self) -> None:
        """The terminal's bell, unless the player turned it off (`--quiet`, or the settings)."""
        if game_app(self).bell_on:
            self.app.bell()

    # -- once no one at this screen is left in: watch the rest or skip to its end ---------------

    def skip_rest(self) -> None:
        """Play the rest of a game with no human left in at once, then show its end."""
        self.follow = "skip"
        self.runner.hurry()

    def action_skip_rest(self) -> None:
        self.skip_rest()

    # -- a hint: what the expert would play in this seat ---------------------------------------

    def action_hint(self) -> None:
        """Ask the expert bot what it would play in this seat, from this seat's view only; said in one line."""
        seat = self.public.current
        self.session.hinted(seat)
        self.save()
        self.tip = "a hint is coming…"
        self.find_hint(seat)

    def action_hint_refused(self) -> None:
        """`h` where hints are not offered (a table joined from another machine) says why, in one line."""
        self.message = NO_HINT

    @work(exclusive=True, group="hint")
    async def find_hint(self, seat: int) -> None:
        from yaniv_tui.bots.hint import HINT_SAMPLES, suggest

        from ..widgets.cards import face

        ascii_only = self.ascii_only
        # The seat's view of a copy: the game may move on while the expert thinks in its thread. A bounded number
        # of guesses and no clock: the same position gives the same hint on any machine.
        view, seed = self.session.hint_position(seat)
        hint = await asyncio.to_thread(
            suggest, view, seed=seed, samples=HINT_SAMPLES, budget_ms=None, face=lambda card: face(card, ascii_only)
        )
        if self.session.hint_position(seat)[1] == seed and self.public.current == seat and self.viewer == seat:
            self.tip = f"hint: {hint.line}"
