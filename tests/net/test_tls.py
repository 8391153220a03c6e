"""Given a certificate, the table is served over TLS (wss://) and a client joins with the address's wss://."""

from __future__ import annotations

import asyncio
import ssl
from pathlib import Path

import pytest
from certificates import needs_openssl, self_signed, serving_with
from netplay import new_game, started

from yaniv_tui.engine import Seat
from yaniv_tui.net import JoinError, TableClient
from yaniv_tui.net import host as host_module
from yaniv_tui.net.client import TRUST_IN_A_TERMINAL

pytestmark = needs_openssl


async def test_a_table_with_a_certificate_is_joined_over_wss(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    served = serving_with(cert, key)
    trusted = ssl.create_default_context(cafile=str(cert))
    seats = [Seat.remote(), Seat.bot("easy")]
    game = new_game(seats)
    host = await started(game, seats, ssl_context=served)
    try:
        assert host.join_command().startswith("yaniv join wss://localhost:")
        client = await TableClient.join(
            f"wss://localhost:{host.port}", host.code, token_file=tmp_path / "t", ssl_context=trusted
        )
        assert client.view.hand == game.hand(0)
        await client.close()
    finally:
        await host.stop()


async def test_a_certificate_the_joiner_does_not_trust_is_said_whole_with_the_way_to_trust_it(tmp_path: Path) -> None:
    """A self-signed certificate (the host's own, as `yaniv host --cert` takes): the join said "cannot reach a
    table at localhost:PORT ([SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: self-signed certifi…)",
    cut short, and not what to do."""
    cert, key = self_signed(tmp_path)
    served = serving_with(cert, key)
    seats = [Seat.remote(), Seat.bot("easy")]
    host = await started(new_game(seats), seats, ssl_context=served)
    try:
        with pytest.raises(JoinError) as refused:
            await TableClient.join(f"wss://localhost:{host.port}", host.code, token_file=tmp_path / "t", timeout=5)
        line = str(refused.value)
        assert "\n" not in line and "…" not in line, line
        assert "certificate" in line and "not trusted" in line and "SSL_CERT_FILE" in line, line
        # The terminal's way, not a page's (cli/join.TRUST_IN_A_PAGE, tests/cli/test_serve_trust.py).
        assert line.endswith(f"(self-signed certificate): {TRUST_IN_A_TERMINAL}") and "yaniv serve" not in line, line
    finally:
        await host.stop()


async def test_a_connection_that_never_starts_its_tls_handshake_is_closed_in_the_joins_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before its TLS handshake a connection is no WebSocket yet (counted by host.OPENING_FROM_ONE all the same:
    test_openings.py): the handshake's time (JOIN_TIMEOUT, as websockets' open_timeout) is its bound."""
    monkeypatch.setattr(host_module, "JOIN_TIMEOUT", 0.5)
    cert, key = self_signed(tmp_path)
    seats = [Seat.remote(), Seat.bot("easy")]
    host = await started(new_game(seats), seats, ssl_context=serving_with(cert, key))
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
        try:
            assert await asyncio.wait_for(reader.read(1), 10.0) == b""  # closed by the host
        finally:
            writer.close()
    finally:
        await host.stop()
