"""`yaniv host --ssh PORT` and `yaniv serve --ssh PORT`: `yaniv join` over SSH, so a friend needs nothing but
`ssh -p PORT NAME@HOST` (asyncssh's server; the browsers' server is serve_web.py, its twin).

- each SSH session runs one `yaniv join` (`join.join_argv`) on a pseudo-terminal of its own, sized as the
  client's terminal and resized with it (the pty's window size, then SIGWINCH to the child), given the client's
  keys as UTF-8 only (a byte that is none is dropped), with the table's
  address filled in when the table is known (`yaniv host`), and the SSH user name proposed as the seat's name
  when the one name rule (`engine/names.py`) takes it; a table served over TLS (`yaniv host --cert`) is joined
  trusting the host's own certificate (join.TABLE_CERT_ENV);
- no password: any user name is let in, the room code typed at the join screen is the way in; a client that
  offers a key (`ssh` offers those of ~/.ssh) proves it holds it (public-key authentication, any key taken, its
  signature checked by asyncssh), one with none is let in by keyboard-interactive with no question;
- the host key (ed25519) is made once and kept in the data folder, readable by its owner only;
- at most `max_sessions` sessions (processes) and `net.host.MAX_CONNECTIONS` connections at once; past either,
  one line and the connection is closed; a connection that opens no session in time, or a client that stops
  reading its output (nothing sent for WRITE_TIMEOUT), is dropped, and its process with it;
- each session keeps its seat tokens, its data and its settings in private folders of its own, never the
  server's (nothing a session does lands in the server's history or settings), and never found by its user name
  (anyone may give any user name): a session of a proven key, in its key's folder (`key_folder`: named by a hash
  of the key's public data, held while a session has it open and kept after, cleared by the browsers' rule,
  browsers.py), so the same key's `yaniv join` rejoins its seat after a dropped connection; a session with no
  key, in throwaway folders removed when it ends, and its player is told so once, on arrival, with how to come with
  a key (NO_KEY_LINE; a watcher, with no seat to keep, is not).

`SshServer` runs in an event loop; `SshThread` gives it one of its own in a thread, beside the app's or the web
server's. What an SSH command runs is decided in one place, `SshServer.what_to_run`.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import fcntl
import logging
import os
import re
import shutil
import signal
import struct
import sys
import tempfile
import termios
import threading
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len

from yaniv_tui.engine.names import MAX_NAME, BadName, check_name
from yaniv_tui.net import host as table_host
from yaniv_tui.store.files import NotAFile, TooBig, read_regular
from yaniv_tui.store.paths import CONFIG_ENV, DATA_ENV, TOKENS_ENV, data_dir
from yaniv_tui.tui.launch import given_size

from .browsers import CONFIG_FOLDER, DATA_FOLDER, hold_browser_folder, kept_folder
from .join import SERVED_OVER_SSH_ENV, SSH_KEY_ENV, TABLE_CERT_ENV, TRUST_CERT_ENV, join_argv
from .play import LOCALE_VARIABLES, TERMINAL_UTF8_ENV, locale_is_utf8

with warnings.catch_warnings():
    # asyncssh names DSA keys as it loads, which cryptography 51 and later warns of (CryptographyDeprecationWarning,
    # a UserWarning) on the host's terminal, before its own first line: a library's business, not the host's.
    warnings.filterwarnings("ignore", message="DSA is deprecated", category=UserWarning)
    import asyncssh

#: Connections open at once, as many as the table takes (net/host.py); past it, one is closed at once.
MAX_CONNECTIONS = table_host.MAX_CONNECTIONS
#: The host key's file in the data folder (OpenSSH's format, ed25519).
HOST_KEY_FILE = "ssh_host_ed25519_key"
#: The largest host key file read: an ed25519 key is some 400 bytes.
MAX_KEY_BYTES = 64 * 1024
#: Seconds a client may leave its output unread (its window full and MAX_UNSENT waiting) before it is dropped.
WRITE_TIMEOUT = 30.0
#: Bytes of a session's output held for a client that is not reading, past which the relay waits for it.
MAX_UNSENT = 256 * 1024
#: Seconds a connection has to open its session (SSH's login included).
LOGIN_TIMEOUT = 30.0
#: Seconds between keepalives to a client, and how many may go unanswered before it is dropped.
KEEPALIVE_EVERY = 30.0
KEEPALIVE_MISSES = 3
#: Seconds a session's process has to end after its hangup before it is killed.
HANGUP_GRACE = 3.0
#: Seconds the lines said before the join screen (a user name the name rule refused, no key) wait for a key.
NAME_LINE_WAIT = 20.0
#: Run first in each session's new process, alone in its new session: its pseudo-terminal becomes its controlling
#: terminal, the terminal's signals do what they do in a new terminal (a server run under `nohup` ignores hangups,
#: and a program inherits what its parent ignores), then it becomes the command (same process). So when this server
#: goes, even killed, the kernel hangs up that terminal and the process ends with it, as a program does when its
#: terminal window is closed.
TAKE_TERMINAL = (
    "import fcntl, os, signal, sys, termios\n"
    "for s in (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM):\n"
    "    signal.signal(s, signal.SIG_DFL)\n"
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "os.execv(sys.argv[1], sys.argv[1:])"
)
#: The SSH command a spectator gives (`ssh -t -p PORT HOST watch`: with a command, ssh asks for a terminal only
#: with -t): `yaniv watch` instead of `yaniv join`.
WATCH = "watch"
#: The SSH command of a player alone under `yaniv serve --play --ssh PORT` (`ssh -t -p PORT HOST play`): the game
#: itself (`serve.game_argv`), its saves kept in the client key's folder.
PLAY = "play"
#: The lines a client is told before its connection is closed.
BUSY_LINE = "yaniv: the table is busy ({} connections at once): try again in a while."
FULL_LINE = "yaniv: every place is taken ({} at once): try again when someone leaves."
NO_TERMINAL_LINE = "yaniv: the game needs a terminal: connect with 'ssh -t -p {port} NAME@HOST' (no command)."
NO_TERMINAL_WATCH_LINE = "yaniv: watching needs a terminal: connect with 'ssh -t -p {port} HOST watch'."
NO_TERMINAL_PLAY_LINE = "yaniv: the game needs a terminal: connect with 'ssh -t -p {port} NAME@HOST play'."
#: What `ssh ... play` with no key is told before its connection is closed: its saved games are kept in its key's
#: folder, and a session with no key has only throwaway folders, which its game would be lost with.
#: The command in it is kept whole on one line, the line wrapped between words to the client's width (`fitted`).
NO_KEY_PLAY_COMMAND = "ssh -t -i ~/.ssh/id_ed25519 -p {port} NAME@HOST play"
NO_KEY_PLAY_LINE = (
    "yaniv: your saved games are kept by your SSH key, and you connected with none: connect with a key,"
    f" {NO_KEY_PLAY_COMMAND} (ssh-keygen makes one)."
)
NAME_LINE = "yaniv: your SSH user name cannot be a seat's name ({}): type your name at the join screen."
#: What a player who came in with no key is told once, on arrival (before the join screen): their session's seat
#: token goes with it, so a dropped connection loses their seat; a key's session keeps it (`key_folder`).
#: The command in it is never cut by the terminal's edge: the arrival's lines are wrapped between words to the
#: client's width, this command kept whole on one line (`fitted`).
NO_KEY_COMMAND = "ssh -i ~/.ssh/id_ed25519 -p {port} NAME@HOST"
NO_KEY_LINE = (
    "yaniv: with no SSH key, a dropped connection loses your seat. To keep it, connect with a key:"
    f" {NO_KEY_COMMAND} (ssh-keygen makes one)."
)
#: What a terminal is given back before the line a session ends with (`SshServer.stop`): its process, hung up, drew
#: no more, and may have left its client's terminal as a full-screen app has it: the alternate screen left, the
#: cursor shown, the mouse's, focus and paste reports off, line wrapping on, colours plain, at a line's start.
GIVEN_BACK = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1004l\x1b[?2004l\x1b[?1049l\x1b[?25h\x1b[?7h\x1b[0m\r"
#: Said after the lines shown before the join screen, which waits for a key (at most NAME_LINE_WAIT seconds).
PRESS_A_KEY = " Press a key."
#: The most characters of a refused user name NAME_LINE quotes: a longer one (SSH takes names of thousands) is cut,
#: so the line stays short.
SHOWN_NAME = 40

#: The folders each session with no key has of its own, by the environment variable that names each to its `yaniv
#: join`.
_SESSION_FOLDERS = {TOKENS_ENV: "tokens", DATA_ENV: "data", CONFIG_ENV: "config"}
#: The folder of the SSH keys' folders, in the data folder (one a client key, kept as a browser's: browsers.py).
SSH_KEYS_FOLDER = "ssh-keys"
#: What a client is told when its key's folder cannot be made or held.
NO_FOLDER_LINE = "yaniv: cannot keep this session's seat tokens on the server ({}): try again, or ssh with no key."

_LOG = logging.getLogger("yaniv_tui.ssh")
# The host's screen is this program's output: neither this log nor asyncssh's may write over it.
for _name in ("yaniv_tui.ssh", "asyncssh"):
    logging.getLogger(_name).addHandler(logging.NullHandler())
    logging.getLogger(_name).propagate = False


class SshError(Exception):
    """The SSH server cannot start: its host key cannot be read or made, or its port cannot be listened on; the
    message is one line."""


def host_key_path() -> Path:
    """Where the host key is kept: in the data folder."""
    return data_dir() / HOST_KEY_FILE


def host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The server's host key: the one kept at `path` (default `host_key_path()`), else a new ed25519 key written
    there first (0600), so every start shows friends the same key. SshError (one line) if it cannot be."""
    path = path or host_key_path()
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written whole under another name, then linked into place: a second server starting at the same moment
        # reads one whole key, the first one linked, and never half of one.
        fd, draft = tempfile.mkstemp(prefix=f".{HOST_KEY_FILE}.", dir=path.parent)  # 0600
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(key.export_private_key())
            try:
                os.link(draft, path)
            except FileExistsError:
                return _read_key(path)
        finally:
            os.unlink(draft)
    except OSError as error:
        raise SshError(f"cannot keep the SSH host key in {path}: {error.strerror or error}") from None
    return key


