"""A table's turn clock: how long a human seat's turn may take, the timeouts in a row that hand the seat to a bot,
and which seats a bot plays until their players act again. Pure Python: the runner (table/runner.py) times the
seats played at a screen with it and the host (net/host.py) the seats played from other machines, with the same
object at a hosted table, so both follow one rule."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal

#: Timeouts in a row after which a seat is handed to a bot, unless `--timeouts-to-bot` says otherwise.
DEFAULT_TIMEOUTS_TO_BOT = 2
#: The seconds `--turn-seconds` may give a turn, and the timeouts `--timeouts-to-bot` may allow (both inclusive).
TURN_SECONDS_RANGE = (5, 600)
TIMEOUTS_TO_BOT_RANGE = (1, 9)
#: Seconds a joined seat's first turn of each round after the first has on top of its time: the host deals the next
#: round at once, while that player still reads the round's end on their own screen.
ROUND_END_GRACE = 10.0

#: What the clock says of a seat: its time ran out (a bot played the turn), it was handed to a bot, its player is
#: back. The game's record keeps each as a "seat" event with this status (docs/game-record.md).
ClockNews = Literal["timeout", "bot", "back"]


class TurnClock:
    """The clock of one table. `start(seat)` when a human seat's turn begins (at a table that shares its screen,
    once the seat's player holds the keyboard), `left()` says what remains, `ran_out(seat)` when it did,
    `acted(seat)` when the seat's player acted (in time, or at all while a bot plays the seat). `seconds` None: the
    table has no clock, and nothing here ever runs out."""

    def __init__(
        self,
        seconds: float | None,
        to_bot: int = DEFAULT_TIMEOUTS_TO_BOT,
        *,
        stand_in: str | None = None,
        round_grace: float = ROUND_END_GRACE,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        """`stand_in`: the bot level that plays a turn whose time ran out at a table with no away bot; `round_grace`:
        the seconds a turn started `reading` has on top of its time."""
        if seconds is not None and seconds <= 0:
            raise ValueError("a turn clock needs more than 0 seconds")
        if to_bot < 1:
            raise ValueError("a seat is handed to a bot after 1 timeout or more")
        self.seconds = seconds
        self.to_bot = to_bot
        self.stand_in = stand_in
        self.round_grace = round_grace
        self.now = now
        #: Each seat's timeouts in a row.
        self.timeouts: dict[int, int] = {}
        #: The seats a bot plays until their players act again.
        self.handed: set[int] = set()
        #: The seat whose clock runs, and when it runs out (on `now`'s scale).
        self.seat: int | None = None
        self.deadline: float | None = None
        #: Called whenever a clock starts (the host sends the time left to the seats elsewhere; the frames after
        #: the turn's action say it stopped).
        self.on_start: Callable[[], None] | None = None

    @property
    def on(self) -> bool:
        """Whether the table has a clock at all."""
        return self.seconds is not None

    def start(self, seat: int, *, reading: bool = False) -> None:
        """The turn of `seat` begins for its player: its full time from now (nothing without a clock), and
        `round_grace` more while its player may still be reading the last round's end (`reading`)."""
        if self.seconds is None:
            return
        self.seat = seat
        self.deadline = self.now() + self.seconds + (self.round_grace if reading else 0.0)
        if self.on_start is not None:
            self.on_start()

    def stop(self) -> None:
        """No clock runs (the turn is over)."""
        self.seat = None
        self.deadline = None

    def running(self, seat: int) -> bool:
        return self.seat == seat and self.deadline is not None

    def left(self, seat: int | None = None) -> float | None:
        """Seconds left of the clock running (for `seat`, when named), never below 0; None when none runs."""
        if self.deadline is None or (seat is not None and seat != self.seat):
            return None
        return max(0.0, self.deadline - self.now())

    def ran_out(self, seat: int) -> list[ClockNews]:
        """The time of `seat` ran out and a bot plays the turn: what to announce ("timeout", then "bot" when
        that was the timeout that hands the seat to a bot)."""
        self.stop()
        count = self.timeouts.get(seat, 0) + 1
        self.timeouts[seat] = count
        if count >= self.to_bot and seat not in self.handed:
            self.handed.add(seat)
            return ["timeout", "bot"]
        return ["timeout"]

    def acted(self, seat: int) -> list[ClockNews]:
        """The player of `seat` acted: no timeouts in a row any more, and a seat a bot played is theirs again
        (["back"] to announce)."""
        self.timeouts.pop(seat, None)
        if seat == self.seat:
            self.stop()
        if seat in self.handed:
            self.handed.discard(seat)
            return ["back"]
        return []

    def is_handed(self, seat: int) -> bool:
        """Whether a bot plays `seat` until its player acts again."""
        return seat in self.handed
