"""The SSH tests' one client set-up (cli/serve_ssh.py): an `SshServer` started on 127.0.0.1, or a whole
`yaniv host --headless --ssh 0` process; asyncssh's own client connected to it, with a key or with none (answering
keyboard-interactive as `ssh` does); and a session's screen read as a person sees it. Every wait is bounded (WAIT)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from yaniv_tui.cli.serve_ssh import PRESS_A_KEY, SshServer, host_key

#: The longest any one wait of these tests takes, in seconds (a `yaniv join` starts in a second or two).
WAIT = 30.0
#: A terminal's escape sequences (CSI, OSC, charset and keypad ones): what is left is the text on screen.
ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
#: The first two lines of `yaniv host --headless --ssh`: how to join, and how to join over SSH.
JOIN_LINE = re.compile(r"^yaniv join (?P<where>\S+):(?P<port>\d+) (?P<code>[A-Z0-9]{4})$")
SSH_LINE = re.compile(
    r"^yaniv: or with nothing installed: ssh -p (?P<port>\d+) NAME@localhost \(host key (?P<key>\S+)\)$"
)


class Terminal:
    """An SSH client's session as a person sees it: its output read as it comes, the text without escapes."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.process = process
        self.output = bytearray()
        #: What a client with no key was told on arrival, before its key let the session go on (`arrive`).
        self.arrival = ""
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while data := await self.process.stdout.read(65536):
                self.output += data

    def text(self, since: int = 0) -> str:
        return ESCAPES.sub(b"", bytes(self.output[since:])).decode("utf-8", "replace")

    async def until(self, words: str, since: int = 0) -> str:
        """The text once it shows `words` (AssertionError with what it showed if not within WAIT)."""
        deadline = time.monotonic() + WAIT
        while words not in self.text(since):
            assert time.monotonic() < deadline, f"{words!r} never showed: {self.text(since)[-2000:]!r}"
            assert not self._reader.done() or words in self.text(since), f"closed first: {self.text(since)!r}"
            await asyncio.sleep(0.05)
        return self.text(since)

    async def ended(self) -> int | None:
        """The session's exit status, once the server has closed it."""
        await asyncio.wait_for(self.process.wait_closed(), WAIT)
        await asyncio.wait_for(self._reader, WAIT)
        return self.process.exit_status

    def type(self, keys: str) -> None:
        self.process.stdin.write(keys.encode("utf-8"))

    async def arrive(self) -> None:
        """Past the lines the server says before a session's command runs (the server's, beginning "yaniv: "), when
        they wait for a key: a client with no key is told how to keep its seat (serve_ssh.NO_KEY_LINE), and a user
        name the name rule refuses is said; a key is pressed once they show, and the text read so far is kept as
        `arrival`, not as the screen's. A session whose first output is its command's, or that ends first (one
        refused at once, as past the cap on sessions), is left as it is."""
        deadline = time.monotonic() + WAIT
        while not self.output and not self._reader.done():
            assert time.monotonic() < deadline, "the session never said anything"
            await asyncio.sleep(0.05)
        if not self.text().startswith("yaniv: "):
            return
        while PRESS_A_KEY not in self.text() and not self._reader.done():
            assert time.monotonic() < deadline, f"the arrival's lines never asked for a key: {self.text()[-2000:]!r}"
            await asyncio.sleep(0.05)
        if PRESS_A_KEY in self.text():
            self.arrival = self.text()
            del self.output[:]  # the session waits for the key: nothing more has come
            self.type(" ")


@contextlib.asynccontextmanager
async def ssh_server(tmp_path: Path, **given: object) -> AsyncIterator[SshServer]:
    """An SshServer on 127.0.0.1 (any free port, 4 sessions, its host key in `tmp_path`), with `given` options."""
    options: dict[str, object] = {"host": "127.0.0.1", "port": 0, "max_sessions": 4, **given}
    server = SshServer(host_key(tmp_path / "key"), **options)  # type: ignore[arg-type]
    await server.start()
    try:
        yield server
    finally:
        await asyncio.wait_for(server.stop(), WAIT)


