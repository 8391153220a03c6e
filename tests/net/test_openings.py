"""Connections that open and never say a word, not even the WebSocket handshake, are counted from their first byte:
past a few from one address, or many in all, the host closes them at once, so a flood cannot hold its files (and
with them its saves) open; the seats play on, and a player joins as soon as the flood is gone."""

from __future__ import annotations

import asyncio
import json
import ssl
from pathlib import Path

import pytest
from certificates import needs_openssl, self_signed, serving_with
from netplay import LIMIT, eventually, joined, new_game, play_out, started
from test_faults import raw, still_serves

from yaniv_tui.engine import Seat
from yaniv_tui.net import TableClient, secrets_gate
from yaniv_tui.net import host as host_module
from yaniv_tui.net.opening import _Early
from yaniv_tui.net.protocol import VERSION
from yaniv_tui.table.headless import serve_headless

pytestmark = pytest.mark.slow

Socket = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def _silent(port: int, count: int) -> list[Socket]:
    """`count` TCP connections to the host that send nothing at all."""
    return [await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), LIMIT) for _ in range(count)]


async def _closed_by_host(sockets: list[Socket]) -> int:
    """How many of `sockets` the host closed within a moment (it closes one past the limits at once)."""

    async def ended(reader: asyncio.StreamReader) -> bool:
        try:
            return await asyncio.wait_for(reader.read(1), 0.5) == b""
        except TimeoutError:
            return False
        except ConnectionError:
            return True

    return sum(await asyncio.gather(*(ended(reader) for reader, _ in sockets)))


def _close(sockets: list[Socket]) -> None:
    for _, writer in sockets:
        writer.close()


async def test_silent_connections_past_a_few_from_one_address_are_closed_at_once(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.remote(), Seat.bot("easy")]
    game = new_game(seats, seed=6, end=100)
    host = await started(game, seats)
    try:
        flood = await _silent(host.port, 60)
        kept = len(flood) - await _closed_by_host(flood)
        assert kept == host_module.OPENING_FROM_ONE == 2 * secrets_gate.MAX_WAITING_JOINS, kept
        _close(flood)
        await eventually(lambda: host.opening == 0)
        await still_serves(host, tmp_path)
    finally:
        await host.stop()


async def test_a_flood_of_silent_connections_never_stops_the_seated_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, "MAX_CONNECTIONS", 4)  # room in all for twice this many before a word
    seats = [Seat.remote(), Seat.remote(), Seat.bot("easy")]
    game = new_game(seats, seed=6, end=100)
    host = await started(game, seats)
    try:
        clients = [await joined(host, tmp_path, f"s{i}") for i in range(2)]
        table = asyncio.create_task(serve_headless(host, game, seats))
        flood = await _silent(host.port, 40)
        assert len(flood) - await _closed_by_host(flood) == 2 * 4
        await asyncio.wait_for(asyncio.gather(*(play_out(c) for c in clients)), LIMIT)
        assert (await asyncio.wait_for(table, LIMIT)).is_over
        _close(flood)
        for client in clients:
            await client.close()
    finally:
        await host.stop()


async def test_a_connection_that_joins_is_no_longer_counted_as_silent() -> None:
    seats = [Seat.remote(), Seat.bot("easy")]
    host = await started(new_game(seats, seed=6), seats)
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", host.port), LIMIT)
        await eventually(lambda: host.opening == 1)
        writer.close()
        await eventually(lambda: host.opening == 0)
        ws = await raw(host)
        await ws.send(json.dumps({"v": VERSION, "type": "watch", "code": host.code}))
        await eventually(lambda: host.watchers == 1)
        assert host.opening == 0
        await ws.close()
    finally:
        await host.stop()


async def test_behind_the_trusted_proxy_silent_connections_are_counted_in_all_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every client behind the proxy shares its address: its connections are not capped as one address's.
    monkeypatch.setattr(host_module, "MAX_CONNECTIONS", 15)  # 30 in all before a word
    seats = [Seat.remote(), Seat.bot("easy")]
    host = await started(new_game(seats, seed=6), seats, trust_proxy="127.0.0.1")
    try:
        flood = await _silent(host.port, 40)
        kept = len(flood) - await _closed_by_host(flood)
        assert kept == 30 > host_module.OPENING_FROM_ONE, kept
        _close(flood)
        await eventually(lambda: host.opening == 0)
    finally:
        await host.stop()


