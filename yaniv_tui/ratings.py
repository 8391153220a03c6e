"""Each bot level's rating, as `yaniv sim --ladder --write` measured it: the file's format, read and written here only.

The file (data/ratings.json in the package) holds one table per ruleset and seats per game. Each table says how it
was made (ruleset, seats per game, games per pairing, seed, the expert's guesses a move, the date, the command)
and each level's rating from rounds, anchored with easy at 1000, with its 95% interval (and, beside it, from whole
games). Reading never fails:
a missing or damaged file, or a table that is not there, gives no ratings.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from yaniv_tui.engine import DEFAULT_RULESET
from yaniv_tui.engine.files import NotAFile, TooBig, kind_of, read_regular
from yaniv_tui.engine.json_text import JsonError, read_json
from yaniv_tui.engine.ruleset_read import nesting

#: The ratings shipped in the package, which the ladder regenerates.
RATINGS_FILE = Path(__file__).parent / "data" / "ratings.json"
#: The ratings file is a few kilobytes; anything far bigger is not one, and is not read.
MAX_RATINGS_BYTES = 1 << 20
#: The file's format; a file of another format reads as no ratings.
FORMAT = 1
#: The table the setup screen shows: heads-up games under the default rules.
SHOWN_SEATS = 2
#: How deep a ratings file nests: the file, its tables, a table, its intervals, an interval's pair.
MAX_NESTING = 5


@dataclass(frozen=True)
class RatingsTable:
    """One ladder run's ratings: `ratings` is each level's rating from rounds (the one shown), `intervals` its 95%
    interval, `game_ratings` its rating from whole games."""

    ruleset: str
    seats_per_game: int
    games_per_pairing: int
    seed: int
    expert_samples: int | None
    date: str
    command: str
    ratings: dict[str, float]
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)
    game_ratings: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["intervals"] = {level: list(pair) for level, pair in self.intervals.items()}
        return data

    @classmethod
    def from_json(cls, data: Any) -> RatingsTable:
        """The table in `data`; ValueError (or KeyError) for anything that is not one: a value of another type is
        never turned into one (true is no seat count, the text "12" no seed)."""
        if not isinstance(data, dict):
            raise ValueError("a ratings table is an object")
        samples = data.get("expert_samples")
        return cls(
            ruleset=_text(data, "ruleset"),
            seats_per_game=_whole(data, "seats_per_game"),
            games_per_pairing=_whole(data, "games_per_pairing"),
            seed=_whole(data, "seed"),
            expert_samples=None if samples is None else _whole(data, "expert_samples"),
            date=_text(data, "date"),
            command=_text(data, "command"),
            ratings=_numbers(data["ratings"], "ratings"),
            intervals=_intervals(data.get("intervals", {})),
            game_ratings=_numbers(data.get("game_ratings", {}), "game_ratings"),
        )


def _shown(value: Any) -> str:
    """A value as a damaged table's line quotes it: JSON's words (true, null), cut short."""
    return repr(value[:40]) if isinstance(value, str) else json.dumps(value, ensure_ascii=False)[:40]


def _whole(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if type(value) is not int:
        raise ValueError(f"its {key} is a whole number, got {_shown(value)}")
    return value


def _text(data: dict[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise ValueError(f"its {key} is text, got {_shown(value)}")
    return value


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _numbers(data: Any, key: str) -> dict[str, float]:
    if not isinstance(data, dict):
        raise ValueError(f"its {key} are each level's number, got {_shown(data)}")
    if bad := [value for value in data.values() if not _number(value)]:
        raise ValueError(f"its {key} are numbers, got {_shown(bad[0])}")
    return {str(level): float(value) for level, value in data.items()}


def _intervals(data: Any) -> dict[str, tuple[float, float]]:
    if not isinstance(data, dict):
        raise ValueError(f"its intervals are each level's pair of numbers, got {_shown(data)}")
    pairs = {}
    for level, pair in data.items():
        if not (isinstance(pair, list) and len(pair) == 2 and all(map(_number, pair))):
            raise ValueError(f"its intervals are pairs of numbers, got {_shown(pair)}")
        pairs[str(level)] = (float(pair[0]), float(pair[1]))
    return pairs


class DamagedRatings(ValueError):
    """A ratings file that is there but holds no ratings file of this yaniv: the message says why, in a few words;
    `path` is the file."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(why)
        self.path = path


