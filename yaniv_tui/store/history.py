"""The history database: every finished round and game in SQLite, and each player's stats; never stops a game.

A database that is damaged (not a file, not SQLite, a schema that is not exactly a version this yaniv-tui
knows with its tables and indexes, or rows that contradict each other) is moved aside, never deleted, and a
new one started, with one line in `History.notice`. One from a newer yaniv-tui, or one locked by another
program, is never moved: `History.problem` says so, and finished games wait as pending saves.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yaniv_tui.engine import Game, RoundScore, Seat
from yaniv_tui.engine.ruleset_read import printable

from .files import kind_of
from .meta import now_iso
from .paths import history_path
from .saves import move_aside
from .schema import MIGRATIONS, SCHEMA_VERSION, Damaged, NewerSchema, check_tables, is_damage, migrate

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "STATS_COLUMNS", "History", "PlayerStats", "print_stats", "stats_table"]

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player name's record over every game in the history."""

    name: str
    games: int  # finished games
    wins: int  # finished games won, a shared win included
    rounds: int
    points: int  # points added over those rounds (an Assaf penalty included, a bonus taken off)
    calls: int  # Yaniv calls
    calls_won: int  # calls that were not Assafed
    assafs_made: int
    assafs_suffered: int

    @property
    def average_points(self) -> float:
        """Average points added per round played."""
        return self.points / self.rounds if self.rounds else 0.0

    @property
    def call_success(self) -> float:
        """The share of Yaniv calls that were not Assafed, 0 to 1."""
        return self.calls_won / self.calls if self.calls else 0.0

    def cells(self) -> tuple[str, ...]:
        """The row under STATS_COLUMNS, as text (the name's control characters escaped: it may be from an old file)."""
        return (
            printable(self.name),
            str(self.games),
            str(self.wins),
            f"{self.average_points:.1f}",
            str(self.calls),
            f"{self.call_success:.0%}" if self.calls else "–",
            str(self.assafs_made),
            str(self.assafs_suffered),
        )


#: The stats table's headings, shared by `yaniv stats` and the stats screen.
STATS_COLUMNS = ("player", "games", "wins", "points / round", "Yaniv calls", "calls won", "Assafs made", "Assafed")


