"""The connections a host holds before they join, counted from their first byte, before the WebSocket handshake."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from websockets.asyncio.server import ServerConnection

from .link import from_proxy
from .secrets_gate import address_group


class Openings:
    """Every TCP connection to the host is counted from the moment it opens (under TLS, once its TLS handshake is
    done: until then websockets' open_timeout alone bounds it) until it sends its join (or watch) or ends. One that
    would make more than `limits()`'s first number from one address (an IPv6 address's /64), or its second in all,
    is closed at once, with no word: before its handshake it cannot be sent a frame. So connections that never
    finish their handshake (a slow or silent client, each held for the handshake's timeout, then the join's) cannot
    hold the host's files open, which its saves need. Connections from the `trusted` proxy (`--trust-proxy`) are
    counted in all only: every client behind it shares its address.

    `connection_type()` is the connection class to serve with (`serve(create_connection=...)`); the host calls
    `joined` when a connection's first message has come."""

    def __init__(self, limits: Callable[[], tuple[int, int]], trusted: str | None) -> None:
        self._limits = limits
        self._trusted = trusted
        #: Each connection not yet joined, with its address's group (None: the trusted proxy's).
        self._waiting: dict[ServerConnection, str | None] = {}

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

    def connection_type(self) -> type[ServerConnection]:
        """A connection class that is counted here, and closed at once past the limits."""
        openings = self

        class Counted(ServerConnection):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                admitted = openings._admit(self, transport)
                super().connection_made(transport)  # its handler runs, and ends as soon as it finds it closed
                if not admitted and isinstance(transport, asyncio.Transport):
                    transport.abort()

            def connection_lost(self, exc: Exception | None) -> None:
                openings.joined(self)
                super().connection_lost(exc)

        return Counted
