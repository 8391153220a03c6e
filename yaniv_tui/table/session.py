"""A game in progress: the engine's Game, a player for each seat, and its save and undo; no Textual here."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from yaniv_tui.engine import DEFAULT_BOT_DELAY, Action, Game, IllegalActionError, PlayerView, Turn
from yaniv_tui.store import SaveError, SaveMeta, UndoError, UndoStack, remove_save, save_game

from .options import GameOptions
from .players import HostNotYet, Player, make_player

if TYPE_CHECKING:
    from yaniv_tui.store import GameLock, History, SavedGame

    from .remote import Host

#: Told of the game after each change to it (an action applied, and so a new round dealt).
ChangeListener = Callable[[Game], None]
#: Where a game is, as undo tells its checkpoints apart: its rounds scored, its turns, its phase.
Position = tuple[int, int, str]

#: Why a move that drew the deck's card cannot be taken back (the help says what undo can take back).
DREW_FROM_DECK = "your last move drew from the deck, and you have seen that card"


def position(game: Game) -> Position:
    """Where `game` is, for telling undo's checkpoints apart."""
    return len(game.history), game.turns, game.phase


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
        #: The host that plays the remote seats (see `host_with`), None at a table of one screen.
        self.host: Host | None = None
        self.listeners: list[ChangeListener] = []
        #: The pause before a bot plays now: the option's, or none once the rest is played at once.
        self.bot_delay = options.bot_delay
        self.players: tuple[Player, ...] = ()
        self.make_players()
        self.lock = lock if lock is not None else take_lock(self.meta.game_id)
        self.undo = UndoStack()
        #: The players as they were at each of undo's checkpoints (their own chance, what they remember).
        self.kept_players: dict[Position, tuple[Player, ...]] = {}
        #: Why the last save failed (a full disk, ...): the file then holds an earlier state, or nothing. None
        #: once the save holds the game as it is.
        self.unsaved: str | None = None

    @classmethod
    def resumed(
        cls, saved: SavedGame, bot_delay: float = DEFAULT_BOT_DELAY, ascii_cards: bool = False, *, hosted: bool = False
    ) -> Session:
        """The game of a save, at the same seats, hands, scores and rules. It takes the save's lock (or locks
        the game now): GameOpenElsewhere when another process plays it, SaveError when the game is over, or
        when it has remote seats and is not `hosted` (`yaniv host --resume` brings those back)."""
        game = saved.game
        if game.is_over:
            raise SaveError(f"the game {saved.game_id[:8]} is finished: it is recorded in the history, not resumed")
        seats = tuple(seat.named(name) for name, seat in zip(game.players, saved.meta.seats, strict=True))
        if any(seat.is_remote for seat in seats) and not hosted:
            raise SaveError(
                f"the game {saved.game_id[:8]} has a seat played from another machine: "
                "'yaniv host --resume' brings it back"
            )
        lock, saved.lock = saved.lock, None
        if lock is None:
            lock = take_lock(saved.game_id)
        options = GameOptions(
            game.rules, seats, seed=None, bot_delay=bot_delay, ascii=ascii_cards, ruleset_ref=game.rules.id
        )
        session = cls(options, game=game, meta=saved.meta, lock=lock)
        session.undo = saved.undo
        return session

    def make_players(self) -> None:
        """A fresh player for each seat, a bot's seeded from the game's seed.

        SeatNotPlayable (players.py) for a seat this yaniv cannot play.
        """
        base = self.game.seed
        self.players = tuple(
            HostNotYet(seat)
            if seat.is_remote and self.host is None
            else make_player(seat, base + 1000 * (index + 1), index, self.host, conceded=index in self.meta.conceded)
            for index, seat in enumerate(self.options.seats)
        )

    # -- leaving a game, and the seats still in it ------------------------------------------

    def concede(self, seat: int) -> None:
        """The human at `seat` leaves the game: a plain bot plays the seat out, and the history never counts it
        as that human's win, nor the rounds from this one on as theirs (see `record`)."""
        if seat in self.meta.conceded or not self.options.seats[seat].is_human:
            return
        self.meta = self.meta.concede(seat, self.game.round_no)
        self.make_players()

    @property
    def can_concede(self) -> bool:
        """Whether a human here may concede: at a table of this screen only (a table with other machines has its
        away bot for a player who leaves)."""
        return self.host is None

    @property
    def humans_in(self) -> list[int]:
        """The human seats at this screen still in the game: not out, and not conceded."""
        game = self.game
        return [s for s in self.humans if not game.out[s] and s not in self.meta.conceded]

    @property
    def only_bots_left(self) -> bool:
        """Whether the game goes on with no human of this screen left in it, or none ever at it (watch it, or
        skip to its end)."""
        return not self.game.is_over and not self.humans_in

    def hurry(self) -> None:
        """Play the rest at once: no pause before a bot's move."""
        self.bot_delay = 0.0

    # -- hints -------------------------------------------------------------------------------

    @property
    def can_hint(self) -> bool:
        """Whether `h` may ask the expert for a hint: at this screen's own table, where the history counts it."""
        return True

    def hinted(self, seat: int) -> None:
        """Count one more hint asked at `seat` (kept in the save, passed to the history)."""
        counts = list(self.meta.hints or (0,) * len(self.game.players))
        counts[seat] += 1
        self.meta = dataclasses.replace(self.meta, hints=tuple(counts))

    # -- a table with seats on other machines -------------------------------------------------

    def host_with(self, host: Host) -> None:
        """Play the remote seats through `host`, and send it the game after every change."""
        self.host = host
        self.make_players()
        self.on_change(host.publish)
        host.publish(self.game)

    def on_change(self, listener: ChangeListener) -> None:
        """Call `listener` with the game after each change to it."""
        self.listeners.append(listener)

    def changed(self) -> None:
        for listener in self.listeners:
            listener(self.game)

    def status(self, seat: int) -> str:
        """Who is at a remote seat now ("waiting", "joined", "away"); "" for a seat that is not remote."""
        if self.host is None or not self.options.seats[seat].is_remote:
            return ""
        return self.host.status(seat)

    def watch_status(self, callback: Callable[[], None]) -> None:
        """Call `callback` whenever a remote seat joins, leaves or comes back."""
        if self.host is not None:

            def status_changed() -> None:
                self.save(self.meta.screen_seat)  # a seat just taken has a token `host --resume` must keep
                callback()

            self.host.on_status = status_changed

    @property
    def can_say(self) -> bool:
        """Whether this screen's player can say the table's fixed messages ("good game") to other machines."""
        return self.host is not None and bool(self.humans)

    async def say(self, text: str) -> str | None:
        """This screen's player says one of the table's fixed messages; why not, in one line."""
        if self.host is None or not self.humans:
            return "there is nobody on other machines to hear it"
        return self.host.say(self.humans[0], text)

    def watch_said(self, callback: Callable[[str, str], None]) -> None:
        """Call `callback` with (name, text) when anyone at the table says one of its fixed messages."""
        if self.host is not None:
            self.host.on_said = lambda seat, text: callback(self.game.players[seat], text)

    def watch_lost(self, callback: Callable[[str], None]) -> None:
        """Call `callback` with one line if the table's host can no longer be reached (never here: this screen's
        own game has no host to lose)."""

    @property
    def join_command(self) -> str | None:
        """What a friend types to sit at this table, when it has remote seats."""
        return self.host.join_command() if self.host is not None else None

    @property
    def can_play_again(self) -> bool:
        """Whether "play again" and "new game" are offered at the end (not at a table with other machines)."""
        return self.host is None

    # -- the table's two questions: play this screen's move, wait for another seat's ----------

    async def play(self, action: Action) -> None:
        """This screen's seat plays `action`, checked by the engine (IllegalActionError says why not); the game
        and its players just before it are kept for undo."""
        before = self.game.clone() if self.host is None else None
        players = copy.deepcopy(self.players) if before is not None else ()
        self.game.apply(action)
        if before is not None:
            self.undo.checkpoint(before)
            self.kept_players[position(before)] = players
            kept = {position(game) for game in self.undo.games}
            self.kept_players = {at: p for at, p in self.kept_players.items() if at in kept}
        self.changed()

    async def next_move(self, seat: int) -> str | None:
        """Wait for the move of a seat not played at this screen and apply it: a bot's, paused at least the
        bot delay so it can be followed, or a remote player's. The one line to tell, if it was refused."""
        started = time.monotonic()
        action = await self.next_action(seat)
        rest = self.bot_delay - (time.monotonic() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        told = None
        try:
            self.game.apply(action)
        except IllegalActionError as error:
            told = f"{self.game.players[seat]} ({self.options.seats[seat].describe()}) tried something illegal: {error}"
            self.game.apply(self.game.legal_actions()[0])
        self.changed()
        return told

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may see of the game now; None: what anyone at the table sees (no hand). The table draws
        from this alone, so it cannot show a card its viewer may not see."""
        game = self.game
        return game.view(seat) if seat is not None else game.view(game.current).without_hand()

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
            if self.host is not None:
                from yaniv_tui.net.headless import keep_table

                # The table's room code, its seats' tokens and the names joiners gave are kept with the game.
                self.unsaved = keep_table(self.host, self.game, self.meta)
                return self.unsaved
            save_game(self.game, self.meta, self.undo)
        except SaveError as error:
            self.unsaved = str(error)
            return self.unsaved
        self.unsaved = None
        return None

    def record(self, history: History) -> str | None:
        """Record the finished rounds in the history; once the game is over and recorded, remove its save and
        let its lock go. A finished game the history cannot take stays saved as pending: the line says so."""
        recorded = history.record(self.game, self.meta)
        if not self.game.is_over:
            return None
        if not recorded:
            why = history.problem or "the history could not be written"
            # The last save may have failed, so its file holds an earlier state: try once more before telling.
            if self.unsaved is not None and self.save(None) is not None:
                self.close()
                earlier = "; its last good save stays, as a game in progress" if self.save_path.exists() else ""
                return f"The finished game could not be saved ({self.unsaved}), nor recorded ({why}){earlier}"
            self.close()
            return f"The finished game is kept in {self.save_path} and will be recorded at the next start: {why}"
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
        """Why `take_back` cannot be done now, in one line; None when it can."""
        if self.host is not None:
            return "there is no undo at a table with players on other machines"
        why = self.undo.why_not(self.game, self.meta)
        if why is None:
            before, turn = self.move_to_undo()
            if before.phase != "slap" and turn.take is None:
                return DREW_FROM_DECK
        return why

    def move_to_undo(self) -> tuple[Game, Turn]:
        """The game undo goes back to, and the turn of the human's it takes back (as it ended: after a card taken
        from the deck, the turn the card was kept or slapped down in). Only while `why_no_undo` allows."""
        before = self.undo.games[-1]
        index = len(before.log) - 1 if before.phase == "slap" else len(before.log)
        return before, self.game.log[index]

    def take_back(self) -> tuple[Game, Turn]:
        """Undo the human's last move (`move_to_undo` says which): the game goes back to just before it, and
        the bots with it, as they were then. The deck is not shuffled and the bots are not reseeded, so the
        same move again gives the same game. UndoError says why not."""
        why = self.why_no_undo()
        if why is not None:
            raise UndoError(why)
        before, turn = self.move_to_undo()
        self.game = self.undo.undo(self.game, self.meta)
        players = self.kept_players.pop(position(self.game), None)
        if players is None:
            self.make_players()  # a move made before the game was resumed: the bots as the resume made them
        else:
            self.players = players
        return before, turn
