"""The host of a table: the one authority, serving each remote seat its own view over WebSockets."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import socket
import ssl
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from ipaddress import ip_address
from typing import TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import WebSocketException

from yaniv_tui.bots import Bot, bot_seed, make_bot
from yaniv_tui.engine import BOT_LEVELS, Action, Card, Game, IllegalActionError, Seat, name_key
from yaniv_tui.engine.clock import ClockNews, TurnClock
from yaniv_tui.engine.names import unnamed_seat

from . import protocol, secrets_gate
from .before_draw import BeforeTheDraw
from .link import Link
from .opening import Openings
from .protocol import (
    ANOTHER_NAMES_SEAT,
    NO_WATCHERS,
    SAY_EVERY,
    SAYINGS,
    SEAT_IN_USE,
    STALE_TOKEN,
    TURN_OVER,
    TURN_TO_COME,
    WATCHERS_DO_NOT_PLAY,
    ActionMessage,
    Back,
    Challenge,
    ClockState,
    Error,
    FromClient,
    Join,
    ProtocolError,
    Prove,
    Record,
    Said,
    Say,
    SeatChange,
    SeatNews,
    State,
    Status,
    Watch,
    Welcome,
    encode,
    from_client,
    named_seats_free,
    seat_kept,
    table_full,
)
from .secrets_gate import WrongTries, new_code, new_nonce, new_token, same, seat_key, seat_proof

#: The port `yaniv host` listens on unless told.
DEFAULT_PORT = 7777
#: Seconds a new connection has to send its join (and, before, each of its handshakes: TLS's, then WebSocket's).
JOIN_TIMEOUT = 10.0
#: Connections open at once, joiners' and watchers' alike; more are closed at once ("the table is busy"), so a flood
#: cannot starve the table (protocol.MAX_CONNECTIONS, here so a test can make it small).
MAX_CONNECTIONS = protocol.MAX_CONNECTIONS
#: Connections from one address (an IPv6 address's /64) that have not joined, counted from their first byte, before
#: their handshakes (TLS's too): past this many, or twice MAX_CONNECTIONS in all, a new one is closed at once with no
#: word (opening.py), so silent connections cannot hold the host's files; up to it, the host's own limits answer in
#: words.
OPENING_FROM_ONE = 2 * secrets_gate.MAX_WAITING_JOINS
#: Watchers at once, and from one address: past either a watch is refused (WATCHERS_FULL), so watchers alone can
#: never fill the connections the players need to join and rejoin.
MAX_WATCHERS = MAX_CONNECTIONS // 2
MAX_WATCHERS_FROM_ONE = 8
#: The host's answer to a watch past MAX_WATCHERS or MAX_WATCHERS_FROM_ONE.
WATCHERS_FULL = "this table has all the watchers it takes: try again later"
#: Pings to each client (protocol.PING_EVERY, PING_TIMEOUT), here so a test can make them quick.
PING_EVERY = protocol.PING_EVERY
PING_TIMEOUT = protocol.PING_TIMEOUT
#: The largest frame the WebSocket layer takes at all; between MAX_MESSAGE and this, an error frame answers.
MAX_WIRE = 1024 * 1024

#: The answer to an action offered for a turn the away bot (or the clock's bot) is playing.
AWAY_BOT_PLAYED = "the away bot played this turn for you"
#: The last line to a seat's connection when its host opens the seat for someone else (its token no longer works).
SEAT_OPENED = "the host opened your seat for someone else: your token no longer takes it"
#: The last line to a watcher its host removed.
WATCHER_REMOVED = "the host removed you from the watchers of this table"

M = TypeVar("M", bound=FromClient)

_LOG = logging.getLogger("yaniv_tui.net")
# A screen is this program's output: the library's own log lines must not write over it.
_LOG.addHandler(logging.NullHandler())
_LOG.propagate = False


class TableHost:
    """The one authority: holds the Game, checks every action with the engine, sends each seat its own view.

    Make one with the game and its seats, `await start()`, then run the game: for a remote seat's turn
    `await action_for(seat)`, apply the action to the game yourself, and `publish(game)` after every change
    (an action applied, a round dealt); once the game is over, `publish_record(text)` sends its record to the
    seats its players took. `stop()` closes the table. A seat's status is one of "here" (not a
    remote seat), "waiting" (nobody has taken it), "joined" (its player is connected) and "away" (taken, its
    player not connected now); `on_status` is called whenever one changes. `names` holds the seats' names with
    the ones joiners gave, and each of `joined` is called with (seat, name) when a new player takes a seat nobody
    held, so the table can name the seat in its game and record that it has a new player.

    A client that watches (protocol: watch) takes no seat: it is sent what anyone at the table may see
    (`Game.watcher_view`) and what is said, is never asked to act, and counts against the connection limits as a
    joiner does; with `watchers=False` it is refused (protocol.NO_WATCHERS). `watchers` says how many watch now,
    and every seat's state says it too.

    A new client takes the remote seat nobody has taken that its host named for it (`named`: `yaniv host --players
    remote:NAME`), else the first such seat its host named for no one, and is given its token; a client with a
    token takes that seat back once its last connection is gone (while its player is still connected, a second
    is refused: protocol.SEAT_IN_USE). Everything a client sends is checked: see `protocol` for the messages and
    the limits.
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        code: str | None = None,
        tokens: Mapping[int, str] | None = None,
        away_bot: str | None = None,
        away_after: float = 60.0,
        ssl_context: ssl.SSLContext | None = None,
        trust_proxy: str | None = None,
        watchers: bool = True,
        opens_seats: bool = True,
        named: Collection[int] = (),
    ) -> None:
        """`host` "0.0.0.0" listens on every network (`--public`); `port` 0 picks a free one. `code` and
        `tokens` (seat -> token of the seats taken) bring back a table after `host --resume`. With `away_bot`
        (a bot level), a bot plays the turns of a remote seat away for `away_after` seconds until its player is
        back. With `ssl_context` the table is served over TLS (wss://). With `trust_proxy` (an IP address), a
        connection from that address is counted, for the limits on wrong tries, as coming from the address its
        X-Forwarded-For header ends with (ValueError if it is not an IP address). With `watchers` False
        (`--no-watchers`), nobody may watch the table. With `opens_seats` False (`--headless`: no screen, so no seats
        screen), a joiner refused at a full table is told no seat can be opened, not to ask for one. `named`: the remote
        seats whose names their host chose, each kept for a joiner of that name until its host opens it."""
        if len(seats) != len(game.players):
            raise ValueError(f"{len(seats)} seats for {len(game.players)} players")
        if away_bot is not None:
            make_bot(away_bot)  # ValueError names the levels
        self.seats = tuple(seats)
        self.host = host
        self.port = port
        self.code = code or new_code()
        self.tokens: dict[int, str] = {}
        for seat, token in (tokens or {}).items():
            if not 0 <= seat < len(seats) or not self.seats[seat].is_remote:
                raise ValueError(f"a token for seat {seat}, which is not a remote seat")
            self.tokens[seat] = token
        #: The remote seats whose names their host chose: a joiner afresh under another name (or none) takes none of
        #: them (kept with the table: `yaniv host --resume` keeps them so).
        self.named: set[int] = set()
        self._reopened: set[int] = set()  # seats opened for someone else (open_seat) that nobody has taken since
        for seat in named:
            if not 0 <= seat < len(seats) or not self.seats[seat].is_remote:
                raise ValueError(f"seat {seat} is named for a player on another machine, and is not a remote seat")
            self.named.add(seat)
        self.away_bot = away_bot
        self.away_after = away_after
        #: The reverse proxy whose X-Forwarded-For is believed (`--trust-proxy`), or None.
        self.trust_proxy = None if trust_proxy is None else str(ip_address(trust_proxy))
        self.ssl_context = ssl_context
        #: Whether the table takes watchers (`yaniv host --no-watchers`: not).
        self.allow_watchers = watchers
        #: Whether its host can open a seat for someone else (its table's seats screen, `t`): not with no screen.
        self.opens_seats = opens_seats
        self.names: list[str] = list(game.players)
        self.on_status: Callable[[], None] | None = None
        #: Each called with (seat, name) when a new player takes a remote seat nobody held (under the name they gave,
        #: or the seat's own).
        self.joined: list[Callable[[int, str], None]] = []
        #: Called with (seat, frame) for every frame queued for a joined seat (tests record them).
        self.sent: Callable[[int, str], None] | None = None
        #: Called with (watcher, frame) for every frame queued for a watcher, numbered from 0 as they came.
        self.watched: Callable[[int, str], None] | None = None
        self._watching: set[Link] = set()
        self._watchers_came = 0
        self._game = game
        #: While a drawer decides on a slap-down, every other seat keeps the table as it last saw it (the turn before
        #: the draw, worked out when asked: before_draw.py) with the clock last sent: what a seat or watcher joining
        #: meanwhile is sent, never the draw itself nor nothing.
        self._before_draw = BeforeTheDraw()
        self._seen_clock: ClockState | None = None
        #: When the clock last sent was worked out: the clock a seat is sent as before the draw runs on from then.
        self._seen_clock_at = time.monotonic()
        self._links: dict[int, Link] = {}
        self._all: set[Link] = set()
        self._pending: dict[int, tuple[int, Action]] = {}
        self._acks: dict[int, int] = {}
        self._wake = {seat: asyncio.Event() for seat in range(len(seats))}
        self._left_at: dict[int, float] = {}
        #: When each seat last said one of the table's messages, for SAY_EVERY.
        self._said_at: dict[int, float] = {}
        #: Called with (seat, text) whenever a seat says one of the table's messages (for the host's screen).
        self.on_said: Callable[[int, str], None] | None = None
        self._wrong = WrongTries()
        #: Seats whose action was taken and is not yet applied and published: they offer no other meanwhile.
        self._playing: set[int] = set()
        #: Those of them whose action is the away bot's (so an action offered meanwhile is told so).
        self._by_bot: set[int] = set()
        self._opened = time.monotonic()
        #: Each seat's bot, with its level (the away bot's, the clock's stand-in's, or the one its host chose).
        self._bots: dict[int, tuple[str, Bot]] = {}
        #: The bot levels the host chose for the seats it handed to a bot (`hand_to_bot`).
        self._levels: dict[int, str] = {}
        #: Called with (seat, change, level) when the host hands a seat to a bot, gives it back or opens it.
        self.on_seat: Callable[[int, SeatChange, str | None], None] | None = None
        #: Whether the host ever handed a seat to a bot: from then on every state frame carries the clock's "bots".
        self._managed = False
        #: The seats whose turn `action_for` is waiting on now.
        self._asking: set[int] = set()
        #: The round (its number of rounds before it) each remote seat was last asked to act in.
        self._asked_in_round: dict[int, int] = {}
        #: Each watcher's number, from 0 as they came (the host's dialog names them so).
        self._watcher_numbers: dict[Link, int] = {}
        #: The table's turn clock (engine/clock.py): none until the table's session hands it its own, which its
        #: runner times this screen's seats with; the host times the remote seats' turns with it.
        self.clock = TurnClock(None)
        #: Called with (seat, news) when the clock of a remote seat ran out, handed it to a bot, or its player
        #: took it back by acting.
        self.on_clock: Callable[[int, ClockNews], None] | None = None
        #: This round's turns (counted from 1) a bot played for a seat whose time ran out, as the table's record has
        #: them (its session sets this): told in a connection's first state, as its host's own log marks them.
        self.timed_out_turns: Callable[[], tuple[int, ...]] = tuple
        #: The card each seat took on its last play of this round, still in its hand, as the table's record has
        #: them (its session sets this): told in a seat's first state, to that seat only.
        self.took_cards: Callable[[], Mapping[int, Card]] = dict
        self._server: Server | None = None
        # Under TLS, its handshake is done there, each counted from its first byte (`serve` is given no `ssl`).
        self._openings = Openings(
            lambda: (OPENING_FROM_ONE, 2 * MAX_CONNECTIONS), self.trust_proxy, ssl_context, lambda: JOIN_TIMEOUT
        )
        #: The finished game's record frame, and the seats it is for (taken by a player before the game ended).
        self._record: str | None = None
        self._record_seats: frozenset[int] = frozenset()

    # -- the server -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen for clients; OSError (e.g. the port is taken) if it cannot. `port` is then the real port."""
        self._opened = time.monotonic()
        self._server = await serve(
            self._serve,
            self.host,
            self.port,
            compression=None,
            max_size=MAX_WIRE,
            max_queue=32,
            open_timeout=JOIN_TIMEOUT,
            ping_interval=PING_EVERY,
            ping_timeout=PING_TIMEOUT,
            logger=_LOG,
            create_connection=self._openings.connection_type(),
        )
        sockets = list(self._server.sockets)
        if sockets:
            self.port = int(sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Say bye to every client and stop listening."""
        for link in list(self._all):
            link.close("the table closed")
        if self._server is not None:
            self._server.close(close_connections=False)
            await self._openings.stop()
            await self._server.wait_closed()
            self._server = None
        for link in list(self._all):
            with contextlib.suppress(TimeoutError, WebSocketException, OSError):
                await asyncio.wait_for(link.ws.wait_closed(), 2.0)
            link.ws.transport.abort()

    @property
    def opening(self) -> int:
        """How many connections are open that have not sent their join (or watch) yet, handshake or not."""
        return len(self._openings)

    @property
    def public(self) -> bool:
        """Whether the table listens on every network of this machine (`--public`), not on itself only."""
        return self.host not in ("127.0.0.1", "localhost", "::1")

    def join_command(self) -> str:
        """The command a friend types to join, e.g. "yaniv join 192.168.1.20:7777 K7QF"."""
        return f"yaniv join {self.join_address()} {self.code}"

    def join_address(self) -> str:
        """The table's address as `yaniv join` takes it, e.g. "192.168.1.20:7777" (with wss:// under TLS)."""
        address = self._address()
        if ":" in address:
            address = f"[{address}]"
        scheme = "wss://" if self.ssl_context is not None else ""
        return f"{scheme}{address}:{self.port}"

    def _address(self) -> str:
        if self.host in ("0.0.0.0", "::", ""):
            with contextlib.suppress(OSError):
                name = socket.gethostname()
                for info in socket.getaddrinfo(name, None, socket.AF_INET):
                    address = str(info[4][0])
                    if not address.startswith("127."):
                        return address
                return name
            return "localhost"
        return "localhost" if self.host == "127.0.0.1" else self.host

    def use_clock(self, clock: TurnClock) -> None:
        """Time the remote seats' turns with `clock` (the table's own, which its runner times this screen's seats
        with), and send every seat the time left whenever a turn's clock starts."""
        self.clock = clock
        clock.on_start = self._resend
        if clock.handed:  # a resumed table's clock, with seats a bot plays: every state says so, as once it hands one
            self._managed = True

    def _resend(self, news: bool = False) -> None:
        """Send every connected seat (and watcher) the game last published again, with the clock as it is now. With
        `news` (a seat or watcher came or went, a seat was handed to a bot or taken back), while a drawer decides on a
        slap-down every other seat and watcher is sent the table before the draw again, with the news, as before the
        draw: sent nothing, they would learn the draw matched. A turn's clock starting is no news to them."""
        statuses = self.statuses
        game = self._game
        if news and game.phase == "slap":
            for link in (*(link for seat, link in self._links.items() if seat != game.current), *self._watching):
                link.stated = False
        if game.phase == "slap" and self._seen_clock is None and self.clock.running(game.current):
            self._first_clock_of_the_draw()
        for seat, link in list(self._links.items()):
            self._send_state(seat, link, statuses)
        self._send_watchers(statuses)

    def _first_clock_of_the_draw(self) -> None:
        """A clock starts for a drawer deciding on a slap-down, and no seat was sent this turn's clock before the draw
        (the table was resumed so: the clock last sent is not saved). Every other seat and watcher sees the table as
        before the draw, the drawer to play, and is sent it again with the drawer's clock running, as any turn's clock
        is shown to all; it tells nothing of the draw (a resumed turn's clock starts afresh, the draw or not)."""
        self._saw_clock(self._clock_state())
        drawer = self._game.current
        for seat, link in self._links.items():
            if seat != drawer:
                link.stated = False
        for link in self._watching:
            link.stated = False

    def _clock_state(self) -> ClockState | None:
        clock = self.clock
        if not clock.on and not self._managed:  # once its host handed a seat to a bot, a table with no clock says so
            return None
        left = clock.left()
        timeouts = tuple(clock.timeouts.get(seat, 0) for seat in range(len(self.seats)))
        left_ms = None if left is None else min(protocol.MAX_CLOCK_MS, round(left * 1000))
        return ClockState(left_ms, timeouts, tuple(sorted(clock.handed)))

    def _saw_clock(self, clock: ClockState | None) -> None:
        self._seen_clock, self._seen_clock_at = clock, time.monotonic()

    def _clock_before_draw(self) -> ClockState | None:
        """The clock as every seat but a drawer deciding on a slap-down sees it, as a state sent before the draw
        would say it: the time left of the clock last sent before the draw, run on since (the same time again would
        tell them the draw matched), and each seat's timeouts and bots as they are now."""
        now, seen = self._clock_state(), self._seen_clock
        if now is None or seen is None:  # none sent before the draw (a resumed table's, until its clock starts)
            return seen
        left = None if seen.left_ms is None else seen.left_ms - round((time.monotonic() - self._seen_clock_at) * 1000)
        return dataclasses.replace(now, left_ms=None if left is None else max(0, left))

    def _clock_news(self, seat: int, news: list[ClockNews]) -> None:
        for each in news:
            if self.on_clock is not None:
                self.on_clock(seat, each)

    # -- seats ------------------------------------------------------------------------------------

    def status(self, seat: int) -> Status:
        """ "here" (not a remote seat), "waiting" (not taken yet), "joined" (connected) or "away" (taken, gone)."""
        if not self.seats[seat].is_remote:
            return "here"
        if seat in self._links:
            return "joined"
        return "away" if seat in self.tokens else "waiting"

    # -- seats the host manages (from its screen: tui/screens/seats.py) -------------------------------

    def _remote_seat(self, seat: int) -> str | None:
        """Why the host may not manage `seat` (one line), or None: it is a seat played from another machine."""
        if not 0 <= seat < len(self.seats) or not self.seats[seat].is_remote:
            return f"seat {seat + 1} is not played from another machine"
        if self._game.is_over:
            return "the game is over"
        return None

    def hand_to_bot(self, seat: int, level: str) -> str | None:
        """Hand remote `seat` to a bot of `level` now: it plays the seat's turns (this one at once, if it is the
        seat's) until the host gives the seat back or its player acts again, as after the clock's timeouts in a row:
        one home for who plays a seat, the clock's `handed`. Why not, in one line."""
        problem = self._remote_seat(seat)
        if problem is None and level not in BOT_LEVELS:
            problem = f"no bot level {level!r}: one of {', '.join(BOT_LEVELS)}"
        if problem is None and self.clock.is_handed(seat) and self._levels.get(seat) == level:
            problem = f"a {level} bot plays {self.names[seat]}'s seat already"
        if problem is not None:
            return problem
        self._levels[seat] = level
        self._managed = True
        self.clock.handed.add(seat)
        if self.clock.running(seat):
            self.clock.stop()
        self._seat_news(seat, "handed", level)
        self._wake[seat].set()
        self._resend(news=True)
        return None

    def handed(self, seat: int) -> bool:
        """Whether a bot plays `seat` until the host gives it back or its player acts (the clock's `handed`)."""
        return self.clock.is_handed(seat)

    def give_back(self, seat: int) -> str | None:
        """Give remote `seat` back to its player (whose token still takes it): its turns wait for them again (on
        the clock, if the table has one, from now). Why not, in one line."""
        problem = self._remote_seat(seat)
        if problem is None and not self.clock.is_handed(seat):
            problem = f"no bot plays {self.names[seat]}'s seat"
        if problem is not None:
            return problem
        self._levels.pop(seat, None)
        self.clock.acted(seat)
        self._seat_news(seat, "given", None)
        self._waits_again(seat)
        return None

    def _waits_again(self, seat: int) -> None:
        """A bot no longer plays `seat`: a turn of its that the bot has not begun is waited for, its time running
        from now (on_start sends it), and every screen sees the seat as its player's."""
        if seat in self._asking and seat not in self._playing and self._timed(seat):
            self.clock.start(seat)
        self._wake[seat].set()
        self._resend(news=True)

    def open_seat(self, seat: int) -> str | None:
        """Open remote `seat` for someone else: its token no longer works (a join with it is told STALE_TOKEN), its
        connection is closed with SEAT_OPENED, and it waits for a new joiner, who is given a new token; a seat its host
        named for someone (`named`) waits for anyone from now on. Why not, in one line."""
        problem = self._remote_seat(seat)
        if problem is None and seat not in self.tokens and seat not in self.named:
            problem = f"seat {seat + 1} is open already: it waits for someone to join"
        if problem is not None:
            return problem
        self.named.discard(seat)  # open for someone else, whatever their name
        self._reopened.add(seat)
        self.tokens.pop(seat, None)
        link = self._links.pop(seat, None)
        if link is not None:
            link.seat = None  # whatever it still sends is no seat's
            link.put(encode(Error(SEAT_OPENED)))
            link.close(SEAT_OPENED)
        self._pending.pop(seat, None)
        self._acks.pop(seat, None)
        self._left_at[seat] = time.monotonic()
        if self.clock.running(seat):  # its turn waits for a new player, off the clock
            self.clock.stop()
        self._seat_news(seat, "opened", None)
        self._wake[seat].set()
        self._changed()
        return None

    @property
    def watcher_list(self) -> list[tuple[int, str]]:
        """Each watcher now, as (its number, its address), in the order they came."""
        return sorted((number, link.address) for link, number in self._watcher_numbers.items())

    def remove_watcher(self, number: int) -> str | None:
        """Close the connection of watcher `number` with one line (WATCHER_REMOVED); why not, in one line."""
        links = [link for link, each in self._watcher_numbers.items() if each == number]
        if not links:
            return f"no watcher {number} watches this table"
        link = links[0]
        del self._watcher_numbers[link]
        self._watching.discard(link)
        link.close(WATCHER_REMOVED)  # its bye says so: "the host closed the connection: ..."
        self._changed()
        return None

    def _seat_news(self, seat: int, change: SeatChange, level: str | None) -> None:
        """Tell every seat and watcher (a seat frame) and the host's table (`on_seat`)."""
        frame = encode(SeatNews(seat, change, level))
        for link in (*self._links.values(), *self._watching):
            link.put(frame)
        if self.on_seat is not None:
            self.on_seat(seat, change, level)

    @property
    def game(self) -> Game:
        """The game as last published (the host checks actions against it)."""
        return self._game

    @property
    def watchers(self) -> int:
        """How many connections watch the table now."""
        return len(self._watching)

    @property
    def statuses(self) -> tuple[Status, ...]:
        return tuple(self.status(seat) for seat in range(len(self.seats)))

    def _changed(self) -> None:
        """A seat joined, left or came back: everyone's statuses are sent again, and the caller told. The game is
        not published anew (`_resend`, not `publish`): an action taken and not yet applied stays this turn's."""
        self._resend(news=True)
        if self.on_status is not None:
            self.on_status()

    def publish(self, game: Game) -> None:
        """The game changed (an action applied, a round dealt): send every connected seat its own view."""
        self._game = game
        self._playing.clear()  # every action taken has now been applied
        self._by_bot.clear()
        statuses = self.statuses
        for seat, link in list(self._links.items()):
            self._send_state(seat, link, statuses)
        self._send_watchers(statuses)

    def publish_record(self, record: str) -> None:
        """The game is over: send its record (JSON Lines text, `codec.record_text`) to each seat a player took
        before its end, now to those connected and to any of them that joins again while this host runs.
        ValueError while the game last published is not over: no frame carries the record before its end."""
        if not self._game.is_over:
            raise ValueError("the game is not over: its record stays at the host until its end")
        if self._record is not None:
            return
        self._record = encode(Record(record))
        self._record_seats = frozenset(self.tokens)
        for seat, link in list(self._links.items()):
            self._send_record(seat, link)

    def _send_record(self, seat: int, link: Link) -> None:
        if self._record is not None and seat in self._record_seats:
            link.put(self._record)

    def _send_state(self, seat: int, link: Link, statuses: tuple[Status, ...]) -> None:
        """Send `seat` its view of the game last published, unless it may not see the table now."""
        game = self._game
        if game.phase == "slap" and seat != game.current:
            # A turn that is still the drawer's after a draw from the deck would tell the others the card
            # drawn matches the drop: they see the turn once the slap-down or the keep is done. A seat that joins
            # meanwhile is sent the table as the others still see it.
            if link.stated:
                return
            seen = self._before_draw.of(game)
            state = State(seen.view(seat), statuses, self._acks.get(seat), self.watchers, self._clock_before_draw())
        else:
            clock = self._clock_state()
            if game.phase != "slap":  # the drawer's clock while it decides is the drawer's alone
                self._saw_clock(clock)
            state = State(game.view(seat), statuses, self._acks.get(seat), self.watchers, clock)
        state = self._first_state(link, state)
        link.stated = True
        link.put(encode(state, players=tuple(self.names)))

    def _first_state(self, link: Link, state: State) -> State:
        """`state` as `link` is sent it: its first one says which of the round's turns its view holds a bot played
        for a seat whose time ran out (later ones it hears of as they happen), and to a seat's player back in it the
        card it took on its last play of the round, if its hand holds it."""
        if link.stated:
            return state
        view = state.view
        turns = len(view.seen)
        timed_out = tuple(turn for turn in self.timed_out_turns() if turn <= turns)
        took = self.took_cards().get(view.seat) if view.hand_shown and not link.newcomer else None
        took = took if took in view.hand else None
        return dataclasses.replace(state, timed_out=timed_out, took=took) if timed_out or took else state

    def _send_watchers(self, statuses: tuple[Status, ...]) -> None:
        """Send every watcher what anyone at the table may see of the game last published (`Game.watcher_view`),
        with the clock; while the drawer decides on a slap-down, its secret as to every other seat, nothing (but
        the table as everyone still sees it to a watcher just come)."""
        game = self._game
        if not self._watching:
            return
        if game.phase == "slap":
            links = [link for link in self._watching if not link.stated]
            if not links:
                return
            seen = self._before_draw.of(game)
            state = State(seen.watcher_view(), statuses, None, self.watchers, self._clock_before_draw())
        else:
            links = list(self._watching)
            self._saw_clock(self._clock_state())
            state = State(game.watcher_view(), statuses, None, self.watchers, self._seen_clock)
        frame = encode(state, players=tuple(self.names))
        for link in links:
            first = self._first_state(link, state)
            link.stated = True
            link.put(frame if first is state else encode(first, players=tuple(self.names)))

    # -- actions ----------------------------------------------------------------------------------

    async def action_for(self, seat: int) -> Action:
        """The next legal action of remote seat `seat`, whose turn it is in the game last published.

        Waits for its client; an illegal action gets an error frame and is not returned. With `away_bot`,
        once the seat has been away (or never taken) for `away_after` seconds, a bot's action is returned. On the
        table's turn clock (`use_clock`), a bot's action is returned once the seat's time runs out (the away bot,
        or the clock's stand-in level at a table with none), and at once while the clock hands the seat to a bot; a
        seat nobody holds is waited for off the clock until someone takes it (`_timed`).
        """
        if not self.seats[seat].is_remote:
            raise ValueError(f"seat {seat} is not a remote seat")
        wake = self._wake[seat]
        clock = self.clock
        reading = self._first_turn_of_a_later_round(seat)
        if self._timed(seat):
            clock.start(seat, reading=reading)  # nothing without a clock
        self._asking.add(seat)
        try:
            while True:
                if self._game.is_over or self._game.current != seat:
                    raise ValueError(f"it is not seat {seat}'s turn")
                wake.clear()
                offered = self._pending.pop(seat, None)
                if offered is not None:
                    number, action = offered
                    problem = self._refusal(seat, action)
                    if problem is None:
                        self._acks[seat] = number
                        self._playing.add(seat)
                        clock.acted(seat)
                        return action
                    self._tell(seat, Error(problem, number))
                    continue
                wait = self._away_wait(seat)
                if (wait is not None and wait <= 0) or self._clock_ran_out(seat):
                    return await self._away_action(seat)
                left = clock.left(seat)
                if left is not None:
                    wait = left if wait is None else min(wait, left)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), wait)
        finally:
            self._asking.discard(seat)
            clock.stop()

    def _timed(self, seat: int) -> bool:
        """Whether a turn of remote `seat` runs on the clock: someone holds the seat (a turn of one nobody holds
        waits for its player, as its prompt says, off the clock) and no bot plays it."""
        return self.status(seat) != "waiting" and not self.clock.is_handed(seat)

    def _first_turn_of_a_later_round(self, seat: int) -> bool:
        """Whether `seat` is asked for its first action of a round after the first: the host dealt it at once, and its
        player may still be reading the last round's end on their own screen (the clock gives that time too)."""
        rounds = len(self._game.history)
        first = rounds > 0 and self._asked_in_round.get(seat) != rounds
        self._asked_in_round[seat] = rounds
        return first

    def _clock_ran_out(self, seat: int) -> bool:
        """Whether a bot plays this turn of `seat` by the clock: its time ran out now (told), or the clock handed
        the seat to a bot."""
        clock = self.clock
        if clock.is_handed(seat):
            return True
        if clock.left(seat) == 0:
            self._clock_news(seat, clock.ran_out(seat))
            return True
        return False

    async def _away_action(self, seat: int) -> Action:
        """The away bot's action for this turn of `seat`; an action its player offers meanwhile is refused."""
        self._playing.add(seat)  # the bot's action is this turn's: none offered meanwhile is kept
        self._by_bot.add(seat)
        action = await self._bot_action(seat)
        late = self._pending.pop(seat, None)
        if late is not None:
            self._tell(seat, Error(AWAY_BOT_PLAYED, late[0]))
        return action

    def _away_wait(self, seat: int) -> float | None:
        """Seconds until the away bot plays this seat (None: it never does, its player is here or no bot)."""
        if self.away_bot is None or seat in self._links:
            return None
        since = self._left_at.get(seat, self._opened)
        return since + self.away_after - time.monotonic()

    async def _bot_action(self, seat: int) -> Action:
        level = self._levels.get(seat) or self.away_bot or self.clock.stand_in
        assert level is not None
        kept = self._bots.get(seat)
        if kept is None or kept[0] != level:
            kept = self._bots[seat] = (level, make_bot(level, bot_seed(self._game.seed, seat)))
        try:
            return await asyncio.to_thread(kept[1].choose, self._game.view(seat))
        except Exception:  # a fault in the bot: the table plays on, the seat's turn played by its first legal action
            _LOG.exception("the %s bot of seat %d raised: it plays the first legal action", level, seat)
            return self._game.legal_actions()[0]

    def _refusal(self, seat: int, action: Action) -> str | None:
        """Why `seat` may not take `action` now (one line), or None: the engine decides, on a copy."""
        game = self._game
        if game.is_over:
            return "the game is over"
        if game.current != seat:
            return f"it is not your turn: wait for {self.names[game.current]}"
        try:
            game.clone().apply(action)
        except IllegalActionError as error:
            return str(error)
        return None

    def _taken_back(self, seat: int) -> bool:
        """The player of `seat` acted: a seat a bot plays (its clock ran out, or the host handed it) is theirs again
        (told as the clock's "back"). Whether it was a bot's."""
        if not self.clock.is_handed(seat):
            return False
        self._levels.pop(seat, None)
        self._clock_news(seat, self.clock.acted(seat))
        return True

    def _back(self, seat: int) -> None:
        """The player of `seat` says they are here (a `back` frame): a seat a bot plays is theirs again, its turn, if
        it is one the bot has not begun, waited for on the clock, and every screen told; nothing for a seat its
        player plays."""
        if self._taken_back(seat):
            self._waits_again(seat)

    def _offer(self, link: Link, message: ActionMessage) -> None:
        seat = link.seat
        assert seat is not None
        if message.seat != seat:
            self._tell(seat, Error(f"you play seat {seat}, not seat {message.seat}", message.id))
            return
        game = self._game
        # While the drawer decides on a slap-down, every other seat is answered as the table it sees, the turn before
        # the draw (_send_state): any other answer would tell it the card drawn matches the drop.
        deciding = game.phase == "slap" and seat != game.current
        seen = self._before_draw.of(game) if deciding else game
        if message.id <= link.last_action:
            # A repeat (sent again, or replayed): answered with the table, never played a second time. One still
            # waiting to be applied is answered by the view that follows it.
            if seat not in self._pending and seat not in self._playing:
                if deciding:
                    link.stated = False  # sent again, as before the draw
                self._send_state(seat, link, self.statuses)
            return
        at = (seen.round_no, len(seen.log))  # the turn as this seat sees it, before a draw another decides on
        if not game.is_over and (message.round_no, message.turn) != at:
            # Chosen on a view of a turn since played (never played on another), or naming one not come.
            problem: str | None = TURN_OVER if (message.round_no, message.turn) < at else TURN_TO_COME.format(*at)
        else:
            problem = self._refusal(seat, message.action)
        if problem is None:
            # A move of its player's takes the seat back from the bot (refused, it changes nothing: the bot plays on).
            self._taken_back(seat)
        if problem is None and seat in self._by_bot:
            problem = AWAY_BOT_PLAYED
        elif problem is None and (seat in self._pending or seat in self._playing):
            problem = "your action for this turn is already in"
        if problem is not None:
            self._tell(seat, Error(problem, message.id))
            return
        self._pending[seat] = (message.id, message.action)
        link.last_action = message.id
        self._wake[seat].set()

    def say(self, seat: int, text: str) -> str | None:
        """Seat `seat` says one of the table's fixed messages to everyone (the host's own screen too, through
        `on_said`); why not, in one line, if it is not one of them or comes too soon after its last."""
        if text not in SAYINGS:
            return f"say one of: {', '.join(SAYINGS)}"
        now = time.monotonic()
        if now - self._said_at.get(seat, -SAY_EVERY) < SAY_EVERY:
            return f"one message every {SAY_EVERY:g} seconds"
        self._said_at[seat] = now
        frame = encode(Said(seat, text))
        for link in (*self._links.values(), *self._watching):
            link.put(frame)
        if self.on_said is not None:
            self.on_said(seat, text)
        return None

    def _say(self, seat: int, text: str) -> None:
        # One too soon is dropped, not answered: an error frame with no action id would refuse a pending action.
        self.say(seat, text)

    def _tell(self, seat: int, message: Error) -> None:
        link = self._links.get(seat)
        if link is not None:
            link.put(encode(message))

    # -- connections ------------------------------------------------------------------------------

    async def _serve(self, ws: ServerConnection) -> None:
        """One client, from its join to its last frame; whatever it sends, the table stays as it was."""
        link = Link(ws, self.trust_proxy)
        waiting = sum(1 for other in self._all if not other.heard and other.group == link.group)
        if len(self._all) >= MAX_CONNECTIONS or waiting >= secrets_gate.MAX_WAITING_JOINS:
            link.put(encode(Error(secrets_gate.BUSY)))
            link.close("the table is busy")
            await link.finished()
            return
        self._all.add(link)
        try:
            with contextlib.suppress(WebSocketException, OSError):
                if await self._join(link):
                    await self._read(link)
        finally:
            self._all.discard(link)
            seat = link.seat
            await link.finished()
            self._watcher_numbers.pop(link, None)
            if link in self._watching:
                self._watching.discard(link)
                self._changed()
            if seat is not None and self._links.get(seat) is link:
                del self._links[seat]
                self._pending.pop(seat, None)
                self._left_at[seat] = time.monotonic()
                self._wake[seat].set()
                self._changed()

    async def _join(self, link: Link) -> bool:
        """Read the join and seat the client (welcome, then its view); False when refused (and closed)."""
        message, problem = await self._next_message(link, (Join, Watch), "no join in time", "join the table first")
        link.heard = True
        self._openings.joined(link.ws)
        if isinstance(message, Watch):
            watch = message
            problem = await self._wrong.checked(link.address, lambda: self._watcher(link, watch))
        elif isinstance(message, Join):
            join = message
            problem = await self._wrong.checked(link.address, lambda: self._seat_for(link, join))
        if problem is not None:
            link.put(encode(Error(problem)))
            link.close(problem)
            return False
        return True

    async def _next_message(
        self, link: Link, kind: type[M] | tuple[type[M], ...], late: str, other: str
    ) -> tuple[M, None] | tuple[None, str]:
        """The client's next message, which must be a `kind` within JOIN_TIMEOUT; else why not (`late`: none came,
        `other`: another kind came)."""
        try:
            raw = await asyncio.wait_for(link.ws.recv(), JOIN_TIMEOUT)
        except TimeoutError:
            return None, late
        problem = link.check(raw)
        if problem is not None:
            return None, problem
        try:
            message = from_client(raw)
        except ProtocolError as error:
            return None, str(error)
        return (message, None) if isinstance(message, kind) else (None, other)

    async def _proven(self, link: Link, token: str, client_nonce: str) -> str | None:
        """Prove to the client that this table holds `token`, then have it prove it does; why not (one line)."""
        nonce = new_nonce()
        link.put(encode(Challenge(nonce, seat_proof(token, "host", self.code, client_nonce, nonce))))
        message, problem = await self._next_message(link, Prove, "no proof in time", "prove the seat first")
        if message is None:
            return problem
        if not same(message.proof, seat_proof(token, "client", self.code, client_nonce, nonce)):
            self._wrong.wrong(link.address)
            return "wrong proof of the seat's token"
        return None

    async def _watcher(self, link: Link, watch: Watch) -> str | None:
        """Let the client of `watch` watch the table; why not (one line) if it may not."""
        if not same(watch.code.strip().upper(), self.code):
            self._wrong.wrong(link.address)
            return "wrong room code"
        if not self.allow_watchers:
            return NO_WATCHERS
        from_one = sum(1 for other in self._watching if other.group == link.group)
        if len(self._watching) >= MAX_WATCHERS or from_one >= MAX_WATCHERS_FROM_ONE:
            return WATCHERS_FULL
        link.watching = True
        if self.watched is not None:
            record, number = self.watched, self._watchers_came
            link.sent = lambda text: record(number, text)
        self._watcher_numbers[link] = self._watchers_came
        self._watchers_came += 1
        self._watching.add(link)
        link.put(encode(Welcome(None, None, self.code, tuple(self.names), self._kinds(), self.opens_seats)))
        self._changed()
        return None

    def _kinds(self) -> tuple[str, ...]:
        """Who plays each seat, as a welcome says it: "human", "remote" or "bot:LEVEL"."""
        return tuple(f"bot:{s.level}" if s.is_bot else s.kind for s in self.seats)

    async def _seat_for(self, link: Link, join: Join) -> str | None:
        """Seat the client of `join`; why not (one line) if it cannot be."""
        address = link.address
        fresh = False  # a new player takes a seat nobody holds (not one back with their token)
        if not same(join.code.strip().upper(), self.code):
            self._wrong.wrong(address)
            return "wrong room code"
        if join.key is not None and join.nonce is not None:
            matches = [seat for seat, token in self.tokens.items() if same(join.key, seat_key(token))]
            if not matches:
                self._wrong.wrong(address)
                return STALE_TOKEN
            seat = matches[0]
            if join.name is not None and name_key(join.name) != name_key(self.names[seat]):
                return ANOTHER_NAMES_SEAT
            token = self.tokens[seat]
            problem = await self._proven(link, token, join.nonce)
            if problem is not None:
                return problem
            if self.tokens.get(seat) != token:
                # The host opened the seat while the proof was on its way (and someone new may hold it now): the
                # token proven names no seat any more.
                return STALE_TOKEN
        else:
            free = [s for s, seat in enumerate(self.seats) if seat.is_remote and s not in self.tokens]
            if not free:
                kept = [
                    self.names[s]
                    for s, seat in enumerate(self.seats)
                    if seat.is_remote and (s not in self._links or self._links[s].closing)
                ]
                return table_full(kept, self.allow_watchers, self.opens_seats)
            # A friend the host named a seat for (`remote:NAME`) takes that one, whichever seat is free first; anyone
            # else a seat the host named for no one: a named seat waits for its player.
            mine = [s for s in free if join.name is not None and name_key(self.names[s]) == name_key(join.name)]
            unnamed = [s for s in free if s not in self.named]
            if not mine and not unnamed:
                return named_seats_free([self.names[s] for s in free], self.opens_seats)
            seat = (mine or unnamed)[0]
            taken = {name_key(name): other for other, name in enumerate(self.names) if other != seat}
            holder = None if join.name is None else taken.get(name_key(join.name))
            if holder is not None:
                assert join.name is not None
                name, level = join.name.strip(), self.seats[holder].level
                # A bot's name (one the table gave it, as "Noa") is no player's: said so, not as someone already here.
                if level is not None:
                    return f"the {level} bot at this table is called {self.names[holder]}: join with another name"
                if holder in self.tokens and (holder not in self._links or self._links[holder].closing):
                    return seat_kept(self.names[holder], self.allow_watchers, self.opens_seats)
                return f"{name} is already at this table: join with another name"
            self.tokens[seat] = new_token()
            fresh = True
            if join.name is not None:
                self.names[seat] = join.name
            elif seat in self._reopened:
                # A seat opened for someone else keeps its last player's name until a newcomer comes; one who gives
                # no name is "Player N", not the player it was opened away from.
                self.names[seat] = unnamed_seat(seat)
            self._reopened.discard(seat)
            # Heard for every new player, named or not: the table's record says a new player took the seat (their
            # timeouts in a row start again from none, as `_fresh_start` starts the clock's).
            for listener in list(self.joined):
                listener(seat, self.names[seat])
        old = self._links.get(seat)
        if old is not None and not old.closing:
            # Its player is still here (a dropped one is noticed within the pings' time): a kept token shared by
            # two clients, or a name typed again, never hands the seat and its hand to a second connection.
            return SEAT_IN_USE
        if old is not None:  # closing: it goes, and whatever it still sends is not this seat's
            old.seat = None
        link.seat = seat
        link.newcomer = fresh
        self._links[seat] = link
        self._acks.pop(seat, None)  # ids are a connection's own: none of this one's is taken yet
        self._left_at.pop(seat, None)
        if self.sent is not None:
            record = self.sent
            link.sent = lambda text: record(seat, text)
        link.put(
            encode(Welcome(seat, self.tokens[seat], self.code, tuple(self.names), self._kinds(), self.opens_seats))
        )
        if fresh:
            self._fresh_start(seat)
        self._wake[seat].set()
        self._changed()
        self._send_record(seat, link)
        return None

    def _fresh_start(self, seat: int) -> None:
        """A new player took `seat`, which nobody held: its timeouts in a row while it waited are not theirs, and a
        turn of its that no one has begun (neither a bot nor a player), waited for off the clock, is theirs from now,
        on its whole time (on_start sends it). A player back in their own seat has no such start: a drop buys no
        time."""
        clock = self.clock
        clock.timeouts.pop(seat, None)
        if seat in self._asking and seat not in self._playing and self._timed(seat):
            clock.start(seat)

    async def _read(self, link: Link) -> None:
        """Every message after the join, until the client goes or is closed."""
        async for raw in link.ws:
            if link.closing:
                break
            problem = link.check(raw)
            if problem is not None:
                link.fault(problem)
                continue
            try:
                message = from_client(raw)
            except ProtocolError as error:
                link.fault(str(error))
                continue
            if link.watching:
                link.fault("already watching" if isinstance(message, Join | Watch) else WATCHERS_DO_NOT_PLAY)
                continue
            if isinstance(message, Join | Watch | Prove):
                link.fault(f"already joined as seat {link.seat}")
                continue
            if link.seat is None:  # closing, its seat already taken back by a new connection
                break
            if isinstance(message, Say):
                self._say(link.seat, message.text)
                continue
            if isinstance(message, Back):
                self._back(link.seat)
                continue
            self._offer(link, message)
