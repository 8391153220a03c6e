"""Reaching a table: its address, the connection, and the opening that seats a player (a join, by a kept token's
challenge that never sends the token) or a watcher; each failure is one line for the player (`JoinError`)."""

from __future__ import annotations

import asyncio
import contextlib
import re
import ssl
from pathlib import Path
from typing import NamedTuple, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidURI, WebSocketException

from yaniv_tui.codec.record import MAX_RECORD_BYTES
from yaniv_tui.store.tables import read_token, write_token

from .host import DEFAULT_PORT
from .protocol import (
    ANOTHER_NAMES_SEAT,
    PING_EVERY,
    PING_TIMEOUT,
    SEAT_IN_USE,
    STALE_TOKEN,
    Challenge,
    Error,
    Join,
    ProtocolError,
    Prove,
    State,
    Watch,
    Welcome,
    encode,
    from_host,
    one_line,
)
from .seat_tokens import named, token_files
from .secrets_gate import new_nonce, same, seat_key, seat_proof

__all__ = [
    "MAX_FROM_HOST",
    "TRUST_IN_A_TERMINAL",
    "JoinError",
    "Opened",
    "UntrustedTable",
    "open_seat",
    "open_watch",
    "parse_address",
]

M = TypeVar("M", Welcome, Challenge, State)

#: The largest frame a client takes from a host: a record frame of the largest record a file may hold, its quotes
#: escaped (a long game's state with eight seats is far smaller). The record inside is checked as a file's is.
MAX_FROM_HOST = 2 * MAX_RECORD_BYTES + 64 * 1024
_ADDRESS = re.compile(
    r"^(?:(?P<scheme>wss?)://)?(?:\[(?P<ip6>[0-9A-Fa-f:.]+)\]|(?P<host>[^:/\[\]\s]+))(?::(?P<port>\d{1,5}))?/?$"
)


class JoinError(Exception):
    """The table could not be joined; the message is one line for the player (never a traceback)."""


#: What a player in a terminal can do for a table whose certificate is not trusted here (`UntrustedTable`).
TRUST_IN_A_TERMINAL = (
    "if its host made it, trust it by giving their certificate file first: SSL_CERT_FILE=THEIR-CERT.pem yaniv join ..."
)


class UntrustedTable(JoinError):
    """A TLS table whose certificate is not trusted here: where it is (`host:port`), why not, and what the player can
    do (`advice`: in a terminal, TRUST_IN_A_TERMINAL; a guest elsewhere is told otherwise, `advising`)."""

    def __init__(self, where: str, why: str, advice: str = TRUST_IN_A_TERMINAL) -> None:
        super().__init__(f"the table at {where} has a certificate not trusted here ({why}): {advice}")
        self.where = where
        self.why = why

    def advising(self, advice: str) -> UntrustedTable:
        """The same table, with what a player who cannot do TRUST_IN_A_TERMINAL can do instead."""
        return UntrustedTable(self.where, self.why, advice)


def parse_address(address: str) -> tuple[str, str, int]:
    """("ws" or "wss", host, port) of "HOST", "HOST:PORT", "[::1]:PORT" or "ws(s)://HOST:PORT"; JoinError if not."""
    match = _ADDRESS.match(address.strip())
    if match is None:
        raise JoinError(f"not an address: {one_line(address, 60)!r} (HOST or HOST:PORT)")
    if (match["host"] or "").startswith("-"):  # `yaniv join -- -x CODE`: a flag, never a machine's name
        raise JoinError(
            f"not an address: {one_line(address, 60)!r} (a host's name never starts with '-'; HOST or HOST:PORT)"
        )
    port = int(match["port"] or DEFAULT_PORT)
    if not 0 < port < 65536:
        raise JoinError(f"no port {port}: a port is 1 to 65535")
    return match["scheme"] or "ws", match["ip6"] or match["host"], port


async def _connect(address: str, ssl_context: ssl.SSLContext | None, timeout: float) -> ClientConnection:
    """A connection to the table at `address`; JoinError (one line) if there is none."""
    scheme, host, port = parse_address(address)
    where = f"[{host}]" if ":" in host else host
    context = ssl_context if ssl_context is not None else (True if scheme == "wss" else None)
    try:
        return await asyncio.wait_for(
            connect(
                f"{scheme}://{where}:{port}/",
                ssl=context,
                max_size=MAX_FROM_HOST,
                compression=None,
                open_timeout=timeout,
                ping_interval=PING_EVERY,
                ping_timeout=PING_TIMEOUT,
            ),
            timeout,
        )
    except ssl.SSLCertVerificationError as error:
        raise UntrustedTable(f"{host}:{port}", one_line(error.verify_message or "", 60) or "not verified") from None
    except (OSError, TimeoutError, InvalidURI, WebSocketException) as error:
        raise JoinError(f"cannot reach a table at {host}:{port} ({one_line(str(error), 80) or 'no answer'})") from None


async def _opening(ws: ClientConnection, text: str) -> None:
    """Send a connection's first message; a host that closed it first (a busy table) has said why in a frame that
    the next read gives, so a closed connection is not told here."""
    with contextlib.suppress(WebSocketException):
        await ws.send(text)


class ImpostorError(Exception):
    """The server could not prove it holds the seat's token: it is not the table that gave it."""


async def _welcomed(ws: ClientConnection, code: str, name: str | None, token: str | None, timeout: float) -> Welcome:
    """Join on `ws`: afresh, or with a kept `token` by the challenge (protocol.py) that never sends the token
    itself; the host's welcome. JoinError (one line) if refused; ImpostorError if the host cannot prove it holds
    the token, after which nothing more was sent."""
    if token is None:
        await _opening(ws, encode(Join(code, name)))
        return _seated(await _first(ws, Welcome, timeout))
    nonce = new_nonce()
    await _opening(ws, encode(Join(code, name, seat_key(token), nonce)))
    challenge = await _first(ws, Challenge, timeout)
    if not same(challenge.proof, seat_proof(token, "host", code, nonce, challenge.nonce)):
        raise ImpostorError
    await ws.send(encode(Prove(seat_proof(token, "client", code, nonce, challenge.nonce))))
    return _seated(await _first(ws, Welcome, timeout))


class Opened(NamedTuple):
    """A connection a host has seated on (or let watch): its welcome, its first state, and where its token is kept."""

    ws: ClientConnection
    welcome: Welcome
    state: State
    token_file: Path | None
    #: Why the seat's token could not be kept in `token_file` (one line: `token_not_kept`), or None.
    token_problem: str | None = None


async def open_seat(
    address: str,
    code: str,
    name: str | None,
    token_file: Path | None,
    ssl_context: ssl.SSLContext | None,
    timeout: float,
    held: str | None = None,
) -> Opened:
    """Take a seat at the table `code` at `address` (`TableClient.join`): the one of the token kept for `name` (in
    `token_file`, or where `seat_tokens.token_files` says), else the one of `held` (a token this process holds, which
    its file could not keep), else a free one; JoinError in one line if it cannot."""
    _, host, port = parse_address(address)
    code = code.strip().upper()
    older = None
    if token_file is None:
        token_file, older = token_files(host, port, code, name)
    token = read_token(older or token_file)
    if token is None and held is not None:
        token, older = held, None
    return await _seat(address, code, name, token_file, token, ssl_context, timeout, older)


async def _seat(
    address: str,
    code: str,
    name: str | None,
    token_file: Path,
    token: str | None,
    ssl_context: ssl.SSLContext | None,
    timeout: float,
    older: Path | None = None,
) -> Opened:
    """`open_seat` with `token` (None: afresh), the one kept in `token_file` or none; or the one an older yaniv kept
    in `older` (`seat_tokens.kept_by_an_older_yaniv`), moved to `token_file` once the seat it takes is `name`'s."""
    _, host, port = parse_address(address)
    where = f"[{host}]" if ":" in host else host
    ws = await _connect(address, ssl_context, timeout)
    try:
        try:
            welcome = await _welcomed(ws, code, name, token, timeout)
        except JoinError as error:
            # A token kept from another table that had this code: forget it and join afresh, once (without it,
            # whether or not its file could be removed). An older yaniv's file may be another name's too (one
            # two names shared): its seat in use or gone is no reason to refuse this name, and it is left alone.
            # So is one the host says is another name's seat (ANOTHER_NAMES_SEAT): today's file of this name may
            # be where an older yaniv kept another's ("ann_lee"'s, where "Ann Lee"'s was kept); joined afresh, this
            # name's own token is kept in it. A stale token is worth nothing to any name (the file is this table's
            # address and code), an older yaniv's too: it is removed, so no later join offers it again (not even
            # after a join afresh that is refused, which writes no file of today).
            again = (STALE_TOKEN, ANOTHER_NAMES_SEAT) + (() if older is None else (SEAT_IN_USE,))
            if token is None or str(error) not in again:
                raise
            if str(error) == STALE_TOKEN:
                with contextlib.suppress(OSError):
                    (older or token_file).unlink()
            await ws.close()
            return await _seat(address, code, name, token_file, None, ssl_context, timeout)
        except ImpostorError:
            raise JoinError(
                f"the server at {where}:{port} could not prove it is the table that gave you your seat "
                "(your seat's token was not sent to it)"
            ) from None
        assert welcome.token is not None  # _seated: a join's welcome gives its seat's token
        if older is not None and not named(welcome, name):
            # The seat of another name whose older file this was: left at once, its view not read, its file
            # left to it; this name joins afresh.
            await ws.close()
            return await _seat(address, code, name, token_file, None, ssl_context, timeout)
        problem = None
        try:
            write_token(token_file, welcome.token)
        except OSError as error:
            problem = token_not_kept(token_file, error, welcome.opens_seats)
        else:
            if older is not None:  # moved to its new name: the older one is read no more
                with contextlib.suppress(OSError):
                    older.unlink()
        state = await _first(ws, State, timeout)
        if not state.view.hand_shown or state.view.seat != welcome.seat:
            raise JoinError("the host sent another seat's view, which no yaniv table does")
        _same_seats(welcome, state)
        return Opened(ws, welcome, state, token_file, problem)
    except BaseException:
        await ws.close()
        raise


def token_not_kept(token_file: Path, error: OSError, opens_seats: bool = True) -> str:
    """What a player is told when their seat's token cannot be written to `token_file` (a data folder read-only, full,
    or with a file where the tokens' folder should be): the seat plays on, but the same command cannot take it back;
    once they quit, only a host that `opens_seats` (it has a screen: Welcome.opens_seats) can open it for them."""
    after = (
        "only the host can open your seat for you again"
        if opens_seats
        else "no one can open your seat for you: this host has no screen"
    )
    return one_line(
        f"your seat's token could not be kept in {token_file.parent} ({error.strerror or error}): the join screen's"
        f" Join takes your seat back after a drop, but once you quit {after}",
        400,
    )


async def open_watch(address: str, code: str, ssl_context: ssl.SSLContext | None, timeout: float) -> Opened:
    """Watch the table `code` at `address` with no seat (`TableClient.watch`); JoinError in one line if it cannot."""
    ws = await _connect(address, ssl_context, timeout)
    try:
        await _opening(ws, encode(Watch(code.strip().upper())))
        welcome = await _first(ws, Welcome, timeout)
        if welcome.seat is not None:
            raise JoinError("the host gave a seat to a watcher, which no yaniv table does")
        state = await _first(ws, State, timeout)
        if state.view.hand_shown:
            raise JoinError("the host sent a watcher a seat's view, which no yaniv table does")
        _same_seats(welcome, state)
        return Opened(ws, welcome, state, None)
    except BaseException:
        await ws.close()
        raise


def _same_seats(welcome: Welcome, state: State) -> None:
    """JoinError unless the welcome says who plays each seat of the table its first state shows (the screen tells a
    seat's status by it)."""
    seats, shown = len(welcome.kinds), len(state.view.players)
    if seats != shown:
        raise JoinError(f"the host welcomed you to a table of {seats} seats and showed one of {shown}")


def _seated(welcome: Welcome) -> Welcome:
    """The welcome of a join, which gives a seat and its token; JoinError if it gives none (a watcher's)."""
    if welcome.seat is None or welcome.token is None:
        raise JoinError("the host gave no seat to a join, which no yaniv table does")
    return welcome


async def _first(ws: ClientConnection, kind: type[M], timeout: float) -> M:
    """The host's next message, which must be a `kind`; JoinError says what came instead."""
    try:
        raw = await asyncio.wait_for(ws.recv(), timeout)
        message = from_host(raw)
    except TimeoutError:
        raise JoinError("the host did not answer in time") from None
    except ProtocolError as error:
        raise JoinError(f"the host sent what no yaniv table sends ({error})") from None
    except WebSocketException:
        raise JoinError("the host closed the connection") from None
    if isinstance(message, Error):
        raise JoinError(message.message)
    if not isinstance(message, kind):
        raise JoinError(f"the host sent a {type(message).__name__.lower()} where a {kind.__name__.lower()} was due")
    return message
