"""`yaniv join` and `yaniv watch`: sit at (or only watch) a table on another machine, with the same table as at
home (the join screen asks for the address and code when they are not given)."""

from __future__ import annotations

import argparse
import sys

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import OptionsError, check_name
from yaniv_tui.table.remote import Client, JoinRequest

from .parser import UsageError
from .play import utf8_terminal

PROG = "yaniv join"


def join_argv(*, watch: bool = False) -> list[str]:
    """The command `yaniv serve` runs for each browser page, and `--ssh` for each SSH session: this Python's
    `yaniv join` (with `watch`, `yaniv watch`), whatever is on the PATH."""
    return [sys.executable, "-m", "yaniv_tui", "watch" if watch else "join"]


def join_request(args: argparse.Namespace, *, watch: bool = False) -> JoinRequest:
    """How to join (or, with `watch`, watch) with net.TableClient, and what the command line gave (an address alone
    is filled in on the join screen, which asks for the code: `yaniv host --ssh` gives it so); UsageError (one line,
    before any screen) for an address or port that is none, a code that is not letters and digits, or a name the
    table would not take."""
    from yaniv_tui.net.client import ActionRefused, JoinError, TableClient, parse_address

    prog = "yaniv watch" if watch else PROG
    name = None if watch else args.name
    try:
        if args.address is not None:
            parse_address(args.address)
        if name is not None:
            check_name(name)
    except (JoinError, OptionsError) as error:
        raise UsageError(str(error), prog) from None
    if args.code is not None and not args.code.strip().isalnum():
        raise UsageError(f"a room code is letters and digits, like K7QF, not {args.code[:20]!r}", prog)

    async def joiner(address: str, code: str, name: str | None) -> Client:
        # The seat's token is kept where store/tables.py says, so the same command rejoins the same seat.
        return await TableClient.join(address, code, name=name)

    async def watcher(address: str, code: str) -> Client:
        return await TableClient.watch(address, code)

    return JoinRequest(
        joiner,
        refused=(ActionRefused,),
        join_error=(JoinError,),
        address=(args.address or "").strip(),
        code=(args.code or "").strip().upper(),
        name=(name or "").strip(),
        watcher=watcher,
        watch=watch,
    )


def main(args: argparse.Namespace, *, watch: bool = False) -> int:
    """Run `yaniv join` (or `yaniv watch`); the exit status."""
    from yaniv_tui.tui.launch import run_app

    request = join_request(args, watch=watch)
    ascii_cards = bool(args.ascii) or not utf8_terminal()
    return run_app(None, LaunchOptions(ascii=ascii_cards, quiet=bool(args.quiet)), joining=request)