def _tables_data(path: Path) -> list[Any] | None:
    """The file's list of tables as data; None when there is no file; DamagedRatings when it is not a ratings file;
    OSError, NotAFile (a FIFO or a device is never waited on, nor read) or TooBig when it cannot be read."""
    try:
        raw = read_regular(path, MAX_RATINGS_BYTES)
    except FileNotFoundError:
        return None
    too_deep = DamagedRatings(
        path, f"nested too deep: a ratings file nests at most {MAX_NESTING} levels, down to a table's intervals"
    )
    try:
        document = read_json(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise DamagedRatings(path, "not UTF-8 text") from None
    except JsonError as error:  # in the words of every JSON file's reader: a BOM, NaN, a key written twice, ...
        raise (too_deep if error.too_deep else DamagedRatings(path, str(error))) from None
    if isinstance(document, dict | list) and nesting(document) > MAX_NESTING:  # the line above names a depth that holds
        raise too_deep
    if (
        not isinstance(document, dict)
        or type(document.get("format")) is not int  # true equals 1 in Python
        or document.get("format") != FORMAT
        or not isinstance(document.get("tables"), list)
    ):
        raise DamagedRatings(path, f"not a ratings file of this yaniv (format {FORMAT})")
    return list(document["tables"])


def _tables(found: list[Any]) -> tuple[list[RatingsTable], str | None]:
    """The sound tables of a file's list, and None or why its first damaged one is not a table, in a few words."""
    tables: list[RatingsTable] = []
    damage = None
    for number, data in enumerate(found, 1):
        try:
            tables.append(RatingsTable.from_json(data))
        except (ValueError, TypeError, KeyError, IndexError) as error:
            damage = damage or f"its table {number}{_which(data)} is not a ratings table ({_why(error)})"
    return tables, damage


def _which(data: Any) -> str:
    """A damaged table's ruleset and seats, as far as it says them: " (israeli, 2 seats)", or nothing."""
    if not isinstance(data, dict):
        return ""
    ruleset, seats = data.get("ruleset"), data.get("seats_per_game")
    if not isinstance(ruleset, str) or not ruleset.isprintable() or type(seats) is not int:
        return ""
    return f" ({ruleset[:40]}, {seats} seats)"


def _why(error: Exception) -> str:
    """What is wrong with a table, in a few words on one line."""
    if isinstance(error, KeyError):
        return f"its {str(error.args[0])[:40]} is missing"
    return " ".join(str(error).split())[:100] or type(error).__name__


def read_tables(path: Path | None = None) -> list[RatingsTable]:
    """Every table in the file; none for a missing or damaged file (a damaged table is left out)."""
    try:
        found = _tables_data(path or RATINGS_FILE)
    except (OSError, DamagedRatings, NotAFile, TooBig):
        return []
    return _tables(found or [])[0]


def level_ratings(ruleset: str = DEFAULT_RULESET, seats: int = SHOWN_SEATS, path: Path | None = None) -> dict[str, int]:
    """Each level's rating (rounded) under `ruleset` at `seats` a game; empty if the file has no such table."""
    for table in read_tables(path):
        if table.ruleset == ruleset and table.seats_per_game == seats:
            return {level: round(value) for level, value in table.ratings.items()}
    return {}


def write_table(
    table: RatingsTable,
    path: Path | None = None,
    *,
    write: Callable[[Path, bytes], None],
    move_aside: Callable[[Path], Path] | None = None,
    tell: Callable[[str], None] | None = None,
    lock: Callable[[Path], AbstractContextManager[object]] | None = None,
) -> Path:
    """Put `table` in the file, in place of any table of its ruleset and seats; the file written. `write` replaces
    the file's bytes whole or not at all (`store.atomic_write`: the file holds every ruleset's tables, and a write
    cut short by a full disk lost them). DamagedRatings when the file there is not a ratings file: it is never written
    over (its tables would be lost). A file with a damaged table among its tables is never written over either: with
    `move_aside` (`store.files.move_aside`: renamed beside itself, never deleted) and `tell`, it is moved aside, told
    in one line (which file, which table, what is wrong, where it went), and its sound tables are written again with
    `table`; without, DamagedRatings names the table and what is wrong, and the file is left as it is. `lock`
    (`store.files.holding_folder`) is held from the read to the write: two ladders writing at once each keep their
    table, where the later one's write, made from what it read before the other's, lost the other's table."""
    path = path or RATINGS_FILE
    with lock(Path(os.path.realpath(path))) if lock is not None else contextlib.nullcontext():
        return _write_table(table, path, write, move_aside, tell)


def _write_table(
    table: RatingsTable,
    path: Path,
    write: Callable[[Path, bytes], None],
    move_aside: Callable[[Path], Path] | None,
    tell: Callable[[str], None] | None,
) -> Path:
    """`write_table`'s read, change and write, under its lock."""
    found: list[Any] | None = None
    with contextlib.suppress(OSError, NotAFile, TooBig):  # told by the write below
        found = _tables_data(path)
    sound, damage = _tables(found or [])
    if damage is not None:
        if move_aside is None or tell is None:
            raise DamagedRatings(path, damage)
        aside = move_aside(Path(os.path.realpath(path)))  # the file a link names: the link stays, and is written
        tell(f"ratings file {path} had a damaged table ({damage}); it was moved to {aside}")
    kept = [t for t in sound if (t.ruleset, t.seats_per_game) != (table.ruleset, table.seats_per_game)]
    tables = sorted([*kept, table], key=lambda t: (t.ruleset != DEFAULT_RULESET, t.ruleset, t.seats_per_game))
    document = {
        "format": FORMAT,
        "about": "Each bot level's rating from rounds (and from whole games), easy = 1000, 400 points = 10:1 odds; "
        "made by the command in each table (yaniv sim --ladder ... --write); read by yaniv_tui/ratings.py.",
        "tables": [t.to_json() for t in tables],
    }
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    if not stat.S_ISREG(mode):  # writing would wait for ever on a FIFO, or pour into a device
        raise OSError(f"{path} is {kind_of(mode)}, not a file")
    write(path, (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return path
