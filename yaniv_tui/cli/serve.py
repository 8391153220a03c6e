"""`yaniv serve`: `yaniv join` in a web browser, through textual-serve (Textualize's server for Textual apps; the
server itself is in serve_web.py), and with `--ssh` over SSH too (serve_ssh.py); with `--play`, the whole game
(`yaniv`) instead. Each browser keeps its seat tokens, saves, history and settings in its own private folder under
the data folder, named by a random key only that browser holds (an HttpOnly cookie), so a reload rejoins its seat
or Continues its game, and no other browser can take either."""

from __future__ import annotations

import argparse
import os
import shlex
import sys

from .join import join_argv
from .parser import UsageError
from .play import EXIT_USAGE

PROG = "yaniv serve"

#: Run first in each page's process: it is killed when the server goes, even killed (Linux's parent-death signal),
#: then it becomes the command (same process). A page's `yaniv join` also quits when its input ends (its driver:
#: tui/page_driver.py); this ends one that is busy or stuck too. Where there is no prctl, it runs as is.
DIE_WITH_SERVER = (
    "import ctypes, os, signal, sys\n"
    "try:\n"
    "    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG\n"
    "except (OSError, AttributeError):\n"
    "    pass\n"
    "if os.getppid() == 1:  # the server went before the signal was asked for\n"
    "    sys.exit(1)\n"
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def die_with_server(argv: list[str]) -> list[str]:
    """`argv`, run so that it ends with the server that started it (DIE_WITH_SERVER)."""
    return [sys.executable, "-c", DIE_WITH_SERVER, *argv]


def game_argv() -> list[str]:
    """The command `yaniv serve --play` runs for each page: `join_argv`'s Python and flags, with no subcommand (the
    game itself, as `yaniv` in a terminal)."""
    return join_argv()[: -len(["join"])]


def page_command(*, play: bool = False) -> str:
    """What each page runs (`join_argv`, or with `play` `game_argv`) as one line of shell (textual-serve runs its
    pages' command through a shell), ending with the server."""
    return shlex.join(die_with_server(game_argv() if play else join_argv()))


def trusted_cert(path: str) -> str:
    """`--trust CERT` as the absolute path each page's `yaniv join` is given (join.TRUST_CERT_ENV, serve_web.py);
    UsageError (one line) unless it is a PEM file whose certificates can be read, read and checked as each page's
    `yaniv join` reads it (`join.also_trusting`)."""
    from yaniv_tui.engine.ruleset_read import printable

    from .join import PemFileError, also_trusting

    try:
        also_trusting(path)
    except PemFileError as error:
        raise UsageError(f"--trust {printable(path)}: {error}", PROG) from None
    return os.path.abspath(path)


def main(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C; the exit status."""
    from yaniv_tui.table import gc_pause

    try:
        trust = None if args.trust is None else trusted_cert(args.trust)
    except UsageError as error:
        print(f"{error.prog}: {error}", file=sys.stderr)
        return EXIT_USAGE

    gc_pause.resume()  # no screen of its own: each page runs its own yaniv
    try:
        from .serve_web import YanivServer
    except ImportError:
        print("yaniv serve: textual-serve is not installed: pip install 'textual-serve>=1.1'", file=sys.stderr)
        return 1
    host = "0.0.0.0" if args.public else "localhost"
    server = YanivServer(
        page_command(play=args.play),
        host=host,
        port=args.port,
        public_url=args.public_url,
        max_sessions=args.max_sessions,
        trust=trust,
        play=args.play,
    )
    ssh = None
    if args.ssh is not None:
        from .serve_ssh import SshError, open_ssh, ssh_line

        try:
            ssh = open_ssh(
                args.ssh,
                public=args.public,
                max_sessions=args.max_sessions,
                table=lambda: None,
                served=True,
                trust=trust,  # its SSH sessions trust it as its pages do
                play_argv=game_argv() if args.play else None,  # `ssh -t -p PORT HOST play`: the game, alone
            )
        except SshError as error:
            print(f"yaniv serve: {error}", file=sys.stderr)
            return 1
    where = args.public_url or f"http://{'<this machine>' if args.public else host}:{args.port}"
    served = "the game" if args.play else "'yaniv join'"
    print(
        f"yaniv: serving {served} on {where}, at most {args.max_sessions} at once (Ctrl+C stops it)",
        flush=True,
    )
    if ssh is not None:
        print(f"yaniv: {ssh_line(ssh.server, args.public, play=args.play)}", flush=True)
    try:
        server.serve()
    except OSError as error:
        print(f"yaniv serve: cannot serve on port {args.port}: {error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        if ssh is not None:
            ssh.stop()
    return 0