def _read_key(path: Path) -> asyncssh.SSHKey:
    """The key kept at `path` (its permissions made 0600 if they were looser); FileNotFoundError if there is none,
    SshError (one line) if it is not one."""
    damaged = f"the SSH host key {path} is damaged"
    try:
        data = read_regular(path, MAX_KEY_BYTES)
        if os.stat(path).st_mode & 0o077:
            os.chmod(path, 0o600)
    except FileNotFoundError:
        raise
    except NotAFile as error:
        raise SshError(f"the SSH host key {path} is {error.kind}, not a key file") from None
    except TooBig:
        raise SshError(f"{damaged} (over {MAX_KEY_BYTES // 1024} KiB): move it aside and a new one is made") from None
    except OSError as error:
        raise SshError(f"cannot read the SSH host key {path}: {error.strerror or error}") from None
    try:
        return asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError, UnicodeError) as error:
        raise SshError(f"{damaged} ({error}): move it aside and a new one is made") from None


@dataclass(frozen=True)
class Run:
    """What a session runs: its command line, and a line to show before it (None: none)."""

    argv: tuple[str, ...]
    line: str | None = None


class SshServer:
    """`yaniv join` for SSH clients: one process on its own pseudo-terminal a session, at most `max_sessions`.

    `table()` says where the table is when there is one (its `yaniv join` address, or None: the join screen
    asks); `argv` is the join command and `watch_argv` the watch command (a test may give others). `await start()`
    listens (OSError if it cannot: `port` 0 picks a free one, then `port` is it), `await stop()` closes every
    session and its process."""

    def __init__(
        self,
        key: asyncssh.SSHKey,
        *,
        host: str,
        port: int,
        max_sessions: int,
        table: Callable[[], str | None] = lambda: None,
        argv: Sequence[str] | None = None,
        watch_argv: Sequence[str] | None = None,
        play_argv: Sequence[str] | None = None,
        environment: Mapping[str, str] | None = None,
    ) -> None:
        self.key = key
        self.host = host
        self.port = port
        self.max_sessions = max_sessions
        self.table = table
        self.argv = tuple(argv) if argv is not None else tuple(join_argv())
        self.watch_argv = tuple(watch_argv) if watch_argv is not None else tuple(join_argv(watch=True))
        #: `yaniv serve --play`'s game, run by `ssh ... play`; None: there is no such command.
        self.play_argv = tuple(play_argv) if play_argv is not None else None
        #: Given to every session's process besides the server's own environment (`--cert`'s TABLE_CERT_ENV).
        self.environment = dict(environment or {})
        #: Sessions (processes) running now, and connections open now.
        self.sessions = 0
        self.connections = 0
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._running: set[asyncio.Task[None]] = set()
        #: What each session's client is told once its process is ended by `stop` (None: nothing).
        self.ending: str | None = None
        #: What a player who came with no key is told instead (`stop`).
        self.ending_keyless: str | None = None

    async def start(self) -> None:
        self._acceptor = await asyncssh.create_server(
            lambda: _Door(self),
            self.host,
            self.port,
            server_host_keys=[self.key],
            process_factory=self._session,
            encoding=None,
            line_editor=False,
            password_auth=False,
            kbdint_auth=True,
            public_key_auth=True,
            gss_host=None,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=LOGIN_TIMEOUT,
            keepalive_interval=KEEPALIVE_EVERY,
            keepalive_count_max=KEEPALIVE_MISSES,
        )
        self.port = self._acceptor.get_port()

    async def stop(self, said: str | None = None, *, keyless: str | None = None) -> None:
        """Close every session and its process (hung up as a closed terminal), each client then told `said` in one
        line, fitted to its terminal's width: why its session ends (`yaniv host`: the host ended the table); a player
        who came with no key is told `keyless` instead, if given (their seat's token goes with their session)."""
        self.ending, self.ending_keyless = said, keyless
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        for task in list(self._running):
            task.cancel()
        if self._running:
            await asyncio.wait(self._running, timeout=HANGUP_GRACE + 2)

    def fingerprint(self) -> str:
        """The host key's SHA256 fingerprint, as `ssh` shows it."""
        return self.key.get_fingerprint()

    def what_to_run(self, command: str | None, user: str) -> Run | str:
        """What an SSH command runs, or the one line it is answered with: the one place SSH commands are wired.
        None (a plain `ssh`) runs `yaniv join`, the user name proposed as the seat's; `watch` runs `yaniv watch`
        (a watcher has no name). Either is given the table's address when there is one. Under `yaniv serve --play`,
        `play` runs the game itself, alone (`play_argv`)."""
        command = (command or "").strip()
        if command == PLAY and self.play_argv is not None:
            return Run(self.play_argv)
        address = self.table()
        if command == WATCH:
            return Run((*self.watch_argv, *([address] if address else [])))
        if command:
            shown = "".join(c for c in command[:40] if c.isprintable())
            return f"yaniv: there is no command {shown!r} here: ssh with no command to play."
        argv = list(self.argv)
        if address:
            argv.append(address)
        try:
            argv.append(f"--name={check_name(user)}")
            line = None
        except BadName as error:
            line = NAME_LINE.format(error if len(user) <= SHOWN_NAME else _long_name(user))
        return Run(tuple(argv), line)

    async def _session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._running.add(task)
        connection = process.get_extra_info("connection")
        door = connection.get_owner()
        if isinstance(door, _Door):
            door.opened = True
        status = 1
        try:
            status = await self._serve(process)
        except asyncio.CancelledError:  # `stop`: the session's process has been hung up, its screen given back
            keyless = isinstance(door, _Door) and door.client_key is None and (process.command or "").strip() != WATCH
            ending = (self.ending_keyless if keyless else None) or self.ending
            if ending is not None:
                with contextlib.suppress(Exception):
                    said = "\r\n".join(fitted(ending, _size(process)[0]))
                    await asyncio.wait_for(_say(process, GIVEN_BACK + said), 2)
            raise
        except _TooSlow:
            connection.abort()
        except (asyncssh.Error, OSError) as error:
            _LOG.info("an SSH session ended: %s", error)
        finally:
            self._running.discard(task)
            with contextlib.suppress(Exception):
                process.exit(status)

    async def _serve(self, process: asyncssh.SSHServerProcess[bytes]) -> int:
        """One session, to its end; its exit status."""
        run = self.what_to_run(process.command, str(process.get_extra_info("username") or ""))
        if isinstance(run, str):
            await _say(process, run)
            return 1
        command = (process.command or "").strip()
        watching = command == WATCH  # a watcher has no seat, and none to keep
        playing = command == PLAY  # a player alone, whose saves its key's folder keeps
        if process.get_terminal_type() is None:
            no_terminal = NO_TERMINAL_PLAY_LINE if playing else NO_TERMINAL_WATCH_LINE if watching else NO_TERMINAL_LINE
            await _say(process, no_terminal.format(port=self.port))
            return 1
        door = process.get_extra_info("connection").get_owner()
        key = door.client_key if isinstance(door, _Door) else None
        if playing and key is None:
            refusal = NO_KEY_PLAY_LINE.format(port=self.port)
            await _say(
                process, "\r\n".join(fitted(refusal, _size(process)[0], NO_KEY_PLAY_COMMAND.format(port=self.port)))
            )
            return 1
        if self.sessions >= self.max_sessions:
            await _say(process, FULL_LINE.format(self.max_sessions))
            return 1
        self.sessions += 1
        try:
            keyless = None if key is not None or watching else NO_KEY_LINE.format(port=self.port)
            lines = [line for line in (run.line, keyless) if line is not None]
            width, _ = _size(process)
            whole = NO_KEY_COMMAND.format(port=self.port)
            for number, line in enumerate(lines, 1):
                said = line + (PRESS_A_KEY if number == len(lines) else "")
                await _say(process, "\r\n".join(fitted(said, width, whole)))
            if lines:
                await _any_key(process)
            try:
                with _session_folders(key) as folders:
                    return await _Relay(process, run.argv, {**self.environment, **folders}).run()
            except _NoFolder as error:
                await _say(process, NO_FOLDER_LINE.format(error))
                return 1
        finally:
            self.sessions -= 1


