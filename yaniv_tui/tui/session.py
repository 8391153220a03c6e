"""A game in progress: the engine's Game and a bot for each bot seat; no Textual here."""

from __future__ import annotations

from typing import Protocol

from yaniv_tui.engine import Action, Game, PlayerView

from .options import GameOptions


class Bot(Protocol):
    def choose(self, view: PlayerView) -> Action: ...


class Session:
    """One game at the table: deals it, answers who sits where, and keeps each bot's state."""

    def __init__(self, options: GameOptions, game_no: int = 0) -> None:
        from yaniv_tui.bots import make_bot

        self.options = options
        self.game_no = game_no
        seed = None if options.seed is None else options.seed + game_no
        self.game = Game.new(options.rules, [seat.name for seat in options.seats], seed=seed)
        base = self.game.seed
        self.bots: dict[int, Bot] = {
            index: make_bot(seat.bot, seed=base + 1000 * (index + 1))
            for index, seat in enumerate(options.seats)
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
