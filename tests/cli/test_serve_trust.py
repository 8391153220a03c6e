"""`yaniv serve --trust CERT`: a browser's page joins a TLS table whose certificate is self-signed, trusted by the
server's operator (a guest's browser cannot set SSL_CERT_FILE), beside the system's own; a bad file is one line. On
127.0.0.1 only."""

from __future__ import annotations

import asyncio
import json
import shlex
import ssl
import sys
from collections.abc import Mapping
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from certificates import needs_openssl, self_signed, serving_with

from yaniv_tui.cli import main, serve_ssh
from yaniv_tui.cli.join import (
    SERVED_OVER_SSH_ENV,
    TRUST_CERT_ENV,
    TRUST_IN_A_PAGE,
    TRUST_OVER_SSH,
    PemFileError,
    also_trusting,
)
from yaniv_tui.cli.parser import UsageError, parse
from yaniv_tui.cli.play import PAGE_ENV
from yaniv_tui.cli.serve_web import YanivServer
from yaniv_tui.engine import Game, Ruleset, Seat
from yaniv_tui.net import TableHost
from yaniv_tui.net.client import TRUST_IN_A_TERMINAL
from yaniv_tui.store import paths

FAKE_APP = Path(__file__).with_name("fake_textual_app.py")
LIMIT = 30.0

pytestmark = needs_openssl

#: What a page's `yaniv join` does once its guest typed the table's address and code: join it (over wss://), as
#: the join screen does, through the request the command line makes from the page's environment.
JOIN = """
import asyncio, sys
from yaniv_tui.cli.join import join_request
from yaniv_tui.cli.parser import parse
async def go():
    client = await join_request(parse(["join"])).joiner(sys.argv[1], sys.argv[2], None)
    print("seat", client.seat, flush=True)
    await client.close()
asyncio.run(go())
"""


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(paths.TOKENS_ENV, raising=False)
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)


async def page_environment(tmp_path: Path, port: int, trust: str | None) -> dict[str, str | None]:
    """The environment `yaniv serve` (with `trust`) gives a page's process, as a stand-in app there reads it."""
    tmp_path.mkdir()
    record = tmp_path / "record"
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(FAKE_APP))} {shlex.quote(str(record))}"
    server = YanivServer(command, host="127.0.0.1", port=port, public_url=None, max_sessions=2, trust=trust)
    test_server = TestServer(await server._make_app(), host="127.0.0.1", port=port)
    await test_server.start_server()
    try:
        async with aiohttp.ClientSession() as http, http.ws_connect(f"ws://127.0.0.1:{port}/ws") as ws:
            await ws.receive_bytes(timeout=LIMIT)
            for _ in range(300):
                if record.exists() and record.read_text():
                    break
                await asyncio.sleep(0.1)
            environment: dict[str, str | None] = json.loads(record.read_text().splitlines()[0])
            return environment
    finally:
        await test_server.close()


#: What `yaniv serve` tells a page's or an SSH session's `yaniv join` in its environment of the guest and the
#: certificate it trusts; none of them: a terminal's own `yaniv join`.
GUESTS_ENVIRONMENT = (TRUST_CERT_ENV, PAGE_ENV, SERVED_OVER_SSH_ENV)


async def join_as_a_guest(address: str, code: str, token: Path, given: Mapping[str, str | None]) -> tuple[int, str]:
    """Join `address` in a process of its own, with what `given` (a page's environment, `page_environment`, or an SSH
    session's) says of its guest and the certificate it trusts."""
    import os

    dropped = ("SSL_CERT_FILE", *GUESTS_ENVIRONMENT)
    environment = {k: v for k, v in os.environ.items() if k not in dropped}
    environment[paths.TOKENS_ENV] = str(token)
    environment[paths.DATA_ENV] = str(token.with_name(token.name + "-data"))
    environment[paths.CONFIG_ENV] = str(token.with_name(token.name + "-config"))
    environment.update({name: value for name in GUESTS_ENVIRONMENT if (value := given.get(name)) is not None})
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", JOIN, address, code, env=environment,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        out, err = await asyncio.wait_for(process.communicate(), LIMIT)
    finally:
        if process.returncode is None:
            process.kill()
    assert process.returncode is not None
    return process.returncode, (out + err).decode()


