"""Given a certificate, the table is served over TLS (wss://) and a client joins with the address's wss://."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest
from netplay import LIMIT, new_game, started

from yaniv_tui.engine import Seat
from yaniv_tui.net import TableClient

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a certificate")


async def test_a_table_with_a_certificate_is_joined_over_wss(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=LIMIT,
    )  # fmt: skip
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(cert, key)
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
