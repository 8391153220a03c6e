"""A table's secrets and who may try them: room codes and seat tokens from `secrets`, compared in constant time,
and a limit on wrong tries from one address, so a four-letter code is not guessed."""

from __future__ import annotations

import hmac
import secrets
import time

#: Letters of a room code: no 0/O or 1/I to misread.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4
#: Joins with a wrong room code or token one address may make in `WRONG_WINDOW` seconds before each further
#: wrong one is answered only after `SLOW_ANSWER` seconds. A right code is never slowed: friends behind one
#: address (a proxy, `yaniv serve`) still join, while a guesser, with at most MAX_WAITING_JOINS joins open from
#: one address, tries under two codes a second: about a week for the million four-letter codes.
MAX_WRONG = 10
WRONG_WINDOW = 60.0
SLOW_ANSWER = 5.0
#: Connections from one address that have not joined yet; more are closed at once.
MAX_WAITING_JOINS = 8
#: Addresses remembered before the old ones are forgotten, so many addresses cannot grow the memory for ever.
MAX_ADDRESSES = 4096


def new_code() -> str:
    """A fresh room code, e.g. "K7QF" (from `secrets`)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A fresh seat token (from `secrets`)."""
    return secrets.token_urlsafe(18)


def same(a: str, b: str) -> bool:
    """Whether two secrets are equal, in time that does not depend on where they differ."""
    return hmac.compare_digest(a.encode(), b.encode())


class WrongTries:
    """Each address's recent wrong room codes and tokens."""

    def __init__(self) -> None:
        self._times: dict[str, list[float]] = {}

    def too_many(self, address: str) -> bool:
        """Whether `address` made MAX_WRONG wrong tries or more lately: its next wrong one is answered slowly."""
        now = time.monotonic()
        recent = [t for t in self._times.get(address, []) if now - t < WRONG_WINDOW]
        if recent:
            self._times[address] = recent
        else:
            self._times.pop(address, None)  # a flood of addresses leaves nothing behind once they stop
        return len(recent) >= MAX_WRONG

    def wrong(self, address: str) -> None:
        """Count a wrong room code or token from `address`."""
        now = time.monotonic()
        if len(self._times) >= MAX_ADDRESSES:  # many addresses: forget those whose tries are all old
            self._times = {a: t for a, t in self._times.items() if now - t[-1] < WRONG_WINDOW}
        self._times.setdefault(address, []).append(now)
