"""Undo, for one human at this screen against bots alone: whether a game can undo at all (`undo_offered`, the one
home of that rule), and the games as they were just before that human's last moves (`UndoStack`, kept in the save)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from yaniv_tui.engine import Seat

if TYPE_CHECKING:
    from yaniv_tui.engine import Game

    from .meta import SaveMeta

__all__ = ["ONLY_AGAINST_BOTS", "UndoError", "UndoStack", "undo_offered"]

#: Why a game whose seats are not one human against bots never undoes.
ONLY_AGAINST_BOTS = "undo is only for a game of one human against bots"


def undo_offered(seats: Sequence[Seat]) -> bool:
    """Whether a game of `seats` can ever undo: exactly one human at this screen, and every other seat a bot
    (not a second human sharing the keyboard, whose cards undo would show, nor a player on another machine)."""
    return sum(seat.is_human for seat in seats) == 1 and all(seat.is_human or seat.is_bot for seat in seats)


class UndoError(Exception):
    """Undo is not possible now; the message says why in one line."""


class UndoStack:
    """The games as they were just before a human's last moves, for undo when that human plays only bots.

    Call `checkpoint(game)` right before applying a human's action; `undo(game, meta)` then gives the game
    as it was then. A finished round is scored (and recorded in the history), so undo stops at a round's end.
    """

    def __init__(self, depth: int = 3, games: Sequence[Game] = ()) -> None:
        if depth < 1:
            raise ValueError("an undo stack keeps at least one move")
        self.depth = depth
        self._games: list[Game] = [g.clone() for g in games][-depth:]

    def __len__(self) -> int:
        return len(self._games)

    @property
    def games(self) -> tuple[Game, ...]:
        """The kept games, oldest first (copies are not made: do not change them)."""
        return tuple(self._games)

    def checkpoint(self, game: Game) -> None:
        """Keep `game` as it is now (a copy), dropping checkpoints from rounds already scored."""
        rounds = len(game.history)
        self._games = [g for g in self._games if len(g.history) == rounds]
        self._games.append(game.clone())
        del self._games[: -self.depth]

    def clear(self) -> None:
        self._games.clear()

    def why_not(self, game: Game, meta: SaveMeta) -> str | None:
        """Why undo is not possible now, in one line; None when it is."""
        if not undo_offered(meta.seats):
            return ONLY_AGAINST_BOTS
        if game.is_over:
            return "the game is over"
        if not self._games:
            return "there is no move of yours to undo"
        if len(self._games[-1].history) != len(game.history):
            return "the round is over and scored, so its moves cannot be undone"
        return None

    def can_undo(self, game: Game, meta: SaveMeta) -> bool:
        return self.why_not(game, meta) is None

    def undo(self, game: Game, meta: SaveMeta) -> Game:
        """The game just before the human's last action (a new object); UndoError says why not."""
        reason = self.why_not(game, meta)
        if reason is not None:
            raise UndoError(reason)
        return self._games.pop()
