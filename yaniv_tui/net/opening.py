"""The connections a host holds before they join, counted from their first byte, before any handshake (TLS's too)."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable

from websockets.asyncio.server import ServerConnection

from .link import from_proxy
from .secrets_gate import address_group


class Openings:
    """Every TCP connection to the host is counted from the moment it opens (under TLS, before its TLS handshake,
    which is done here: `tls`, within `timeout()` seconds) until it sends its join (or watch) or ends. One that would
    make more than `limits()`'s first number from one address (an IPv6 address's /64), or its second in all, is
    closed at once, with no word: before its handshake it cannot be sent a frame. So connections that never finish
    a handshake (a slow or silent client, each held for the TLS handshake's timeout, then the WebSocket's, then the
    join's) cannot hold the host's files open, which its saves need. Connections from the `trusted` proxy
    (`--trust-proxy`) are counted in all only: every client behind it shares its address.

    `connection_type()` is the connection class to serve with (`serve(create_connection=...)`, with no `ssl`: the
    TLS is done here); the host calls `joined` when a connection's first message has come, and `stop` when it
    stops (a TLS handshake under way ends)."""

    def __init__(
        self,
        limits: Callable[[], tuple[int, int]],
        trusted: str | None,
        tls: ssl.SSLContext | None = None,
        timeout: Callable[[], float] = lambda: 10.0,
    ) -> None:
        self._limits = limits
        self._trusted = trusted
        self._tls = tls
        self._timeout = timeout
        #: Each connection not yet joined, with its address's group (None: the trusted proxy's).
        self._waiting: dict[ServerConnection, str | None] = {}
        #: The TLS handshakes under way.
        self._handshakes: set[asyncio.Task[None]] = set()

    def __len__(self) -> int:
        return len(self._waiting)

    def _admit(self, connection: ServerConnection, transport: asyncio.BaseTransport) -> bool:
        peername = transport.get_extra_info("peername")
        peer = str(peername[0]) if isinstance(peername, tuple) and peername else str(peername)
        group = None if from_proxy(peer, self._trusted) else address_group(peer)
        from_one, in_all = self._limits()
        if len(self._waiting) >= in_all:
            return False
        if group is not None and sum(1 for other in self._waiting.values() if other == group) >= from_one:
            return False
        self._waiting[connection] = group
        return True

    def joined(self, connection: ServerConnection) -> None:
        """`connection` sent its first message: it is counted by the host's own limits from now on."""
        self._waiting.pop(connection, None)

    async def stop(self) -> None:
        """End the TLS handshakes under way (their connections closed)."""
        for task in list(self._handshakes):
            task.cancel()
        if self._handshakes:
            await asyncio.wait(self._handshakes)

    def connection_type(self) -> type[ServerConnection]:
        """A connection class that is counted here, closed at once past the limits, and under TLS secured here."""
        openings = self

        class Counted(ServerConnection):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                admitted = openings._admit(self, transport)
                if admitted and openings._tls is not None and isinstance(transport, asyncio.Transport):
                    openings._secure(self, transport, openings._tls, super().connection_made)
                    return
                super().connection_made(transport)  # its handler runs, and ends as soon as it finds it closed
                if not admitted and isinstance(transport, asyncio.Transport):
                    transport.abort()

            def connection_lost(self, exc: Exception | None) -> None:
                openings.joined(self)
                super().connection_lost(exc)

        return Counted

    def _secure(
        self,
        connection: ServerConnection,
        transport: asyncio.Transport,
        tls: ssl.SSLContext,
        made: Callable[[asyncio.BaseTransport], None],
    ) -> None:
        """Do `connection`'s TLS handshake (counted meanwhile), then `made` it with the secure transport; one that
        fails or takes longer than `timeout()` is closed, and no longer counted."""
        transport.pause_reading()  # nothing it sends is read before the handshake's own reader is in place
        task = asyncio.get_running_loop().create_task(self._handshake(connection, transport, tls, made))
        self._handshakes.add(task)
        task.add_done_callback(self._handshakes.discard)

    async def _handshake(
        self,
        connection: ServerConnection,
        transport: asyncio.Transport,
        tls: ssl.SSLContext,
        made: Callable[[asyncio.BaseTransport], None],
    ) -> None:
        early = _Early()
        try:
            secure = await asyncio.get_running_loop().start_tls(
                transport, early, tls, server_side=True, ssl_handshake_timeout=self._timeout()
            )
        except (OSError, asyncio.CancelledError) as error:  # ssl.SSLError is an OSError; so is the timeout's
            transport.abort()
            self.joined(connection)
            if isinstance(error, asyncio.CancelledError):
                raise
            return
        if secure is None:  # the loop lost it meanwhile
            transport.abort()
            self.joined(connection)
            return
        secure.set_protocol(connection)
        made(secure)
        early.hand_over(connection)


class _Early(asyncio.Protocol):
    """What a connection's secure transport brings between its TLS handshake's end and its connection taking it
    over (the client's WebSocket handshake may come with the TLS handshake's last bytes), handed over in order; and
    whatever is still on its way to it after that (a loss the transport told it before the hand-over), passed on."""

    def __init__(self) -> None:
        self._data: list[bytes] = []
        self._eof = False
        self._lost: tuple[Exception | None] | None = None
        self._to: asyncio.Protocol | None = None

    def data_received(self, data: bytes) -> None:
        if self._to is not None:
            self._to.data_received(data)
        else:
            self._data.append(data)

    def eof_received(self) -> bool | None:
        if self._to is not None:
            return self._to.eof_received()
        self._eof = True
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._to is not None:
            self._to.connection_lost(exc)
        else:
            self._lost = (exc,)

    def hand_over(self, connection: asyncio.Protocol) -> None:
        """What came meanwhile, to `connection`, now the transport's protocol; and what comes here after, too."""
        self._to = connection
        for data in self._data:
            connection.data_received(data)
        self._data.clear()
        if self._eof:
            connection.eof_received()
        if self._lost is not None:
            connection.connection_lost(self._lost[0])
