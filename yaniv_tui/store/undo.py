"""Whether a game can undo at all: one human at this screen against bots alone (`UndoStack` keeps the moves)."""

from __future__ import annotations

from collections.abc import Sequence

from yaniv_tui.engine import Seat

#: Why a game whose seats are not one human against bots never undoes.
ONLY_AGAINST_BOTS = "undo is only for a game of one human against bots"


def undo_offered(seats: Sequence[Seat]) -> bool:
    """Whether a game of `seats` can ever undo: exactly one human at this screen, and every other seat a bot
    (not a second human sharing the keyboard, whose cards undo would show, nor a player on another machine)."""
    return sum(seat.is_human for seat in seats) == 1 and all(seat.is_human or seat.is_bot for seat in seats)
