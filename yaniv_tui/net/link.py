"""One client connection at the host: its frames sent in order by one writer, and its faults counted."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable, Sequence
from ipaddress import IPv4Address, IPv6Address, ip_address

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import WebSocketException

from .protocol import MAX_FAULTS, MAX_MESSAGE, MAX_RATE, Bye, Error, encode
from .secrets_gate import address_group

#: Frames, and bytes of frames, waiting for a client that does not read; once either is reached it is dropped (it
#: would hold the host's memory). A late game's state is some 20 KB: a mebibyte is some fifty of them, far more
#: than a client that reads ever falls behind. One frame is taken past the bytes, so the game's record (up to
#: codec.MAX_RECORD_BYTES, sent once at its end) always goes whole to a client that reads.
MAX_WAITING = 256
MAX_WAITING_BYTES = 1024 * 1024
#: Close code for a client that broke the protocol too often (RFC 6455: policy violation).
POLICY_VIOLATION = 1008


def client_address(peer: str, forwarded: Sequence[str], trusted: str | None) -> str:
    """The address a client connects from: `peer`, or, when `peer` is the proxy the host trusts, the last address
    in its X-Forwarded-For header (`forwarded`: the header's values), the one that proxy added. What comes before
    it was written by the client, and is not believed; neither is the header from anyone else."""
    if not from_proxy(peer, trusted):
        return peer
    entries = [entry for value in forwarded for entry in value.split(",")]
    address = _ip(entries[-1]) if entries else None
    return peer if address is None else str(address)


def from_proxy(peer: str, trusted: str | None) -> bool:
    """Whether `peer` is the proxy the host trusts (`trusted`, or None: none)."""
    return trusted is not None and _ip(peer) == _ip(trusted)


def _ip(text: str) -> IPv4Address | IPv6Address | None:
    """The IP address `text` holds (an IPv4 address mapped into IPv6 as itself), or None."""
    try:
        address = ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


class Link:
    """A connection to one client: `put` queues a frame (sent in order by a writer task), `fault` answers a bad
    message with an error frame and closes the connection on the MAX_FAULTS-th."""

    def __init__(self, ws: ServerConnection, trust_proxy: str | None = None) -> None:
        self.ws = ws
        remote = ws.remote_address
        peer = str(remote[0]) if isinstance(remote, tuple) and remote else str(remote)
        forwarded = ws.request.headers.get_all("X-Forwarded-For") if ws.request is not None else []
        #: Where the client connects from (its IP address), for the limits on wrong tries and waiting joins.
        self.address = client_address(peer, forwarded, trust_proxy)
        #: The addresses counted with it by those limits (an IPv6 address's /64: secrets_gate.address_group).
        self.group = address_group(self.address)
        #: Whether its first message (the join) has arrived.
        self.heard = False
        self.seat: int | None = None
        #: Whether it watches the table (no seat; protocol: watch).
        self.watching = False
        #: Whether it has been sent a state of the table yet.
        self.stated = False
        #: Whether its player is new in the seat, which nobody held (not back with its token): the seat's past turns
        #: are not theirs (the card it took is not said to them).
        self.newcomer = False
        self.faults = 0
        #: The id of the last action the host took from this connection (ids increase); -1 before any.
        self.last_action = -1
        self.closing = False
        #: Called with every frame queued (the host's record of what this client was sent).
        self.sent: Callable[[str], None] | None = None
        self._times: deque[float] = deque()
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._waiting_bytes = 0  # of the frames in the queue (a frame is ASCII JSON: a character is a byte)
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self._closer: asyncio.Task[None] | None = None

    def put(self, text: str) -> None:
        """Queue one frame for this client; a client that stops reading is dropped rather than queued for."""
        if self.closing:
            return
        if self._queue.qsize() >= MAX_WAITING or self._waiting_bytes >= MAX_WAITING_BYTES:
            self.close("you stopped reading the table", code=POLICY_VIOLATION)
            return
        self._queue_frame(text)

    def _queue_frame(self, text: str) -> None:
        if self.sent is not None:
            self.sent(text)
        self._waiting_bytes += len(text)
        self._queue.put_nowait(text)

    async def _write(self) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            while True:
                text = await self._queue.get()
                if text is None:
                    break
                self._waiting_bytes -= len(text)
                await self.ws.send(text)

    def check(self, raw: str | bytes) -> str | None:
        """Why this message is refused before it is read (too big, too fast), or None."""
        now = time.monotonic()
        times = self._times
        times.append(now)
        while times and now - times[0] > 1.0:
            times.popleft()
        if len(times) > MAX_RATE:
            return f"more than {MAX_RATE} messages a second"
        # In bytes, as the limit says (a character of text may take four).
        if (len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))) > MAX_MESSAGE:
            return f"a message of over {MAX_MESSAGE // 1024} KiB"
        return None

    def fault(self, message: str) -> None:
        """Answer a fault with an error frame; the MAX_FAULTS-th closes the connection."""
        self.faults += 1
        self.put(encode(Error(message)))
        if self.faults >= MAX_FAULTS:
            self.close(f"too many bad messages ({message})", code=POLICY_VIOLATION)

    def close(self, reason: str, *, code: int = 1000) -> None:
        """Say bye, send what is queued, then close (in the background)."""
        if self.closing:
            return
        self.closing = True
        # Past the limits too: the goodbye of a client dropped for not reading is the one frame more it is given.
        self._queue_frame(encode(Bye(reason)))
        self._queue.put_nowait(None)
        self._closer = asyncio.get_running_loop().create_task(self._close_after_writer(code, reason))

    async def _close_after_writer(self, code: int, reason: str) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._writer), 5.0)
        self._writer.cancel()
        with contextlib.suppress(WebSocketException, OSError):
            await self.ws.close(code, reason.encode()[:100].decode(errors="ignore"))

    async def finished(self) -> None:
        """The connection ended: let a closing one send its last frames (bounded), then stop the writer."""
        self.closing = True
        if self._closer is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(self._closer, 10.0)
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer
