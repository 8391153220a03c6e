"""`yaniv join` and `yaniv watch`: sit at (or only watch) a table on another machine, with the same table as at
home (the join screen asks for the address and code when they are not given)."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import ssl
import sys
from collections.abc import Awaitable
from typing import TYPE_CHECKING

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import OptionsError, check_name
from yaniv_tui.table.remote import Client, JoinRequest

if TYPE_CHECKING:
    from yaniv_tui.store.settings import Settings

from .parser import MAX_PEM_BYTES, UsageError
from .play import PAGE_ENV, utf8_terminal

PROG = "yaniv join"
#: Set by `yaniv host --cert ... --ssh PORT` for its SSH sessions' `yaniv join`: the host's own certificate file.
#: The table's address the session is given is joined trusting that certificate alone (`pinned_context`), whatever
#: name it is made out to and whoever signed it: the host knows it is its own.
TABLE_CERT_ENV = "YANIV_TABLE_CERT"
#: Set by `yaniv serve --trust CERT` for its pages' and SSH sessions' `yaniv join`: a certificate trusted beside the
#: system's own, for any address typed (the name typed must be one it is made out to), as `SSL_CERT_FILE` would in a
#: terminal, but without putting the system's own bundle aside.
TRUST_CERT_ENV = "YANIV_TRUST_CERT"
#: What a page's guest can do for a table whose certificate is not trusted (net.UntrustedTable): a browser cannot
#: set SSL_CERT_FILE, as the terminal's line says to, but whoever runs the page can trust the table's certificate.
TRUST_IN_A_PAGE = "ask whoever runs this page to start it with 'yaniv serve --trust THEIR-CERT.pem'"
#: Set (to "1") by `yaniv serve --ssh PORT` for its SSH sessions' `yaniv join` (its pages have play.PAGE_ENV): an
#: SSH guest cannot set SSL_CERT_FILE either, and a table not trusted says what they can do instead (TRUST_OVER_SSH).
SERVED_OVER_SSH_ENV = "YANIV_SERVED_OVER_SSH"
#: Set (to "1") by `--ssh` for the `yaniv join` of a session whose client proved it holds a key (its folders are the
#: key's own, kept after the session): it remembers the table it joins in the key's settings, as a page does, and a
#: session of that key given the same address again (a dropped connection come back) finds its code filled in.
SSH_KEY_ENV = "YANIV_SSH_KEY"
TRUST_OVER_SSH = "ask whoever runs this server to start it with 'yaniv serve --trust THEIR-CERT.pem'"
#: A certificate in a PEM file (the first is the table's own; a chain's others follow it).
_PEM_CERT = re.compile(r"-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----")


def join_argv(*, watch: bool = False) -> list[str]:
    """The command `yaniv serve` runs for each browser page, and `--ssh` for each SSH session: this Python's
    `yaniv join` (with `watch`, `yaniv watch`), whatever is on the PATH, and whatever folder it is run in: `-P` keeps
    `python -m` from putting that folder first on the path, where a `yaniv_tui` folder (another checkout's) would be
    run instead."""
    return [sys.executable, "-P", "-m", "yaniv_tui", "watch" if watch else "join"]


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

    given = (args.address or "").strip()
    pinned = os.environ.get(TABLE_CERT_ENV)
    page = os.environ.get(PAGE_ENV) == "1"
    keyed = os.environ.get(SSH_KEY_ENV) == "1"
    # A browser's page opened again (reloaded, or come back to): the table it last joined, in its own settings.
    kept = remembered() if page and not (given or args.code or name) else None
    # An SSH key's session given the address of the table it last joined (not watched): that table's code.
    if keyed and given and args.code is None and not watch:
        last = remembered()
        code_kept = last.join_code if last.join_address == given and not last.join_watch else None
    else:
        code_kept = None

    also = os.environ.get(TRUST_CERT_ENV)
    # What a guest who cannot set SSL_CERT_FILE can do for a table not trusted; None: a terminal's own way.
    over_ssh = os.environ.get(SERVED_OVER_SSH_ENV) == "1"
    advice = TRUST_IN_A_PAGE if page else (TRUST_OVER_SSH if over_ssh else None)

    def trusted(address: str) -> ssl.SSLContext | None:
        """The host's own certificate, pinned, for the address it gave; or the system's trust with `yaniv serve
        --trust`'s certificate beside it; else None: the system's trust, as anywhere."""
        if pinned and given and address == given:
            return pinned_context(pinned)
        if also:
            with contextlib.suppress(PemFileError):  # `yaniv serve` checked it; spoilt since: the system's trust
                return also_trusting(also)
        return None

    #: The tokens of seats this process took and could not keep in their files, by the table and name joined: the
    #: join screen's Join after a drop takes the seat back with it.
    held: dict[tuple[str, str, str | None], str] = {}

    async def seated(address: str, code: str, name: str | None) -> Client:
        table = (address, code.strip().upper(), name)
        client = await TableClient.join(address, code, name=name, ssl_context=trusted(address), held=held.get(table))
        if client.token_problem is not None and client.token is not None:
            held[table] = client.token
        return client

    async def joiner(address: str, code: str, name: str | None) -> Client:
        # The seat's token is kept where store/tables.py says, so the same command rejoins the same seat.
        joining = _advised(seated(address, code, name), advice)
        return await (_remembering(joining, address, code, name, watch=False) if page or keyed else joining)

    async def watcher(address: str, code: str) -> Client:
        watching = _advised(TableClient.watch(address, code, ssl_context=trusted(address)), advice)
        return await (_remembering(watching, address, code, None, watch=True) if page else watching)

    if kept is not None:
        return JoinRequest(
            joiner,
            refused=(ActionRefused,),
            join_error=(JoinError,),
            address=kept.join_address or "",
            code=(kept.join_code or "").upper(),
            name=kept.join_name or "",
            watcher=watcher,
            watch=bool(kept.join_watch),
            remembered=bool(kept.join_address and kept.join_code),
        )
    return JoinRequest(
        joiner,
        refused=(ActionRefused,),
        join_error=(JoinError,),
        address=given,
        code=(args.code or code_kept or "").strip().upper(),
        name=(name or "").strip(),
        watcher=watcher,
        watch=watch,
        remembered=code_kept is not None,
    )


def remembered() -> Settings:
    """The settings holding the table this browser's page last joined (its fields None when there is none)."""
    from yaniv_tui.store.settings import load_settings

    return load_settings()


async def _advised(joining: Awaitable[Client], advice: str | None) -> Client:
    """`joining`'s table; one whose certificate is not trusted says what its player can do about it: `advice` (a page's
    or an SSH session's guest cannot set SSL_CERT_FILE), or with None the terminal's way (net.TRUST_IN_A_TERMINAL)."""
    from yaniv_tui.net.client import UntrustedTable

    try:
        return await joining
    except UntrustedTable as error:
        if advice is None:
            raise
        raise error.advising(advice) from None


async def _remembering(joining: Awaitable[Client], address: str, code: str, name: str | None, *, watch: bool) -> Client:
    """`joining`'s table, kept in this browser's settings once joined (or watched), for its next page. A join that
    fails forgets nothing: the next page tries the table again (a host resumed keeps its code), and one that has
    gone leaves that page's join screen open, saying why, at the code to type (tui/screens/join.py)."""
    from yaniv_tui.store.settings import change_settings

    client = await joining
    kept: dict[str, object] = {"join_address": address, "join_code": code, "join_watch": watch or None}
    change_settings(**kept if watch else {**kept, "join_name": name or None})
    return client


class PemFileError(ValueError):
    """A PEM file that cannot be used: one line saying what is wrong with it, to follow its flag and name."""


def read_pem_file(path: str, use: str) -> str:
    """The text of the PEM file at `path`, to be used as `use` ("a certificate"); PemFileError (one line) unless it
    is a regular file of at most MAX_PEM_BYTES: the TLS library would wait for ever on a FIFO, or read a device
    without end. Read without blocking (store/files.py)."""
    from pathlib import Path

    from yaniv_tui.store.files import NotAFile, TooBig, read_regular

    if not path:  # Path("") is the folder it is run in
        raise PemFileError("no file named: give a PEM file's path")
    try:
        return read_regular(Path(path), MAX_PEM_BYTES).decode("ascii", "replace")
    except NotAFile as error:
        raise PemFileError(f"is {error.kind}, not a PEM file") from None
    except TooBig:
        raise PemFileError(f"too big for a PEM file (over {MAX_PEM_BYTES >> 20} MiB)") from None
    except OSError as error:
        raise PemFileError(f"cannot be used as {use} ({error.strerror or error})") from None


def _certificates(cert_file: str) -> list[str]:
    """The PEM certificates in `cert_file`, the table's own first; PemFileError (one line) if it is no PEM file that
    can be read (`read_pem_file`) or holds no certificate."""
    found = _PEM_CERT.findall(read_pem_file(cert_file, "a certificate"))
    if not found:
        raise PemFileError(
            "holds no certificate that can be read: give a PEM file with a '-----BEGIN CERTIFICATE-----' block "
            "(the table's own, as 'yaniv host --cert' serves it)"
        )
    return found


def _loading(context: ssl.SSLContext, certificates: list[str]) -> ssl.SSLContext:
    """`context`, trusting `certificates` too; PemFileError (one line) for one that cannot be read."""

    try:
        context.load_verify_locations(cadata="\n".join(certificates))
    except (ssl.SSLError, ValueError) as error:
        reason = getattr(error, "reason", None) or error
        raise PemFileError(f"holds a certificate that cannot be read ({reason})") from None
    return context


def also_trusting(cert_file: str) -> ssl.SSLContext:
    """A TLS client context trusting the system's certificates and every one in `cert_file` beside them (names
    checked as anywhere). The one reader of `yaniv serve --trust CERT`'s file: `serve` checks it so as it starts,
    each page's `yaniv join` trusts it so. PemFileError (one line) for a file that is no PEM file, holds no
    certificate, or one that cannot be read."""
    return _loading(ssl.create_default_context(), _certificates(cert_file))


def pinned_context(cert_file: str) -> ssl.SSLContext | None:
    """A TLS client context trusting exactly the first certificate in `cert_file` (the table's own), by itself: not
    its name (the table is joined at an address of this machine, which the certificate may not name) nor who signed
    it; None if the file holds no certificate that can be read (the system's trust is used, and its line says why)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False  # the one certificate trusted is the check
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN  # that certificate is the end of the chain, even if signed
    try:
        return _loading(context, _certificates(cert_file)[:1])
    except PemFileError:
        return None


def main(args: argparse.Namespace, *, watch: bool = False) -> int:
    """Run `yaniv join` (or `yaniv watch`); the exit status."""
    from yaniv_tui.tui.launch import run_app

    request = join_request(args, watch=watch)
    ascii_cards = bool(args.ascii) or not utf8_terminal()
    return run_app(None, LaunchOptions(ascii=ascii_cards, quiet=bool(args.quiet)), joining=request)
