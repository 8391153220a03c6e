"""What a game is started with: the ruleset, the seats (humans and bots), the seed; no Textual here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from yaniv_tui.engine import (
    BOT_LEVELS,
    DEFAULT_BOT_DELAY,
    DEFAULT_BOT_LEVEL,
    MAX_NAME,
    MAX_SEED_DIGITS,
    BadName,
    GameSetupError,
    Ruleset,
    Seat,
    name_key,
)
from yaniv_tui.engine import check_name as engine_check_name
from yaniv_tui.engine import check_seed as engine_check_seed
from yaniv_tui.engine.clock import DEFAULT_TIMEOUTS_TO_BOT
from yaniv_tui.engine.names import quoted, unnamed_seat

from .words import is_you

__all__ = [
    "BOT_NAMES",
    "MAX_NAME",
    "MAX_SEED_DIGITS",
    "GameOptions",
    "OptionsError",
    "Seat",
    "YouAmongOthers",
    "bot_name",
    "check_level",
    "check_name",
    "check_seats",
    "choose_limits",
    "default_level",
    "default_seats",
    "finish_seats",
    "level_word",
    "levels",
    "named_remote",
    "parse_players",
    "read_seed",
    "you_among_others",
]

#: Names given to bots, in seat order, so a table reads like people sitting at it.
BOT_NAMES = ("Dana", "Avi", "Noa", "Eli", "Tamar", "Yossi", "Maya", "Omer")


class OptionsError(ValueError):
    """A seat list or setting that cannot start a game; the message is one line for the player."""


class YouAmongOthers(OptionsError):
    """A seat named "You" at a table of several people (`you_among_others`): the line says what to do, and `seat`
    is the seat to name again (the setup screen puts its player there)."""

    def __init__(self, seat: int) -> None:
        super().__init__(
            f"give seat {seat + 1} a name of its own: with other people at the table, each would read 'You' as"
            " themselves"
        )
        self.seat = seat


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Everything needed to deal a game: the rules with the host's chosen limits, the seats, the seed."""

    rules: Ruleset
    seats: tuple[Seat, ...]
    seed: int | None = None
    bot_delay: float = DEFAULT_BOT_DELAY
    ascii: bool = False
    #: How the ruleset was named: a preset id or a file path.
    ruleset_ref: str = ""
    #: Seconds a human seat's turn may take (`--turn-seconds`; None: no clock), and the timeouts in a row after
    #: which a bot plays the seat until its player acts again (`--timeouts-to-bot`).
    turn_seconds: float | None = None
    timeouts_to_bot: int = DEFAULT_TIMEOUTS_TO_BOT

    @property
    def humans(self) -> list[int]:
        """The seats played at this screen."""
        return [i for i, seat in enumerate(self.seats) if seat.is_human]


def levels() -> tuple[str, ...]:
    """The bot levels a seat may have, weakest first."""
    return BOT_LEVELS


def default_level() -> str:
    return DEFAULT_BOT_LEVEL


def bot_name(index: int, taken: Sequence[str]) -> str:
    """A bot's name for a seat: the next name from BOT_NAMES nobody at the table has."""
    keys = {name_key(name) for name in taken}
    for name in BOT_NAMES[index:] + BOT_NAMES[:index]:
        if name_key(name) not in keys:
            return name
    return f"Bot {index + 1}"


def check_name(name: str) -> str:
    """A player's name with its spaces tidied; OptionsError (one line) for one the name rule refuses
    (engine.names: empty, wider than MAX_NAME cells, or with a control or format character)."""
    try:
        return engine_check_name(name)
    except BadName as error:
        raise OptionsError(str(error)) from None


def level_word(text: str) -> str:
    """A bot level as a person types it (`--players bot:MEDIUM`, `--seats`, `--away-bot`): its case and the spaces
    around it do not count ('MEDIUM', ' Medium ' and 'medium' are one level); whether it is a level is the caller's
    check (`check_level`)."""
    return text.strip().lower()


def check_level(level: str) -> str:
    """`level` as a bot level's name (`level_word`), or OptionsError naming the levels there are."""
    available = levels()
    word = level_word(level)
    if word not in available:
        raise OptionsError(f"unknown bot level {quoted(level)}: choose {', '.join(available)}")
    return word


#: The word of a seat played from another machine, in `--players` (`remote` or `remote:NAME`).
REMOTE = "remote"


def named_remote(seats: Sequence[Seat]) -> frozenset[int]:
    """The remote seats of a new table whose names its host chose (`remote:NAME`, or typed on the setup screen):
    each waits for a joiner of that name (net.TableHost's `named`)."""
    return frozenset(i for i, seat in enumerate(seats) if seat.is_remote and seat.name != unnamed_seat(i))