async def test_a_page_of_yaniv_serve_trust_joins_a_table_with_a_self_signed_certificate(tmp_path: Path) -> None:
    """Before, no page could: its line said to set SSL_CERT_FILE, which a browser's guest cannot."""
    cert, key = self_signed(tmp_path)
    served = serving_with(cert, key)
    seats = [Seat.remote(), Seat.bot("easy")]
    host = TableHost(Game.new(Ruleset(), ["A", "B"], seed=1), seats, port=0, ssl_context=served)
    await host.start()
    try:
        address = f"wss://127.0.0.1:{host.port}"
        untrusted = await page_environment(tmp_path / "plain", 18231, None)
        assert untrusted[TRUST_CERT_ENV] is None and untrusted[PAGE_ENV] == "1"
        status, said = await join_as_a_guest(address, host.code, tmp_path / "t0", untrusted)
        assert status != 0 and "not trusted" in said
        # What the page's guest can do: not SSL_CERT_FILE, which a browser cannot set (the terminal's line says it).
        assert TRUST_IN_A_PAGE in said and "SSL_CERT_FILE" not in said, said
        trusted = await page_environment(tmp_path / "trust", 18232, str(cert))
        assert trusted[TRUST_CERT_ENV] == str(cert) and trusted[PAGE_ENV] == "1"
        status, said = await join_as_a_guest(address, host.code, tmp_path / "t1", trusted)
        assert status == 0 and "seat 0" in said, said
    finally:
        await host.stop()


async def test_each_guest_not_trusting_a_table_is_told_what_they_can_do(tmp_path: Path) -> None:
    """A terminal's player is told to give the certificate as SSL_CERT_FILE; an SSH session's guest of `yaniv serve`
    cannot, and is told to ask for `yaniv serve --trust` (before: SSL_CERT_FILE), as a page's guest is."""
    cert, key = self_signed(tmp_path)
    seats = [Seat.remote(), Seat.bot("easy")]
    host = TableHost(Game.new(Ruleset(), ["A", "B"], seed=1), seats, port=0, ssl_context=serving_with(cert, key))
    await host.start()
    try:
        address = f"wss://127.0.0.1:{host.port}"
        status, said = await join_as_a_guest(address, host.code, tmp_path / "t0", {})
        assert status != 0 and TRUST_IN_A_TERMINAL in said and "yaniv serve" not in said, said
        over_ssh = {SERVED_OVER_SSH_ENV: "1"}
        status, said = await join_as_a_guest(address, host.code, tmp_path / "t1", over_ssh)
        assert status != 0 and "not trusted" in said and TRUST_OVER_SSH in said, said
        assert "SSL_CERT_FILE" not in said, said
        status, said = await join_as_a_guest(
            address, host.code, tmp_path / "t2", {**over_ssh, TRUST_CERT_ENV: str(cert)}
        )
        assert status == 0 and "seat 0" in said, said
    finally:
        await host.stop()


def test_serve_with_ssh_gives_its_sessions_the_certificate_it_trusts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`yaniv serve --trust CERT --ssh PORT`: each SSH session's `yaniv join` trusts CERT as each page's does, and is
    told it is `yaniv serve`'s. Before, the sessions were given neither, and a TLS table trusted on every page was
    not over SSH. The server stops at once here: it is the SSH server's environment that is looked at."""
    cert, _ = self_signed(tmp_path)
    given: list[dict[str, str]] = []
    start = serve_ssh.SshThread.start

    def starting(thread: serve_ssh.SshThread) -> None:
        given.append(dict(thread.server.environment))
        start(thread)

    monkeypatch.setattr(serve_ssh.SshThread, "start", starting)
    monkeypatch.setattr(YanivServer, "serve", lambda self, *_, **__: None)
    assert main(["serve", "--trust", str(cert), "--ssh", "0", "--port", "18233"]) == 0
    assert given == [{TRUST_CERT_ENV: str(cert), SERVED_OVER_SSH_ENV: "1"}], given
    assert main(["serve", "--ssh", "0", "--port", "18233"]) == 0
    assert given[1] == {SERVED_OVER_SSH_ENV: "1"}, given
    capsys.readouterr()