@needs_openssl
async def test_under_tls_connections_still_in_their_tls_handshake_are_counted_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table served over TLS (`yaniv host --cert`): a connection that opens and never starts (or finishes) its TLS
    handshake holds a place among the openings until its timeout, as one that never sends its WebSocket handshake
    does; past the few from one address, a new one is closed at once. Before, the count started once the TLS
    handshake was done: every one of the flood was held, for the handshake's whole timeout."""
    monkeypatch.setattr(host_module, "JOIN_TIMEOUT", 1.0)  # the TLS handshake's time, then the join's
    cert, key = self_signed(tmp_path)
    seats = [Seat.remote(), Seat.remote(), Seat.bot("easy")]
    host = await started(new_game(seats, seed=6, end=100), seats, ssl_context=serving_with(cert, key))
    try:
        flood = await _silent(host.port, 60)
        kept = len(flood) - await _closed_by_host(flood)
        assert kept == host_module.OPENING_FROM_ONE, kept
        assert host.opening == host_module.OPENING_FROM_ONE
        # Each held one keeps its place until the handshake's timeout, then it is closed and its place is free.
        await eventually(lambda: host.opening == 0)
        assert await _closed_by_host(flood) == len(flood)
        _close(flood)
        # A client that speaks TLS still joins (its handshake counted, then its join), and the count is empty again.
        trusted = ssl.create_default_context(cafile=str(cert))
        client = await asyncio.wait_for(
            TableClient.join(f"wss://localhost:{host.port}", host.code, token_file=tmp_path / "t", ssl_context=trusted),
            LIMIT,
        )
        assert client.view.hand == host.game.hand(client.view.seat) and host.opening == 0
        await client.close()
    finally:
        await host.stop()


@needs_openssl
async def test_under_tls_bytes_that_are_no_tls_handshake_are_closed_at_once_and_a_stop_ends_the_handshakes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain request (or any bytes that are no TLS handshake) at a table served over TLS: closed at once, no longer
    counted. Connections still in their handshake when the host stops are closed by the stop, long before their
    handshake's time (a minute here) is up."""
    monkeypatch.setattr(host_module, "JOIN_TIMEOUT", 60.0)
    cert, key = self_signed(tmp_path)
    seats = [Seat.remote(), Seat.bot("easy")]
    host = await started(new_game(seats, seed=6), seats, ssl_context=serving_with(cert, key))
    stopped = False
    try:
        plain = await _silent(host.port, 3)
        for _, writer in plain:
            writer.write(b"GET / HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n\r\n")
        assert await _closed_by_host(plain) == 3
        await eventually(lambda: host.opening == 0)
        _close(plain)
        silent = await _silent(host.port, 5)
        await eventually(lambda: host.opening == 5)
        await asyncio.wait_for(host.stop(), LIMIT)
        stopped = True
        assert await _closed_by_host(silent) == 5 and host.opening == 0
        _close(silent)
    finally:
        if not stopped:
            await host.stop()


def test_what_a_secure_transport_tells_before_and_after_its_connection_takes_it_over_reaches_the_connection() -> None:
    """Between a TLS handshake's end and its connection taking the transport over, what comes is kept for it (the
    client's request may come with the handshake's last bytes); a loss the transport told before the hand-over but
    that arrives after it is passed on too, so the connection ends and is no longer counted among the openings."""
    heard: list[object] = []

    class Connection(asyncio.Protocol):
        def data_received(self, data: bytes) -> None:
            heard.append(data)

        def eof_received(self) -> bool | None:
            heard.append("eof")
            return None

        def connection_lost(self, exc: Exception | None) -> None:
            heard.append("lost")

    early = _Early()
    early.data_received(b"GET / HTTP/1.1\r\n")
    early.hand_over(Connection())
    early.data_received(b"\r\n")
    early.eof_received()
    early.connection_lost(None)
    assert heard == [b"GET / HTTP/1.1\r\n", b"\r\n", "eof", "lost"]
