"""`yaniv join`: sit at a table on another machine, with the same table as at home (the join screen asks for
the address and code when they are not given)."""

from __future__ import annotations

import argparse
import hashlib
import importlib
from pathlib import Path

from yaniv_tui.tui.remote import Client, JoinRequest

from .parser import UsageError
from .play import utf8_terminal


def token_file(address: str, code: str) -> Path:
    """Where this machine keeps its seat's token at the table `address` `code`, to rejoin the same seat."""
    from yaniv_tui.store.paths import data_dir

    key = hashlib.sha256(f"{address.lower()} {code.upper()}".encode()).hexdigest()[:16]
    return data_dir() / "seats" / f"{key}.token"


def join_request(args: argparse.Namespace) -> JoinRequest:
    """How to join with net.TableClient, and what the command line gave; UsageError for a code with no address."""
    if args.address is not None and args.code is None:
        raise UsageError("give the room code after the address, e.g. 'yaniv join 192.168.1.20 K7QF'", "yaniv join")
    net_client = importlib.import_module("yaniv_tui.net.client")

    async def joiner(address: str, code: str, name: str | None) -> Client:
        client: Client = await net_client.TableClient.join(
            address, code, name=name, token_file=token_file(address, code)
        )
        return client

    return JoinRequest(
        joiner,
        refused=(net_client.ActionRefused,),
        join_error=(net_client.JoinError,),
        address=(args.address or "").strip(),
        code=(args.code or "").strip().upper(),
        name=(args.name or "").strip(),
    )


def main(args: argparse.Namespace) -> int:
    """Run `yaniv join`; the exit status."""
    from yaniv_tui.tui.launch import run_app

    request = join_request(args)
    ascii_cards = bool(args.ascii) or not utf8_terminal()
    return run_app(None, {"ascii": ascii_cards}, joining=request)
