"""The history database's layout: the migrations that make it, and the checks that it is still whole."""

from __future__ import annotations

import functools
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

# The hints each seat asked for in a game, so a game won with hints is marked as such (none before).
_V3 = """
ALTER TABLE seats ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
"""

# The round a person conceded in (NULL: played to the end): from it on a bot played the seat, and those
# rounds are left out of the person's figures.
_V4 = """
ALTER TABLE seats ADD COLUMN conceded_round INTEGER;
"""

# Each finished game's record (codec/record.py, docs/game-record.md), committed with its last round; a game
# finished before records were kept has none. `partial`: the record starts from a save that kept none.
_V5 = """
CREATE TABLE records (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    partial INTEGER NOT NULL,
    body TEXT NOT NULL
);
"""

#: Each step takes the database from version i to i + 1; a new step is appended, never edited.
MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4, _V5)
SCHEMA_VERSION = len(MIGRATIONS)


_VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"

#: A table or an index as the database holds it: its kind, the table it belongs to, and its columns.
Layout = dict[str, tuple[str, str, frozenset[str]]]


class NewerSchema(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


class Damaged(Exception):
    """The database is not one this yaniv-tui can use; the message says what is wrong."""


def _statements(step: str) -> list[str]:
    return [statement for statement in step.split(";") if statement.strip()]


def layout_of(connection: sqlite3.Connection) -> Layout:
    """Every table and index in the database but SQLite's own, with their columns."""
    rows = connection.execute(
        "SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite%'"
    ).fetchall()
    found: Layout = {}
    for kind, name, table in rows:
        pragma = "table_info" if kind == "table" else "index_info"
        quoted = str(name).replace('"', '""')
        info = connection.execute(f'PRAGMA {pragma}("{quoted}")').fetchall()
        columns = frozenset(str(row[-1] if kind == "index" else row[1]) for row in info)
        found[str(name)] = (str(kind), str(table), columns)
    return found


@functools.cache
def layouts() -> tuple[Layout, ...]:
    """What each version's database holds, found by making it step by step in memory: index = version."""
    connection = sqlite3.connect(":memory:")
    try:
        connection.execute(_VERSION_TABLE)
        made = [layout_of(connection)]
        for step in MIGRATIONS:
            for statement in _statements(step):
                connection.execute(statement)
            made.append(layout_of(connection))
    finally:
        connection.close()
    return tuple(made)


def _check_layout(have: Layout, version: int) -> None:
    """Damaged unless the database holds every table and index of `version`, and none a later step makes."""
    want = layouts()[version]
    for name, (kind, table, columns) in want.items():
        if name not in have:
            raise Damaged(f"its {kind} {name} is missing")
        if have[name][:2] != (kind, table):
            raise Damaged(f"its {name} is not the {kind} on {table} it should be")
        missing = sorted(columns - have[name][2])
        if missing:
            raise Damaged(f"its {kind} {name} lacks {', '.join(missing)}")
    later = {name for made in layouts()[version + 1 :] for name in made} - set(want)
    ahead = sorted(later & set(have))
    if ahead:
        raise Damaged(f"it holds {ahead[0]}, which schema version {version} does not have")


def read_version(connection: sqlite3.Connection) -> int:
    """The schema version of the database, checked against what that version holds (0: a new, empty one).

    Damaged (one line) for anything that is not exactly a known version with its tables and indexes;
    NewerSchema when a newer yaniv-tui made it (then it is not checked further, nor touched).
    """
    have = layout_of(connection)
    if "schema_version" not in have:
        if have:
            raise Damaged("it has no schema_version table: it is not a yaniv-tui history")
        return 0
    if "version" not in have["schema_version"][2]:
        raise Damaged("its table schema_version lacks version")
    values = [row[0] for row in connection.execute("SELECT version FROM schema_version")]
    wrong = next((value for value in values if type(value) is not int), None)
    if wrong is not None or None in values:
        raise Damaged(f"its schema version is {str(wrong)[:20]!r}, not a number")
    if any(value > SCHEMA_VERSION for value in values):
        raise NewerSchema(max(values))
    if not values:
        if set(have) != {"schema_version"}:
            raise Damaged("its schema_version table is empty")
        return 0  # left by a start killed before its first step: nothing else is there
    if len(values) > 1:
        raise Damaged(f"its schema_version table holds {len(values)} versions, not one")
    if values[0] < 1:
        raise Damaged(f"its schema version is {values[0]}, not one of 1 to {SCHEMA_VERSION}")
    _check_layout(have, values[0])
    return int(values[0])


def migrate(connection: sqlite3.Connection) -> int:
    """Bring the database up to SCHEMA_VERSION in one transaction; returns the version found.

    The version is read first without writing; only a database that needs a step is locked for writing
    (BEGIN IMMEDIATE) and read again, so two yaniv starting at once never make the same tables twice.
    """
    connection.execute("BEGIN")
    try:
        found = read_version(connection)
    finally:
        connection.rollback()
    if found == SCHEMA_VERSION:
        return found
    with connection:
        connection.execute("BEGIN IMMEDIATE")
        found = read_version(connection)
        if found == 0:
            connection.execute(_VERSION_TABLE)
        for version in range(found, SCHEMA_VERSION):
            for statement in _statements(MIGRATIONS[version]):
                connection.execute(statement)
        connection.execute("DELETE FROM schema_version")
        connection.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
    return found


#: What SQLite says of a database whose tables are not what this yaniv-tui made.
_DAMAGE = ("no such table", "no such column", "malformed", "not a database", "has no column", "duplicate column")


#: What a row of each table a foreign key points to stands for, in words.
_PARENT = {"games": "game", "rounds": "round"}


def check_tables(connection: sqlite3.Connection) -> None:
    """Check the tables and indexes of this version are all there, and read every table once; Damaged if not."""
    have = layout_of(connection)
    _check_layout(have, SCHEMA_VERSION)
    for table, (kind, _table, _columns) in layouts()[SCHEMA_VERSION].items():
        if kind == "table":
            connection.execute(f"SELECT count(*) FROM {table}").fetchone()
    # A row whose game or round is not there (an orphan round, say) is a record that contradicts the rest.
    orphan = connection.execute("PRAGMA foreign_key_check").fetchone()
    if orphan is not None:
        raise Damaged(f"its table {orphan[0]} has a row of a {_PARENT.get(str(orphan[2]), orphan[2])} it does not hold")


def is_damage(error: BaseException) -> bool:
    """Whether an error from SQLite means the database itself is unusable (as opposed to busy or unwritable)."""
    if isinstance(error, Damaged) or type(error) is sqlite3.DatabaseError:  # "file is not a database", ...
        return True
    if isinstance(error, sqlite3.IntegrityError):
        # Rows that contradict each other are found when the database is opened (`check_tables`); a constraint
        # broken by a write is that write's fault (a bug, or another program), never the database's.
        return False
    return isinstance(error, sqlite3.OperationalError) and any(word in str(error).lower() for word in _DAMAGE)
