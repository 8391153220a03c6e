"""The `yaniv` command: one parser (cli/parser.py), then a game (cli/play.py), `yaniv sim`, a table over the
network (`host`, `join`, `watch`, `serve`), a game's record (`export`, `replay`), its review (`review`) or a listing."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

EXIT_USAGE = 2
#: Output that could not be written (a full device, a closed pipe).
EXIT_OUTPUT = 1
#: Stopped by ctrl+c, as shells report a process ended by SIGINT.
EXIT_INTERRUPTED = 130
#: What a write to stdout fails with when the output cannot take it: a full device, a closed pipe or terminal.
_OUTPUT_ERRORS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `yaniv` command; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    prog = "yaniv"
    try:
        # The parser, and the game's modules it reads, are imported here rather than with this module (which the
        # installed `yaniv` script imports first): ctrl+c while they load is one line too, never a traceback.
        from .parser import LISTINGS

        if argv[:1] in (["sim"], ["host"], ["join"], ["watch"], ["serve"], ["export"], ["replay"], ["review"]) or (
            argv[:1] in ([n] for n in LISTINGS)
        ):
            prog = f"yaniv {argv[0]}"
        status = _main(argv)
        sys.stdout.flush()  # here, so that a full device is said below rather than ignored at exit
    except KeyboardInterrupt:
        _say(f"{prog}: stopped (ctrl+c)")
        return EXIT_INTERRUPTED
    except RuntimeError as error:
        from yaniv_tui.store.paths import NoHome

        if not isinstance(error, NoHome):
            raise
        _say(f"{prog}: {error}")
        return EXIT_USAGE
    except OSError as error:
        if error.filename is not None or error.errno not in _OUTPUT_ERRORS:
            raise
        _drop_stdout()
        if error.errno != errno.EPIPE:  # a reader that stopped reading (`| head`) wants no more, not an error
            _say(f"{prog}: cannot write the output: {error.strerror}")
        return EXIT_OUTPUT
    return status


def _say(line: str) -> None:
    with contextlib.suppress(OSError):  # stderr cannot be written either: the status says it
        print(line, file=sys.stderr, flush=True)


def _drop_stdout() -> None:
    """Send what stdout still holds nowhere, so that Python's own flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _main(argv: list[str]) -> int:
    from .parser import LISTINGS, UsageError, parse

    if argv[:1] not in (["sim"], ["serve"], ["export"], ["review"]) and argv[:1] not in ([name] for name in LISTINGS):
        from yaniv_tui.table import gc_pause

        gc_pause.pause()  # a game: until its first screen is shown (see gc_pause), the flags' reading too
    try:
        return _run(parse(argv))
    except UsageError as error:
        print(f"{error.prog}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as done:  # --help and --version print and stop
        return int(done.code or 0)


def _run(args: argparse.Namespace) -> int:
    if args.command == "sim":
        from .sim import run

        return run(args)
    if args.command in ("host", "join", "watch", "serve"):
        return _network(args)
    if args.command == "export":
        from .export import main as export

        return export(args)
    if args.command == "replay":
        from .replay import main as replay

        return replay(args)
    if args.command == "review":
        from .review import main as review

        return review(args)
    if args.command is not None:
        return _listing(args)
    from .play import main as play

    return play(args)


def _network(args: argparse.Namespace) -> int:
    if args.command == "host":
        from .host import main as host

        return host(args)
    if args.command in ("join", "watch"):
        from yaniv_tui.store.paths import config_dir, tokens_dir

        tokens_dir(), config_dir()  # NoHome here, one line, rather than once the screen is open
    if args.command == "join":
        from .join import main as join

        return join(args)
    if args.command == "watch":
        from .join import main as join

        return join(args, watch=True)
    from .serve import main as serve

    return serve(args)


def _listing(args: argparse.Namespace) -> int:
    from yaniv_tui.store import record_pending

    from .listings import print_games, print_rulesets, print_saves, print_stats

    command = args.command
    if command == "rulesets":
        return print_rulesets()
    from yaniv_tui.store.paths import data_folder_problem

    if problem := data_folder_problem():  # one line for the folder, not one for the saves and one for the history
        print(f"yaniv: {problem}", file=sys.stderr)
        return 1
    if command == "saves":
        return print_saves()  # records finished games the history missed first
    for line in record_pending():
        print(f"yaniv: {line}", file=sys.stderr)
    if args.games:
        return print_games(ruleset=args.ruleset)
    return print_stats(ruleset=args.ruleset)


__all__ = ["EXIT_INTERRUPTED", "EXIT_OUTPUT", "EXIT_USAGE", "main"]
