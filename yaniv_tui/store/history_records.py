"""The finished games' records in the history (`History` has these methods): a game found by its id, the newest
with a record, the list of finished games, and a record read and replayed to its end. A damaged record (one that
cannot be read or does not replay) is moved aside, never deleted: its text is written to a file beside the
database, then taken out of the history; the game stays, listed and counted, with no record."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from yaniv_tui.codec.record import within_limit  # its home is beside the limit; `History.record` cuts with it
from yaniv_tui.engine.ruleset_read import printable

from .files import move_aside_name, write_new
from .games import GameRow, read_games

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord

__all__ = ["FoundRecord", "HistoryError", "RecordShelf", "RecordTooBig", "within_limit"]


class HistoryError(Exception):
    """A game the history cannot give; the message is one line."""


class RecordTooBig(HistoryError):
    """A finished game's record bigger than a record may be read (codec's MAX_RECORD_BYTES: a game of hundreds of
    rounds), kept before the history cut such a record to its last rounds (`within_limit`), or one no cut fits (its
    last round alone, or the results of its thousands of rounds that a record of its last round starts from, are
    bigger): not damaged, so it stays in the history; `found` holds it, to be written out whole."""

    def __init__(self, message: str, found: FoundRecord) -> None:
        super().__init__(message)
        self.found = found


@dataclass(frozen=True, slots=True)
class FoundRecord:
    """A finished game of the history found by its id: its record as JSON Lines (None for a game finished before
    records were kept), whether that record starts from a game under way (`partial`), and when it finished
    (ISO 8601, as the history keeps it)."""

    game_id: str
    record: str | None
    partial: bool
    finished: str | None = None


class Database(Protocol):
    """What the records' half asks of `History`: its file, its problem, and running work in it (`History._run`: the
    work's result, or `default` when the database is unusable)."""

    path: Path
    problem: str | None

    def _run(self, work: Callable[[sqlite3.Connection], Any], default: Any) -> Any: ...


#: A record's body as its bytes: a damaged one (bytes that are not UTF-8, a blob) is one game's damage, read by
#: `_body_text`, not a fault of the whole history (sqlite3 refuses to decode such a text).
_BODY = "CAST(r.body AS BLOB)"


