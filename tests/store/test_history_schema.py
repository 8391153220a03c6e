"""A history database whose schema is not exactly a version this yaniv-tui knows, with that version's tables and
indexes, is damaged: moved aside (never deleted) with one line, a new one started, and the game recorded.
A database from a newer yaniv-tui, or one merely locked by another program, is never moved."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yaniv_tui.store.history import SCHEMA_VERSION, History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import Seat

from .helpers import new_game, play, rounds_recorded

SEATS = (Seat.person(), Seat.bot("medium"), Seat.bot("medium"))


def recorded_db(path: Path) -> None:
    """A whole database at the latest schema, holding one game of two rounds."""
    with History(path) as history:
        assert history.record(play(new_game(players=3, seed=1), rounds=2), SaveMeta(SEATS, game_id="old"))


#: What takes a database made now back to version 1, as an older yaniv-tui left it.
BACK_TO_VERSION_1 = (
    "DROP TABLE records",
    "ALTER TABLE seats DROP COLUMN conceded_round",
    "ALTER TABLE seats DROP COLUMN hints",
    "DROP INDEX seats_by_name",
    "UPDATE schema_version SET version = 1",
)


def run(db: sqlite3.Connection, *statements: str) -> None:
    for statement in statements:
        db.execute(statement)


def asides(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


def record_after(path: Path) -> History:
    """Record a new game of two rounds in the database at `path`, as a round's end does; the history, closed."""
    game = play(new_game(players=3, seed=2), rounds=2)
    history = History(path)
    history.record(game, SaveMeta(SEATS, game_id="new"))
    history.close()
    return history


def assert_moved_aside_and_recorded(path: Path, before: bytes) -> None:
    history = record_after(path)
    assert history.problem is None, history.problem
    notice = history.notice or ""
    assert "damaged" in notice and "moved to" in notice and "new one started" in notice and "\n" not in notice
    moved = asides(path)
    assert len(moved) == 1 and moved[0].read_bytes() == before and str(moved[0]) in notice
    with History(path) as again:
        assert again.problem is None and again.notice is None
        assert rounds_recorded(again.path) == 2  # the new game's two rounds, in a new database


DAMAGE: dict[str, tuple[str, ...]] = {
    "schema_version rows deleted": ("DELETE FROM schema_version",),
    "version -1": ("UPDATE schema_version SET version = -1",),
    "version 0": ("UPDATE schema_version SET version = 0",),
    "version 1 with version 2's index": ("UPDATE schema_version SET version = 1",),
    "a second row": ("INSERT INTO schema_version VALUES (1)",),
    "the same row twice": (f"INSERT INTO schema_version VALUES ({SCHEMA_VERSION})",),
    "version is text": ("UPDATE schema_version SET version = 'abc'",),
    "version is 1.5": ("UPDATE schema_version SET version = 1.5",),
    "version is a blob": ("UPDATE schema_version SET version = x'02'",),
    "version is null": (
        "DROP TABLE schema_version",
        "CREATE TABLE schema_version (version)",
        "INSERT INTO schema_version VALUES (NULL)",
    ),
    "schema_version dropped": ("DROP TABLE schema_version",),
    "games dropped": ("DROP TABLE games",),
    "seats dropped": ("DROP TABLE seats",),
    "rounds dropped": ("DROP TABLE rounds",),
    "round_seats dropped": ("DROP TABLE round_seats",),
    "the index dropped": ("DROP INDEX seats_by_name",),
    "a column renamed": ("ALTER TABLE games RENAME COLUMN players TO people",),
    "games deleted under their seats": ("DELETE FROM games",),
    "an orphan round": ("INSERT INTO rounds VALUES (99, 1, '2026-12-01T09:30:00Z', 0, 0, 0)",),
    "an orphan seat": ("INSERT INTO seats (game_id, seat, name, human) VALUES (99, 0, 'Ann', 1)",),
    "a round's seat without its round": ("INSERT INTO round_seats VALUES (1, 99, 0, 'AS', 1, 1, 1, 0, 0, NULL, 0)",),
    "version 1 with no tables": (
        "DROP TABLE round_seats",
        "DROP TABLE rounds",
        "DROP TABLE seats",
        "DROP TABLE games",
        "UPDATE schema_version SET version = 1",
    ),
}


@pytest.mark.parametrize("statements", list(DAMAGE.values()), ids=list(DAMAGE))
def test_a_schema_that_is_not_a_known_version_is_moved_aside(tmp_path: Path, statements: tuple[str, ...]) -> None:
    path = tmp_path / "h.sqlite3"
    recorded_db(path)
    with sqlite3.connect(path) as db:
        run(db, *statements)
    assert_moved_aside_and_recorded(path, path.read_bytes())


