"""What a table's runner tells its listeners, as small frozen values: a seat to play at this screen, another
seat's player asked, an action applied, a round or the game ended, a save that failed, a round recorded, a seat
that joined or left, a message said, the turn clock's news, a joined table's new view, the host lost. No Textual
here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from yaniv_tui.engine import Action, RoundScore
from yaniv_tui.engine.clock import ClockNews

if TYPE_CHECKING:
    from yaniv_tui.net.protocol import SeatChange


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """It is the turn of `seat`, played at this screen: the runner waits for `TableRunner.submit`."""

    seat: int


@dataclass(frozen=True, slots=True)
class Asked:
    """The player of `seat` (a bot, a player elsewhere, the host of a joined table) is deciding its action."""

    seat: int


@dataclass(frozen=True, slots=True)
class ActionApplied:
    """`seat` acted and the game changed; `told` is the one line to show when a bot's action was illegal and the
    first legal action was played in its place; `action` is the action applied (None at a joined table, where the
    host applied it); `timed_out`: the seat's time ran out and a bot played this action of its turn for it (the
    log's line says so: `words.turn_subject`)."""

    seat: int
    told: str | None = None
    action: Action | None = None
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class Conceded:
    """The human at `seat` left the game: a bot plays the seat from now on."""

    seat: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """A round was scored (and recorded in the history)."""

    result: RoundScore


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The loop is done: the game is over, or `stopped` says in one line why it stops with no winner (a guard,
    a lost host)."""

    stopped: str | None = None


@dataclass(frozen=True, slots=True)
class SaveFailed:
    """The game could not be saved (its file holds an earlier state, or nothing); why, in one line."""

    why: str


@dataclass(frozen=True, slots=True)
class Recorded:
    """The finished rounds went to the history: `pending` says a finished game it could not take is kept (at a
    joined table: why the host's record of the game was not kept); `moved` that a damaged history was moved aside;
    `problem` why no history is kept."""

    pending: str | None = None
    moved: str | None = None
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class SeatsChanged:
    """A seat played from another machine was taken, left or came back."""


@dataclass(frozen=True, slots=True)
class SeatJoined:
    """A joiner took remote seat `seat` under `name`: the game now calls the seat so."""

    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class Said:
    """Someone at the table (`name`) said one of the table's fixed messages."""

    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Clocked:
    """The turn clock's news of `seat` (engine/clock.py): "timeout" (its time ran out and a bot played the turn),
    "bot" (after its timeouts in a row a bot plays the seat until its player acts again), "back" (they did)."""

    seat: int
    news: ClockNews


@dataclass(frozen=True, slots=True)
class SeatManaged:
    """The host changed remote seat `seat` (net/host.py): "handed" to a bot of `level`, "given" back to its player,
    or "opened" for someone else to join with a new token."""

    seat: int
    change: SeatChange
    level: str | None = None


@dataclass(frozen=True, slots=True)
class HostMoved:
    """A joined table's host sent a new view of the game (its own clock's bot may have played this screen's turn)."""


@dataclass(frozen=True, slots=True)
class HostLost:
    """The host of a joined table can no longer be reached; why, in one line."""

    why: str


TableEvent = (
    TurnStarted
    | Asked
    | ActionApplied
    | Conceded
    | RoundEnded
    | GameEnded
    | SaveFailed
    | Recorded
    | SeatsChanged
    | SeatJoined
    | Said
    | Clocked
    | SeatManaged
    | HostMoved
    | HostLost
)
#: Hears every event of a table, in the order they happen.
Listener = Callable[[TableEvent], None]
