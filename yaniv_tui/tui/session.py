"""A game in progress: the engine's Game, a bot for each bot seat, and its save and undo; no Textual here."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Protocol

from yaniv_tui.engine import Action, Game, PlayerView
from yaniv_tui.store import SaveError, SaveMeta, Seat, UndoStack, remove_save, save_game

from .options import GameOptions
from .options import Seat as TableSeat

if TYPE_CHECKING:
    from yaniv_tui.store import SavedGame


class Bot(Protocol):
    def choose(self, view: PlayerView) -> Action: ...


class Session:
    """One game at the table: deals it, answers who sits where, keeps each bot's state, saves after each action."""

    def __init__(self, options: GameOptions, game_no: int = 0, game: Game | None = None) -> None:
        self.options = options
        self.game_no = game_no
        if game is None:
            seed = None if options.seed is None else options.seed + game_no
            game = Game.new(options.rules, [seat.name for seat in options.seats], seed=seed)
        self.game = game
        self.meta = SaveMeta(tuple(Seat.bot(s.bot) if s.bot else Seat.person() for s in options.seats))
        self.undo = UndoStack()
        self.bots: dict[int, Bot] = {}
        self.make_bots()

    @classmethod
    def resumed(cls, saved: SavedGame, bot_delay: float = 0.8, ascii_cards: bool = False) -> Session:
        """The game of a save, at the same seats, hands, scores and rules."""
        game = saved.game
        seats = tuple(TableSeat(name, seat.level) for name, seat in zip(game.players, saved.meta.seats, strict=True))
        options = GameOptions(
            game.rules, seats, seed=None, bot_delay=bot_delay, ascii=ascii_cards, ruleset_ref=game.rules.id
        )
        session = cls(options, game=game)
        session.meta = saved.meta
        session.undo = saved.undo
        return session

    def make_bots(self, seed: int | None = None) -> None:
        """A fresh bot for each bot seat, seeded from `seed`, else from the game's seed.

        Again after an undo, from a fresh seed: none remembers an undone move, nor replies as it did.
        """
        from yaniv_tui.bots import make_bot

        base = self.game.seed if seed is None else seed
        self.bots = {
            index: make_bot(seat.bot, seed=base + 1000 * (index + 1))
            for index, seat in enumerate(self.options.seats)
            if seat.bot is not None
        }

    def again(self) -> Session:
        """A new game with the same seats (and the next seed, when the first was seeded)."""
        return Session(self.options, self.game_no + 1)

    @property
    def humans(self) -> list[int]:
        return self.options.humans

    @property
    def pass_and_play(self) -> bool:
        """Two or more humans share the screen: hands hide between their turns."""
        return len(self.humans) >= 2

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    # -- saving ------------------------------------------------------------------------------

    def save(self, screen_seat: int | None) -> str | None:
        """Save the game as it is now (or remove the save once it is over); the one-line problem, if any."""
        try:
            if self.game.is_over:
                remove_save()
                return None
            if screen_seat is not None and screen_seat not in self.meta.humans:
                screen_seat = None
            if screen_seat != self.meta.screen_seat:
                self.meta = dataclasses.replace(self.meta, screen_seat=screen_seat)
            save_game(self.game, self.meta, self.undo)
        except SaveError as error:
            return str(error)
        except OSError as error:
            return f"cannot remove the finished game's save: {error.strerror or error}"
        return None

    def why_no_undo(self) -> str | None:
        return self.undo.why_not(self.game, self.meta)