def test_another_sqlite_database_is_not_taken_for_a_history(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('mine')")
    assert_moved_aside_and_recorded(path, path.read_bytes())


@pytest.mark.parametrize("version", [SCHEMA_VERSION + 1, 99, 2**62])
def test_a_newer_schema_is_never_moved_and_says_so(tmp_path: Path, version: int) -> None:
    path = tmp_path / "h.sqlite3"
    recorded_db(path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE schema_version SET version = ?", (version,))
    before = path.read_bytes()
    history = record_after(path)
    assert history.notice is None and "newer yaniv-tui" in (history.problem or "")
    assert path.read_bytes() == before and not asides(path)


def test_a_fresh_database_left_with_only_an_empty_version_table_is_made_whole(tmp_path: Path) -> None:
    """What an older yaniv-tui killed between creating schema_version and its first step left: no damage."""
    path = tmp_path / "h.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    history = record_after(path)
    assert history.problem is None and history.notice is None and not asides(path)


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to /dev/zero", "link to nothing"])
def test_a_history_path_that_is_not_a_file_is_moved_aside(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "h.sqlite3"
    nowhere = tmp_path / "elsewhere" / "target.sqlite3"
    if kind == "link to nothing":
        nowhere.parent.mkdir()
        path.symlink_to(nowhere)
    elif kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero")
        path.symlink_to("/dev/zero")
    result: list[History] = []
    worker = threading.Thread(target=lambda: result.append(record_after(path)), daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert result, "recording into the history hung"
    history = result[0]
    assert history.problem is None and "moved to" in (history.notice or "")
    assert len(asides(path)) == 1 and path.is_file() and not path.is_symlink()
    assert not nowhere.exists()  # nothing made where the link pointed


def test_a_locked_database_with_an_old_schema_is_not_moved(tmp_path: Path) -> None:
    """An older database (version 1) that another program holds locked: told, never moved, migrated later."""
    path = tmp_path / "h.sqlite3"
    recorded_db(path)
    with sqlite3.connect(path) as db:
        run(db, *BACK_TO_VERSION_1)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        history = History(path, timeout=0.05)
        assert "in use by another program, perhaps another yaniv" in (history.problem or "") and history.notice is None
        game = play(new_game(players=3, seed=2), rounds=2)
        assert history.record(game, SaveMeta(SEATS, game_id="new")) is False
        assert not asides(path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert history.record(game, SaveMeta(SEATS, game_id="new")) is True
    assert history.problem is None and history.notice is None and not asides(path)
    assert rounds_recorded(history.path) == 4  # the old game's rounds kept, the new ones added
    history.close()


# -- any damage at all ------------------------------------------------------------------------

STEPS: tuple[str, ...] = (
    "DELETE FROM schema_version",
    "UPDATE schema_version SET version = -3",
    "UPDATE schema_version SET version = 0",
    "UPDATE schema_version SET version = 1",
    f"UPDATE schema_version SET version = {SCHEMA_VERSION}",
    "UPDATE schema_version SET version = 'two'",
    "UPDATE schema_version SET version = 2.0",
    "INSERT INTO schema_version VALUES (1)",
    "INSERT INTO schema_version VALUES (2)",
    "DROP TABLE IF EXISTS schema_version",
    "DROP TABLE IF EXISTS rounds",
    "DROP TABLE IF EXISTS round_seats",
    "DROP INDEX IF EXISTS seats_by_name",
    "CREATE INDEX IF NOT EXISTS seats_by_name ON seats(name)",
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS extra (x)",
    "DELETE FROM games",
)


def _apply(path: Path, steps: list[str]) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        for step in steps:
            with contextlib.suppress(sqlite3.Error):  # a step on a table already gone: the others did it
                db.execute(step)
    finally:
        db.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.sampled_from(STEPS), max_size=5))
def test_any_schema_damage_is_moved_aside_or_used_never_stuck(
    tmp_path_factory: pytest.TempPathFactory, steps: list[str]
) -> None:
    """Whatever is done to the schema, the next round's end records the game: in the database as it is when
    it is still whole, else in a new one with the old moved aside. Never 'cannot be used' for ever."""
    path = tmp_path_factory.mktemp("sweep") / "h.sqlite3"
    recorded_db(path)
    _apply(path, steps)
    before = path.read_bytes()
    history = record_after(path)
    assert history.problem is None, (steps, history.problem)
    moved = asides(path)
    if history.notice is None:
        assert not moved
        with History(path) as again:
            assert rounds_recorded(again.path) in (2, 4)  # the new game, and the old one unless deleted
    else:  # kept as it was, or as migrated to this version just before its rows turned out inconsistent
        assert len(moved) == 1 and moved[0].read_bytes()[:16] == before[:16] == b"SQLite format 3\x00"


@pytest.mark.parametrize("start", ["new", "version 1"])
def test_yanivs_starting_at_once_make_or_migrate_the_database_once(tmp_path: Path, start: str) -> None:
    """Several processes opening one new (or older) database at the same moment: none takes it for damaged."""
    path = tmp_path / "h.sqlite3"
    if start == "version 1":
        recorded_db(path)
        with sqlite3.connect(path) as db:
            run(db, *BACK_TO_VERSION_1)
    barrier = threading.Barrier(6)
    opened: list[History] = []

    def open_one() -> None:
        barrier.wait(timeout=20)
        opened.append(History(path, timeout=10))

    workers = [threading.Thread(target=open_one, daemon=True) for _ in range(6)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=30)
    assert len(opened) == 6
    for history in opened:
        assert history.problem is None and history.notice is None
        history.close()
    assert not asides(path)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