class Keyless(asyncssh.SSHClient):
    """A client that answers keyboard-interactive as `ssh` does: with no answers to a challenge of no questions."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Sequence[tuple[str, bool]]
    ) -> list[str]:
        assert not prompts, prompts  # no password is ever asked for
        return []


@contextlib.asynccontextmanager
async def connected(
    port: int, user: str = "Noa", key: asyncssh.SSHKey | asyncssh.SSHKeyPair | None = None
) -> AsyncIterator[asyncssh.SSHClientConnection]:
    """A connection of asyncssh's client as `user`, offering `key` (None: no key, none of ~/.ssh nor an agent's)."""
    connecting = asyncssh.connect(
        "127.0.0.1",
        port,
        username=user,
        known_hosts=None,
        client_keys=[key] if key is not None else None,
        agent_path=None,
        client_factory=Keyless,
    )
    connection = await asyncio.wait_for(connecting, WAIT)
    try:
        yield connection
    finally:
        connection.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(connection.wait_closed(), WAIT)


async def terminal(
    connection: asyncssh.SSHClientConnection,
    size: tuple[int, int] = (100, 30),
    command: str | None = None,
    *,
    arrive: bool = True,
) -> Terminal:
    """A session on `connection` with a pseudo-terminal of `size` (columns, rows), running `command`; past the lines
    said before it runs that wait for a key (`Terminal.arrive`) unless not `arrive`."""
    process = await connection.create_process(command, term_type="xterm-256color", term_size=size, encoding=None)
    screen = Terminal(process)
    if arrive:
        await screen.arrive()
    return screen


async def quit_by_escape(screen: Terminal) -> None:
    """The join screen's Escape, then its question answered: quit, and the session ends with its process."""
    mark = len(screen.output)
    screen.type("\x1b")
    await screen.until("Quit yaniv?", since=mark)
    screen.type("y")


async def until_true(check: Callable[[], bool], what: str) -> None:
    """Once `check()` holds (AssertionError saying `what` if not within WAIT)."""
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


@dataclass
class Hosted:
    """A `yaniv host --headless --ssh 0` process of two remote seats, with what its first lines said."""

    process: asyncio.subprocess.Process
    port: int
    code: str
    ssh_port: int
    fingerprint: str


@contextlib.asynccontextmanager
async def hosted_table(tmp_path: Path, *flags: str, nohup: bool = False) -> AsyncIterator[Hosted]:
    """`yaniv host --headless --ssh` with two remote seats; with `nohup`, run as `nohup` runs it (hangups ignored)."""
    env = {**os.environ, "YANIV_DATA_DIR": str(tmp_path / "host-data"), "PYTHONUNBUFFERED": "1"}
    env["YANIV_CONFIG_DIR"] = str(tmp_path / "host-config")
    command = [sys.executable, "-m", "yaniv_tui", "host", "--headless", "--players", "remote,remote"]
    if nohup:
        ignoring = (
            "import os, signal, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])"
        )
        command = [sys.executable, "-c", ignoring, *command]
    command += ["--port", "0", "--ssh", "0", "--seed", "5", "--bot-delay", "0", *flags]
    host = await asyncio.create_subprocess_exec(
        *command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env
    )
    try:
        assert host.stdout is not None
        joined = JOIN_LINE.match(await read_line(host.stdout))
        ssh = SSH_LINE.match(await read_line(host.stdout))
        assert joined is not None and ssh is not None
        yield Hosted(host, int(joined["port"]), joined["code"], int(ssh["port"]), ssh["key"])
    finally:
        if host.returncode is None:
            host.terminate()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(host.wait(), 10)
        if host.returncode is None:
            host.kill()
            await host.wait()


async def read_line(stream: asyncio.StreamReader) -> str:
    """The next line of a process's output, without its ending (within WAIT)."""
    raw = await asyncio.wait_for(stream.readline(), WAIT)
    return raw.decode("utf-8", "replace").rstrip("\r\n")