def key_folder(key: asyncssh.SSHKey) -> Path:
    """The folder of the client that proved it holds `key`: named by a hash of its public data, never its user name,
    kept by the browsers' rule (`browsers.kept_folder`)."""
    return kept_folder(SSH_KEYS_FOLDER, key.public_data)


class _NoFolder(Exception):
    """A session's folders cannot be made or held; the message is the system's reason."""


@contextlib.contextmanager
def _session_folders(key: asyncssh.SSHKey | None) -> Iterator[dict[str, str]]:
    """The folders of a session's `yaniv join` (its tokens, data and config), by the environment variable naming each
    to it: with a proven `key`, the key's own (`key_folder`, laid out as a browser's: the tokens in it, `data` and
    `config` beside them), held while the session runs and kept after; with none, throwaway ones (0700), removed at
    its end. _NoFolder if they cannot be made."""
    with contextlib.ExitStack() as stack:
        try:
            if key is not None:
                folder = key_folder(key)
                stack.enter_context(hold_browser_folder(folder))  # no new key's folder takes its place meanwhile
                folders = {TOKENS_ENV: folder, DATA_ENV: folder / DATA_FOLDER, CONFIG_ENV: folder / CONFIG_FOLDER}
            else:
                session = Path(tempfile.mkdtemp(prefix="yaniv-ssh-"))
                stack.callback(shutil.rmtree, session, ignore_errors=True)
                folders = {name: session / name_of for name, name_of in _SESSION_FOLDERS.items()}
                for made in folders.values():
                    made.mkdir(0o700)
        except OSError as error:
            _LOG.warning("an SSH session's folders cannot be made: %s", error)
            raise _NoFolder(error.strerror or str(error)) from None
        # A key's session remembers the table it joins (join.SSH_KEY_ENV), in the key's own settings.
        yield {name: str(path) for name, path in folders.items()} | ({SSH_KEY_ENV: "1"} if key is not None else {})