class RecordShelf:
    """The records' half of `History` (a mixin: its methods run on a `Database`)."""

    def find_record(self: Database, prefix: str) -> FoundRecord:
        """The finished game whose id starts with `prefix`, with its record; HistoryError (one line) when no finished
        game's id starts so, when several do, or when the database cannot be read."""
        query = (
            f"SELECT g.game_key, {_BODY}, r.partial, g.finished_at "
            "FROM games g LEFT JOIN records r ON r.game_id = g.id "
            "WHERE g.finished_at IS NOT NULL AND substr(g.game_key, 1, ?) = ? ORDER BY g.game_key LIMIT 6"
        )
        rows: list[tuple[Any, ...]] | None = self._run(
            lambda db: db.execute(query, (len(prefix), prefix)).fetchall(), None
        )
        if rows is None:
            raise HistoryError(self.problem or "the history cannot be read")
        if not rows:
            newest: list[tuple[Any, ...]] | None = self._run(
                lambda db: db.execute(
                    "SELECT game_key, finished_at FROM games WHERE finished_at IS NOT NULL "
                    "ORDER BY finished_at DESC, id DESC LIMIT 3"
                ).fetchall(),
                None,
            )
            if newest is None:  # not "none yet": the history could not say
                raise HistoryError(self.problem or "the history cannot be read")
            there = "; ".join(
                f"{printable(str(key)[:8])} (finished {printable(str(when)[:16].replace('T', ' '))})"
                for key, when in newest
            )
            raise HistoryError(
                f"no finished game in the history has an id starting with {printable(prefix)!r}"
                + (f"; the newest are {there}" if there else ": it has none yet")
            )
        if len(rows) > 1:
            shown = ", ".join(printable(str(row[0])[: len(prefix) + 4]) for row in rows[:5])
            raise HistoryError(
                f"{printable(prefix)!r} matches {len(rows)} finished games ({shown}): give more of the id"
            )
        return _found(rows[0])

    def newest_record(self: Database) -> FoundRecord:
        """The newest finished game that has a record; HistoryError (one line) when none has, or when the database
        cannot be read."""
        query = (
            f"SELECT g.game_key, {_BODY}, r.partial, g.finished_at FROM games g JOIN records r ON r.game_id = g.id "
            "WHERE g.finished_at IS NOT NULL ORDER BY g.finished_at DESC, g.id DESC LIMIT 1"
        )
        rows: list[tuple[Any, ...]] | None = self._run(lambda db: db.execute(query).fetchall(), None)
        if rows is None:
            raise HistoryError(self.problem or "the history cannot be read")
        if not rows:
            raise HistoryError("no finished game in the history has a record yet: finish a game, or give a FILE")
        return _found(rows[0])

    def games(self: Database, ruleset: str | None = None) -> list[GameRow]:
        """Every finished game (of one ruleset's, by id or name), newest first; [] when the database is unusable."""
        result: list[GameRow] = self._run(lambda db: read_games(db, ruleset), [])
        return result

    def set_aside_damaged(self: Database, rows: list[GameRow]) -> list[str]:
        """Move aside, as `finished_record` does, each record of `rows` whose first line is not a yaniv game record's
        header (damaged, found while listing); one line for each (list the games again to see them with none)."""
        lines = []
        for row in rows:
            if row.header is None or _record_version(row.header) is not None:
                continue
            body = _record_body(self, row.game_id)
            aside = None if body is None else _move_record_aside(self, FoundRecord(row.game_id, body, False))
            where = f"it was moved to {aside}" if aside is not None else "it could not be moved aside"
            lines.append(f"the game {row.game_id[:8]}'s record is damaged (not a game record); {where}")
        return lines

    def finished_record(self: Database, found: FoundRecord, verb: str) -> GameRecord:
        """The record of the finished game `found`, read and replayed to its end; HistoryError (one line) when it
        has none, or when it is of a newer version. A damaged record (one that cannot be read, or does not replay)
        is moved aside, never deleted: its text is written to a file beside the database, then taken out of the
        history (the game stays, listed and counted, with no record), and the HistoryError says where it went."""
        from yaniv_tui.codec.record import MAX_RECORD_BYTES, VERSION, RecordError, parse_record, replay

        short = found.game_id[:8]
        if found.record is None:
            aside = _moved_aside(self, found.game_id)
            if aside is not None:
                why = f"the game {short}'s record was found damaged and moved to {aside}"
            else:
                why = f"the game {short} finished before games were recorded"
            raise HistoryError(f"{why}: it has no record to {verb}")
        size = len(found.record.encode("utf-8", "surrogatepass"))
        if size > MAX_RECORD_BYTES:
            raise RecordTooBig(_too_big(found.record, short, size, verb), found)
        try:
            record = parse_record(found.record, "the history's record")
            replay(record, finished=True)
        except RecordError as error:
            newer = _record_version(found.record)
            if newer is not None and newer > VERSION:
                raise HistoryError(
                    f"the game {short}'s record is of version {newer}, made by a newer yaniv-tui: this one reads "
                    f"version {VERSION}"
                ) from None
            aside = _move_record_aside(self, found)
            where = f"it was moved to {aside}" if aside is not None else "it could not be moved aside"
            raise HistoryError(f"the game {short}'s record is damaged ({error}); {where}") from None
        return record


