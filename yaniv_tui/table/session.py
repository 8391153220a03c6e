"""A game in progress: the engine's Game, a player for each seat, and its save and undo; no Textual here.

Every table is a `TableSession` to the runner (runner.py) and to the screen: `Session` at a table of this
screen, `HostedSession` (hosted.py) when seats are played from other machines, `ClientSession`
(client_session.py) at a seat joined to a table held elsewhere.
"""

from __future__ import annotations

import copy
import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol

from yaniv_tui.engine import DEFAULT_BOT_DELAY, MAX_SEED_DIGITS, Action, Card, Game, PlayerView, Turn
from yaniv_tui.engine.clock import DEFAULT_TIMEOUTS_TO_BOT, ClockNews, TurnClock
from yaniv_tui.store import (
    SaveError,
    SaveMeta,
    UndoError,
    UndoStack,
    remove_save,
    save_game,
    take_lock,
    timed_out_turns,
    took_this_round,
)

from .options import GameOptions
from .players import CONCEDED_LEVEL, BotPlayer, HostNotYet, Player, SeatSource, make_player

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord
    from yaniv_tui.net.before_draw import BeforeTheDraw
    from yaniv_tui.store import GameLock, History, SavedGame

    from .events import Listener, TableEvent

#: What a table is: one screen's own, hosted for other machines, or joined to a table held elsewhere.
SessionKind = Literal["local", "hosted", "joined"]
#: Where a game is, as undo tells its checkpoints apart: its rounds scored, its turns, its phase.
Position = tuple[int, int, str]

#: Why a move that drew the deck's card cannot be taken back (the help says what undo can take back).
DREW_FROM_DECK = "your last move drew from the deck, and you have seen that card"


def position(game: Game) -> Position:
    """Where `game` is, for telling undo's checkpoints apart."""
    return len(game.history), game.turns, game.phase


