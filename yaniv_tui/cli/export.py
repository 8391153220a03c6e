"""`yaniv export ID [FILE]`: a finished game's record (codec/record.py) from the history, written to a file (into a
folder named, as `yaniv-ID.jsonl`) or the output (`-`); `yaniv export -`, the newest finished game's to the output.
A game in progress has no record to export, to anyone."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord
    from yaniv_tui.store.history import FoundRecord

PROG = "yaniv export"
#: The FILE that is the output; given alone, it writes the newest finished game's record there.
OUTPUT = "-"


def _refuse(line: str) -> int:
    print(f"{PROG}: {line}", file=sys.stderr)
    return 1


class Refused(Exception):
    """A game whose record cannot be given; the message is one line. `found`: a record too big to read, which can
    still be written out whole."""

    def __init__(self, message: str, found: FoundRecord | None = None) -> None:
        super().__init__(message)
        self.found = found


def finished_record(prefix: str | None, verb: str) -> tuple[FoundRecord, GameRecord]:
    """The finished game of the history whose id starts with `prefix` (the newest with a record for None), with its
    record, checked to replay to its end (`History.finished_record`); Refused (one line saying why it cannot be
    `verb`ed: "export", "replay") for a bad or unknown or ambiguous id, a game in progress, an old game with no
    record, a damaged record (moved aside)."""
    from yaniv_tui.engine.names import quoted
    from yaniv_tui.store import History, record_pending, scan_saves
    from yaniv_tui.store.history import HistoryError
    from yaniv_tui.store.history_records import RecordTooBig
    from yaniv_tui.store.meta import GAME_ID
    from yaniv_tui.store.paths import data_folder_problem

    if prefix is not None and not GAME_ID.fullmatch(prefix):
        raise Refused(f"{quoted(prefix)} is not a game id: ids are letters and digits (see 'yaniv stats')")
    if problem := data_folder_problem():  # one line for the folder, not one for the saves and one for the history
        raise Refused(problem)
    for line in record_pending():  # a finished game still waiting for the history goes to it first
        print(f"yaniv: {line}", file=sys.stderr)
    if prefix is not None:
        playing = [saved for saved in scan_saves().games if saved.game_id.startswith(prefix)]
        if playing:
            raise Refused(
                f"the game {playing[0].game_id[:8]} is in progress: its record can be {verb}ed once it is over "
                "(a record holds every card)"
            )
    with History(create=False) as history:  # reading a record makes no database
        try:
            found = history.find_record(prefix) if prefix is not None else history.newest_record()
            record = history.finished_record(found, verb)
        except RecordTooBig as error:
            raise Refused(str(error), error.found) from None
        except HistoryError as error:
            raise Refused(str(error)) from None
    return found, record


def main(args: argparse.Namespace) -> int:
    """Write the record of the finished game `args.id` names to `args.file`; the exit status (1 with one line). A lone
    `-` is the output, as FILE says, and the game the newest finished (as `yaniv replay` and `review` take it)."""
    from yaniv_tui.codec.record import not_recorded
    from yaniv_tui.engine.ruleset_read import printable
    from yaniv_tui.store.files import clear_stale_temps_beside, write_new
    from yaniv_tui.store.paths import in_the_way, not_a_folder

    game_id: str | None = args.id
    if args.file is not None and not args.file.strip():  # as an unset shell variable leaves it: not the default
        return _refuse("FILE is empty: give a file or a folder to write the record to, or - for the output")
    if game_id == OUTPUT:
        if args.file is not None:
            return _refuse(
                f"'-' is not a game id: it is the output, given after the id ('yaniv export ID -'), or alone for "
                f"the newest finished game's record; give the id before {printable(args.file)[:40]!r}"
            )
        game_id, args.file = None, OUTPUT
    try:
        found, _ = finished_record(game_id, "export")
    except Refused as error:
        if error.found is None:
            return _refuse(str(error))
        found = error.found  # too big to read here, written out whole for a reader that can
    held = not_recorded(found.record or "")
    if args.file == OUTPUT:
        # A record is UTF-8, as its file is: the same bytes whatever the output's encoding (LC_ALL=C, latin-1).
        sys.stdout.flush()
        sys.stdout.buffer.write(_bytes_of(found.record))
        if held:
            sys.stdout.flush()
            print(f"{PROG}: the game {found.game_id[:8]}'s record {held}", file=sys.stderr)
        return 0
    own_name = f"yaniv-{found.game_id}.jsonl"
    target = Path(args.file or own_name)
    if target.is_dir():  # a folder to write it in, as `cp` takes one
        target = target / own_name
    # A killed export of this file left its hidden temporary file (every hand): cleared, and no other file of the
    # user's folder.
    clear_stale_temps_beside(target)
    try:  # never over a file already there; whole or not at all; its owner's alone: it holds every hand
        write_new(target, _bytes_of(found.record))
    except FileExistsError:
        return _refuse(f"{printable(str(target))} already exists: give another FILE (or - for the output)")
    except OSError as error:
        blocker = in_the_way(target.parent)
        why = not_a_folder(blocker) if blocker is not None else error.strerror or str(error)
        return _refuse(f"cannot write {printable(str(target))}: {printable(why)}")
    where = f"{PROG}: the game {found.game_id[:8]}'s record is in {printable(str(target))}"
    print(f"{where}; it {held}" if held else where, file=sys.stderr)
    return 0


def _bytes_of(record: str | None) -> bytes:
    """A record's text as the bytes the history holds: a byte of a damaged one that is not UTF-8 is written back as it
    was (the history reads it so: `surrogateescape`), for a record written out whole, unread."""
    return (record or "").encode("utf-8", "surrogateescape")
