"""The one loop every table runs, with no Textual: whose turn → ask that seat's player → apply → publish → save →
record → the guards → the next round. A table at a screen, a hosted one, a joined one and `yaniv host
--headless` all run it; what happened reaches its listeners as typed events (events.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from yaniv_tui.engine import Action, CallYaniv, IllegalActionError, Play, RoundScore, SlapDown
from yaniv_tui.engine.guards import game_overrun, game_round_cap, round_overrun

from .events import (
    ActionApplied,
    Asked,
    Clocked,
    Conceded,
    GameEnded,
    HostLost,
    HostMoved,
    Listener,
    Recorded,
    RoundEnded,
    SaveFailed,
    SeatJoined,
    SeatManaged,
    SeatsChanged,
    TableEvent,
    TurnStarted,
)
from .players import BotFault
from .remote import TableLost
from .session import TableSession

if TYPE_CHECKING:
    from yaniv_tui.store import History

#: The clock a bot's pause is measured by, and the pause itself: module names, so a test can count them.
clock = time.monotonic


async def pause(seconds: float) -> None:
    await asyncio.sleep(seconds)


def illegal_line(session: TableSession, seat: int, action: Action) -> str:
    """What the table says when the player of `seat` chose an illegal action, in one line: what kind of action,
    not the engine's reason, which would tell every screen the seat's cards or its hand's value."""
    name = session.view(None).players[seat]
    return (
        f"{name} ({session.options.seats[seat].describe()}) tried something illegal ({_kind_of(action)}): it plays "
        "the first legal one"
    )


def _kind_of(action: Action) -> str:
    if isinstance(action, CallYaniv):
        return "a call of Yaniv"
    if isinstance(action, Play):
        return "a joker swap" if action.given is not None else "a drop"
    return "a slap-down" if isinstance(action, SlapDown) else "a move"


def fault_line(session: TableSession, seat: int, fault: BotFault) -> str:
    """What the table says when the bot of `seat` raised instead of choosing, in one line."""
    name, kind = session.view(None).players[seat], session.options.seats[seat].describe()
    return f"{name} ({kind}) could not choose a move ({fault}): it plays the first legal one"