def _too_big(body: str, short: str, size: int, verb: str) -> str:
    """Why a record over the limit cannot be `verb`ed, in one line: too big, and when the results of its rounds alone
    are over the limit too (a game of thousands of rounds), that not even its last round can be (a record cut to it
    starts from a state holding them all); then where it stays and how to have it whole."""
    from yaniv_tui.codec.record import MAX_RECORD_BYTES, rounds_held

    limit = MAX_RECORD_BYTES
    line = f"the game {short}'s record is too big to {verb} ({size / 2**20:.1f} MiB; a record is read up to "
    line += f"{limit / 2**20:.1f} MiB)"
    rounds, results = rounds_held(body)
    if results > limit:
        line += (
            f", and so are its {rounds:,} rounds' results alone ({results / 2**20:.1f} MiB), which even a record of "
            f"its last round starts from: no part of it can be {verb}ed"
        )
    return f"{line}; it stays in the history, and 'yaniv export {short}' writes it out whole"


def _record_body(db: Database, game_id: str) -> str | None:
    query = f"SELECT {_BODY} FROM records r JOIN games g ON g.id = r.game_id WHERE g.game_key = ?"
    row: tuple[Any, ...] | None = db._run(lambda c: c.execute(query, (game_id,)).fetchone(), None)
    return None if row is None else _body_text(row[0])


def _record_aside(db: Database, game_id: str) -> Path:
    """Where a damaged record of the game `game_id` is written beside the database (`move_aside_name` adds the
    time)."""
    return db.path.with_name(f"record-{game_id}.jsonl")


def _moved_aside(db: Database, game_id: str) -> Path | None:
    """The newest file a damaged record of the game was moved to (`_move_record_aside`), or None when there is none:
    the game then finished before records were kept."""
    target = _record_aside(db, game_id)
    try:
        found = sorted(target.parent.glob(f"{target.name}.damaged-*"), key=lambda path: path.name)
    except OSError:
        return None
    return found[-1] if found else None


def _move_record_aside(db: Database, found: FoundRecord) -> Path | None:
    """Write a damaged record's text to a file beside the database (never over another), then take it out of
    the history; the file, or None when either step failed (the record then stays where it was)."""
    body = found.record or ""
    target = _record_aside(db, found.game_id)
    try:
        aside = _write_new(target, body)
    except OSError:
        return None

    def work(c: sqlite3.Connection) -> bool:
        c.execute("DELETE FROM records WHERE game_id = (SELECT id FROM games WHERE game_key = ?)", (found.game_id,))
        return True

    return aside if db._run(work, False) else None


def _record_version(body: str) -> int | None:
    """The version a record's header line names, when it is a yaniv record's header naming a whole number."""
    from yaniv_tui.codec.record import FORMAT
    from yaniv_tui.engine.json_text import JsonError, read_json

    try:
        header = read_json(body.split("\n", 1)[0])
    except JsonError:
        return None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        return None
    version = header.get("version")
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def _write_new(target: Path, text: str) -> Path:
    """Write `text` to a new file named as `move_aside` names a damaged file beside `target` (never over another
    file), flushed to the disk; its path."""
    first = move_aside_name(target, 0)
    for n in range(1000):
        aside = first if n == 0 else move_aside_name(target, n)
        try:  # whole or not at all, its owner's alone: it holds every hand of the game, which the history keeps
            write_new(aside, text.encode("utf-8", "surrogateescape"))  # byte for byte, as `_body_text` read it
        except FileExistsError:
            continue
        return aside
    raise OSError(f"too many damaged copies beside {target}")


def _body_text(body: Any) -> str:
    """A record's body as read (`_BODY`: its bytes) as text: each byte that is not UTF-8 kept as Python keeps an
    undecodable byte (`surrogateescape`), so a damaged record fails as a record, and is moved aside byte for byte."""
    return bytes(body).decode("utf-8", "surrogateescape") if isinstance(body, bytes) else str(body)


def _found(row: tuple[Any, ...]) -> FoundRecord:
    key, body, partial, finished = row
    # The game writes ids and times that are printable; a hand at the database may have written anything.
    return FoundRecord(
        printable(str(key)),
        None if body is None else _body_text(body),
        bool(partial),
        finished and printable(str(finished)),
    )
