"""A game in progress: the engine's Game, a player for each seat, and its save and undo; no Textual here."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from yaniv_tui.engine import Action, Game
from yaniv_tui.store import SaveError, SaveMeta, UndoStack, remove_save, save_game

from .options import GameOptions
from .players import Player, make_player

if TYPE_CHECKING:
    from yaniv_tui.store import GameLock, History, SavedGame


def take_lock(game_id: str) -> GameLock | None:
    """Lock a game to this process; GameOpenElsewhere (a SaveError) when another has it. A folder where no
    lock can be made does not stop play (its save will say what is wrong)."""
    from yaniv_tui.store import lock_game

    try:
        return lock_game(game_id)
    except SaveError:
        raise
    except OSError:
        return None


class Session:
    """One game at the table: deals it, answers who sits where, asks each seat's player for its action (the
    same way for a bot, a human or a player elsewhere), saves after each action.

    The game is locked to this process from the start until it ends (or `close`, when the app quits).
    """

    def __init__(
        self,
        options: GameOptions,
        game_no: int = 0,
        game: Game | None = None,
        *,
        meta: SaveMeta | None = None,
        lock: GameLock | None = None,
    ) -> None:
        self.options = options
        self.game_no = game_no
        if game is None:
            seed = None if options.seed is None else options.seed + game_no
            game = Game.new(options.rules, [seat.name for seat in options.seats], seed=seed)
        self.game = game
        self.meta = meta or SaveMeta(options.seats)
        self.players: tuple[Player, ...] = ()
        self.make_players()
        self.lock = lock if lock is not None else take_lock(self.meta.game_id)
        self.undo = UndoStack()

    @classmethod
    def resumed(cls, saved: SavedGame, bot_delay: float = 0.8, ascii_cards: bool = False) -> Session:
        """The game of a save, at the same seats, hands, scores and rules. It takes the save's lock (or locks
        the game now): GameOpenElsewhere when another process plays it, SaveError when the game is over."""
        game = saved.game
        if game.is_over:
            raise SaveError(f"the game {saved.game_id[:8]} is finished: it is recorded in the history, not resumed")
        seats = tuple(seat.named(name) for name, seat in zip(game.players, saved.meta.seats, strict=True))
        if any(seat.is_remote for seat in seats):
            raise SaveError(f"the game {saved.game_id[:8]} has a seat played from another machine: not resumed here")
        lock, saved.lock = saved.lock, None
        if lock is None:
            lock = take_lock(saved.game_id)
        options = GameOptions(
            game.rules, seats, seed=None, bot_delay=bot_delay, ascii=ascii_cards, ruleset_ref=game.rules.id
        )
        session = cls(options, game=game, meta=saved.meta, lock=lock)
        session.undo = saved.undo
        return session

    def make_players(self, seed: int | None = None) -> None:
        """A fresh player for each seat, a bot's seeded from `seed`, else from the game's seed.

        Again after an undo, from a fresh seed: no bot remembers an undone move, nor replies as it did.
        SeatNotPlayable (players.py) for a seat this yaniv cannot play.
        """
        base = self.game.seed if seed is None else seed
        self.players = tuple(
            make_player(seat, base + 1000 * (index + 1)) for index, seat in enumerate(self.options.seats)
        )

    def at_screen(self, seat: int) -> bool:
        """Whether this screen's keys play the seat (a local human), rather than its player deciding elsewhere."""
        return self.players[seat].at_screen

    async def next_action(self, seat: int) -> Action:
        """The action of the seat whose turn it is, from its player (a bot thinks in a thread)."""
        return await self.players[seat].action(self.game.view(seat))

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

    # -- saving ------------------------------------------------------------------------------

    def save(self, screen_seat: int | None) -> str | None:
        """Save the game as it is now, a finished one too (it stays until the history holds it); the one-line
        problem, if any."""
        try:
            if screen_seat is not None and screen_seat not in self.meta.humans:
                screen_seat = None
            if self.game.is_over:
                screen_seat = None
            if screen_seat != self.meta.screen_seat:
                self.meta = dataclasses.replace(self.meta, screen_seat=screen_seat)
            save_game(self.game, self.meta, self.undo)
        except SaveError as error:
            return str(error)
        return None

    def record(self, history: History) -> str | None:
        """Record the finished rounds in the history; once the game is over and recorded, remove its save and
        let its lock go. A finished game the history cannot take stays saved as pending: the line says so."""
        recorded = history.record(self.meta.game_id, self.game, self.meta.seats, self.meta.started_at)
        if not self.game.is_over:
            return None
        if not recorded:
            self.close()
            return (
                f"The finished game is kept in {self.save_path} and will be recorded at the next start: "
                f"{history.problem or 'the history could not be written'}"
            )
        try:
            remove_save(self.meta.game_id)
        except OSError as error:
            self.close()
            return f"cannot remove the finished game's save: {error.strerror or error}"
        self.close(remove=True)
        return None

    @property
    def save_path(self) -> Path:
        from yaniv_tui.store import save_path

        return save_path(self.meta.game_id)

    def close(self, remove: bool = False) -> None:
        """Let the game's lock go (the game is over, or the app quits); `remove` its lock file too."""
        if self.lock is not None:
            self.lock.release(remove=remove)
            self.lock = None

    def why_no_undo(self) -> str | None:
        return self.undo.why_not(self.game, self.meta)