def _long_name(user: str) -> str:
    """Why a user name longer than SHOWN_NAME is refused, quoting its start only."""
    why = "it has a control character" if not user.isprintable() else f"a name is at most {MAX_NAME} characters"
    return f"the name {user[:SHOWN_NAME]!r}… is {len(user)} characters long: {why}"


class _TooSlow(Exception):
    """The client has not read its output for WRITE_TIMEOUT seconds."""


class _Door(asyncssh.SSHServer):
    """One connection: let in with no password (the room code is the way in), with the key it proved it holds if it
    offered one (`client_key`), counted against MAX_CONNECTIONS (past it, refused with BUSY_LINE), and closed if it
    opens no session in LOGIN_TIMEOUT seconds.

    Any key is taken (`validate_public_key`); asyncssh then checks the client's signature with it, and lets the
    client in (`auth_completed`) only if it holds the key's private half. A client with no key (or none it can sign
    with) comes in by keyboard-interactive, which asks nothing and lets it in at once, with no key: a key offered but
    not proven is forgotten there. asyncssh takes one authentication request at a time, and between the key taken
    and its signature checked and the client let in it awaits nothing, so the key let in is the last one taken."""

    def __init__(self, server: SshServer) -> None:
        self.server = server
        self.counted = False
        #: Whether it has opened a session.
        self.opened = False
        self.conn: asyncssh.SSHServerConnection | None = None
        #: The key the client proved it holds, once it is let in with one; None: it has none.
        self.client_key: asyncssh.SSHKey | None = None
        #: The last key the client offered, not yet proven.
        self._offered: asyncssh.SSHKey | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        if self.server.connections >= MAX_CONNECTIONS:
            return  # refused at its login, once SSH can say why (begin_auth)
        self.counted = True
        self.server.connections += 1
        asyncio.get_running_loop().call_later(LOGIN_TIMEOUT, self._idle, conn)

    def _idle(self, conn: asyncssh.SSHServerConnection) -> None:
        if not self.opened:
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.server.connections -= 1

    def begin_auth(self, username: str) -> bool:
        if not self.counted and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, BUSY_LINE.format(MAX_CONNECTIONS))
        # Authentication, so that a client offers its key: with a key or without one, anyone is let in, to type the
        # room code.
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self._offered = key
        return True  # any key: asyncssh checks the signature made with it before the client is let in

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self._offered = None  # let in with no key: one offered before and not proven names no folder
        return True  # no question: let in at once

    def auth_completed(self) -> None:
        self.client_key = self._offered


