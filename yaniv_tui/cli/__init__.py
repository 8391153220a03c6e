"""The `yaniv` command: one parser (cli/parser.py), then a game (cli/play.py), `yaniv sim`, a table over the
network (`host`, `join`, `serve`) or a listing."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .parser import LISTINGS, UsageError, parse

EXIT_USAGE = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `yaniv` command; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] not in (["sim"], ["serve"]) and argv[:1] not in ([name] for name in LISTINGS):
        from yaniv_tui.tui import gc_pause

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
    if args.command in ("host", "join", "serve"):
        return _network(args)
    if args.command is not None:
        return _listing(args)
    from .play import main as play

    return play(args)


def _network(args: argparse.Namespace) -> int:
    if args.command == "host":
        from .host import main as host

        return host(args)
    if args.command == "join":
        from .join import main as join

        return join(args)
    from .serve import main as serve

    return serve(args)


def _listing(args: argparse.Namespace) -> int:
    from yaniv_tui import store

    command = args.command
    if command == "rulesets":
        return store.print_rulesets()
    if command == "saves":
        return store.print_saves()  # records finished games the history missed first
    for line in store.record_pending():
        print(f"yaniv: {line}", file=sys.stderr)
    return store.print_stats(ruleset=args.ruleset)


__all__ = ["EXIT_USAGE", "UsageError", "main"]
