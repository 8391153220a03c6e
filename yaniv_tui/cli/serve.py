"""`yaniv serve`: `yaniv join` in a web browser, through textual-serve (Textualize's server for Textual apps)."""

from __future__ import annotations

import argparse
import shlex
import sys


def join_command() -> str:
    """The command each browser page runs: this Python's `yaniv join`, whatever is on the PATH."""
    return f"{shlex.quote(sys.executable)} -m yaniv_tui join"


def main(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C; the exit status."""
    from yaniv_tui.tui import gc_pause

    gc_pause.resume()  # no screen of its own: each page runs its own yaniv
    try:
        from textual_serve.server import Server
    except ImportError:
        print("yaniv serve: textual-serve is not installed: pip install 'textual-serve>=1.1'", file=sys.stderr)
        return 1
    host = "0.0.0.0" if args.public else "localhost"
    server = Server(join_command(), host=host, port=args.port, title="Yaniv", public_url=args.public_url)
    print(f"yaniv: serving 'yaniv join' on http://{host}:{args.port} (Ctrl+C stops it)", flush=True)
    try:
        server.serve()
    except OSError as error:
        print(f"yaniv serve: cannot serve on port {args.port}: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0