class TableSession(Protocol):
    """What the runner and the screen ask of a table, whatever it is (`kind`)."""

    kind: ClassVar[SessionKind]
    options: GameOptions
    meta: SaveMeta
    lock: GameLock | None
    #: The least time from asking another seat's player to applying its action; none once hurried.
    bot_delay: float
    #: Why the last save failed, or None once the save holds the game as it is.
    unsaved: str | None
    #: Hears the runner's events to keep the game's record (codec/record.py): None at a table that holds no game.
    recorder: Listener | None
    #: The table's turn clock (engine/clock.py): None at a joined table, whose host keeps the clock.
    clock: TurnClock | None

    def stand_in(self, seat: int) -> Player:
        """The bot that plays a turn of `seat` when its clock runs out, and the seat once handed to a bot."""
        ...

    def handed(self, seat: int) -> bool:
        """Whether a bot plays `seat` now, until its player acts (its clock ran out, or a host handed it)."""
        ...

    def reclaim(self, seats: Sequence[int]) -> list[tuple[int, ClockNews]]:
        """Someone at this screen pressed a key: each of `seats` a bot plays is its player's again; the clock's news
        to tell (a joined table asks its host, whose news comes with its next state)."""
        ...

    def time_left(self) -> float | None:
        """Seconds left of the current turn's clock as this table knows it (a joined table: as its host last
        said); None when no clock runs."""
        ...

    def timed_out(self) -> tuple[int, ...]:
        """This round's turns (counted from 1) that a bot played for a seat whose time ran out, as far back as this
        table knows them: a resumed game's from its save's record (a joined table: none before it joined)."""
        ...

    def view(self, seat: int | None) -> PlayerView:
        """What `seat` sees of the game now (its own hand only); None: what anyone at the table sees (no hand).
        The table draws from this alone, so it cannot show a card its viewer may not see."""
        ...

    def at_screen(self, seat: int) -> bool:
        """Whether this screen's keys play the seat, rather than its player deciding elsewhere."""
        ...

    async def ask(self, seat: int) -> Action | None:
        """The action of another seat's player, to apply here; None when the table's host applied it."""
        ...

    async def play(self, action: Action) -> None:
        """This screen's seat plays `action`: IllegalActionError says why not, TableLost that the host is gone."""
        ...

    def apply(self, action: Action) -> None:
        """Apply the action `ask` gave for the seat to play (IllegalActionError leaves the game as it was)."""
        ...

    def hint_position(self, seat: int) -> tuple[PlayerView, int]:
        """What a hint for `seat` is worked out from (only while `can_hint`): the seat's view, on a copy the game
        may move on from, and the seed of that position (the same position gives the same hint)."""
        ...

    def publish(self) -> None:
        """Tell the seats elsewhere that the game changed."""
        ...

    def watch(self, hear: Listener) -> None:
        """Tell `hear` what the network says (a seat taken or named, a message said, a lost host)."""
        ...

    def save(self, screen_seat: int | None) -> str | None:
        """Keep the game as it is now where it is resumed from (`screen_seat`: the seat whose hand is on screen);
        the one-line problem, if any (also kept as `unsaved`). A joined table keeps nothing: its host saves."""
        ...

    def record(self, history: History) -> str | None:
        """Put the finished rounds in `history` (a joined table: the host's record of the game, once it comes);
        once the game is over and recorded its save goes. A line when a finished game could not be recorded."""
        ...

    def close(self, remove: bool = False) -> None:
        """Let the table go: the game's lock (`remove` its lock file too), or a joined table's connection."""
        ...

    def concede(self, seat: int) -> None:
        """The human at `seat` leaves the game, a bot playing the seat out (only where `can_concede`)."""
        ...

    def hurry(self) -> None:
        """Play the rest at once: no pause before another seat's move."""
        ...

    def hinted(self, seat: int) -> None:
        """Count one more hint asked at `seat` (kept in the save and passed to the history)."""
        ...

    def status(self, seat: int) -> str:
        """Who is at remote seat `seat` now ("waiting", "joined", "away"); "" for a seat that is not remote."""
        ...

    async def say(self, text: str) -> str | None:
        """This screen's player says one of the table's fixed messages to the other machines; why not, in one
        line, or None once said."""
        ...

    def why_no_undo(self) -> str | None:
        """Why `take_back` cannot be done now, in one line; None when it can."""
        ...

    def take_back(self) -> tuple[Game, Turn]:
        """Undo this screen's player's last move: the game it goes back to and the turn taken back; UndoError says
        why not (`why_no_undo`)."""
        ...

    @property
    def humans(self) -> list[int]:
        """The seats played at this screen."""
        ...

    @property
    def humans_in(self) -> list[int]:
        """The seats played at this screen still in the game: not out, and not conceded."""
        ...

    @property
    def only_bots_left(self) -> bool:
        """Whether the game goes on with no one at this screen left in it (watch it, or skip to its end)."""
        ...

    @property
    def pass_and_play(self) -> bool:
        """Two or more people share this screen: hands hide between their turns."""
        ...

    @property
    def can_concede(self) -> bool:
        """Whether a person here may concede (not at a table with other machines: its away bot plays for one who
        leaves)."""
        ...

    @property
    def can_hint(self) -> bool:
        """Whether `h` may ask the expert for a hint (where the history counts it)."""
        ...

    @property
    def can_say(self) -> bool:
        """Whether this screen's player can say the table's fixed messages to other machines."""
        ...

    @property
    def can_play_again(self) -> bool:
        """Whether "play again" and "new game" are offered at the game's end (at a table of this screen alone)."""
        ...

    @property
    def join_command(self) -> str | None:
        """What a friend types to sit at this table, when it has remote seats."""
        ...

    @property
    def watchers(self) -> int:
        """How many watch this table from other machines now (0 at a table nobody can watch)."""
        ...

    @property
    def is_watcher(self) -> bool:
        """Whether this screen only watches the table (a watcher of a table held elsewhere): it plays no seat."""
        ...


class SeatsAtScreen(ABC):
    """Who plays at this screen, worked out the same way at every table from its options, meta and what anyone
    at the table sees (`view(None)`)."""

    options: GameOptions
    meta: SaveMeta
    players: tuple[Player, ...]
    bot_delay: float

    @abstractmethod
    def view(self, seat: int | None) -> PlayerView:
        """What `seat` may see of the game now; None: what anyone at the table sees (no hand). Each table says
        where its views come from: its own game, or the host's frames."""

    def at_screen(self, seat: int) -> bool:
        """Whether this screen's keys play the seat (a local human), rather than its player deciding elsewhere."""
        return self.players[seat].at_screen

    @property
    def humans(self) -> list[int]:
        return self.options.humans

    @property
    def humans_in(self) -> list[int]:
        """The human seats at this screen still in the game: not out, and not conceded."""
        out = self.view(None).out
        return [s for s in self.humans if not out[s] and s not in self.meta.conceded]

    @property
    def only_bots_left(self) -> bool:
        """Whether the game goes on with no human of this screen left in it, or none ever at it (watch it, or
        skip to its end)."""
        return self.view(None).phase != "over" and not self.humans_in

    @property
    def pass_and_play(self) -> bool:
        """Two or more humans share the screen: hands hide between their turns."""
        return len(self.humans) >= 2

    def hurry(self) -> None:
        """Play the rest at once: no pause before another seat's move, and a bot thinks no longer than with none."""
        self.bot_delay = 0.0
        for player in self.players:
            if isinstance(player, BotPlayer):
                player.pace(0.0)

    def hinted(self, seat: int) -> None:
        """Count one more hint asked at `seat` (kept in the save, passed to the history)."""
        counts = list(self.meta.hints or (0,) * len(self.view(None).players))
        counts[seat] += 1
        self.meta = dataclasses.replace(self.meta, hints=tuple(counts))


