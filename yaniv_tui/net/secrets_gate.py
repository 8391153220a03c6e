"""A table's secrets and who may try them: room codes and seat tokens from `secrets`, compared in constant time,
the proofs that both ends of a rejoin hold the seat's token (without sending it), and a limit on wrong tries from
one address, so a four-letter code is not guessed."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from ipaddress import IPv6Address, ip_address, ip_network
from typing import Literal

#: Letters of a room code: no 0/O or 1/I to misread.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4
#: Joins with a wrong room code, seat key or proof one address may make in `WRONG_WINDOW` seconds before it counts
#: as a guesser's: from then on its joins are checked at most MAX_SLOWED at once, and each wrong one is answered
#: only after `SLOW_ANSWER` seconds, holding its place meanwhile. A guesser, however many connections it opens,
#: tries at most MAX_SLOWED / SLOW_ANSWER codes a second (about four days for the million four-letter codes);
#: a right code from the same address (friends behind one proxy, `yaniv serve`) is never refused, and waits at
#: most for one place to free. Past MAX_QUEUED joins waiting for a place, a flood from one address is busy.
MAX_WRONG = 10
WRONG_WINDOW = 60.0
SLOW_ANSWER = 2.5
MAX_SLOWED = 8
MAX_QUEUED = 32
#: The answer to a connection past a limit of connections (one address's, or the table's).
BUSY = "the table is busy: try again in a moment"
#: Hex digits of a rejoin's nonce, of a seat key, and of a proof.
NONCE_LENGTH = 32
KEY_LENGTH = 64
PROOF_LENGTH = 64
#: Connections from one address that have not sent their join yet; more are closed at once.
MAX_WAITING_JOINS = 8
#: Addresses remembered before the old ones are forgotten, so many addresses cannot grow the memory for ever.
MAX_ADDRESSES = 4096


def address_group(address: str) -> str:
    """The addresses one client holds alike, as the limits count them: an IPv6 address's /64 network (a home or a
    server is given a whole /64, and may send from any of its 2**64 addresses), else the address itself."""
    try:
        parsed = ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, IPv6Address) and parsed.ipv4_mapped is None:
        return str(ip_network(f"{parsed}/64", strict=False))
    return address


def new_code() -> str:
    """A fresh room code, e.g. "K7QF" (from `secrets`)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A fresh seat token (from `secrets`): codec.fields.TOKEN's shape."""
    return secrets.token_urlsafe(18)


def new_nonce() -> str:
    """A fresh nonce for a rejoin's proofs: NONCE_LENGTH hex digits (from `secrets`)."""
    return secrets.token_hex(NONCE_LENGTH // 2)


def seat_key(token: str) -> str:
    """The public name of a seat token (KEY_LENGTH hex digits): the host finds the seat by it, and it tells
    nothing of the token to a server that receives it."""
    return hashlib.sha256(b"yaniv seat key\0" + token.encode()).hexdigest()


def seat_proof(token: str, by: Literal["host", "client"], code: str, client_nonce: str, host_nonce: str) -> str:
    """What `by` answers to prove it holds `token` at the table `code` in this rejoin (PROOF_LENGTH hex digits):
    an HMAC of both nonces, so no answer seen before serves again, and the host's cannot stand for the client's."""
    message = "\0".join(("yaniv seat proof", by, code, client_nonce, host_nonce)).encode()
    return hmac.new(token.encode(), message, hashlib.sha256).hexdigest()


def same(a: str, b: str) -> bool:
    """Whether two secrets are equal, in time that does not depend on where they differ. Any text is compared, a
    client's code with a lone surrogate (which JSON may hold and UTF-8 does not) too: it is only unequal."""
    return hmac.compare_digest(a.encode("utf-8", "surrogatepass"), b.encode("utf-8", "surrogatepass"))


@dataclass
class _Gate:
    """A guessing address's places for joins being checked, and how many of its joins want one."""

    places: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(MAX_SLOWED))
    wanting: int = 0


class WrongTries:
    """Each address's recent wrong room codes and tokens, and the places of a guessing address's joins; an IPv6
    address counts as its /64 network (`address_group`)."""

    def __init__(self) -> None:
        self._times: dict[str, list[float]] = {}
        self._gates: dict[str, _Gate] = {}

    def too_many(self, address: str) -> bool:
        """Whether `address` made MAX_WRONG wrong tries or more lately: its joins are checked in turn, and each
        wrong one answered slowly."""
        address = address_group(address)
        now = time.monotonic()
        recent = [t for t in self._times.get(address, []) if now - t < WRONG_WINDOW]
        if recent:
            self._times[address] = recent
        else:
            self._times.pop(address, None)  # a flood of addresses leaves nothing behind once they stop
        return len(recent) >= MAX_WRONG

    def wrong(self, address: str) -> None:
        """Count a wrong room code or token from `address`."""
        address = address_group(address)
        now = time.monotonic()
        if len(self._times) >= MAX_ADDRESSES:  # many addresses: forget those whose tries are all old
            self._times = {a: t for a, t in self._times.items() if now - t[-1] < WRONG_WINDOW}
        self._times.setdefault(address, []).append(now)

    async def checked(self, address: str, check: Callable[[], Awaitable[str | None]]) -> str | None:
        """`await check()` (None: the join is seated; else why not, in one line) for a join from `address`: at
        once, or, from a guesser's address, in one of its MAX_SLOWED places, which a refused join keeps for
        SLOW_ANSWER seconds before its answer, which says so (BUSY past MAX_QUEUED joins wanting a place)."""
        if not self.too_many(address):
            return await check()
        address = address_group(address)
        gate = self._gates.setdefault(address, _Gate())
        if gate.wanting >= MAX_QUEUED:
            return BUSY
        gate.wanting += 1
        try:
            async with gate.places:
                problem = await check()
                if problem is None:
                    return None
                await asyncio.sleep(SLOW_ANSWER)
                return (
                    f"{problem} (answered after {SLOW_ANSWER:g} s: too many wrong tries came from your address lately)"
                )
        finally:
            gate.wanting -= 1
            if gate.wanting == 0:
                del self._gates[address]