def parse_players(text: str) -> tuple[Seat, ...]:
    """Read `"Ann,Bob,bot:easy,bot:hard:Zoe,remote"`: names are humans, `bot:LEVEL[:NAME]` a bot,
    `remote[:NAME]` a seat played from another machine (named "Player N" unless given)."""
    parts = [part.strip(" ") for part in text.split(",")]  # spaces only: a tab or newline is refused with the name
    if not text.strip() or any(not part.strip() for part in parts):
        example = f"Ann,Bob,bot:{default_level()}"
        raise OptionsError(f"--players needs comma-separated seats like {example!r}, got {quoted(text)}")
    specs: list[tuple[str | None, str | None]] = []
    for index, part in enumerate(parts):
        if part.lower().startswith(f"{REMOTE}:") or part.lower() == REMOTE:
            name = part.partition(":")[2]
            specs.append((check_name(name if name.strip() else unnamed_seat(index)), REMOTE))
        elif part.lower().startswith("bot:") or part.lower() == "bot":
            _, colon, rest = part.partition(":")
            level, _, name = rest.partition(":")
            if colon and not level.strip():
                example = f"bot:{default_level()}"
                raise OptionsError(f"bot: needs a level, like {example} (or 'bot' alone), got {quoted(part)}")
            specs.append((check_name(name) if name.strip() else None, check_level(level.strip() or default_level())))
        else:
            specs.append((check_name(part), None))
    return finish_seats(specs)


def finish_seats(specs: Sequence[tuple[str | None, str | None]]) -> tuple[Seat, ...]:
    """Seats from (name or None, bot level or None or "remote"): unnamed bots get names; names must differ as a
    person reads them (engine.names.same_name: not by case, full-width letters or how an accent is typed)."""
    taken = [name for name, _ in specs if name]
    seats: list[Seat] = []
    for index, (name, level) in enumerate(specs):
        if name is None:
            name = bot_name(index, taken)
            taken.append(name)
        if level == REMOTE:
            seats.append(Seat.remote(name))
        else:
            seats.append(Seat.person(name) if level is None else Seat.bot(level, name))
    first: dict[str, str] = {}
    for count, seat in enumerate(seats, 1):
        earlier = first.setdefault(name_key(seat.name), seat.name)
        if len(first) < count:
            both = repr(earlier) if earlier == seat.name else f"{earlier!r} and {seat.name!r} (read as one name)"
            raise OptionsError(f"two players are named {both}: every seat needs its own name")
    return tuple(seats)


def check_seats(seats: Sequence[Seat], rules: Ruleset) -> None:
    """OptionsError (one line) unless `seats` can start a game of `rules`: as many as it is for, and no seat named
    "You" among several people (YouAmongOthers); `--players` and the setup screen both ask."""
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise OptionsError(f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {len(seats)}")
    misnamed = you_among_others(seats)
    if misnamed is not None:
        raise YouAmongOthers(misnamed)


def you_among_others(seats: Sequence[Seat]) -> int | None:
    """The first seat named "You" at a table where more than one person plays (at this screen or another), or None.
    Every screen speaks to a seat of that name (`words.is_you`): the others' would say "Pass to You", "You dropped
    6♦" and "Your turn at the host." of someone else's seat. Alone against bots, "You" is the default name."""
    if sum(1 for seat in seats if not seat.is_bot) < 2:
        return None
    return next((index for index, seat in enumerate(seats) if is_you(seat.name)), None)


def default_seats() -> tuple[Seat, ...]:
    """One human against two bots: what a newcomer gets by pressing Enter."""
    level = default_level()
    return finish_seats([("You", None), (None, level), (None, level)])


def choose_limits(
    rules: Ruleset, yaniv_limit: int | None, end_limit: int | None, hand_size: int | None = None
) -> Ruleset:
    """The ruleset with the host's limits and hand size; OptionsError names what the preset offers."""
    try:
        return rules.with_choices(yaniv_limit=yaniv_limit, end_limit=end_limit, hand_size=hand_size)
    except ValueError as error:  # the ruleset files' limits, the same for a typed end score
        raise OptionsError(str(error)) from None


def read_seed(text: str) -> int:
    """A seed as a person types it: a whole number of 0 or more, in at most MAX_SEED_DIGITS digits; else
    OptionsError, one line saying what is wrong and what a seed takes, its subject left to the caller ("must be 0 or
    more, not -5": `--seed`'s, the setup screen's "the seed ...")."""
    typed = text.strip()
    if re.fullmatch(r"[+-]?[0-9]+", typed) is None:
        raise OptionsError(f"takes a whole number, not {quoted(typed)}")
    digits = len(typed.lstrip("+-"))
    if digits > MAX_SEED_DIGITS:
        raise OptionsError(f"must be at most {MAX_SEED_DIGITS} digits, not {digits}")
    try:
        return engine_check_seed(int(typed))
    except GameSetupError as error:
        raise OptionsError(str(error)) from None