class Session(SeatsAtScreen):
    """One game at the table of this screen: deals it, answers who sits where, asks each seat's player for its
    action (the same way for a bot or a player elsewhere), keeps undo's checkpoints, saves the game.

    The game is locked to this process from the start until it ends (or `close`, when the app quits).
    """

    kind: ClassVar[SessionKind] = "local"

    def __init__(
        self,
        options: GameOptions,
        game_no: int = 0,
        game: Game | None = None,
        *,
        meta: SaveMeta | None = None,
        lock: GameLock | None = None,
        record: GameRecord | None = None,
    ) -> None:
        from yaniv_tui.codec.record import start_record

        self.options = options
        self.game_no = game_no
        if game is None:
            # The run's next games, from the seeds after its own, round within the seeds a game has.
            seed = None if options.seed is None else (options.seed + game_no) % 10**MAX_SEED_DIGITS
            game = Game.new(options.rules, [seat.name for seat in options.seats], seed=seed)
        self.game = game
        self.meta = meta or SaveMeta(options.seats)
        #: Every card and action of the game so far (a record of a resumed game that kept none starts from where it
        #: is, partial); kept in the save, and in the history once the game is over. Never sent to another seat.
        self.game_record = record if record is not None else start_record(game, options.seats)
        self.recorder: Listener | None = self.hear_record
        #: The status of each remote seat as last recorded ("waiting", "joined", "away").
        self._statuses: dict[int, str] = {}
        #: The pause before a bot plays now: the option's, or none once the rest is played at once.
        self.bot_delay = options.bot_delay
        #: The turn clock; a stand-in bot for each seat whose clock ran out (made at its first timeout).
        self.clock: TurnClock | None = TurnClock(options.turn_seconds, options.timeouts_to_bot, stand_in=CONCEDED_LEVEL)
        self._stand_ins: dict[int, Player] = {}
        self.players: tuple[Player, ...] = ()
        #: The table before the draw the game waits on, for the seats that may not see the draw (`view`).
        self._before_draw: BeforeTheDraw | None = None
        self.make_players()
        self.lock: GameLock | None = lock if lock is not None else take_lock(self.meta.game_id)
        self.undo = UndoStack()
        #: The players as they were at each of undo's checkpoints (their own chance, what they remember).
        self.kept_players: dict[Position, tuple[Player, ...]] = {}
        #: Why the last save failed (a full disk, ...): the file then holds an earlier state, or nothing. None
        #: once the save holds the game as it is.
        self.unsaved: str | None = None

    @classmethod
    def resumed(
        cls,
        saved: SavedGame,
        bot_delay: float = DEFAULT_BOT_DELAY,
        ascii_cards: bool = False,
        *,
        hosted: bool = False,
        lock: GameLock | None = None,
        turn_seconds: float | None = None,
        timeouts_to_bot: int = DEFAULT_TIMEOUTS_TO_BOT,
    ) -> Session:
        """The game of a save, at the same seats, hands, scores and rules. It takes `lock`, the save's lock from
        `claim_game` (or locks the game now): GameOpenElsewhere when another process plays it, SaveError when the
        game is over, or when it has remote seats and is not `hosted` (`yaniv host --resume` brings those back). A
        timeout its record holds whose bot never played is dropped (`drop_unplayed_timeouts`), or for a hosted game
        marked unplayed (`mark_unplayed_timeouts`)."""
        game = saved.game
        if game.is_over:
            raise SaveError(f"the game {saved.game_id[:8]} is finished: it is recorded in the history, not resumed")
        seats = tuple(seat.named(name) for name, seat in zip(game.players, saved.meta.seats, strict=True))
        if any(seat.is_remote for seat in seats) and not hosted:
            raise SaveError(
                f"the game {saved.game_id[:8]} has a seat played from another machine: "
                "'yaniv host --resume' brings it back"
            )
        if lock is None:
            lock = take_lock(saved.game_id)
        options = GameOptions(
            game.rules,
            seats,
            seed=None,
            bot_delay=bot_delay,
            ascii=ascii_cards,
            ruleset_ref=game.rules.id,
            turn_seconds=turn_seconds,
            timeouts_to_bot=timeouts_to_bot,
        )
        record = saved.record
        if record is not None:
            from yaniv_tui.codec.record import drop_unplayed_timeouts, mark_unplayed_timeouts

            # Saved before a timed-out seat's bot played (left in its pause): the seat's player plays that turn now.
            # A hosted game keeps the timeouts, marked unplayed: `yaniv host --resume` counts each seat's timeouts
            # in a row from them, and its player's next action is not the bot's.
            (mark_unplayed_timeouts if hosted else drop_unplayed_timeouts)(record)
        session = cls(options, game=game, meta=saved.meta, lock=lock, record=record)
        session.undo = saved.undo
        return session

    def view(self, seat: int | None) -> PlayerView:
        """While a seat decides on a slap-down, whether its drawn card matches is its secret: every other seat, and
        this screen when the drawer is not played here, sees the table as it was before the draw."""
        game = self.game
        if game.phase == "slap" and seat != game.current and (seat is not None or not self.at_screen(game.current)):
            game = self._before_the_draw(game)
        return game.view(seat) if seat is not None else game.watcher_view()

    def _before_the_draw(self, game: Game) -> Game:
        """The table before the draw `game` waits on (net/before_draw.py), worked out once for each such draw."""
        if self._before_draw is None:  # the network's package is loaded only by a game that slaps down
            from yaniv_tui.net.before_draw import BeforeTheDraw

            self._before_draw = BeforeTheDraw()
        return self._before_draw.of(game)

    def make_players(self) -> None:
        """A fresh player for each seat, a bot's seeded from the game's seed (`bot_seed`); a remote seat's
        asks `source`, and cannot play until there is one."""
        from yaniv_tui.bots import bot_seed

        source = self.source
        self.players = tuple(
            HostNotYet(seat)
            if seat.is_remote and source is None
            else make_player(
                seat,
                bot_seed(self.game.seed, index),
                index,
                source,
                conceded=index in self.meta.conceded,
                bot_delay=self.bot_delay,
            )
            for index, seat in enumerate(self.options.seats)
        )

    @property
    def source(self) -> SeatSource | None:
        """Where the remote seats' actions come from: nowhere at a table of this screen alone."""
        return None

    def stand_in(self, seat: int) -> Player:
        """A plain bot (the level a conceded seat is played at), seeded like a bot at the seat, playing for the
        human at `seat` when their clock runs out."""
        player = self._stand_ins.get(seat)
        if player is None:
            from yaniv_tui.bots import bot_seed, make_bot

            bot = make_bot(CONCEDED_LEVEL, seed=bot_seed(self.game.seed, seat))
            player = self._stand_ins[seat] = BotPlayer(self.options.seats[seat], bot, bot_delay=self.bot_delay)
        return player

    def time_left(self) -> float | None:
        return None if self.clock is None else self.clock.left()

    def timed_out(self) -> tuple[int, ...]:
        return timed_out_turns(self.game_record, self.game)

    def took(self) -> dict[int, Card]:
        """The card each seat took on its last play of this round, its hand still holding it (from the record)."""
        return took_this_round(self.game_record, self.game)

    def handed(self, seat: int) -> bool:
        return self.clock is not None and self.clock.is_handed(seat)

    def reclaim(self, seats: Sequence[int]) -> list[tuple[int, ClockNews]]:
        clock = self.clock
        if clock is None:
            return []
        return [(seat, news) for seat in seats if clock.is_handed(seat) for news in clock.acted(seat)]

    # -- the game's record ---------------------------------------------------------------------

    def hear_record(self, event: TableEvent) -> None:
        """Keep the game's record as the runner tells what happened: each action applied and what it led to (a
        reshuffle, a round's end, the next deal, the game's end), a seat conceded, a joiner's name, a remote seat
        taken, left or back, the turn clock's news of a seat (a "seat" event: "timeout", "bot", "back"), and a
        change its host made to a remote seat (a "seat" event: "handed", with the bot's "level", "given", "opened")."""
        from yaniv_tui.codec.record import add_event, after_action

        from .events import ActionApplied, Clocked, Conceded, SeatJoined, SeatManaged, SeatsChanged

        record = self.game_record
        if record.events[-1].get("event") == "end":
            return  # the record is whole: a seat leaving once the game is over is no part of it
        if isinstance(event, ActionApplied) and event.action is not None:
            after_action(record, self.game, event.seat, event.action)
        elif isinstance(event, Conceded):
            add_event(record, "concede", event.seat, round=self.game.round_no)
        elif isinstance(event, Clocked):
            add_event(record, "seat", event.seat, status=event.news)
        elif isinstance(event, SeatManaged):
            level = {} if event.level is None else {"level": event.level}
            add_event(record, "seat", event.seat, status=event.change, **level)
        elif isinstance(event, SeatJoined):
            add_event(record, "joined", event.seat, name=event.name)
        elif isinstance(event, SeatsChanged):
            for seat, kind in enumerate(self.options.seats):
                status = self.status(seat) if kind.is_remote else ""
                if status and self._statuses.get(seat) != status:
                    self._statuses[seat] = status
                    add_event(record, "seat", seat, status=status)

    def hinted(self, seat: int) -> None:
        """Count one more hint asked at `seat`, and record it."""
        from yaniv_tui.codec.record import add_event

        super().hinted(seat)
        add_event(self.game_record, "hint", seat, turn=self.game.turns)

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
        return True

    @property
    def can_hint(self) -> bool:
        """Whether `h` may ask the expert for a hint: at this screen's own table, where the history counts it."""
        return True

    # -- a table of this screen alone: nobody elsewhere to hear it ----------------------------

    def status(self, seat: int) -> str:
        """Who is at a remote seat now ("waiting", "joined", "away"): "" at a table with no host."""
        return ""

    def watch(self, hear: Listener) -> None:
        """Nothing comes from a network to a table with no host."""

    def publish(self) -> None:
        """No seat elsewhere to tell of a change."""

    @property
    def can_say(self) -> bool:
        """Whether this screen's player can say the table's fixed messages ("good game") to other machines."""
        return False

    async def say(self, text: str) -> str | None:
        """This screen's player says one of the table's fixed messages; why not, in one line."""
        return "there is nobody on other machines to hear it"

    @property
    def join_command(self) -> str | None:
        """What a friend types to sit at this table, when it has remote seats."""
        return None

    @property
    def watchers(self) -> int:
        """Nobody watches a table played at one screen."""
        return 0

    @property
    def is_watcher(self) -> bool:
        return False

    @property
    def can_play_again(self) -> bool:
        """Whether "play again" and "new game" are offered at the end (not at a table with other machines)."""
        return True

    # -- the table's two questions: play this screen's move, ask another seat for its --------

    async def play(self, action: Action) -> None:
        """This screen's seat plays `action`, checked by the engine (IllegalActionError says why not); the game
        and its players just before it are kept for undo."""
        before = self.game.clone()
        players = copy.deepcopy(self.players)
        self.game.apply(action)
        self.undo.checkpoint(before)
        self.kept_players[position(before)] = players
        kept = {position(game) for game in self.undo.games}
        self.kept_players = {at: p for at, p in self.kept_players.items() if at in kept}

    async def ask(self, seat: int) -> Action:
        """The action of a seat not played at this screen, from its player (a bot thinks in a thread)."""
        return await self.players[seat].action(self.game.view(seat))

    def apply(self, action: Action) -> None:
        """Apply another seat's action (IllegalActionError leaves the game as it was)."""
        self.game.apply(action)

    def hint_position(self, seat: int) -> tuple[PlayerView, int]:
        """The seat's view of a copy of the game, and the hint's seed: its round and its turns so far."""
        game = self.game
        return game.clone().view(seat), game.round_no * 10_000 + game.turns

    def again(self) -> Session:
        """A new game with the same seats (and the next seed, when the first was seeded)."""
        return Session(self.options, self.game_no + 1)

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
            self.write()
        except SaveError as error:
            self.unsaved = str(error)
            return self.unsaved
        self.unsaved = None
        return None

    def write(self) -> None:
        """Write the save (SaveError, one line, if it cannot be): the game, its seats, its undo and its record."""
        save_game(self.game, self.meta, self.undo, record=self.game_record)

    def record(self, history: History) -> str | None:
        """Record the finished rounds in the history; once the game is over and recorded, remove its save and
        let its lock go. A finished game the history cannot take stays saved as pending: the line says so."""
        recorded = history.record(self.game, self.meta, self.game_record)
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
            self.remove_files()
        except OSError as error:
            self.close()
            return f"cannot remove the finished game's save: {error.strerror or error}"
        self.close(remove=True)
        return None

    def remove_files(self) -> None:
        """Remove what was kept of the game while it was played (its save): the history holds it now."""
        remove_save(self.meta.game_id)

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
        from yaniv_tui.codec.record import back_to

        before, turn = self.move_to_undo()
        self.game = self.undo.undo(self.game, self.meta)
        back_to(self.game_record, self.game)
        players = self.kept_players.pop(position(self.game), None)
        if players is None:
            self.make_players()  # a move made before the game was resumed: the bots as the resume made them
        else:
            self.players = players
        return before, turn