class TableRunner:
    """Runs one game of `session` to its end (`run`), asking each seat's player for its action in turn.

    A seat played at this screen is not asked: the runner tells its listeners `TurnStarted` and waits for the
    screen's `submit`. Every other seat's player (a bot, a player elsewhere through the host, the host of a
    joined table) is asked, and the bot delay is the least time from asking to applying: a bot's thinking
    counts towards it (none for a slap-down decision, which belongs to the turn just played). An illegal action,
    or a bot's fault (it raised), is told in one line and the first legal action is played instead.
    After every action the game is published to the seats elsewhere and saved; after every round it is
    recorded in `history`, and the guards (engine/guards.py) stop a round or a game that would never end.

    On the session's turn clock (engine/clock.py) a turn played at this screen that runs out is played by the
    session's stand-in bot, and every turn of a seat the clock handed to it, until a key is pressed here (`back`);
    at a table that shares its screen the clock starts once the seat's player sees their hand (`seen`). What the
    clock says is told as `Clocked`; the host times the remote seats on the same clock.
    """

    def __init__(
        self,
        session: TableSession,
        history: History | Callable[[], History] | None = None,
        *,
        before_save: Callable[[], int | None] | None = None,
        between_rounds: Callable[[RoundScore], Awaitable[None]] | None = None,
    ) -> None:
        """`before_save` puts a screen's notes in the session's meta and gives the seat whose hand is on screen
        (kept in the save); `between_rounds` is awaited after each round's end is told (a screen shows it).
        `history` may be given as the function that opens it: it is then opened at the first round's end, not
        before the table is first shown."""
        self.session = session
        self.history = history
        self.before_save = before_save
        self.between_rounds = between_rounds
        self.listeners: list[Listener] = []
        #: Rounds played the rest at once (`hurry`): saved once at each round's end, not after each action.
        self.hurried = False
        #: How the loop ended, once it has.
        self.ended: GameEnded | None = None
        self._rounds_seen = len(session.view(None).history)
        self._turn: asyncio.Future[None] | None = None
        #: Set when this screen's player first sees their hand (`seen`): at a table that shares its screen, the
        #: clock of a turn starts then, not while the pass screen waits.
        self._seen = asyncio.Event()
        #: Where the game was when this screen's turn began, and whether its host played that turn (a joined
        #: table, whose host's clock ran out), or this screen's move is on its way (`submit`).
        self._turn_at: tuple[int, int, str, int] | None = None
        self._played_there = False
        self._submitting = False
        #: The save's problem last told (`SaveFailed`), while the saves since fail so; None after one that worked.
        self._save_told: str | None = None
        #: Seats whose time ran out in this turn (a `Clocked` "timeout", this table's clock's or its host's): the
        #: actions applied for them until the turn is over are a bot's, told as `ActionApplied.timed_out`.
        self._ran_out: set[int] = set()
        # The game's record (codec/record.py) hears every event first, so each save after an action holds it.
        if session.recorder is not None:
            self.subscribe(session.recorder)

    # -- listeners ---------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Tell `listener` every event from now on (after those subscribed before it)."""
        self.listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def emit(self, event: TableEvent) -> None:
        if isinstance(event, Clocked) and event.news == "timeout":
            self._ran_out.add(event.seat)
        for listener in list(self.listeners):
            listener(event)

    def _heard(self, event: TableEvent) -> None:
        """What the session hears from the network: a seat named, taken or changed by its host is kept in the save
        at once (a token `host --resume` must keep), until the game is over (then it is recorded, and its save
        goes); a lost host ends the game, even while this screen's player is choosing."""
        if isinstance(event, SeatJoined | SeatsChanged | SeatManaged) and self.session.view(None).phase != "over":
            self.save()
        self.emit(event)
        if isinstance(event, HostLost):
            self._end(GameEnded(f"The game stops here: {event.why}."))
            self._wake(TableLost(event.why))
        elif isinstance(event, HostMoved) and not self._submitting:
            self._heard_moved()

    def _heard_moved(self) -> None:
        """The host's new view came: if the game moved on from this screen's turn, its host played it (its clock
        ran out), and the loop goes on."""
        if self._turn is not None and self._position() != self._turn_at:
            self._played_there = True
            self._wake()

    def _position(self) -> tuple[int, int, str, int]:
        """Where the game is: its rounds, this round's turns, the phase, the seat to play."""
        public = self.session.view(None)
        return len(public.history), len(public.seen), public.phase, public.current

    # -- the loop ----------------------------------------------------------------------------

    async def run(self) -> GameEnded:
        """Play the game until it is over or stopped; the way it ended (also told as `GameEnded`)."""
        self.session.watch(self._heard)
        self.session.publish()
        self.save()
        try:
            ended = None
            while ended is None and self.ended is None:
                ended = await self.step()
        except TableLost as error:
            ended = GameEnded(f"The game stops here: {error}.")
        self._end(ended or self.ended or GameEnded())
        assert self.ended is not None
        return self.ended

    def _end(self, ended: GameEnded) -> None:
        if self.ended is None:
            self.ended = ended
            self.emit(ended)

    async def step(self) -> GameEnded | None:
        """One step of the loop: a round's end, or one seat's turn; how the game ended, once it has."""
        # What anyone at the table sees is all the loop reads: the same at a table that holds the game and at one
        # joined to a host that holds it.
        public = self.session.view(None)
        if len(public.history) > self._rounds_seen:
            return await self._round_ended()
        if public.phase == "over":
            return GameEnded()
        why = round_overrun(len(public.seen))
        if why:
            return GameEnded(f"This round {why}: the game stops here.")
        seat = public.current
        if self.session.at_screen(seat):
            await self._screen_turn(seat)
        else:
            await self.play_seat(seat)
        return None

    async def _round_ended(self) -> GameEnded | None:
        """Every round that ended since the loop last looked (a joined table's host, or the away bot there, may end
        two between its steps), each told in order and shown (`between_rounds`); then whether the game goes on."""
        history = self.session.view(None).history
        ended, self._rounds_seen = history[self._rounds_seen :], len(history)
        if self.hurried:
            self.save()
        self.record()
        for result in ended:
            self.emit(RoundEnded(result))
            if self.between_rounds is not None:
                await self.between_rounds(result)
        public = self.session.view(None)
        if public.phase == "over":
            return GameEnded()
        why = game_overrun(len(public.history), game_round_cap(public.rules.end_limit))
        if why:
            return GameEnded(f"This game {why}: it stops here, with no winner.")
        return None

    async def _screen_turn(self, seat: int) -> None:
        """Wait for this screen's player (`submit`), or for anything else that moves the turn on (`concede`). On a
        clock, a bot plays the turn once its time runs out, and every turn of a seat handed to a bot."""
        timer = self.session.clock
        if timer is not None and timer.is_handed(seat):
            await self._stand_in_turn(seat)
            return
        self._turn = turn = asyncio.get_running_loop().create_future()
        self._turn_at = self._position()
        self._played_there = False
        self._seen.clear()
        self.emit(TurnStarted(seat))
        try:
            if timer is not None and timer.on and not await self._clock_turn(seat, turn):
                self._turn = None
                for news in timer.ran_out(seat):
                    self.emit(Clocked(seat, news))
                await self._stand_in_turn(seat)
                return
            await turn
            if self._played_there:
                self._applied(seat, None, None)  # as a joined table tells any move its host applied
        finally:
            self._turn = None

    async def _clock_turn(self, seat: int, turn: asyncio.Future[None]) -> bool:
        """Wait for `turn` on the clock: True once it is done, False when the seat's time ran out first. At a table
        that shares its screen the clock starts once the seat's player sees their hand (`seen`), not before."""
        timer = self.session.clock
        assert timer is not None
        if not self.session.pass_and_play:
            timer.start(seat)
        seen = asyncio.ensure_future(self._seen.wait())
        try:
            while not turn.done():
                left = timer.left(seat)
                if left is not None and left <= 0:
                    return False
                waits: set[asyncio.Future[Any]] = {turn} if seen.done() else {turn, seen}
                await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        finally:
            seen.cancel()
            timer.stop()
        return True

    async def _stand_in_turn(self, seat: int) -> None:
        """The stand-in bot (`TableSession.stand_in`) plays this screen's seat, at least the bot delay after asking."""
        await self._paced(seat, self.session.stand_in(seat).action(self.session.view(seat)))

    def _wake(self, error: Exception | None = None) -> None:
        turn = self._turn
        if turn is not None and not turn.done():
            if error is None:
                turn.set_result(None)
            else:
                turn.set_exception(error)

    async def play_seat(self, seat: int) -> None:
        """Ask the player of `seat` (not played at this screen) for its action and apply it, at least the bot
        delay after asking; an illegal one is told and replaced by the first legal action."""
        await self._paced(seat, self.session.ask(seat))

    async def _paced(self, seat: int, asked: Awaitable[Action | None]) -> None:
        """Wait for `seat`'s action (`asked`) and apply it, at least the bot delay after asking; an illegal one is
        told and replaced by the first legal action. None: the host of a joined table applied it already."""
        self.emit(Asked(seat))
        started = clock()
        fault = None
        try:
            action = await asked
        except BotFault as error:  # as for an illegal action: said, and the first legal action played instead
            fault = fault_line(self.session, seat, error)
            action = self.session.view(seat).legal_actions[0]
        told = None
        if action is not None:  # None: the host of a joined table applied it, and its view is the game now
            # A slap-down decision follows its play at once: a second delay would show everyone the card matched.
            deciding = self.session.view(seat).phase == "slap"
            rest = 0.0 if deciding else self.session.bot_delay - (clock() - started)
            if rest > 0:
                await pause(rest)
            told, action = self._apply(seat, action)
        self._applied(seat, fault or told, action)

    def _apply(self, seat: int, action: Action) -> tuple[str | None, Action]:
        """Apply `action`, or the first legal one in its place when it is illegal: the line that says so, if any,
        and the action applied."""
        session = self.session
        try:
            session.apply(action)
        except IllegalActionError:
            legal = session.view(seat).legal_actions[0]
            session.apply(legal)
            return illegal_line(session, seat, action), legal
        return None, action

    def _applied(self, seat: int, told: str | None, action: Action | None, *, own: bool = False) -> None:
        """Tell what `seat` just played; `own`: this screen's player played it (`submit`), never a bot for them, so
        the seat's timed-out turn is over (an undo took the bot's play back, or its slap-down is the player's)."""
        self.session.publish()
        timed_out = seat in self._ran_out and not own
        if own or self.session.view(seat).phase != "slap":  # the turn is over: a slap-down decision is still its part
            self._ran_out.discard(seat)
        self.emit(ActionApplied(seat, told, action, timed_out))
        if not self.hurried:
            self.save()

    # -- what a screen asks of the runner ----------------------------------------------------

    async def submit(self, seat: int, action: Action) -> None:
        """This screen's player at `seat` plays `action`: IllegalActionError (why not, in one line) leaves the
        game as it was; once played, the loop goes on. A lost host ends the game."""
        if self._turn is None or self.session.view(None).current != seat:
            raise IllegalActionError("it is not your turn")
        try:
            self._submitting = True
            await self.session.play(action)
        except TableLost as error:
            self._end(GameEnded(f"The game stops here: {error}."))
            self._wake(error)
            return
        except IllegalActionError:
            # Refused: perhaps too late, the host's clock having played the turn (its new view may be here already).
            self._heard_moved()
            raise
        finally:
            self._submitting = False
        turn_clock = self.session.clock
        if turn_clock is not None:
            turn_clock.acted(seat)
        self._applied(seat, None, action, own=True)
        self._wake()

    def seen(self, seat: int) -> None:
        """This screen's player at `seat` sees their hand now (the pass screen is gone): their clock starts."""
        timer = self.session.clock
        if self._turn is None or self._seen.is_set() or self.session.view(None).current != seat:
            return
        self._seen.set()
        if timer is not None and not timer.running(seat):
            timer.start(seat)

    def back(self, seats: list[int]) -> None:
        """Someone at this screen pressed a key: those of `seats` a bot plays (their clock ran out, or a host handed
        them) are their players' again (told as `Clocked(seat, "back")`; at a joined table, once the host says so)."""
        for seat, news in self.session.reclaim(seats):
            self.emit(Clocked(seat, news))

    def time_left(self) -> float | None:
        """Seconds left of the current turn's clock, wherever it runs (this screen's, or the host's); None: none."""
        return self.session.time_left()

    def concede(self, seat: int) -> None:
        """The human at `seat` leaves the game: a bot plays the seat from now on (`TableSession.concede`)."""
        already = seat in self.session.meta.conceded
        self.session.concede(seat)
        if not already and seat in self.session.meta.conceded:
            self.emit(Conceded(seat))
        self.save()
        self._wake()

    def hurry(self) -> None:
        """Play the rest at once: no bot delay, and saved once a round rather than after each action."""
        self.hurried = True
        self.session.hurry()

    def save(self) -> str | None:
        """Save the game as it is now; the one-line problem, if any, is told as `SaveFailed` too, once: not again
        while the saves after it fail the same way (a full disk would be said after every move), but again once
        one worked, or fails otherwise."""
        seat = self.before_save() if self.before_save is not None else None
        problem = self.session.save(seat)
        if problem is not None and problem != self._save_told:
            self.emit(SaveFailed(problem))
        self._save_told = problem
        return problem

    def record(self) -> None:
        """Record the finished rounds (and the game, once over: then its save goes), told as `Recorded`."""
        if self.history is None:
            return
        if callable(self.history):
            self.history = self.history()
        history = self.history
        pending = self.session.record(history)
        self.emit(Recorded(pending, history.notice, history.problem))
