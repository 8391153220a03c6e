"""The history database's layout: the migrations that make it, and the checks that it is still whole."""

from __future__ import annotations

import sqlite3

_V1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game_key TEXT NOT NULL UNIQUE,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    ruleset_id TEXT NOT NULL,
    ruleset_name TEXT NOT NULL,
    players INTEGER NOT NULL
);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    human INTEGER NOT NULL,
    level TEXT,
    final_score INTEGER,
    winner INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE rounds (
    game_id INTEGER NOT NULL REFERENCES games(id),
    round_no INTEGER NOT NULL,
    finished_at TEXT NOT NULL,
    caller INTEGER NOT NULL,
    assaf INTEGER NOT NULL,
    winner INTEGER NOT NULL,
    PRIMARY KEY (game_id, round_no)
);
CREATE TABLE round_seats (
    game_id INTEGER NOT NULL,
    round_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    hand TEXT NOT NULL,
    hand_value INTEGER NOT NULL,
    added INTEGER NOT NULL,
    score INTEGER NOT NULL,
    assafer INTEGER NOT NULL,
    zeroed INTEGER NOT NULL,
    reset_from INTEGER,
    eliminated INTEGER NOT NULL,
    PRIMARY KEY (game_id, round_no, seat),
    FOREIGN KEY (game_id, round_no) REFERENCES rounds(game_id, round_no)
);
"""

# Stats are looked up by player name across games.
_V2 = """
CREATE INDEX seats_by_name ON seats(name);
"""

#: Each step takes the database from version i to i + 1; a new step is appended, never edited.
MIGRATIONS: tuple[str, ...] = (_V1, _V2)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(connection: sqlite3.Connection) -> int:
    """Bring the database up to SCHEMA_VERSION, each step in its own transaction; returns the version found."""
    connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = connection.execute("SELECT max(version) FROM schema_version").fetchone()
    value = row[0] if row else None
    if value is not None and type(value) is not int:
        raise Damaged(f"its schema version is {str(value)[:20]!r}, not a number")
    found = value or 0
    if found > SCHEMA_VERSION:
        raise NewerSchema(found)
    for version in range(found, SCHEMA_VERSION):
        # executescript would commit on its own, and sqlite3 opens no transaction before CREATE:
        # an explicit BEGIN keeps each step all-or-nothing.
        with connection:
            connection.execute("BEGIN")
            for statement in MIGRATIONS[version].split(";"):
                if statement.strip():
                    connection.execute(statement)
            connection.execute("DELETE FROM schema_version")
            connection.execute("INSERT INTO schema_version VALUES (?)", (version + 1,))
    return found


class NewerSchema(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


class Damaged(Exception):
    """The database is not one this yaniv-tui can use; the message says what is wrong."""


#: Every table and the columns this version reads and writes.
TABLES: dict[str, frozenset[str]] = {
    "schema_version": frozenset({"version"}),
    "games": frozenset({"id", "game_key", "started_at", "finished_at", "ruleset_id", "ruleset_name", "players"}),
    "seats": frozenset({"game_id", "seat", "name", "human", "level", "final_score", "winner"}),
    "rounds": frozenset({"game_id", "round_no", "finished_at", "caller", "assaf", "winner"}),
    "round_seats": frozenset(
        {"game_id", "round_no", "seat", "hand", "hand_value", "added", "score", "assafer", "zeroed"}
        | {"reset_from", "eliminated"}
    ),
}

#: What SQLite says of a database whose tables are not what this yaniv-tui made.
_DAMAGE = ("no such table", "no such column", "malformed", "not a database", "has no column")


def check_tables(connection: sqlite3.Connection) -> None:
    """Read every table once and check its columns; _Damaged says which is unreadable."""
    for table, columns in TABLES.items():
        have = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        if not have:
            raise Damaged(f"its table {table} is missing")
        missing = sorted(columns - have)
        if missing:
            raise Damaged(f"its table {table} lacks {', '.join(missing)}")
        connection.execute(f"SELECT count(*) FROM {table}").fetchone()


def is_damage(error: BaseException) -> bool:
    """Whether an error from SQLite means the database itself is unusable (as opposed to busy or unwritable)."""
    if isinstance(error, Damaged) or type(error) is sqlite3.DatabaseError:  # "file is not a database", ...
        return True
    return isinstance(error, sqlite3.OperationalError) and any(word in str(error).lower() for word in _DAMAGE)
