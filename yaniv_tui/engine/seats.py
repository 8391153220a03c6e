"""Who sits at the table: a `Seat` is a local human, a bot of a level, or a player on another machine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

#: The kinds of seat. A "remote" seat is played from another machine: it is saved and recorded like the
#: others, though nothing starts one yet.
SeatKind = Literal["human", "bot", "remote"]
SEAT_KINDS: tuple[SeatKind, ...] = get_args(SeatKind)
#: The bot levels a seat may hold, weakest first (the bots package makes one of each).
BOT_LEVELS = ("easy", "medium", "hard", "expert")
#: The level a bot gets when nobody chooses one.
DEFAULT_BOT_LEVEL = "medium"


@dataclass(frozen=True, slots=True)
class Seat:
    """One chair at the table: its kind, the player's name, and a bot's level (None for anyone else).

    A seat read back from a save takes its name from the game; a seat given without one has the name "".
    """

    kind: SeatKind
    name: str = ""
    level: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {self.kind!r}")
        if self.kind == "bot" and self.level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {self.level!r}: choose {', '.join(BOT_LEVELS)}")
        if self.kind != "bot" and self.level is not None:
            raise ValueError(f"a {self.kind} seat has no bot level")

    @classmethod
    def person(cls, name: str = "") -> Seat:
        """A human at this screen."""
        return cls("human", name)

    @classmethod
    def bot(cls, level: str, name: str = "") -> Seat:
        """A bot of `level` (one of BOT_LEVELS)."""
        return cls("bot", name, level)

    @classmethod
    def remote(cls, name: str = "") -> Seat:
        """A player on another machine."""
        return cls("remote", name)

    @property
    def is_human(self) -> bool:
        """A human at this screen (not one on another machine)."""
        return self.kind == "human"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_remote(self) -> bool:
        return self.kind == "remote"

    def named(self, name: str) -> Seat:
        """The same seat under `name`."""
        return Seat(self.kind, name, self.level)

    def describe(self) -> str:
        """Who plays it, in a word or two: "human", "hard bot", "remote"."""
        return f"{self.level} bot" if self.kind == "bot" else self.kind
