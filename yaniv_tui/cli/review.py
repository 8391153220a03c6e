"""`yaniv review [ID|FILE] [--seat NAME|N]`: the expert's review of a finished game (bots/review.py), printed with
Rich: a summary for each seat reviewed, then each marked move with the expert's move and its reason. Only a finished
game is reviewed (a record holds every card): the history's, or a record file that replays to its end."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from yaniv_tui.bots import review as reviewing
from yaniv_tui.bots.review import MARKS, Progress, SeatReview, people_seats, review_seat
from yaniv_tui.codec.record import (
    GameRecord,
    RecordError,
    not_recorded,
    read_record_file,
    record_players,
    record_text,
    replay,
)
from yaniv_tui.engine import Card
from yaniv_tui.engine.names import same_name
from yaniv_tui.engine.ruleset_read import printable

from .export import Refused, finished_record

PROG = "yaniv review"


def _refuse(line: str) -> int:
    print(f"{PROG}: {line}", file=sys.stderr)
    return 1


def _is_file(given: str) -> bool:
    return given.endswith(".jsonl") or os.sep in given or "/" in given or os.path.lexists(given)


def _record(given: str | None) -> tuple[str, GameRecord]:
    """The finished game's record `given` names (None: the newest), with how to name it; RecordError or Refused."""
    if given is not None and _is_file(given):
        record = read_record_file(given)
        try:
            replay(record, finished=True)
        except RecordError:
            raise Refused(
                f"{printable(given)}: the game is not over: only a finished game is reviewed "
                "(a record holds every card)"
            ) from None
        return printable(given), record
    found, record = finished_record(given, "review")
    return f"the game {found.game_id[:8]}", record


def main(args: argparse.Namespace, console: Console | None = None) -> int:
    """Review the finished game `args.game` names for `args.seat` (every person's seat without); the exit status."""
    try:
        where, record = _record(args.game)
    except (Refused, RecordError) as error:
        return _refuse(str(error))
    # A seat is named as the game ended: a joiner's name, not the host's name for the seat before it was taken.
    kinds = [str(seat["kind"]) for seat in record.events[0]["seats"]]
    seats = list(zip(record_players(record), kinds, strict=True))
    names = ", ".join(_told_apart(i, [name for name, _ in seats]) for i in range(len(seats)))
    if args.seat is not None:
        chosen = _seats_named(args.seat, [name for name, _ in seats])
        if len(chosen) > 1:  # a record from before names were told apart so ('Ann' and 'ANN'), or a hand-made one
            which = ", ".join(f"--seat {i + 1} ({seats[i][0]})" for i in chosen)
            written = len({seats[i][0] for i in chosen}) == len(chosen)
            return _refuse(
                f"{printable(args.seat)[:40]!r} names {len(chosen)} seats of {where}: name one by its number, "
                f"{which}" + (", or give the name as it is written" if written else "")
            )
        if not chosen:
            return _refuse(
                f"no seat named {printable(args.seat)[:40]!r} in {where}: its seats are {names} (or give one of "
                f"the seat numbers 1 to {len(seats)})"
            )
    else:
        chosen = people_seats(record)
        if not chosen:
            return _refuse(f"every seat of {where} is a bot: name one with --seat (its seats are {names})")
    if held := not_recorded(record_text(record)):  # its review is of the turns it holds
        print(f"{PROG}: {where}'s record {held}", file=sys.stderr)
    out = console or Console()
    for seat in chosen:
        try:
            with _progress(seats[seat][0]) as progress:
                review = review_seat(record, seat, guesses=reviewing.REVIEW_GUESSES, progress=progress, face=Card.face)
        except reviewing.TooManyDecisions as many:
            name = _told_apart(seat, [name for name, _ in seats])
            return _refuse(
                f"{printable(name)} made {many.decisions:,} decisions in {where}: {many}, so this one is not reviewed"
            )
        review = replace(review, name=_told_apart(seat, [name for name, _ in seats]))
        _print(out, review, where)
    return 0


def _seats_named(given: str, names: list[str]) -> list[int]:
    """The seats `given` names: those of that name as written, else as a person reads it (engine.names.same_name),
    else the seat of that number (counted from 1), for two seats of one name."""
    chosen = [i for i, name in enumerate(names) if name == given]
    if not chosen:
        chosen = [i for i, name in enumerate(names) if same_name(name, given)]
    number = given.strip()
    # A seat's number has a digit or two: thousands of them are no seat's (and more than int() reads).
    if not chosen and number.isdecimal() and len(number) <= 4 and 1 <= int(number) <= len(names):
        chosen = [int(number) - 1]
    return chosen


def _told_apart(seat: int, names: list[str]) -> str:
    """The seat's name, with its number when another seat has the same one."""
    name = names[seat]
    shared = sum(same_name(name, other) for other in names) > 1
    return f"{name} (seat {seat + 1})" if shared else name


@contextmanager
def _progress(name: str) -> Iterator[Progress | None]:
    """A progress bar on stderr while the review thinks, when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn
    from rich.progress import Progress as Bar

    with Bar(
        TextColumn(f"reviewing {printable(name)}'s moves"),
        BarColumn(),
        MofNCompleteColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("review", total=None)

        def tell(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield tell


def _plural(word: str) -> str:
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


def _points(value: float) -> str:
    return f"{value:.1f}"


def _print(out: Console, review: SeatReview, where: str) -> None:
    marked = review.marked
    counts = ", ".join(
        f"{n} {name if n == 1 else _plural(name)}" for name, _ in MARKS if (n := sum(d.mark == name for d in marked))
    )
    out.print(Text(f"The expert's review of {review.name} in {where}", style="bold"))
    out.print(
        Text(
            f"{len(review.decisions)} decision{'' if len(review.decisions) == 1 else 's'}, {counts or 'none marked'}; "
            f"the choices cost {_points(review.cost)} expected points; accuracy {review.accuracy:.0f}%"
        )
    )
    rounds = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for heading in ("Round", "Decisions", "Points lost", "Marks"):
        rounds.add_column(heading, justify="left" if heading == "Marks" else "right")
    for summary in review.rounds:
        rounds.add_row(
            str(summary.round_no), str(summary.decisions), _points(summary.cost), Text(", ".join(summary.marks))
        )
    out.print(rounds)
    if not marked:
        return
    moves = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    moves.add_column("Round", justify="right", no_wrap=True)
    moves.add_column("Move", justify="right", no_wrap=True)
    moves.add_column("Mark", no_wrap=True)
    moves.add_column("Lost", justify="right", no_wrap=True)
    moves.add_column("Played, and the expert's move", ratio=1)
    for d in marked:
        said = f"played: {d.said}" + (f" ({d.note})" if d.note else "") + f"\nexpert: {d.reason}"
        moves.add_row(str(d.round_no), str(d.turn + 1), d.mark or "", _points(d.cost), Text(said))
    out.print(moves)
