"""In-memory stand-ins for net.TableHost and net.TableClient, with the brief's methods, so the table's network
play is tested without sockets (tests switch to the real ones once net is merged)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from yaniv_tui.bots import make_bot
from yaniv_tui.engine import Action, Card, Game, IllegalActionError, PlayerView, Seat
from yaniv_tui.engine.clock import ClockNews, TurnClock

if TYPE_CHECKING:
    from yaniv_tui.net.protocol import SeatChange, Status


class ActionRefused(Exception):
    """The host said no to an action."""


class JoinError(Exception):
    """The table could not be joined."""


class FakeHost:
    """A host whose remote seats' actions are put in by the test (`give`), and that records what it published."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        host: str = "127.0.0.1",
        port: int = 7777,
        code: str | None = None,
        tokens: Mapping[int, str] | None = None,
        away_bot: str | None = None,
        away_after: float = 60.0,
    ) -> None:
        self.game = game
        self.seats = tuple(seats)
        self.address = host
        self.port = port
        self.code = code or "K7QF"
        self.tokens = dict(tokens or {s: f"token-{s}" for s, seat in enumerate(seats) if seat.is_remote})
        self.on_status: Callable[[], None] | None = None
        self.joined: list[Callable[[int, str], None]] = []
        self.names = list(game.players)
        self.named: set[int] = set()
        self.public = host != "127.0.0.1"
        self.on_said: Callable[[int, str], None] | None = None
        self.on_clock: Callable[[int, ClockNews], None] | None = None
        self.clock = TurnClock(None)
        self.sayings: list[tuple[int, str]] = []
        self.statuses: dict[int, Status] = {s: "waiting" for s, seat in enumerate(seats) if seat.is_remote}
        self.actions: dict[int, asyncio.Queue[Action]] = {}
        self.published: list[int] = []
        #: The finished game's records sent to the joined seats.
        self.records: list[str] = []
        self.started = self.stopped = False
        self.watchers = 0
        self.timed_out_turns: Callable[[], tuple[int, ...]] = tuple
        self.took_cards: Callable[[], Mapping[int, Card]] = dict
        self.on_seat: Callable[[int, SeatChange, str | None], None] | None = None
        #: What the host's screen asked of its seats and watchers, in order: ("handed", seat, level), ...
        self.managed: list[tuple[str, int, str | None]] = []
        #: The watchers (number, address); `remove_watcher` takes one out.
        self.watcher_list: list[tuple[int, str]] = []

    async def start(self) -> None:
        self.started = True

    async def stop(self) -> None:
        self.stopped = True

    def join_command(self) -> str:
        return f"yaniv join {self.address}:{self.port} {self.code}"

    def status(self, seat: int) -> Status:
        return self.statuses.get(seat, "here")

    def set_status(self, seat: int, status: Status) -> None:
        self.statuses[seat] = status
        if self.on_status is not None:
            self.on_status()

    def queue(self, seat: int) -> asyncio.Queue[Action]:
        return self.actions.setdefault(seat, asyncio.Queue())

    def give(self, seat: int, action: Action) -> None:
        self.queue(seat).put_nowait(action)

    async def action_for(self, seat: int) -> Action:
        return await self.queue(seat).get()

    def use_clock(self, clock: TurnClock) -> None:
        self.clock = clock

    def say(self, seat: int, text: str) -> str | None:
        self.sayings.append((seat, text))
        if self.on_said is not None:
            self.on_said(seat, text)
        return None

    def publish(self, game: Game) -> None:
        self.published.append(game.turns)

    def _manage(self, seat: int, change: SeatChange, level: str | None) -> str | None:
        if not self.seats[seat].is_remote:
            return f"seat {seat + 1} is not played from another machine"
        self.managed.append((change, seat, level))
        if self.on_seat is not None:
            self.on_seat(seat, change, level)
        return None

    def handed(self, seat: int) -> bool:
        return self.clock.is_handed(seat)

    def hand_to_bot(self, seat: int, level: str) -> str | None:
        self.clock.handed.add(seat)
        return self._manage(seat, "handed", level)

    def give_back(self, seat: int) -> str | None:
        self.clock.handed.discard(seat)
        return self._manage(seat, "given", None)

    def open_seat(self, seat: int) -> str | None:
        self.tokens.pop(seat, None)
        return self._manage(seat, "opened", None)

    def remove_watcher(self, number: int) -> str | None:
        self.watcher_list = [each for each in self.watcher_list if each[0] != number]
        self.watchers = len(self.watcher_list)
        self.managed.append(("removed", number, None))
        return None

    def publish_record(self, record: str) -> None:
        self.records.append(record)


