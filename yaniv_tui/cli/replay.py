"""`yaniv replay [ID|FILE]`: a finished game on the replay screen, every hand face up: the newest finished game with
a record, a game of the history by its id (a unique prefix, found as `yaniv export` finds it) or a record file (read
as hostile input, and replayed to its end). A game in progress has no record to replay, to anyone."""

from __future__ import annotations

import argparse
import os
import sys

from .export import Refused, finished_record

PROG = "yaniv replay"


def _refuse(line: str) -> int:
    print(f"{PROG}: {line}", file=sys.stderr)
    return 1


def _is_file(given: str) -> bool:
    """Whether ID|FILE names a file: one that is there, a `.jsonl` name or any path (an id is letters and digits)."""
    return os.path.lexists(given) or given.endswith(".jsonl") or "/" in given or "\\" in given or given[:1] == "."


def main(args: argparse.Namespace) -> int:
    """Open the replay of the game `args.game` names (the newest for None); the exit status (1 with one line)."""
    from yaniv_tui.codec.record import RecordError, not_recorded, read_record_file, record_text, replay
    from yaniv_tui.engine.ruleset_read import printable

    given: str | None = args.game
    if given is not None and _is_file(given):
        try:
            record = read_record_file(given)
            replay(record, finished=True)
        except RecordError as error:
            return _refuse(str(error))
        title = printable(given)
        whose = f"the record in {title}"
    else:
        try:
            found, record = finished_record(given, "replay")
        except Refused as error:
            return _refuse(str(error))
        when = f" · {found.finished[:16].replace('T', ' ')}" if found.finished else ""
        title = f"game {found.game_id[:8]}{when}"
        whose = f"the game {found.game_id[:8]}'s record"
    if held := not_recorded(record_text(record)):  # said before the screen opens, and there once it closes
        print(f"{PROG}: {whose} {held}", file=sys.stderr)
    from yaniv_tui.table.launch_options import LaunchOptions
    from yaniv_tui.tui.launch import run_app

    return run_app(None, LaunchOptions(), replay=(record, title))