def test_serve_takes_trust_and_says_it_in_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse(["serve", "--trust", "cert.pem"]).trust == "cert.pem"
    assert parse(["serve"]).trust is None
    with pytest.raises(SystemExit):
        parse(["serve", "--help"])
    assert "--trust CERT" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "wanted"),
    [(None, "cannot be used as a certificate"), ("no certificate here\n", "holds no certificate that can be read")],
)
def test_a_bad_trust_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, wanted: str
) -> None:
    path = tmp_path / "cert.pem"
    if content is not None:
        path.write_text(content)
    assert main(["serve", "--trust", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("yaniv serve: --trust ") and wanted in err and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_a_fifo_to_trust_is_refused_without_waiting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert main(["serve", "--trust", str(fifo)]) == 2
    err = capsys.readouterr().err
    assert "not a PEM file" in err and err.count("\n") == 1, err


def test_serve_refuses_a_trust_file_whose_pages_could_not_trust_it(tmp_path: Path) -> None:
    """A good certificate, then a broken one: serve checked the first alone (`pinned_context`), each page's
    `yaniv join` reads them all (`also_trusting`), and joined every table with the system's trust alone."""
    from yaniv_tui.cli.serve import trusted_cert

    cert, _ = self_signed(tmp_path)
    both = tmp_path / "both.pem"
    both.write_text(cert.read_text() + "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
    with pytest.raises(UsageError) as refused:
        trusted_cert(str(both))
    assert str(refused.value).startswith(f"--trust {both}: holds a certificate that cannot be read"), refused.value
    assert "\n" not in str(refused.value)
    assert trusted_cert(str(cert)) == str(cert)


@pytest.mark.parametrize(
    ("content", "wanted"),
    [
        (None, "cannot be used as a certificate (No such file or directory)"),
        ("no certificate here\n", "holds no certificate that can be read: give a PEM file with a '-----BEGIN"),
    ],
)
def test_also_trusting_says_in_one_line_what_is_wrong_with_a_file(
    tmp_path: Path, content: str | None, wanted: str
) -> None:
    path = tmp_path / "cert.pem"
    if content is not None:
        path.write_text(content)
    with pytest.raises(PemFileError) as refused:
        also_trusting(str(path))
    assert str(refused.value).startswith(wanted) and "\n" not in str(refused.value), refused.value


async def test_also_trusting_a_good_file_trusts_its_certificate_beside_the_systems(tmp_path: Path) -> None:
    """The context `also_trusting` reads from a good file joins a TLS table made out to that certificate, and
    still trusts the system's own certificates (it adds to them)."""
    cert, key = self_signed(tmp_path)
    context = also_trusting(str(cert))
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
    system = ssl.create_default_context().cert_store_stats()["x509_ca"]
    assert context.cert_store_stats()["x509_ca"] == system + 1
    server = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0, ssl=serving_with(cert, key))
    try:
        port = server.sockets[0].getsockname()[1]
        _, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, ssl=context, server_hostname="localhost"), LIMIT
        )
        writer.close()
        system_alone = ssl.create_default_context()
        with pytest.raises(ssl.SSLCertVerificationError):
            await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port, ssl=system_alone, server_hostname="localhost"), LIMIT
            )
    finally:
        server.close()
        await server.wait_closed()


def test_an_empty_trust_path_is_said_to_be_empty_not_a_folder(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: `--trust ''` read the folder it was run in ('.', as Path('') is) and said "is a folder"."""
    assert main(["serve", "--trust", ""]) == 2
    err = capsys.readouterr().err
    assert "no file named: give a PEM file's path" in err and "folder" not in err and err.count("\n") == 1, err