async def _say(process: asyncssh.SSHServerProcess[bytes], line: str) -> None:
    """One line to the client (a terminal's line ending: its pty is raw)."""
    process.stdout.write(line.encode("utf-8", "replace") + b"\r\n")
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(process.stdout.drain(), WRITE_TIMEOUT)


def fitted(line: str, width: int, whole: str = "") -> list[str]:
    """`line` as lines of at most `width` terminal cells, broken between words, never inside `whole` (a command the
    reader must type as it is), which is kept on one line; a word (or `whole`) wider than `width` has a line of its
    own, which the terminal wraps (never cut or folded: the terminal's own wrap copies as one line)."""
    from rich.console import Console
    from rich.text import Text

    words: list[str] = []
    for number, part in enumerate(line.split(whole) if whole else [line]):
        words += ([whole] if number else []) + part.split()
    if not words:
        return []
    # Rich's wrap (Text.wrap) breaks the lines. Each word stands in as a run of a character of its own, as many cells
    # as the word holds (at most `width`, so a word wider than the line is alone on it, where Rich neither cuts nor
    # folds it): `whole` is one word, whatever spaces it holds.
    stand_ins = {chr(0xF0000 + n) * max(1, min(width, cell_len(word))): word for n, word in enumerate(words)}
    wrapped = Text(" ".join(stand_ins)).wrap(Console(width=max(width, 1)), width, overflow="crop")
    return [" ".join(stand_ins[stand_in] for stand_in in shown.plain.split()) for shown in wrapped]