class History:
    """The history database. No method raises: a problem is kept in `.problem` (one line) and play goes on.

    A locked database is tried again on the next call, and rounds missed meanwhile are recorded then,
    since `record` writes every finished round the game holds that the database lacks.
    """

    def __init__(self, path: Path | None = None, *, timeout: float = 0.5) -> None:
        self.path = path or history_path()
        self.timeout = timeout
        self.problem: str | None = None
        #: A damaged database moved aside and a new one started: the one line to tell, once.
        self.notice: str | None = None
        self._connection: sqlite3.Connection | None = None
        self._broken = False  # from a newer version, or damaged past repair: not tried again
        self._replaced = False  # a damaged database was moved aside once already
        self._recorded: dict[str, int] = {}  # game key -> rounds known to be in the database
        # The app may record from a worker thread and read stats from the main one.
        self._lock = threading.RLock()
        self._connect()

    @property
    def available(self) -> bool:
        return self._connect() is not None

    def _connect(self) -> sqlite3.Connection | None:
        if self._connection is not None:
            return self._connection
        if self._broken:
            return None
        connection: sqlite3.Connection | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            _check_file(self.path)
            connection = sqlite3.connect(
                self.path, timeout=self.timeout, isolation_level="DEFERRED", check_same_thread=False
            )
            connection.execute("PRAGMA foreign_keys = ON")
            migrate(connection)
            check_tables(connection)
        except NewerSchema as newer:
            self._fail(f"was made by a newer yaniv-tui (schema {newer.version}, this one knows {SCHEMA_VERSION})")
            self._broken = True
        except (sqlite3.Error, OSError, Damaged) as error:
            if connection is not None:
                connection.close()
                connection = None
            if is_damage(error) and self._start_anew(error):
                return self._connect()
            self._fail_on(error)
        else:
            self._connection = connection
            self.problem = None
            return connection
        if connection is not None:
            connection.close()
        return None

    def _start_anew(self, error: BaseException) -> bool:
        """Move a damaged database aside (with its journal) so a new one starts; False when it cannot be."""
        self.close()
        if self._replaced:
            return False
        self._replaced = True
        self._recorded.clear()  # the new database holds none of it: record every round again
        if not os.path.lexists(self.path):
            return True  # another yaniv moved it aside a moment ago: open the new one
        try:
            aside = move_aside(self.path)
        except FileNotFoundError:
            return True  # another yaniv moved it aside a moment ago: open the new one
        except OSError:
            return False
        for suffix in ("-journal", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.rename(f"{self.path}{suffix}", f"{aside}{suffix}")
        text = str(error).splitlines()[0] if str(error) else type(error).__name__
        self.notice = (
            f"history database {self.path} was damaged ({text}); it was moved to {aside} and a new one started"
        )
        return True

    def _fail(self, message: str) -> None:
        self.problem = f"history database {self.path} {message}"

    def _fail_on(self, error: BaseException) -> None:
        text = str(error).splitlines()[0] if str(error) else type(error).__name__
        if isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
            self._fail("is locked by another program")
        elif is_damage(error):
            self._fail(f"is damaged ({text}) and could not be moved aside")
            self._broken = True
        elif isinstance(error, OSError):
            self._fail(f"cannot be opened ({error.strerror or text})")
        else:
            self._fail(f"cannot be used ({text})")
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self._connection.close()
            self._connection = None

    def _run(self, work: Callable[[sqlite3.Connection], Any], default: Any) -> Any:
        with self._lock:
            for _ in range(2):  # a second time in a new database, when this one turns out damaged
                connection = self._connect()
                if connection is None:
                    return default
                try:
                    with connection:
                        return work(connection)
                except (sqlite3.Error, OSError) as error:
                    if is_damage(error) and self._start_anew(error):
                        continue
                    self._fail_on(error)
                    return default
            return default

    def close(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self._connection.close()
            self._connection = None

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- recording ---------------------------------------------------------------------------

    def record(
        self,
        game_key: str,
        game: Game,
        seats: Sequence[Seat],
        started_at: str | None = None,
        *,
        hints: Sequence[int] = (),
        conceded: Sequence[int] = (),
    ) -> bool:
        """Record the game's finished rounds (and its result once over) that are not yet in the database.

        A seat in `conceded` left the game (a bot played it out): it is never recorded as a winner.

        Call it after any action, as often as you like: it does nothing when nothing new has finished.
        Returns True when the database holds everything finished so far.
        """
        rounds = len(game.history)
        if self._recorded.get(game_key) == rounds:
            return True
        if len(seats) != len(game.players):
            raise ValueError(f"{len(seats)} seats given for {len(game.players)} players")

        def work(db: sqlite3.Connection) -> bool:
            game_id = self._game_row(db, game_key, game, seats, started_at or now_iso())
            have = db.execute("SELECT count(*) FROM rounds WHERE game_id = ?", (game_id,)).fetchone()[0]
            for i in range(have, rounds):
                _insert_round(db, game_id, i + 1, game.history[i])
            if game.is_over:
                _finish(db, game_id, game, conceded)
            return True

        done = bool(self._run(work, False))
        if done:
            self._recorded[game_key] = rounds
        return done

    def _game_row(self, db: sqlite3.Connection, key: str, game: Game, seats: Sequence[Seat], started: str) -> int:
        row = db.execute("SELECT id FROM games WHERE game_key = ?", (key,)).fetchone()
        if row:
            return int(row[0])
        cursor = db.execute(
            "INSERT INTO games (game_key, started_at, ruleset_id, ruleset_name, players) VALUES (?, ?, ?, ?, ?)",
            (key, started, game.rules.id, game.rules.name, len(game.players)),
        )
        game_id = int(cursor.lastrowid or 0)
        db.executemany(
            "INSERT INTO seats (game_id, seat, name, human, level) VALUES (?, ?, ?, ?, ?)",
            [
                (game_id, i, name, *seat_columns(seat))
                for i, (name, seat) in enumerate(zip(game.players, seats, strict=True))
            ],
        )
        return game_id

    # -- reading -----------------------------------------------------------------------------

    def stats(self) -> list[PlayerStats]:
        """Every player name's stats, most wins first; [] (and `.problem` set) when the database is unusable."""
        result: list[PlayerStats] = self._run(_stats, [])
        return result

    def games_played(self) -> int:
        """Finished games in the history (0 when the database is unusable)."""
        query = "SELECT count(*) FROM games WHERE finished_at IS NOT NULL"
        count: int = self._run(lambda db: db.execute(query).fetchone()[0], 0)
        return count


def seat_columns(seat: Seat) -> tuple[int, str | None]:
    """A seat as the `seats` table holds it, (human, level): a human is (1, None), a bot (0, its level), and a
    player on another machine (0, None)."""
    return int(seat.is_human), seat.level


def _check_file(path: Path) -> None:
    """Damaged when the database's path holds something other than a regular file (links followed): SQLite
    would fail on it for ever, or make a file wherever a link to nothing points."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return  # a new database is made (lstat, not stat: another yaniv may be making it this moment)
    if stat.S_ISLNK(mode):
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            raise Damaged("it is a link to a file that does not exist") from None
    if not stat.S_ISREG(mode):
        raise Damaged(f"it is {kind_of(mode)}, not a database file")


def _insert_round(db: sqlite3.Connection, game_id: int, round_no: int, score: RoundScore) -> None:
    db.execute(
        "INSERT INTO rounds (game_id, round_no, finished_at, caller, assaf, winner) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, round_no, now_iso(), score.caller, int(score.assaf), score.winner),
    )
    resets = {seat: before for seat, before, _after in score.resets}
    rows = []
    for seat, hand in enumerate(score.hands):
        if hand is None:
            continue  # out before this round
        rows.append(
            (
                game_id,
                round_no,
                seat,
                " ".join(card.code for card in hand),
                score.values[seat] or 0,
                score.added[seat] or 0,
                score.scores[seat] or 0,
                int(seat in score.assafers),
                int(seat in score.zeroed),
                resets.get(seat),
                int(seat in score.eliminated),
            )
        )
    db.executemany("INSERT INTO round_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


def _finish(db: sqlite3.Connection, game_id: int, game: Game, conceded: Sequence[int] = ()) -> None:
    db.execute("UPDATE games SET finished_at = ? WHERE id = ? AND finished_at IS NULL", (now_iso(), game_id))
    for seat, total in enumerate(game.scores):
        db.execute(
            "UPDATE seats SET final_score = ?, winner = ? WHERE game_id = ? AND seat = ?",
            (total, int(seat in game.winners and seat not in conceded), game_id, seat),
        )


_STATS = """
WITH played AS (
    SELECT s.name, count(*) AS games, sum(s.winner) AS wins
    FROM seats s JOIN games g ON g.id = s.game_id
    WHERE g.finished_at IS NOT NULL
    GROUP BY s.name
),
rounds_played AS (
    SELECT s.name, count(*) AS rounds, sum(rs.added) AS points,
           sum(rs.assafer) AS assafs_made
    FROM round_seats rs JOIN seats s ON s.game_id = rs.game_id AND s.seat = rs.seat
    GROUP BY s.name
),
calls AS (
    SELECT s.name, count(*) AS calls, sum(1 - r.assaf) AS calls_won, sum(r.assaf) AS assafs_suffered
    FROM rounds r JOIN seats s ON s.game_id = r.game_id AND s.seat = r.caller
    GROUP BY s.name
),
names AS (SELECT DISTINCT name FROM seats)
SELECT n.name,
       coalesce(p.games, 0), coalesce(p.wins, 0),
       coalesce(rp.rounds, 0), coalesce(rp.points, 0),
       coalesce(c.calls, 0), coalesce(c.calls_won, 0),
       coalesce(rp.assafs_made, 0), coalesce(c.assafs_suffered, 0)
FROM names n
LEFT JOIN played p ON p.name = n.name
LEFT JOIN rounds_played rp ON rp.name = n.name
LEFT JOIN calls c ON c.name = n.name
ORDER BY coalesce(p.wins, 0) DESC, coalesce(p.games, 0) DESC, n.name
"""


def _stats(db: sqlite3.Connection) -> list[PlayerStats]:
    return [PlayerStats(*row) for row in db.execute(_STATS)]


# -- `yaniv stats` --------------------------------------------------------------------------


def stats_table(stats: Sequence[PlayerStats]) -> Table:
    """The stats as a rich table, one row per player name."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title="Yaniv stats")
    table.add_column(STATS_COLUMNS[0], style="bold")
    for heading in STATS_COLUMNS[1:]:
        table.add_column(heading, justify="right")
    for player in stats:
        table.add_row(*map(Text, player.cells()))  # Text, not markup: a name like "[red]x" prints as typed
    return table


def print_stats(path: Path | None = None, console: Console | None = None) -> int:
    """`yaniv stats`: print every player's stats; returns the exit status (1 when the history is unusable)."""
    from rich.console import Console

    out = console or Console()
    with History(path) as history:
        stats = history.stats()
        if history.notice:
            print(f"yaniv: {history.notice}", file=sys.stderr)
        if history.problem:
            print(f"yaniv: {history.problem}", file=sys.stderr)
            return 1
    if not stats:
        out.print("No games in the history yet.")
        return 0
    out.print(stats_table(stats))
    return 0
