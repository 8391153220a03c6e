"""A self-signed TLS certificate and its key, made by openssl for a test (as a host makes one for `yaniv host
--cert`), and a server's context serving with it. Tests that need one are skipped where there is no openssl."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

#: Marks a test (or, as `pytestmark`, a file) that needs openssl to make its certificate.
needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a certificate")
#: Seconds openssl may take.
MAKING = 30.0


def self_signed(folder: Path, name: str = "localhost", *, here: bool = True) -> tuple[Path, Path]:
    """A self-signed certificate made out to `name` (and, with `here`, to localhost and 127.0.0.1 as well: a table
    on this machine reached by those), and its key: `folder`/cert.pem and `folder`/key.pem."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    also = ["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"] if here else []
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", f"/CN={name}", *also,
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=MAKING,
    )  # fmt: skip
    return cert, key


def serving_with(cert: Path, key: Path) -> ssl.SSLContext:
    """A TLS server's context serving `cert` (a table's, as `yaniv host --cert CERT --key KEY` serves it)."""
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(cert, key)
    return served