async def _any_key(process: asyncssh.SSHServerProcess[bytes]) -> None:
    """Wait for a key (at most NAME_LINE_WAIT seconds); a resize is no key."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + NAME_LINE_WAIT
    while loop.time() < deadline:
        try:
            await asyncio.wait_for(process.stdin.read(1), deadline - loop.time())
            return
        except (asyncssh.TerminalSizeChanged, asyncssh.BreakReceived, asyncssh.SignalReceived):
            continue
        except TimeoutError:
            return


def _size(process: asyncssh.SSHServerProcess[bytes]) -> tuple[int, int]:
    """The client's terminal size (columns, rows), bounded like a browser's; the least size when it says none."""
    width, height, _, _ = process.get_terminal_size()
    return given_size(width, height)


#: A locale's name as a client may send it: letters, digits and `_ . @ -`, as `en_GB.UTF-8` or `sr_RS@latin`.
_LOCALE_NAME = re.compile(r"[A-Za-z0-9_.@-]{1,64}")


def session_locale(server: Mapping[str, str], client: Mapping[str, str]) -> dict[str, str]:
    """The environment of a session's `yaniv join` as to its locale: the server's `server`, but with the locale the
    client sent (OpenSSH's `SendEnv LANG LC_*`, as sshd's `AcceptEnv` takes it) in place of the server's, since the
    player's own terminal decides whether it draws suit symbols; the server's when the client sent none. Only the
    variables that choose the character set (LOCALE_VARIABLES), and only well-formed names, are taken; and whether
    that locale is UTF-8 is said too (TERMINAL_UTF8_ENV), for a locale this server does not have."""
    sent = {
        key: client[key]
        for key in LOCALE_VARIABLES
        if isinstance(client.get(key), str) and _LOCALE_NAME.fullmatch(client[key])
    }
    if not sent:
        return dict(server)
    kept = {key: value for key, value in server.items() if key not in LOCALE_VARIABLES}
    # Told as well, for a locale this server does not have (play.TERMINAL_UTF8_ENV).
    return {**kept, **sent, TERMINAL_UTF8_ENV: "1" if locale_is_utf8(sent, python_chose_utf8=False) else "0"}


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


class _Relay:
    """One session's process on its own pseudo-terminal, and the bytes between it and the client."""

    def __init__(
        self, process: asyncssh.SSHServerProcess[bytes], argv: tuple[str, ...], given: Mapping[str, str]
    ) -> None:
        self.process = process
        self.argv = argv
        self.given = given
        self.child: asyncio.subprocess.Process | None = None
        self.master = -1
        #: The client's keys as UTF-8, what the process's app reads (strictly: a byte that is no UTF-8 ended its
        #: input with a traceback on the player's screen); such bytes are dropped, a character split between two
        #: reads is kept whole.
        self._keys = codecs.getincrementaldecoder("utf-8")(errors="ignore")

    async def run(self) -> int:
        """Run the process until it exits or the client goes; its exit status."""
        process = self.process
        self.master, slave = os.openpty()
        try:
            _set_size(self.master, *_size(process))
            server = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
            environment = session_locale(server, process.env)
            term = process.get_terminal_type() or ""
            if not (term.isascii() and term.isprintable() and 0 < len(term) <= 64):
                term = "xterm-256color"
            # `given` names this session's own folders (`_session_folders`): its `yaniv join` writes nothing of the
            # server's (a record counted twice in the host's stats, a theme chosen over SSH become the host's).
            environment.update({**self.given, "TERM": term})
            self.child = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                TAKE_TERMINAL,
                *self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=environment,
                start_new_session=True,  # its own session (the host's Ctrl+C is not the players'), for TAKE_TERMINAL
            )
            os.close(slave)
            slave = -1
            os.set_blocking(self.master, False)
            process.channel.set_write_buffer_limits(high=MAX_UNSENT)
            return await self._relay(self.child)
        finally:
            if slave >= 0:
                os.close(slave)
            await self._end()
            os.close(self.master)

    async def _relay(self, child: asyncio.subprocess.Process) -> int:
        output = asyncio.create_task(self._output())
        keys = asyncio.create_task(self._input(child))
        exited = asyncio.create_task(child.wait())
        try:
            done, _ = await asyncio.wait({output, keys, exited}, return_when=asyncio.FIRST_COMPLETED)
            if keys not in done:  # the process is ending: its last words to the client, and its exit status
                await asyncio.wait({output, exited}, timeout=HANGUP_GRACE)
            if output.done() and not output.cancelled() and isinstance(output.exception(), _TooSlow):
                raise _TooSlow
        finally:
            for task in (output, keys, exited):
                task.cancel()
            await asyncio.gather(output, keys, exited, return_exceptions=True)
        code = child.returncode
        return 1 if code is None or code < 0 else code & 0xFF

    async def _output(self) -> None:
        """The process's screen to the client, until its terminal closes; _TooSlow if the client stops reading."""
        loop = asyncio.get_running_loop()
        readable = asyncio.Event()
        loop.add_reader(self.master, readable.set)
        try:
            while True:
                await readable.wait()
                readable.clear()
                try:
                    data = os.read(self.master, 65536)
                except BlockingIOError:
                    continue
                except OSError:
                    return  # EIO: the process closed its terminal
                if not data:
                    return
                self.process.stdout.write(data)
                try:
                    await asyncio.wait_for(self.process.stdout.drain(), WRITE_TIMEOUT)
                except TimeoutError:
                    raise _TooSlow from None
        finally:
            loop.remove_reader(self.master)

    async def _input(self, child: asyncio.subprocess.Process) -> None:
        """The client's keys and resizes to the process, until the client goes."""
        while True:
            try:
                data = await self.process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                _set_size(self.master, *given_size(change.width, change.height))
                with contextlib.suppress(ProcessLookupError):
                    os.kill(child.pid, signal.SIGWINCH)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return
            keys = self._keys.decode(data).encode("utf-8")
            if keys and not await self._write(keys):
                return

    async def _write(self, data: bytes) -> bool:
        """All of `data` to the process's terminal; False if it is gone. _TooSlow if it reads nothing for long."""
        loop = asyncio.get_running_loop()
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self.master, view) :]
            except BlockingIOError:
                writable = loop.create_future()
                loop.add_writer(self.master, writable.set_result, None)
                try:
                    await asyncio.wait_for(writable, WRITE_TIMEOUT)
                except TimeoutError:
                    raise _TooSlow from None
                finally:
                    loop.remove_writer(self.master)
            except OSError:
                return False
        return True

    async def _end(self) -> None:
        """The process hung up like a closed terminal, then killed if it is still there after HANGUP_GRACE."""
        child = self.child
        if child is None or child.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGHUP)
        try:
            await asyncio.wait_for(asyncio.shield(child.wait()), HANGUP_GRACE)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)
            await child.wait()