#: A kind of FakeHost a test makes (one whose start or stop it holds back, say).
Host = TypeVar("Host", bound=FakeHost)


def fake_hosting() -> tuple[Callable[[Game, Sequence[Seat], str], FakeHost], list[FakeHost]]:
    """A `hosting=` factory for the app that makes FakeHosts, and the list of those it made."""
    return fake_hosting_of(FakeHost)


def fake_hosting_of(kind: type[Host]) -> tuple[Callable[[Game, Sequence[Seat], str], Host], list[Host]]:
    """A `hosting=` factory for the app that makes hosts of `kind` (a FakeHost), and the list of those it made."""
    made: list[Host] = []

    def factory(game: Game, seats: Sequence[Seat], game_id: str) -> Host:
        made.append(kind(game, seats))
        return made[-1]

    return factory, made


class FakeClient:
    """A joined seat whose host is this object: the real game lives here, the other seats are bots, and the seat
    gets the host's view of it after each change (never the game: a joined table holds none)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.real = game
        self.seat: int | None = seat
        self.watchers = 0
        self.timed_out: tuple[int, ...] = ()
        self.took: Card | None = None
        self.token_problem: str | None = None
        #: The real game's turns when the last view was taken.
        self.shown = game.turns
        #: The host's view of this seat, the only thing a real host's frames carry.
        self.view: PlayerView = game.view(seat)
        self.statuses: tuple[Status, ...] = tuple("joined" if s == seat else "here" for s in range(len(game.players)))
        self.gone = asyncio.Event()
        self.on_said: Callable[[int, str], None] | None = None
        self.sayings: list[str] = []
        self.why_gone = ""
        self.kinds = tuple("remote" if s == seat else "bot:medium" for s in range(len(game.players)))
        self.bots = [make_bot("easy", seed=s) for s in range(len(game.players))]
        self.sent: list[Action] = []
        self.closed = False
        self.record: str | None = None
        self.on_record: Callable[[str], None] | None = None
        self.on_clock: Callable[[int, ClockNews], None] | None = None
        self.on_seat: Callable[[int, SeatChange, str | None], None] | None = None
        self.on_view: Callable[[], None] | None = None

    def time_left(self) -> float | None:
        return None

    #: Whether a bot plays this seat, as the host would say (set by a test); `back` takes it back, counted in `backs`.
    handed = False
    backs = 0

    async def back(self) -> None:
        self.backs += 1
        if self.handed:
            self.handed = False
            if self.on_clock is not None and self.seat is not None:
                self.on_clock(self.seat, "back")

    async def say(self, text: str) -> None:
        self.sayings.append(text)

    async def send(self, action: Action) -> None:
        if self.real.current != self.seat:
            raise ActionRefused("it is not your turn")
        try:
            self.real.apply(action)
        except IllegalActionError as error:
            raise ActionRefused(f"the host says: {error}") from None
        self.sent.append(action)

    async def changed(self) -> PlayerView:
        """The next view: after this seat's own action, or after one more move of another seat."""
        await asyncio.sleep(0)
        if self.shown == self.real.turns and not self.real.is_over and self.real.current != self.seat:
            current = self.real.current
            self.real.apply(self.bots[current].choose(self.real.view(current)))
        self.shown = self.real.turns
        self.view = self.real.clone().view(self.view.seat)
        return self.view

    async def lost(self) -> str:
        """Waits until the test says the host is gone (`lose`)."""
        await self.gone.wait()
        return self.why_gone

    def lose(self, why: str = "the connection to the host ended") -> None:
        self.why_gone = why
        self.gone.set()

    async def close(self) -> None:
        self.closed = True
