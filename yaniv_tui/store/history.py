"""The history database: every finished round and game in SQLite, and each player's stats; never stops a game.

A database that is damaged (not a file, not SQLite, a schema that is not exactly a version this yaniv-tui
knows with its tables and indexes, or rows that contradict each other) is moved aside, never deleted, and a
new one started, with one line in `History.notice`. One from a newer yaniv-tui, or one in use by another
program (perhaps another yaniv), is never moved: `History.problem` says so, and finished games wait as pending
saves. Nor is one where a write broke a constraint (a bug, or another program's rows): that is the write's fault,
said in `History.problem`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import stat
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yaniv_tui.engine import Game
from yaniv_tui.engine.names import quoted
from yaniv_tui.engine.ruleset_read import printable

from .files import create_private, kind_of, move_aside, private_folder
from .games import GameRow
from .history_records import FoundRecord, HistoryError, RecordShelf, within_limit
from .history_rows import finish, game_row, insert_round, keep_record
from .meta import SaveMeta, now_iso
from .paths import DATA_ENV, WRITE_REFUSED, history_path, in_the_way, unwritable
from .schema import MIGRATIONS, SCHEMA_VERSION, Damaged, NewerSchema, check_tables, is_damage, migrate
from .stats import STATS_COLUMNS, PlayerStats, Versus, read_rulesets, read_stats, read_versus

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "STATS_COLUMNS",
    "FoundRecord",
    "GameRow",
    "History",
    "HistoryError",
    "PlayerStats",
    "Versus",
    "no_games_line",
]


#: The files SQLite keeps beside the database (a rollback journal, or a write-ahead log and its index).
_COMPANIONS = ("-journal", "-wal", "-shm")


class History(RecordShelf):
    """The history database. No method raises: a problem is kept in `.problem` (one line) and play goes on.

    A locked database is tried again on the next call, and rounds missed meanwhile are recorded then,
    since `record` writes every finished round the game holds that the database lacks.
    """

    def __init__(self, path: Path | None = None, *, timeout: float = 0.5, create: bool = True) -> None:
        """`create=False` (a reader: a listing, an export): a database that is not there is not made, nor its folder;
        it reads as one with no games, and nothing is recorded."""
        self.path = path or history_path()
        self.timeout = timeout
        self.create = create
        self.problem: str | None = None
        #: A damaged database moved aside and a new one started: the one line to tell, once.
        self.notice: str | None = None
        self._connection: sqlite3.Connection | None = None
        self._broken = False  # from a newer version, or damaged past repair: not tried again
        self._replaced = False  # a damaged database was moved aside once already
        self._recorded: dict[str, tuple[object, ...]] = {}  # game key -> (rounds, hints, conceded) in the database
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
        if not self.create and not os.path.lexists(self.path):
            if blocker := in_the_way(self.path.parent):
                self._fail(f"cannot be opened: {blocker} is not a folder")
                return None
            # Nothing to read, and a reader makes nothing: an empty history in memory answers as a new one would.
            connection = sqlite3.connect(":memory:", check_same_thread=False)
            migrate(connection)
            self._connection = connection
            return connection
        try:
            private_folder(self.path.parent)
            _check_file(self.path)
            _make_private(self.path)
            self._move_odd_companions()
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

    def _move_odd_companions(self) -> None:
        """Move aside (never delete) a journal or WAL path that holds something other than a regular file, and say
        so once: SQLite opens each that is there, and would wait for ever on a FIFO."""
        for suffix in _COMPANIONS:
            companion = Path(f"{self.path}{suffix}")
            try:
                mode = os.lstat(companion).st_mode
            except FileNotFoundError:
                continue
            if stat.S_ISREG(mode):
                continue
            with contextlib.suppress(FileNotFoundError):  # another yaniv moved it a moment ago
                aside = move_aside(companion)
                kind = "a link" if stat.S_ISLNK(mode) else kind_of(mode)
                self.notice = f"history journal {companion} was {kind}, not a file; it was moved to {aside}"

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
        for suffix in _COMPANIONS:
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
            # Often another yaniv (two terminals), as often as another program: words that fit both.
            self._fail(
                "is in use by another program, perhaps another yaniv: finished games wait in their saves and are "
                "recorded once it is free (close the other, or try again later)"
            )
        elif isinstance(error, sqlite3.IntegrityError):
            self._fail(
                f"could not record a game ({text}): nothing was moved, and the finished game waits in its save to be "
                "recorded again"
            )
        elif is_damage(error):
            self._fail(f"is damaged ({text}) and could not be moved aside")
            self._broken = True
        elif isinstance(error, FileExistsError | NotADirectoryError) and (blocker := in_the_way(self.path.parent)):
            self._fail(f"cannot be opened: {blocker} is not a folder")
        elif _disk_full(error):
            self._fail(
                "cannot be written: the disk is full; games still play, and their saves catch it up once there is room"
            )
        elif _refused_write(error) and (why := unwritable(self.path)):
            self._fail(
                f"cannot be written: {why}; games still play, but are not counted in your stats "
                f"(make it writable, or set {DATA_ENV} to a folder you can write to)"
            )
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

    def record(self, game: Game, meta: SaveMeta, record: GameRecord | None = None) -> bool:
        """Record the game's finished rounds (and its result once over) that are not yet in the database, with
        what its save's `meta` knows: who sits where, the hints each seat asked for, who conceded and when. Once the
        game is over its `record` (codec/record.py) is committed with its last round, in the same transaction.

        A seat that conceded is never recorded as a winner, and the rounds from the one it conceded in are the
        bot's, not the person's (see stats.py). Call it after any action, as often as you like: it does nothing
        when nothing new has finished. Returns True when the database holds everything finished so far.
        """
        if not self.create:
            raise ValueError("this History only reads (create=False): record with one that may make the database")
        game_key, seats, hints = meta.game_id, meta.seats, tuple(meta.hints)
        rounds = len(game.history)
        conceded = tuple((seat, meta.conceded_round(seat)) for seat in meta.conceded)
        kept = record is not None and game.is_over
        if self._recorded.get(game_key) == (rounds, hints, conceded, kept):
            return True
        if len(seats) != len(game.players):
            raise ValueError(f"{len(seats)} seats given for {len(game.players)} players")
        if hints and (len(hints) != len(game.players) or min(hints) < 0):
            raise ValueError(f"hints must be a count of 0 or more for each of the {len(game.players)} players")
        if kept and record is not None:  # cut to the limit before the transaction: a long game's takes seconds
            record = within_limit(record, game)

        def work(db: sqlite3.Connection) -> bool:
            # Read what is there and write what is not in one transaction, holding the write lock from its start:
            # another yaniv recording the same game at once (two seats of one user at a host's table keep its
            # record under one id) waits, then finds it, rather than writing it a second time.
            db.execute("BEGIN IMMEDIATE")
            game_id = game_row(db, game_key, game, seats, meta.started_at or now_iso())
            have = db.execute("SELECT count(*) FROM rounds WHERE game_id = ?", (game_id,)).fetchone()[0]
            for i in range(have, rounds):
                insert_round(db, game_id, i + 1, game.history[i])
            # Never fewer than recorded: a game resumed elsewhere may count its hints again from 0.
            db.executemany(
                "UPDATE seats SET hints = max(hints, ?) WHERE game_id = ? AND seat = ?",
                [(count, game_id, seat) for seat, count in enumerate(hints)],
            )
            db.executemany(
                "UPDATE seats SET conceded_round = ? WHERE game_id = ? AND seat = ?",
                [(round_no, game_id, seat) for seat, round_no in conceded],
            )
            if game.is_over:
                if record is not None:
                    keep_record(db, game_id, record)
                finish(db, game_id, game, meta)
            return True

        done = bool(self._run(work, False))
        if done:
            self._recorded[game_key] = (rounds, hints, conceded, kept)
        return done

    # -- reading -----------------------------------------------------------------------------

    def stats(self, ruleset: str | None = None) -> list[PlayerStats]:
        """Every player's stats (a bot's by level; of one ruleset's games, by its id or name), most wins first;
        [] (and `.problem` set) when the database is unusable."""
        result: list[PlayerStats] = self._run(lambda db: read_stats(db, ruleset), [])
        return result

    def versus(self, ruleset: str | None = None) -> list[Versus]:
        """Each person's record against each bot level (of one ruleset's games); [] when unusable."""
        result: list[Versus] = self._run(lambda db: read_versus(db, ruleset), [])
        return result

    def rulesets(self) -> list[str]:
        """The ids of the rulesets with finished games in the history, most games first; [] when unusable."""
        result: list[str] = self._run(read_rulesets, [])
        return result

    def games_played(self) -> int:
        """Finished games in the history (0 when the database is unusable)."""
        query = "SELECT count(*) FROM games WHERE finished_at IS NOT NULL"
        count: int = self._run(lambda db: db.execute(query).fetchone()[0], 0)
        return count


def _disk_full(error: BaseException) -> bool:
    """Whether `error` is SQLite or the system saying the disk (or the database's room on it) is full."""
    if isinstance(error, sqlite3.OperationalError):
        return "disk is full" in str(error) or getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL
    return isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT)


def _refused_write(error: BaseException) -> bool:
    """Whether `error` is the system or SQLite refusing to write (a read-only file or folder), as far as it says."""
    if isinstance(error, sqlite3.OperationalError):
        text = str(error)
        return "unable to open database file" in text or "readonly database" in text
    return isinstance(error, OSError) and error.errno in WRITE_REFUSED


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


def _make_private(path: Path) -> None:
    """Make a new database's file empty (SQLite takes an empty file for a new database) and its owner's alone before
    SQLite makes it with the umask's permissions: it holds every hand of every game, and SQLite gives its journal the
    database's permissions. One there already keeps its own."""
    with contextlib.suppress(FileExistsError):  # there already, or another yaniv made it a moment ago
        os.close(create_private(path))


def no_games_line(ruleset: str | None, known: Sequence[str]) -> str:
    """The one line for a history with no finished games (of the ruleset asked for), naming the rulesets it has
    games of."""
    if ruleset is None:
        return "No games finished yet: the history counts a game once it ends."
    line = f"No games of the ruleset {quoted(ruleset)} in the history"
    if known:
        return f"{line}: it has games of {', '.join(printable(name) for name in known)}."
    return f"{line}: it has no games yet."
