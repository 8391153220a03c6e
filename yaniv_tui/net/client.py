"""A player's end of a table: join a host (the opening is `joining`'s), keep the host's last view of this seat, send
its actions."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.frames import CloseCode

from yaniv_tui.engine import Action, Card, PlayerView
from yaniv_tui.engine.clock import ClockNews

from .host import JOIN_TIMEOUT
from .joining import (
    MAX_FROM_HOST,
    TRUST_IN_A_TERMINAL,
    JoinError,
    UntrustedTable,
    open_seat,
    open_watch,
    parse_address,
)
from .protocol import (
    MAX_RATE,
    SAY_EVERY,
    WATCHERS_DO_NOT_PLAY,
    ActionMessage,
    Back,
    Bye,
    ClockState,
    Error,
    ProtocolError,
    Record,
    Said,
    Say,
    SeatChange,
    SeatNews,
    State,
    Status,
    Welcome,
    encode,
    from_host,
    one_line,
)

#: Reaching a table (its address, its errors, the largest frame taken) is `joining`'s: given here too, as before.
__all__ = [
    "MAX_FROM_HOST",
    "TRUST_IN_A_TERMINAL",
    "ActionRefused",
    "JoinError",
    "TableClient",
    "TableClosed",
    "UntrustedTable",
    "clock_news",
    "parse_address",
]

#: A client sends at most three quarters of the host's limit of messages in any second: clear of it.
_PACE_SECONDS = 1.0


class ActionRefused(Exception):
    """The host refused an action: the message is its one line (not your turn, not a legal drop...)."""


class TableClosed(Exception):
    """The connection to the host ended; the message says why in one line."""


class TableClient:
    """One seat at a table hosted elsewhere.

    `await TableClient.join(address, code)` joins (the first free seat, or the seat of the token kept in
    `token_file`); then `seat` is this seat, `view` the host's last view of it (engine.PlayerView: this seat's
    hand, every public card, this round's log, the finished rounds with their revealed hands, the scores), and
    `statuses` each seat's status as `TableHost.status` says it. `await send(action)` plays an action
    (ActionRefused if the host says no); `await changed()` waits for the host's next view and returns it.
    TableClosed, from `send` or `changed`, says the connection ended (join again with the same command to rejoin).

    No game is kept here: the other hands and the deck are the host's alone, and never sent while the game is
    played; once it is over the host sends its record (`record`, `on_record`), every card of it.

    `await TableClient.watch(address, code)` watches the table instead: `seat` is None, `view` is what anyone at
    the table may see (no hand), there is no token, no record, and nothing to send (`send` and `say` refuse).
    `watchers` is how many watch the table, as the host last said.
    """

    def __init__(
        self,
        ws: ClientConnection,
        welcome: Welcome,
        state: State,
        token_file: Path | None,
        token_problem: str | None = None,
    ) -> None:
        #: This seat; None for a watcher.
        self.seat = welcome.seat
        #: Who plays each seat, as the host says: "human" (at its screen), "remote" or "bot:LEVEL".
        self.kinds: tuple[str, ...] = welcome.kinds
        self.code = welcome.code
        self.token = welcome.token
        self.token_file = token_file
        #: Why this seat's token could not be kept in `token_file` (one line), or None: kept (or a watcher's, none).
        self.token_problem = token_problem
        self._ws = ws
        #: The host's last view of this seat, as its frame carried it (what the table draws and plays from).
        self.view: PlayerView = state.view
        self.statuses: tuple[Status, ...] = state.statuses
        #: How many watch the table, as the host last said.
        self.watchers = state.watchers
        #: This round's turns a bot played for a seat whose time ran out, as the host's first state said them.
        self.timed_out = state.timed_out
        #: The card this seat took on its last play of the round, as the host's first state said it (None: none).
        self.took: Card | None = state.took
        #: The host's turn clock as its last state said it, and when that state came (time.monotonic).
        self.clock: ClockState | None = state.clock
        self._clock_at = time.monotonic()
        #: Called with (seat, news) as the host's clock tells of a timeout, a seat handed to a bot, or one back.
        self.on_clock: Callable[[int, ClockNews], None] | None = None
        #: Called with (seat, change, level) as the host tells of a change it made to a remote seat.
        self.on_seat: Callable[[int, SeatChange, str | None], None] | None = None
        #: The clock's news a host's seat frame told already (its next state's "bots" shows it, and is not news).
        self._told: set[tuple[int, ClockNews]] = set()
        #: Called whenever a new view came (not for a state that only says a turn's clock started).
        self.on_view: Callable[[], None] | None = None
        #: The reason the connection ended, once it has.
        self.closed_reason: str | None = None
        self._version = 1
        self._seen = 0
        self._next_id = 0
        self._sent_at: deque[float] = deque(maxlen=MAX_RATE * 3 // 4)
        self._waiting: dict[int, asyncio.Future[None]] = {}
        self._news = asyncio.Condition()
        self._lost = asyncio.Event()
        #: Called with (seat, text) when a seat says one of the table's messages.
        self.on_said: Callable[[int, str], None] | None = None
        #: The finished game's record as the host sent it (JSON Lines text, unchecked: hostile until its reader,
        #: `codec.read_record_text`, says otherwise), once the game is over; None before.
        self.record: str | None = None
        #: Called with the record's text whenever a record frame comes.
        self.on_record: Callable[[str], None] | None = None
        self._said_at = -SAY_EVERY
        self._leaving = False
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def join(
        cls,
        address: str,
        code: str,
        *,
        name: str | None = None,
        token_file: Path | None = None,
        ssl_context: ssl.SSLContext | None = None,
        timeout: float = JOIN_TIMEOUT,
        held: str | None = None,
    ) -> TableClient:
        """Join the table `code` at `address` ("HOST[:PORT]", or "wss://HOST:PORT" for TLS); JoinError in one
        line if it cannot (no host there, wrong code, the table full...). `held`: the token of a seat this process
        took before and could not keep in its file (`token_problem`), tried when the file holds none.

        The seat token is kept in `token_file` (default: `seat_tokens.token_file` in the data folder, by the
        name's `engine.names.name_key`), so the same call rejoins the same seat; the token itself is never sent,
        and a server that cannot prove it holds it is told nothing more (protocol.py). `name` names a seat taken afresh.
        """
        return cls(*await open_seat(address, code, name, token_file, ssl_context, timeout, held))

    @classmethod
    async def watch(
        cls, address: str, code: str, *, ssl_context: ssl.SSLContext | None = None, timeout: float = JOIN_TIMEOUT
    ) -> TableClient:
        """Watch the table `code` at `address` with no seat (protocol: watch); JoinError in one line if it cannot
        (no host there, wrong code, a table that takes no watchers, the table busy...)."""
        return cls(*await open_watch(address, code, ssl_context, timeout))

    @property
    def watching(self) -> bool:
        """Whether this client watches the table (no seat) rather than playing a seat."""
        return self.seat is None

    # -- playing ---------------------------------------------------------------------------------

    async def send(self, action: Action) -> None:
        """Play `action` at this seat; returns once the host has taken it. ActionRefused(its one line) if the
        host refuses it (nothing changed); TableClosed if the connection is gone."""
        if self.seat is None:
            raise ActionRefused(WATCHERS_DO_NOT_PLAY)
        if self.closed_reason is not None:
            raise TableClosed(self.closed_reason)
        view = self.view  # the turn it is for is the one this seat sees now, not one the host sends meanwhile
        at = (view.round_no, len(view.seen))
        await self._pace()
        self._next_id += 1
        number = self._next_id
        answer: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[number] = answer
        try:
            await self._ws.send(encode(ActionMessage(number, self.seat, action, *at)))
            await answer
        except WebSocketException:
            raise TableClosed(self.closed_reason or "the connection to the host ended") from None
        finally:
            self._waiting.pop(number, None)

    @property
    def handed(self) -> bool:
        """Whether a bot plays this seat now, as the host's last state said (its clock ran out, or the host handed
        it to a bot): `back` takes it back."""
        return self.seat is not None and self.clock is not None and self.seat in self.clock.bots

    async def back(self) -> None:
        """Tell the host this seat's player is here: a seat a bot plays is theirs again (nothing changes for one they
        play); TableClosed if the connection is gone, ValueError from a watcher."""
        self._open_seat()
        await self._pace()
        await self._tell(Back())

    async def say(self, text: str) -> None:
        """Say one of the table's fixed messages (protocol.SAYINGS) to everyone; TableClosed if the connection is
        gone; ValueError (one line) for one too soon after the last, which the host would drop, or from a watcher."""
        self._open_seat()
        now = time.monotonic()
        if now - self._said_at < SAY_EVERY:
            raise ValueError(f"one message every {SAY_EVERY:g} seconds")
        self._said_at = now
        await self._pace()
        await self._tell(Say(text))

    def _open_seat(self) -> None:
        """Nothing, for a seat whose connection is open; ValueError for a watcher, TableClosed once it is gone."""
        if self.seat is None:
            raise ValueError(WATCHERS_DO_NOT_PLAY)
        if self.closed_reason is not None:
            raise TableClosed(self.closed_reason)

    async def _tell(self, message: Back | Say) -> None:
        """Send the host a message it answers with nothing; TableClosed if the connection is gone."""
        try:
            await self._ws.send(encode(message))
        except WebSocketException:
            raise TableClosed(self.closed_reason or "the connection to the host ended") from None

    async def _pace(self) -> None:
        """Wait, if need be, to stay under the host's limit of messages a second (a bot at a seat is fast)."""
        times = self._sent_at
        now = time.monotonic()
        if len(times) == times.maxlen and now - times[0] < _PACE_SECONDS:
            await asyncio.sleep(_PACE_SECONDS - (now - times[0]))
        times.append(time.monotonic())

    async def changed(self) -> PlayerView:
        """Wait for the host's next view (one that arrived since the last call returns at once); that view.
        TableClosed once the connection has ended and every view is read."""
        async with self._news:
            await self._news.wait_for(lambda: self._version > self._seen or self.closed_reason is not None)
        if self._version > self._seen:
            self._seen = self._version
            return self.view
        raise TableClosed(self.closed_reason or "the connection to the host ended")

    async def lost(self) -> str:
        """Wait until the host can no longer be reached (never after `close`); why, in one line."""
        await self._lost.wait()
        return self.closed_reason or "the connection to the host ended"

    async def close(self) -> None:
        """Leave the table (the seat shows as away; the same join command takes it back)."""
        self._leaving = True
        with contextlib.suppress(WebSocketException, OSError):
            await self._ws.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader
        self._ended("you left the table")

    # -- the host's messages ------------------------------------------------------------------------

    async def _read(self) -> None:
        reason = "the connection to the host ended"
        try:
            async for raw in self._ws:
                message = from_host(raw)
                if isinstance(message, Bye):
                    reason = f"the host closed the connection: {message.reason}"
                elif isinstance(message, Error):
                    self._refused(message)
                elif isinstance(message, State):
                    await self._new_state(message)
                elif isinstance(message, Said):
                    if message.seat >= len(self.view.players):
                        raise ProtocolError(f"said: {message.seat} is no seat of this table")
                    if self.on_said is not None:
                        self.on_said(message.seat, message.text)
                elif isinstance(message, SeatNews):
                    self._seat_news(message)
                elif isinstance(message, Record):
                    self.record = message.text
                    if self.on_record is not None:
                        self.on_record(message.text)
        except ProtocolError as error:
            reason = f"the host sent what no yaniv table sends ({error})"
            await self._ws.close()
        except ConnectionClosed as error:
            if error.sent is not None and error.sent.code == CloseCode.MESSAGE_TOO_BIG:
                reason = f"the host sent a message of over {MAX_FROM_HOST // 2**20} MiB, more than any table sends"
        except (WebSocketException, OSError):
            pass
        except Exception as error:  # a host's message no check foresaw must not leave a send waiting forever
            reason = f"the host's message could not be read ({one_line(repr(error), 100)})"
            with contextlib.suppress(WebSocketException, OSError):
                await self._ws.close()
        self._ended(reason)
        if not self._leaving:  # the host went, not this client
            self._lost.set()
        async with self._news:
            self._news.notify_all()

    def _refused(self, error: Error) -> None:
        # An error for no action in particular (a message the host could not read) refuses whatever waits.
        numbers = [error.re] if error.re is not None else list(self._waiting)
        for number in numbers:
            answer = self._waiting.get(number)
            if answer is not None and not answer.done():
                answer.set_exception(ActionRefused(error.message))

    def _seat_news(self, message: SeatNews) -> None:
        """The host changed a remote seat: told once, as that, not again as the clock's news its next state shows."""
        if message.seat >= len(self.view.players):
            raise ProtocolError(f"seat: {message.seat} is no seat of this table")
        if message.change != "opened":
            self._told.add((message.seat, "bot" if message.change == "handed" else "back"))
        if self.on_seat is not None:
            self.on_seat(message.seat, message.change, message.level)

    def time_left(self) -> float | None:
        """Seconds left of the current turn's clock, as the host's last state said it (counted down since it came);
        None when no clock runs. The clock is the host's: this is only what to show."""
        clock = self.clock
        if clock is None or clock.left_ms is None:
            return None
        return max(0.0, clock.left_ms / 1000 - (time.monotonic() - self._clock_at))

    async def _new_state(self, state: State) -> None:
        if state.view.hand_shown == (self.seat is None):
            raise ProtocolError("view.seat: a seat's view to a watcher, or a watcher's to a seat")
        if self.seat is not None and state.view.seat != self.seat:
            raise ProtocolError(f"view.seat: seat {state.view.seat}'s view to seat {self.seat}")
        before, self.clock = self.clock, state.clock
        self._clock_at = time.monotonic()
        if state.clock is not None:
            for seat, news in clock_news(before, state.clock):
                if (seat, news) not in self._told and self.on_clock is not None:
                    self.on_clock(seat, news)
            self._told.clear()
        # A state that only says a turn's clock started is no new view to wait for (`changed`).
        shown = (state.view, state.statuses, state.watchers)
        only_clock = state.clock != before and shown == (self.view, self.statuses, self.watchers)
        self.view = state.view
        self.statuses = state.statuses
        self.watchers = state.watchers
        if not only_clock:
            self._version += 1
            if self.on_view is not None:
                self.on_view()
        if state.ack is not None:
            for number, answer in self._waiting.items():
                if number <= state.ack and not answer.done():
                    answer.set_result(None)
        async with self._news:
            self._news.notify_all()

    def _ended(self, reason: str) -> None:
        if self.closed_reason is None:
            self.closed_reason = reason
        for answer in self._waiting.values():
            if not answer.done():
                answer.set_exception(TableClosed(self.closed_reason))


def clock_news(before: ClockState | None, after: ClockState) -> list[tuple[int, ClockNews]]:
    """What the host's clock says happened between two of its states: a seat's timeouts in a row grew (its time ran
    out), a seat was handed to a bot, or one came back."""
    news: list[tuple[int, ClockNews]] = []
    for seat, count in enumerate(after.timeouts):
        was = before.timeouts[seat] if before is not None and seat < len(before.timeouts) else 0
        if count > was:
            news.append((seat, "timeout"))
        handed, had = seat in after.bots, before is not None and seat in before.bots
        if handed and not had:
            news.append((seat, "bot"))
        elif had and not handed:
            news.append((seat, "back"))
    return news
