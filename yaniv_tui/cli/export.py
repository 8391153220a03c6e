"""`yaniv export ID [FILE]`: a finished game's record (codec/record.py) from the history, written to a file or the
output. A game in progress has no record to export, to anyone."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

PROG = "yaniv export"


def _refuse(line: str) -> int:
    print(f"{PROG}: {line}", file=sys.stderr)
    return 1


class Refused(Exception):
    """A finished game's record that cannot be given; the message is one line."""


def finished_record(prefix: str | None) -> tuple[str, str]:
    """The id and the record (JSON Lines) of the finished game whose id starts with `prefix` (None: the newest with
    a record), checked to replay to its end; Refused (one line) for a bad or unknown id, a game in progress, a game
    with no record or a record that does not replay. Shared by `yaniv export` and `yaniv review`."""
    from yaniv_tui.codec.record import RecordError, parse_record, replay
    from yaniv_tui.engine.ruleset_read import printable
    from yaniv_tui.store import History, record_pending, scan_saves
    from yaniv_tui.store.history import HistoryError
    from yaniv_tui.store.meta import GAME_ID

    if prefix is not None and not GAME_ID.fullmatch(prefix):
        raise Refused(f"{printable(prefix)[:40]!r} is not a game id: ids are letters and digits (see 'yaniv stats')")
    for line in record_pending():  # a finished game still waiting for the history goes to it first
        print(f"yaniv: {line}", file=sys.stderr)
    if prefix is not None:
        playing = [saved for saved in scan_saves().games if saved.game_id.startswith(prefix)]
        if playing:
            raise Refused(
                f"the game {playing[0].game_id[:8]} is in progress: its record is available once it is over "
                "(a record holds every card)"
            )
    with History() as history:
        try:
            found = history.find_record(prefix) if prefix is not None else history.newest_record()
        except HistoryError as error:
            raise Refused(str(error)) from None
    if found.record is None:
        raise Refused(f"the game {found.game_id[:8]} finished before games were recorded: it has no record")
    try:
        replay(parse_record(found.record, "the history's record"), finished=True)
    except RecordError as error:
        raise Refused(f"the game {found.game_id[:8]}'s record does not replay: {error}") from None
    return found.game_id, found.record


def main(args: argparse.Namespace) -> int:
    """Write the record of the finished game `args.id` names to `args.file`; the exit status (1 with one line)."""
    from yaniv_tui.engine.ruleset_read import printable

    try:
        game_id, record = finished_record(args.id)
    except Refused as refused:
        return _refuse(str(refused))
    if args.file == "-":
        sys.stdout.write(record)
        return 0
    target = Path(args.file or f"yaniv-{game_id}.jsonl")
    try:
        with open(target, "x", encoding="utf-8") as file:  # never over a file already there
            file.write(record)
    except FileExistsError:
        return _refuse(f"{printable(str(target))} already exists: give another FILE (or - for the output)")
    except OSError as error:
        return _refuse(f"cannot write {printable(str(target))}: {error.strerror or error}")
    print(f"{PROG}: the game {game_id[:8]}'s record is in {printable(str(target))}", file=sys.stderr)
    return 0
