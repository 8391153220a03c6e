"""What the table needs of a network table (net.TableHost, net.TableClient), as protocols; no Textual here.

The table is built against these, not against net's classes: the command line makes the real ones (cli/host.py,
cli/join.py) and tests may hand in fakes with the same methods.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from yaniv_tui.engine import Action, Card, Game, PlayerView, Seat

if TYPE_CHECKING:
    from yaniv_tui.engine.clock import ClockNews, TurnClock

    # Who sits at a remote seat now, as the host says (net/protocol.py); imported for its type only, so the
    # app does not load the network library until a table has remote seats.
    from yaniv_tui.net.protocol import SeatChange
    from yaniv_tui.net.protocol import Status as SeatStatus


class TableLost(Exception):
    """The table on another machine cannot be reached any more; the message is one line for the player."""


class Host(Protocol):
    """The one authority at a table with remote seats (net.TableHost)."""

    code: str
    tokens: dict[int, str]
    #: Each seat's name, as joiners gave theirs.
    names: list[str]
    #: The remote seats whose names their host chose, each kept for a joiner of that name (kept with the table).
    named: set[int]
    port: int
    #: This round's turns a bot played for a seat whose time ran out (the session's `timed_out`), told to a seat
    #: joining.
    timed_out_turns: Callable[[], tuple[int, ...]]
    #: The card each seat took on its last play of the round, still in its hand (the session's `took`), told to
    #: that seat as it joins.
    took_cards: Callable[[], Mapping[int, Card]]

    @property
    def public(self) -> bool:
        """Whether it listens on every network of this machine (`--public`)."""
        ...

    on_status: Callable[[], None] | None
    #: Each called with (seat, name) when a joiner takes a remote seat under a name of their own.
    joined: list[Callable[[int, str], None]]

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    def join_command(self) -> str: ...

    def status(self, seat: int) -> SeatStatus: ...

    @property
    def watchers(self) -> int:
        """How many watch the table now."""
        ...

    async def action_for(self, seat: int) -> Action: ...

    def publish(self, game: Game) -> None: ...

    def publish_record(self, record: str) -> None:
        """The game is over: send its record (JSON Lines text) to the seats its players took."""
        ...

    #: Called with (seat, text) when a seat says one of the table's fixed messages.
    on_said: Callable[[int, str], None] | None

    def say(self, seat: int, text: str) -> str | None:
        """Seat `seat` says one of the table's fixed messages to everyone; why not, in one line."""
        ...

    #: Called with (seat, news) when a remote seat's clock ran out, handed it to a bot, or its player is back.
    on_clock: Callable[[int, ClockNews], None] | None

    def use_clock(self, clock: TurnClock) -> None:
        """Time the remote seats' turns with the table's clock, and send its time left with every view."""
        ...

    #: Called with (seat, change, bot level) when the host hands a seat to a bot, gives it back or opens it.
    on_seat: Callable[[int, SeatChange, str | None], None] | None

    def hand_to_bot(self, seat: int, level: str) -> str | None:
        """A bot of `level` plays remote `seat` from now (this turn too) until it is given back or its player
        acts; why not, in one line."""
        ...

    def handed(self, seat: int) -> bool:
        """Whether a bot plays `seat` until it is given back or its player acts."""
        ...

    def give_back(self, seat: int) -> str | None:
        """Remote `seat`'s turns wait for its player again; why not, in one line."""
        ...

    def open_seat(self, seat: int) -> str | None:
        """Remote `seat` waits for someone else: its token no longer works; why not, in one line."""
        ...

    @property
    def watcher_list(self) -> list[tuple[int, str]]:
        """Each watcher now: (its number, its address)."""
        ...

    def remove_watcher(self, number: int) -> str | None:
        """Close watcher `number`'s connection with one line; why not, in one line."""
        ...


