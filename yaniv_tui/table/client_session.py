"""A seat at a table held on another machine: the same session the table plays, fed by the host's views."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from typing import TYPE_CHECKING, ClassVar

from yaniv_tui.codec.record import GameRecord, RecordError, read_record_text, record_players
from yaniv_tui.engine import BOT_LEVELS, Action, Game, IllegalActionError, PlayerView, Seat, Turn
from yaniv_tui.store import SaveMeta, UndoError

from .events import Clocked, HostLost, HostMoved, Recorded, Said, SeatManaged
from .options import GameOptions
from .players import LocalHuman, Player
from .remote import Client, JoinRequest, TableLost
from .session import SeatsAtScreen, SessionKind

if TYPE_CHECKING:
    from collections.abc import Sequence

    from yaniv_tui.engine.clock import ClockNews, TurnClock
    from yaniv_tui.store import GameLock, History

    from .events import Listener

#: A seat's status at a joined screen when the person at the host's own screen plays it.
AT_THE_HOST = "at the host"


class AtTheHost:
    """A seat played at the host's table (a human there, a bot, another remote player): its moves come back in
    the host's views, so the table never asks it for one."""

    at_screen = False

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    async def action(self, view: PlayerView) -> Action:
        raise RuntimeError(f"{self.seat.name or 'this seat'} plays at the host's table")


#: Why a joined table has no undo.
NO_UNDO = "there is no undo at a table held on another machine"
#: Seconds a joined seat leaving a finished game waits for the host's record of it (sent right after the last view).
RECORD_WAIT = 10.0
#: What names the host's record in the lines that refuse it.
HOSTS_RECORD = "the host's record of this game"


def received_record(text: str, view: PlayerView) -> tuple[GameRecord, Game]:
    """The record a host sent of the game that `view` (this seat's last view) ended, read as hostile input: as a
    record file is read (`codec.read_record_text`), replayed through the engine to the game's end, and the game
    this seat played: the same seats (by the names they ended with), rules, rounds and scores as its view. The
    record and its game (the seats named as they ended); RecordError (one line) otherwise."""
    if view.phase != "over":
        raise RecordError(f"{HOSTS_RECORD}: came before the game's end, and is not kept")
    record, game = read_record_text(text, HOSTS_RECORD, finished=True)
    players = record_players(record)
    why = None
    if players != view.players:
        why = f"its seats are {', '.join(players)}, not {', '.join(view.players)}"
    elif game.rules != view.rules:
        why = "it was played by other rules"
    elif tuple(game.history) != tuple(view.history) or tuple(game.scores) != tuple(view.scores):
        why = "its rounds or scores are not the ones this table showed"
    if why is not None:
        raise RecordError(f"{HOSTS_RECORD}: not the game played at this seat ({why}), and is not kept")
    game.players = players
    return record, game


