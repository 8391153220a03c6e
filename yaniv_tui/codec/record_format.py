"""What the modules of a game's record share (docs/game-record.md): its kind and version, its events as a
`GameRecord`, its one error, and how a line of it is named. `codec/record.py` is the record's door: it builds
(`record_build.py`), writes, reads, cuts to the limit and replays (`replaying.py`) a record, and every name is
imported from there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from yaniv_tui.engine.clock import ClockNews

__all__ = ["FORMAT", "TIMEOUT", "UNPLAYED", "VERSION", "GameRecord", "RecordError", "at_line"]

#: Names a file as a yaniv game record, so another JSON Lines file is told apart from a damaged record.
FORMAT = "yaniv-game-record"
#: Bumped whenever an event changes meaning; a record of another version is refused, not guessed at.
VERSION = 1
#: A "seat" event's status when the seat's time ran out, and a bot plays its turn (the turn clock's news,
#: engine/clock.py).
TIMEOUT: ClockNews = "timeout"
#: A "seat" event's status after a timeout whose bot never played (a hosted game saved and left in the bot's pause,
#: resumed by `yaniv host --resume`): the timeout still counts in a row, but the seat's next action is its player's.
UNPLAYED = "unplayed"


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message is one line naming the first bad event
    ("record line 57: ...")."""


@dataclass(slots=True)
class GameRecord:
    """The events of one game so far, each JSON-safe data (`record_text` writes them one a line).

    `rounds` and `reshuffles` are how many finished rounds and reshuffles of the game the events hold, so the
    next step knows what is new."""

    events: list[dict[str, Any]]
    rounds: int = 0
    reshuffles: int = 0

    @property
    def partial(self) -> bool:
        """Whether the record starts from a game already under way (a save written before records were kept)."""
        return bool(self.events[0].get("partial"))


def at_line(line: int) -> str:
    """A line of a record, as a RecordError names it."""
    return f"record line {line}"