class Client(Protocol):
    """One seat at a table held on another machine (net.TableClient): the host's last view of the seat, which the
    table draws and its flow reads (no game: the host alone holds one); or a watcher of it, with no seat."""

    #: This seat; None for a watcher.
    seat: int | None
    #: The host's last view of this seat (a watcher's: no hand), as its frame carried it.
    view: PlayerView
    #: How many watch the table, as the host last said.
    watchers: int
    #: This round's turns a bot played for a seat whose time ran out, as the host's first state said them.
    timed_out: tuple[int, ...]
    #: The card this seat took on its last play of the round, as the host's first state said it (None: none).
    took: Card | None
    #: Why this seat's token could not be kept on this machine (one line), or None.
    token_problem: str | None

    @property
    def statuses(self) -> tuple[SeatStatus, ...]: ...

    @property
    def kinds(self) -> tuple[str, ...]:
        """Who plays each seat, as the host says: "human" (at its screen), "remote" or "bot:LEVEL"."""
        ...

    #: The finished game's record as the host sent it (unchecked JSON Lines text), once the game is over.
    record: str | None
    #: Called with the record's text whenever the host sends it.
    on_record: Callable[[str], None] | None

    async def send(self, action: Action) -> None: ...

    async def changed(self) -> PlayerView:
        """The host's next view of this seat (one that came since the last call, at once)."""
        ...

    #: Called with (seat, text) when a seat says one of the table's fixed messages.
    on_said: Callable[[int, str], None] | None

    async def say(self, text: str) -> None:
        """Say one of the table's fixed messages; ValueError (one line) when too soon after the last."""
        ...

    #: Called with (seat, news) as the host's clock tells of a timeout, a seat handed to a bot, or one back.
    on_clock: Callable[[int, ClockNews], None] | None
    #: Called with (seat, change, bot level) as the host tells of a change it made to a remote seat.
    on_seat: Callable[[int, SeatChange, str | None], None] | None
    #: Called whenever the host's new view came.
    on_view: Callable[[], None] | None

    @property
    def handed(self) -> bool:
        """Whether a bot plays this seat now, as the host last said (its clock ran out, or the host handed it)."""
        ...

    async def back(self) -> None:
        """Tell the host this seat's player is here: a seat a bot plays is theirs again."""
        ...

    def time_left(self) -> float | None:
        """Seconds left of the current turn's clock as the host last said it; None when none runs."""
        ...

    async def lost(self) -> str:
        """Waits until the host can no longer be reached (never after `close`); why, in one line."""
        ...

    async def close(self) -> None: ...


#: Makes the host of a game: given the game, its seats and its id (the command line binds the address, the port,
#: and the code and tokens a resumed game had).
HostFactory = Callable[[Game, Sequence[Seat], str], Host]
#: Joins a table: given the address, the room code and the player's name (None: the host names the seat).
Joiner = Callable[[str, str, str | None], Awaitable[Client]]
#: Watches a table, with no seat: given the address and the room code.
Watcher = Callable[[str, str], Awaitable[Client]]


@dataclass(frozen=True, slots=True)
class JoinRequest:
    """A table to join: how (`joiner`), what the host raises when it refuses an action, and whatever of the
    address, code and name the command line gave (the join screen asks for the rest)."""

    joiner: Joiner
    refused: tuple[type[Exception], ...] = ()
    #: What `joiner` raises when it cannot join, with a one-line message (net.JoinError).
    join_error: tuple[type[Exception], ...] = ()
    address: str = ""
    code: str = ""
    name: str = ""
    #: How to watch the table instead of taking a seat (net.TableClient.watch), where it can be.
    watcher: Watcher | None = None
    #: Whether the command line asked to watch (`yaniv watch`), not to join.
    watch: bool = False
    #: Whether the code (and on a page the address) is the table a browser's page or an SSH key's session last joined
    #: (remembered, not given): one that cannot be joined any more leaves the join screen open, saying why, with the
    #: code to type again.
    remembered: bool = False