class SshThread:
    """An SshServer in an event loop of its own, in a thread beside the app's (or the web server's).

    `start()` returns once it listens (OSError, in the caller's thread, if it cannot); `stop()` closes it and
    ends every session's process."""

    def __init__(self, server: SshServer) -> None:
        self.server = server
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="yaniv-ssh", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait()
        if self._failed is not None:
            self._thread.join()
            raise self._failed

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self.server.start())
        except BaseException as error:
            self._failed = error
            self._ready.set()
            self._loop.close()
            return
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            self._loop.run_until_complete(self.server.stop(self.server.ending, keyless=self.server.ending_keyless))
            self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            self._loop.close()

    def stop(self, said: str | None = None, *, keyless: str | None = None) -> None:
        """Close the server and every session, each client told `said`, or `keyless` if it came with no key
        (SshServer.stop)."""
        self.server.ending, self.server.ending_keyless = said, keyless
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=HANGUP_GRACE + 10)


def open_ssh(
    port: int,
    *,
    public: bool,
    max_sessions: int,
    table: Callable[[], str | None],
    cert: str | None = None,
    served: bool = False,
    trust: str | None = None,
    play_argv: Sequence[str] | None = None,
) -> SshThread:
    """`--ssh PORT`'s server, listening in its thread (on every network with `public`, else this machine only);
    SshError (one line) if it cannot. `cert`: the table's own TLS certificate (`yaniv host --cert`), which each
    session's `yaniv join` trusts for the table's address (join.TABLE_CERT_ENV). `served`: `yaniv serve`'s, whose
    sessions' `yaniv join` trust `trust` (`--trust CERT`, join.TRUST_CERT_ENV) for any address, as its pages do, and
    say what their guest can do for a table not trusted (join.SERVED_OVER_SSH_ENV). `play_argv`: `yaniv serve --play`'s
    game, which `ssh ... play` runs (`SshServer.what_to_run`)."""
    environment = {TABLE_CERT_ENV: os.path.abspath(cert)} if cert is not None else {}
    if served:
        environment[SERVED_OVER_SSH_ENV] = "1"
    if trust is not None:
        environment[TRUST_CERT_ENV] = trust
    server = SshServer(
        host_key(),
        host="0.0.0.0" if public else "127.0.0.1",
        port=port,
        max_sessions=max_sessions,
        table=table,
        play_argv=play_argv,
        environment=environment,
    )
    thread = SshThread(server)
    try:
        thread.start()
    except OSError as error:
        # asyncio's own words name the address too: the system's are enough
        reason = os.strerror(error.errno) if error.errno else error
        raise SshError(f"cannot listen for SSH on port {port}: {reason}") from None
    return thread


def ssh_line(server: SshServer, public: bool, *, play: bool = False) -> str:
    """What friends type, with the key `ssh` shows them to check the first time (with `play`, how one plays alone)."""
    where = "<this machine>" if public else "localhost"
    alone = f"; alone: ssh -t -p {server.port} NAME@{where} {PLAY}" if play else ""
    return f"or with nothing installed: ssh -p {server.port} NAME@{where}{alone} (host key {server.fingerprint()})"