def record_key(text: str) -> str:
    """The history's id of a game kept from its host's record: the same record always gets the same id, so a
    record sent twice (a seat that joins again) is kept once."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class ClientSession(SeatsAtScreen):
    """The game as one joined seat sees it: the last view the host sent (`view`), and nothing else of the game.

    A move of this screen's seat is not applied here: it is sent, and the table redraws once the host's answer
    comes. Nothing is saved here and there is no undo: the host's table is the one authority, so this screen asks
    it for everything and decides nothing. Once the game is over the host sends its record: checked
    (`received_record`), it is kept in this player's history as a finished game (`kept_record`), or refused in
    one line (`record_refused`).

    A watcher's session (its client has no seat) plays no seat and says nothing: every seat is played at the host,
    its views show no hand, and it keeps no record (the game was not its player's).
    """

    kind: ClassVar[SessionKind] = "joined"

    def __init__(
        self,
        client: Client,
        refused: tuple[type[Exception], ...] = (),
        *,
        ascii_cards: bool = False,
        rejoin: JoinRequest | None = None,
    ) -> None:
        view = client.view
        self.client = client
        #: How this table was joined (the address, code and name filled in), to join it again once it is lost.
        self.rejoin = rejoin
        #: Why the table was lost (one line), once it is.
        self.lost: str | None = None
        #: What the client raises when the host refuses an action (net.ActionRefused).
        self.refused = refused
        seats = tuple(
            _seat(name, seat == client.seat, kind)
            for seat, (name, kind) in enumerate(zip(view.players, client.kinds, strict=False))
        )
        # The host paces its bots: its views come as its moves are made, so none is held back here.
        self.options = GameOptions(view.rules, seats, seed=None, bot_delay=0.0, ascii=ascii_cards)
        self.bot_delay = 0.0
        took = client.took
        self.meta = SaveMeta(seats, took=() if took is None or client.seat is None else ((client.seat, took),))
        self.players: tuple[Player, ...] = tuple(
            LocalHuman(seat) if seat.is_human else AtTheHost(seat) for seat in seats
        )
        #: No lock on this machine: the host locks its game.
        self.lock: GameLock | None = None
        #: Never set: nothing is saved here.
        self.unsaved: str | None = None
        #: None: a joined seat holds no game, and keeps no record of it (only its host does).
        self.recorder: Listener | None = None
        #: None: the host keeps the turn clock; this screen only shows what its frames say is left.
        self.clock: TurnClock | None = None
        self.closing: asyncio.Task[None] | None = None
        #: Waits for the host to be lost (see `watch`).
        self.watching: asyncio.Task[None] | None = None
        #: The finished game's record the host sent, once it is checked and kept in this player's history.
        self.kept_record: GameRecord | None = None
        #: Why the host's record was not kept (one line), once it was refused.
        self.record_refused: str | None = None
        #: Set once the host's record is kept or refused.
        self.record_settled = asyncio.Event()
        self._history: History | None = None
        self._hear: Listener | None = None
        self._record_text: str | None = None
        #: Telling the host this seat's player is back (`reclaim`), while it is being told.
        self._back: asyncio.Task[None] | None = None
        if client.seat is None:
            self.record_settled.set()  # a watcher is sent no record, and waits for none
        client.on_record = self._record_came
        if client.record is not None:
            self._record_came(client.record)

    async def play(self, action: Action) -> None:
        """Send this seat's action; once the host took it, its view of the game is the table's. IllegalActionError
        with the host's one line when it refuses; TableLost when the host cannot be reached."""
        try:
            await self.client.send(action)
        except self.refused as error:
            raise IllegalActionError(str(error)) from None
        except Exception as error:  # any: a lost connection is told in one line, never a traceback
            raise TableLost(self._lose(error)) from None
        await self._next_view()

    async def ask(self, seat: int) -> None:
        """Wait for the host's view after another seat's move (or any later one already received): the host
        applied it, so there is nothing to apply here."""
        await self._next_view()

    def apply(self, action: Action) -> None:
        """Never asked: `ask` gives no action here, as the host applied every move and its view says so."""
        raise RuntimeError("a joined table applies nothing: the host plays every move")

    def stand_in(self, seat: int) -> Player:
        """Never asked: the host's away bot plays a seat whose clock ran out."""
        raise RuntimeError("a joined table runs no clock: its host's away bot plays a turn whose time ran out")

    def time_left(self) -> float | None:
        """What the host's last frame said is left of the turn's clock, counted down since it came."""
        return self.client.time_left()

    def timed_out(self) -> tuple[int, ...]:
        """This round's turns a bot played when a seat's time ran out, as the host's first state said them (later
        ones are marked as they are played: `ActionApplied.timed_out`)."""
        view = self.client.view
        return tuple(turn for turn in self.client.timed_out if turn <= len(view.seen))

    def handed(self, seat: int) -> bool:
        """Whether a bot plays `seat`, as the host's last state said (known of this screen's own seat only)."""
        return seat == self.client.seat and self.client.handed

    def reclaim(self, seats: Sequence[int]) -> list[tuple[int, ClockNews]]:
        """This screen's seat, if a bot plays it, is its player's again: the host is told (`back`), and its news comes
        with the state that follows. A lost connection is told as the table's loss, as for any message."""
        if self.client.seat in seats and self.client.handed and self._back is None:
            self._back = asyncio.get_running_loop().create_task(self._tell_back())
        return []

    async def _tell_back(self) -> None:
        try:
            await self.client.back()
        except Exception as error:  # any: a lost connection is told in one line (the watch hears it as lost)
            self._lose(error)
        finally:
            self._back = None

    def hint_position(self, seat: int) -> tuple[PlayerView, int]:
        """Nobody asks for a hint here (`can_hint`)."""
        raise ValueError("there are no hints at a table held on another machine")

    async def _next_view(self) -> None:
        # `changed` returns at once with a view that came since the last call, else waits for the next one.
        try:
            await self.client.changed()
        except Exception as error:  # any: as above
            raise TableLost(self._lose(error)) from None

    def publish(self) -> None:
        """The host tells every seat of a change: nothing to tell from here."""

    def view(self, seat: int | None) -> PlayerView:
        """The host's last view of this seat, as its frame carried it (for another seat, or None: without this
        seat's hand); never the game made up around it."""
        view = self.client.view
        return view if seat == view.seat else view.without_hand()

    def status(self, seat: int) -> str:
        if seat == self.client.seat or seat >= len(self.client.statuses):
            return ""
        status = self.client.statuses[seat]
        if status == "here":  # not remote: a bot (its panel says its level) or the human at the host's screen
            return AT_THE_HOST if self.client.kinds[seat] == "human" else ""
        return status

    @property
    def can_say(self) -> bool:
        return not self.is_watcher

    @property
    def watchers(self) -> int:
        return self.client.watchers

    @property
    def is_watcher(self) -> bool:
        return self.client.seat is None

    async def say(self, text: str) -> str | None:
        try:
            await self.client.say(text)
        except ValueError as error:
            return str(error)
        except Exception as error:  # any: a lost connection is told in one line
            return self._lose(error)
        return None

    def watch(self, hear: Listener) -> None:
        """Tell `hear` what anyone at the table says, the host's clock's news, each change the host makes to a
        remote seat, and as soon as the host is gone, even
        while this seat's player is still choosing (the seats' statuses come with the host's views, and the table
        redraws on each)."""
        self.client.on_said = lambda seat, text: hear(Said(self.client.view.players[seat], text))
        self.client.on_clock = lambda seat, news: hear(Clocked(seat, news))
        self.client.on_seat = lambda seat, change, level: hear(SeatManaged(seat, change, level))
        self.client.on_view = lambda: hear(HostMoved())
        self._hear = hear

        async def watch() -> None:
            why = self._lose(await self.client.lost())
            if self.client.view.phase == "over" and self._record_text is None and not self.record_settled.is_set():
                self._refuse(f"{HOSTS_RECORD} never came: {why}")
            hear(HostLost(why))

        self.watching = asyncio.get_running_loop().create_task(watch())

    def _lose(self, why: Exception | str) -> str:
        """The table is lost: why, in one line (the first reason told stays the reason)."""
        if self.lost is None:
            self.lost = " ".join(str(why).split()) or type(why).__name__
        return self.lost

    def lost_before_the_end(self) -> str | None:
        """Why the table was lost before the game ended, or None: not lost, or lost only after the host's last view,
        which ended the game (that view is then this session's, for the final standings)."""
        if self.lost is None or self.client.view.phase == "over":
            return None
        return self.lost

    @property
    def join_command(self) -> str | None:
        return None

    @property
    def can_play_again(self) -> bool:
        return False

    @property
    def can_concede(self) -> bool:
        return False  # the host's table plays on: a joiner who leaves is played by its away bot

    @property
    def can_hint(self) -> bool:
        return False  # the host keeps the history, and could not mark a game won with hints asked here

    def concede(self, seat: int) -> None:
        """Nobody concedes here (`can_concede`): a joiner who leaves is played by the host's away bot."""
        raise ValueError("a joined seat cannot concede: leave the table, and the host's away bot plays it")

    def save(self, screen_seat: int | None) -> str | None:
        """The host saves its game; nothing of it is kept on this machine but the seat's token, whose problem, if it
        could not be kept (one line), is told as a save's: without it this seat cannot be taken back."""
        return None if self.client.seat is None else self.client.token_problem

    def record(self, history: History) -> str | None:
        """The host records the game in its history; this player's keeps the finished game once the host's
        record of it comes (now, if it came already)."""
        self._history = history
        self._keep()
        return None

    def _record_came(self, text: str) -> None:
        self._record_text = text
        self._keep()

    def _keep(self) -> None:
        """Keep the host's record in this player's history, once both are here and it is the game played here
        (a record sent again is the same game, kept once); else say in one line why not. Never raises."""
        text, history = self._record_text, self._history
        if text is None or history is None or self.kept_record is not None or self.is_watcher:
            return
        self._record_text = None
        try:
            record, game = received_record(text, self.client.view)
        except RecordError as error:
            self._refuse(str(error))
            return
        meta = SaveMeta(self.options.seats, game_id=record_key(text))
        if not history.record(game, meta, record):
            self._refuse(f"{HOSTS_RECORD} could not be kept: {history.problem or 'the history could not be written'}")
            return
        self.kept_record = record
        self.record_refused = None
        self.meta = meta  # its id is the history's: `yaniv replay ID` finds it so
        self.record_settled.set()

    def _refuse(self, why: str) -> None:
        self.record_refused = why
        self.record_settled.set()
        if self._hear is not None:
            self._hear(Recorded(pending=why))

    def why_no_undo(self) -> str | None:
        return NO_UNDO

    def take_back(self) -> tuple[Game, Turn]:
        raise UndoError(NO_UNDO)

    def close(self, remove: bool = False) -> None:
        """Leave the table (the app quits, or the game is over)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop left: the connection goes with the process
            return
        if self.watching is not None:
            self.watching.cancel()
        self.closing = loop.create_task(self._leave())

    async def _leave(self) -> None:
        # A finished game's record comes right after its last view: the table is left once it is kept (or
        # refused), or after RECORD_WAIT seconds, so leaving the table at the game's end does not lose it.
        if self.client.view.phase == "over" and not self.record_settled.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.record_settled.wait(), RECORD_WAIT)
        await self.client.close()


def _seat(name: str, mine: bool, kind: str) -> Seat:
    """A seat as this screen sees it: its own human, a bot of the level the host says, or a player elsewhere."""
    if mine:
        return Seat.person(name)
    level = kind.removeprefix("bot:")
    if kind.startswith("bot:") and level in BOT_LEVELS:
        return Seat.bot(level, name)
    return Seat.remote(name)
