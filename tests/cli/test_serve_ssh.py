"""`yaniv host --ssh` and `yaniv serve --ssh` (cli/serve_ssh.py), with asyncssh's own client on 127.0.0.1: a session
gets a pseudo-terminal running `yaniv join`, joins a real `yaniv host --headless` by typing the code, plays a move
and resizes; the host key is made once and kept; the cap on sessions, a client that never reads, a user name the
name rule refuses, `watch`, and bad flags, each one line. Every wait is bounded."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest
from certificates import needs_openssl, self_signed
from rich.cells import cell_len
from ssh_client import WAIT, Terminal, connected, hosted_table, quit_by_escape, ssh_server, terminal, until_true

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import main, serve_ssh
from yaniv_tui.cli.serve_ssh import (
    FULL_LINE,
    HOST_KEY_FILE,
    NO_KEY_LINE,
    NO_KEY_PLAY_LINE,
    NO_TERMINAL_LINE,
    NO_TERMINAL_PLAY_LINE,
    NO_TERMINAL_WATCH_LINE,
    Run,
    SshError,
    SshServer,
    host_key,
)
from yaniv_tui.net import TableClient

#: The tests that find a session's process in /proc (Linux).
needs_proc = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds the session's process in /proc")


@pytest.fixture(autouse=True)
def dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))


# -- the host key ---------------------------------------------------------------------------------------------------


def test_the_host_key_is_made_once_readable_by_its_owner_only_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "data" / HOST_KEY_FILE
    first = host_key()
    assert path.is_file() and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert first.get_algorithm() == "ssh-ed25519"
    assert host_key().get_fingerprint() == first.get_fingerprint()
    assert sorted(p.name for p in path.parent.iterdir()) == [HOST_KEY_FILE]  # no draft left beside it
    path.chmod(0o644)  # loosened by hand: made private again, and still the same key
    assert host_key().get_fingerprint() == first.get_fingerprint()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


async def test_a_client_sees_the_same_host_key_after_a_restart(tmp_path: Path) -> None:
    seen = []
    for _ in range(2):
        async with ssh_server(tmp_path) as server, connected(server.port) as connection:
            key = connection.get_server_host_key()
            assert key is not None
            seen.append(key.get_fingerprint())
    assert seen[0] == seen[1] == host_key(tmp_path / "key").get_fingerprint()


@pytest.mark.parametrize("content", [b"", b"not a key at all\n", b"-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n"])
def test_a_damaged_host_key_is_one_line_and_left_alone(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "key"
    path.write_bytes(content)
    with pytest.raises(SshError) as raised:
        host_key(path)
    line = str(raised.value)
    assert "\n" not in line and f"the SSH host key {path} is damaged" in line and "move it aside" in line
    assert path.read_bytes() == content


def test_a_host_key_that_is_a_folder_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "key").mkdir()
    with pytest.raises(SshError, match="is a folder, not a key file"):
        host_key(tmp_path / "key")


def test_yaniv_serve_with_a_damaged_host_key_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / HOST_KEY_FILE).write_text("garbage\n")
    assert main(["serve", "--ssh", "0"]) == 1  # refused before the web port is opened
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("yaniv serve: the SSH host key ") and "is damaged" in err[0], err


def test_loading_the_ssh_server_writes_no_librarys_warning() -> None:
    """`yaniv host --ssh` and `yaniv serve --ssh` load asyncssh, which names DSA keys: with cryptography 51 that load
    wrote five lines of CryptographyDeprecationWarning ("DSA is deprecated") to the host's terminal, before its
    own first line, at every start."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONWARNINGS"}
    done = subprocess.run(
        [sys.executable, "-c", "import yaniv_tui.cli.serve_ssh"], capture_output=True, text=True, env=env, timeout=WAIT
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr


# -- the flags ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["serve", "--ssh", "70000"], "argument --ssh: is a port from 1 to 65535 (0: any free port), not 70000"),
        (["serve", "--ssh", "two"], "argument --ssh: "),
        (["host", "--headless", "--players", "remote,bot:easy", "--ssh", "-1"], "argument --ssh: "),
        (["host", "--players", "remote,bot:easy", "--ssh", "2222", "--max-sessions", "0"], "1 to 256 sessions"),
    ],
)
def test_a_bad_ssh_flag_is_one_line(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert captured.out == "" and len(lines) == 1 and said in lines[0], captured.err


@pytest.mark.parametrize("command", ["serve", "host"])
def test_an_ssh_port_taken_is_one_line(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        # `yaniv serve` stops at the SSH port, before its web port (which takes no 0) is opened.
        more = ["--headless", "--players", "remote,bot:easy", "--port", "0"] if command == "host" else []
        assert main([command, *more, "--ssh", str(port)]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [f"yaniv {command}: cannot listen for SSH on port {port}: Address already in use"], lines


# -- what a session runs --------------------------------------------------------------------------------------------


def test_what_a_session_runs(tmp_path: Path) -> None:
    key = host_key(tmp_path / "key")
    given = {"host": "127.0.0.1", "port": 0, "max_sessions": 1, "argv": ["join"], "watch_argv": ["watch"]}
    served = SshServer(key, **given)  # type: ignore[arg-type]
    hosted = SshServer(key, **given, table=lambda: "localhost:7777")  # type: ignore[arg-type]
    assert served.what_to_run(None, "Noa") == Run(("join", "--name=Noa"))
    assert hosted.what_to_run("", " Noa  Levi ") == Run(("join", "localhost:7777", "--name=Noa Levi"))
    assert hosted.what_to_run("-rf", "-rf") == "yaniv: there is no command '-rf' here: ssh with no command to play."
    assert served.what_to_run("watch", "Noa") == Run(("watch",))  # the watch screen asks for the address too
    assert hosted.what_to_run(" watch ", "Noa") == Run(("watch", "localhost:7777"))  # a watcher has no name
    for refused in ("a name far too long for a seat", "Noa\x1b[31m", " "):
        run = hosted.what_to_run(None, refused)
        assert isinstance(run, Run) and run.argv == ("join", "localhost:7777"), run
        assert run.line is not None and run.line.startswith("yaniv: your SSH user name cannot be a seat's name (")
        assert "\x1b" not in run.line
    # A user name of a thousand characters is quoted cut short: the line stays one short line, not a screenful.
    for long in ("x" * 1000, "田" * 1000, "x" * 30 + "\x1b" + "x" * 1000):
        run = hosted.what_to_run(None, long)
        assert isinstance(run, Run) and run.argv == ("join", "localhost:7777"), run
        assert run.line is not None and len(run.line) < 250 and "…" in run.line and "\x1b" not in run.line, run.line
    assert hosted.what_to_run(None, "Noa" + " " * 100) == Run(("join", "localhost:7777", "--name=Noa"))  # tidied


def test_under_play_ssh_play_runs_the_game_and_only_there(tmp_path: Path) -> None:
    """`yaniv serve --play --ssh PORT`: `ssh -t -p PORT HOST play` plays alone (the game itself, no table's address);
    a plain `ssh` still opens the join screen. Without --play there is no `play` command."""
    key = host_key(tmp_path / "key")
    given = {"host": "127.0.0.1", "port": 0, "max_sessions": 1, "argv": ["join"], "watch_argv": ["watch"]}
    playing = SshServer(key, **given, play_argv=["game"])  # type: ignore[arg-type]
    assert playing.what_to_run(" play ", "Noa") == Run(("game",))
    assert playing.what_to_run(None, "Noa") == Run(("join", "--name=Noa"))
    joining = SshServer(key, **given)  # type: ignore[arg-type]
    assert joining.what_to_run("play", "Noa") == "yaniv: there is no command 'play' here: ssh with no command to play."


async def test_ssh_play_keeps_its_games_by_the_clients_key_and_refuses_a_client_with_none(tmp_path: Path) -> None:
    """`ssh ... play` runs the game in the client key's own folder, where its saves outlive the connection (Continue
    finds them next time); a client with no key would play in throwaway folders, its game lost with them: it is
    told so in one line, with the command to use, and nothing runs. With no terminal, one line too."""
    code = "import os; print('data=' + os.environ['YANIV_DATA_DIR'])"
    async with ssh_server(tmp_path, play_argv=[sys.executable, "-c", code]) as server:
        async with connected(server.port) as connection:
            keyless = await terminal(connection, (60, 24), command="play", arrive=False)
            assert await keyless.ended() == 1
            said = keyless.text().split("\r\n")
            assert " ".join(said).split() == NO_KEY_PLAY_LINE.format(port=server.port).split()
            command = f"ssh -t -i ~/.ssh/id_ed25519 -p {server.port} NAME@HOST play"
            assert command in said and all(cell_len(line) <= 60 for line in said), said  # never cut by the edge
            plain = Terminal(await connection.create_process("play", encoding=None))
            assert await plain.ended() == 1
            assert plain.text() == NO_TERMINAL_PLAY_LINE.format(port=server.port) + "\r\n"
        client_key = asyncssh.generate_private_key("ssh-ed25519")
        async with connected(server.port, key=client_key) as connection:
            played = await terminal(connection, command="play")
            assert await played.ended() == 0
        data = Path(played.text().strip().removeprefix("data="))
        assert data == serve_ssh.key_folder(client_key) / "data" and data.parent.is_dir()
        assert server.sessions == 0


async def test_quitting_a_game_played_over_ssh_says_how_to_come_back_over_ssh(tmp_path: Path) -> None:
    """`ssh ... play` under `yaniv serve --play`: a game quit (ctrl+q) said "'yaniv --resume 1a2b3c4d'
    goes back to it", a command its SSH player cannot run on the server. It says to connect again with the same key,
    then Continue."""
    from yaniv_tui.cli.serve import game_argv

    async with ssh_server(tmp_path, play_argv=game_argv()) as server:
        async with connected(server.port, key=asyncssh.generate_private_key("ssh-ed25519")) as connection:
            screen = await terminal(connection, command="play")
            await screen.until("a new game")
            screen.type("\r")  # Start: you and two bots
            await screen.until("Your hand")
            screen.type("\x11")  # ctrl+q: a terminal quits at once, the game saved
            assert await screen.ended() == 0
        said = screen.text()[screen.text().index("yaniv: the game is saved") :]
        assert "yaniv --resume" not in said and "same SSH key" in said and "Continue" in said, said


@pytest.mark.parametrize("watch", [False, True])
def test_a_session_runs_this_yaniv_whatever_folder_its_server_was_started_in(tmp_path: Path, watch: bool) -> None:
    """What a session (or a page) runs is this Python's own `yaniv_tui`, never a folder of that name where its server
    was started: `python -m` puts that folder first on the path. Before, a host started in a checkout of another
    version served its friends that version's `yaniv join` (seen: sessions of a host started in another checkout ran
    that checkout's code), and one started where a `yaniv_tui` folder lay served whatever it held."""
    from yaniv_tui.cli.join import join_argv

    decoy = tmp_path / "yaniv_tui"
    decoy.mkdir()
    (decoy / "__init__.py").write_text("")
    (decoy / "__main__.py").write_text("print('not yaniv')\n")
    ran = subprocess.run(
        [*join_argv(watch=watch), "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert "not yaniv" not in ran.stdout
    assert ran.stdout.startswith(f"usage: yaniv {'watch' if watch else 'join'}"), (ran.stdout, ran.stderr)


async def test_a_session_with_no_terminal_is_one_line(tmp_path: Path) -> None:
    async with ssh_server(tmp_path, argv=[sys.executable, "-c", "raise SystemExit(9)"]) as server:
        async with connected(server.port) as connection:
            plain = Terminal(await connection.create_process(encoding=None))  # no pseudo-terminal asked for
            assert await plain.ended() == 1
            assert plain.text() == NO_TERMINAL_LINE.format(port=server.port) + "\r\n"
            assert f"'ssh -t -p {server.port} NAME@HOST'" in plain.text()
            # `ssh HOST watch` asks for no terminal (ssh does with a command only given -t): told how, in one line
            watch = Terminal(await connection.create_process("watch", encoding=None))
            assert await watch.ended() == 1
            assert watch.text() == NO_TERMINAL_WATCH_LINE.format(port=server.port) + "\r\n"
        assert server.sessions == 0


async def test_past_the_cap_on_connections_one_is_closed_and_one_that_opens_no_session_is_closed_in_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve_ssh, "MAX_CONNECTIONS", 1)
    monkeypatch.setattr(serve_ssh, "LOGIN_TIMEOUT", 1.0)
    async with ssh_server(tmp_path) as server, connected(server.port) as first:
        with pytest.raises(asyncssh.DisconnectError) as refused:
            async with connected(server.port, "Ben"):
                pass
        assert refused.value.reason.startswith(serve_ssh.BUSY_LINE.format(1))  # asyncssh adds "(error 12)"
        assert server.connections == 1
        # The first one opens no session: it is closed once LOGIN_TIMEOUT has passed, and its place is free.
        await asyncio.wait_for(first.wait_closed(), WAIT)
        await until_true(lambda: server.connections == 0, "the idle connection was never closed")
        async with connected(server.port, "Ben") as again:
            assert again.get_server_host_key() is not None


# -- sessions running `yaniv join` ----------------------------------------------------------------------------------


@pytest.mark.slow
async def test_past_the_cap_a_client_is_told_in_one_line_and_a_place_frees_when_a_session_ends(tmp_path: Path) -> None:
    async with ssh_server(tmp_path, max_sessions=1) as server:
        async with connected(server.port) as first_connection:
            first = await terminal(first_connection)
            await first.until("room code")
            mark = len(first.output)
            await first.until("host:port", since=mark)  # the address field drawn again as its cursor blinks: focused
            async with connected(server.port, "Ben") as second_connection:
                second = await terminal(second_connection)
                assert await second.ended() == 1
                assert second.text() == FULL_LINE.format(1) + "\r\n"
            await quit_by_escape(first)
            assert await first.ended() == 0
        await until_true(lambda: server.sessions == 0, "the first session never ended")
        async with connected(server.port, "Ben") as connection:
            again = await terminal(connection)
            await again.until("Ben")  # the join screen, drawn with the name proposed


@pytest.mark.slow
async def test_a_user_name_the_name_rule_refuses_is_said_and_not_proposed(tmp_path: Path) -> None:
    async with ssh_server(tmp_path) as server, connected(server.port, "a name far too long for a seat") as connection:
        screen = await terminal(connection, arrive=False)
        said = await screen.until("Press a key.")
        refused = "your SSH user name cannot be a seat's name (the name 'a name far too long for a seat' is too long"
        read = " ".join(said.split("\r\n"))  # as read, its lines broken between words to the terminal's width
        assert refused in read
        # With no key, what that loses is said too, on a line of its own after it; one key goes on.
        keyless = NO_KEY_LINE.format(port=server.port)
        assert read.index(refused) < read.index(keyless) and said.count("Press a key.") == 1, said
        mark = len(screen.output)
        screen.type(" ")
        await screen.until("room code", since=mark)
        await screen.until("optional", since=mark)  # the name field's placeholder: it is empty
        assert "far too long" not in screen.text(mark)


@pytest.mark.slow
async def test_a_client_that_never_reads_is_dropped_and_the_others_play_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve_ssh, "WRITE_TIMEOUT", 2.0)
    monkeypatch.setattr(serve_ssh, "MAX_UNSENT", 1024)
    async with ssh_server(tmp_path) as server, connected(server.port) as connection:
        # A session that reads nothing: its channel's window is a few kilobytes and never opened again.
        channel, _ = await connection.create_session(
            asyncssh.SSHClientSession, term_type="xterm-256color", term_size=(100, 30), window=4096, encoding=None
        )
        channel.pause_reading()
        await until_true(lambda: server.sessions == 1, "the silent session never started")
        channel.write(b" ")  # the key past the line a client with no key is told on arrival
        for step in range(40):  # each size is a whole screen drawn again, more than it will ever read
            channel.change_terminal_size(100 + step % 2, 30)
            await asyncio.sleep(0.05)
            if server.sessions == 0:
                break
        async with connected(server.port, "Ben") as other_connection:
            other = await terminal(other_connection)
            await other.until("Ben")  # the join screen, served while the silent one was stuck or gone
        await until_true(lambda: server.sessions == 0, "the silent client was never dropped")
        await asyncio.wait_for(channel.wait_closed(), WAIT)


@needs_proc
async def test_over_ssh_a_player_joins_a_hosted_table_plays_a_move_and_resizes(tmp_path: Path) -> None:
    other: TableClient | None = None
    async with hosted_table(tmp_path) as table:
        host, port, code = table.process, table.port, table.code
        try:
            async with connected(table.ssh_port) as connection:
                key = connection.get_server_host_key()
                assert key is not None and key.get_fingerprint() == table.fingerprint
                screen = await terminal(connection)
                await screen.until("room code")
                await screen.until(f"localhost:{port}")  # the table's address filled in
                await screen.until("Noa")  # the user name proposed
                mark = len(screen.output)
                await screen.until(
                    "letters and digits", since=mark
                )  # the code's field drawn again: its cursor blinks, it has the focus
                mark = len(screen.output)
                screen.type(code.lower())  # as a person may type it
                await screen.until(code.lower(), since=mark)
                mark = len(screen.output)
                screen.type("\r")
                await screen.until("Noa (you)", since=mark)  # at the table
                # The other seat, played from here; the table is theirs and Noa's.
                other = await asyncio.wait_for(
                    TableClient.join(f"127.0.0.1:{port}", code, name="Ben", token_file=tmp_path / "ben.token"), WAIT
                )
                assert other.seat == 1 and other.view.players == ("Noa", "Ben")
                if other.view.is_my_turn:
                    await other.send(MediumBot().choose(other.view))
                await until_true(lambda: other is not None and other.view.current == 0, "never Noa's turn")
                turns = len(other.view.seen)
                # Noa drops her first card and takes the deck's: the host's table moves on to Ben.
                await screen.until("1-9")
                screen.type("1")
                await asyncio.sleep(0.3)
                screen.type("\r")
                await asyncio.sleep(0.3)
                screen.type("d")
                await asyncio.wait_for(_until_changed(other, turns), WAIT)
                assert other.view.current == 1 and len(other.view.seen) == turns + 1
                assert other.view.seen[-1].seat == 0 and other.view.seen[-1].take is None
                # Smaller than the game draws in, then back: the process saw each size.
                mark = len(screen.output)
                screen.process.change_terminal_size(60, 20)
                await screen.until("too small", since=mark)
                mark = len(screen.output)
                screen.process.change_terminal_size(110, 32)
                await screen.until("Ben", since=mark)
                # The host killed outright: the session's `yaniv join` ends with it (its terminal hung up).
                joins = _joins_of(host.pid)
                assert len(joins) == 1, joins
                host.kill()
                await asyncio.wait_for(host.wait(), WAIT)
                await until_true(lambda: not any(map(_running, joins)), "the session's process outlived its host")
        finally:
            if other is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(other.close(), 5)


@needs_openssl
async def test_over_ssh_a_player_joins_a_table_served_over_tls_with_its_hosts_own_certificate(tmp_path: Path) -> None:
    """`yaniv host --cert ... --ssh PORT`: the SSH session's `yaniv join` trusts the host's certificate, the one
    its host serves with (self-signed, here for a name it is not reached by): it said "a certificate not trusted
    here (self-signed certificate)" and "SSL_CERT_FILE=THEIR-CERT.pem", which an SSH guest cannot give."""
    cert, key = self_signed(tmp_path, "yaniv.example.org", here=False)
    tls = ("--cert", str(cert), "--key", str(key))
    async with hosted_table(tmp_path, *tls) as table, connected(table.ssh_port) as connection:
        screen = await terminal(connection)
        await screen.until(f"wss://localhost:{table.port}")
        mark = len(screen.output)
        await screen.until("letters and digits", since=mark)  # the code's field has the focus
        screen.type(table.code + "\r")
        await screen.until("Noa (you)", since=mark)


@needs_proc
async def test_a_sessions_yaniv_join_ends_with_a_host_killed_under_nohup(tmp_path: Path) -> None:
    """A host run as `nohup yaniv host --headless --ssh PORT &` is killed: its SSH sessions' `yaniv join` end with
    it (their terminal hung up). They inherited nohup's ignored hangup, and were seen running on at a quarter of a
    core each, with no terminal, for as long as anyone looked."""
    async with hosted_table(tmp_path, nohup=True) as table, connected(table.ssh_port) as connection:
        screen = await terminal(connection)
        await screen.until("room code")
        joins = _joins_of(table.process.pid)
        assert len(joins) == 1, joins
        table.process.kill()
        await asyncio.wait_for(table.process.wait(), WAIT)
        try:
            await until_true(lambda: not any(map(_running, joins)), "the session's process outlived its host")
        finally:
            for pid in joins:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


async def test_over_ssh_a_watcher_watches_a_hosted_table(tmp_path: Path) -> None:
    """`ssh -p PORT HOST watch`: the join screen to watch, the table's address filled in; the code typed; the table
    with every hand face down, and the seats told one more watches."""
    async with hosted_table(tmp_path) as table, connected(table.ssh_port, "Dana") as connection:
        screen = await terminal(connection, command="watch")
        await screen.until("room code")
        await screen.until(f"localhost:{table.port}")
        mark = len(screen.output)
        await screen.until(
            "letters and digits", since=mark
        )  # the code's field drawn again: its cursor blinks, it has the focus
        mark = len(screen.output)
        screen.type(table.code)
        await screen.until(table.code, since=mark)
        mark = len(screen.output)
        screen.type("\r")
        await screen.until("you watch", since=mark)
        seat = await asyncio.wait_for(
            TableClient.join(f"127.0.0.1:{table.port}", table.code, name="Ben", token_file=tmp_path / "b.token"), WAIT
        )
        try:
            assert seat.watchers == 1 and "Dana" not in seat.view.players  # a watcher takes no seat
        finally:
            await asyncio.wait_for(seat.close(), 5)


def _joins_of(parent: int) -> list[int]:
    """The `yaniv join` processes `parent` started (from /proc: Linux)."""
    found = []
    for folder in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError, ValueError):
            command = (folder / "cmdline").read_bytes().split(b"\0")
            parent_of = int((folder / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if b"join" in command and parent_of == parent:
                found.append(int(folder.name))
    return found


def _running(pid: int) -> bool:
    """Whether process `pid` still runs (one that ended but was not yet reaped does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def _until_changed(client: TableClient, turns: int) -> None:
    while len(client.view.seen) == turns:
        await client.changed()


async def test_each_session_keeps_its_own_folders_apart_from_the_servers(tmp_path: Path) -> None:
    """A session's `yaniv join` writes nothing of the server's: not its history (a finished game's record would be
    counted again in the host's stats), not its settings (a theme chosen over SSH would become the host's), not its
    tokens. Each session has its own folders, removed when it ends."""
    names = ("YANIV_DATA_DIR", "YANIV_CONFIG_DIR", "YANIV_TOKENS_DIR")
    code = f"import os; print('|'.join(os.environ.get(name, '') for name in {names!r}))"
    async with ssh_server(tmp_path, argv=[sys.executable, "-c", code]) as server:
        async with connected(server.port) as connection:
            shown = await terminal(connection)
            assert await shown.ended() == 0
        folders = [Path(folder) for folder in shown.text().strip().split("|")]
        assert all(folders) and len(set(folders)) == 3, folders
        for folder in folders:
            assert tmp_path not in folder.parents, folder  # the server's own folders are in tmp_path
            assert folder.parent == folders[0].parent and not folder.parent.exists()  # one session's, removed


@pytest.mark.slow
async def test_bytes_that_are_not_utf8_break_nothing_and_keys_after_them_still_type(tmp_path: Path) -> None:
    # The pty's app reads its keys as UTF-8 (Textual's driver, strictly): a byte that is none, sent raw, killed its
    # input with a traceback on the player's screen, and no key typed after it reached the app.
    async with ssh_server(tmp_path) as server, connected(server.port) as connection:
        screen = await terminal(connection)
        await screen.until("room code")
        mark = len(screen.output)
        await screen.until("host:port", since=mark)  # the address field drawn again as its cursor blinks: focused
        mark = len(screen.output)
        screen.process.stdin.write(b"\xff\xfe\xc3(\x80 \xed\xa0\x80")  # none of them UTF-8 (a surrogate's too)
        screen.type("zq7w")
        said = await screen.until("zq7w", since=mark)
        assert "Traceback" not in said and "Error" not in said, said
        await quit_by_escape(screen)
        assert await screen.ended() == 0
        assert "Traceback" not in screen.text()


@pytest.mark.slow
async def test_a_window_of_one_cell_then_ten_thousand_then_a_hang_up_leaves_no_process(tmp_path: Path) -> None:
    async with ssh_server(tmp_path) as server:
        async with connected(server.port) as connection:
            screen = await terminal(connection, size=(1, 1))
            await until_true(lambda: server.sessions == 1, "the session never started")
            await asyncio.sleep(1.0)
            mark = len(screen.output)
            screen.process.change_terminal_size(10_000, 10_000)
            said = await screen.until("room code", since=mark)
            assert "Traceback" not in screen.text(), said
            screen.process.change_terminal_size(1, 1)
            await asyncio.sleep(0.5)
            screen.process.change_terminal_size(100, 30)
            await screen.until("room code", since=mark)
        # the connection gone mid-screen: the session and its process end with it
        await until_true(lambda: server.sessions == 0, "the session outlived its connection")
    assert "Traceback" not in screen.text()


async def _play_out(client: TableClient) -> None:
    """Play `client`'s seat by a MediumBot until the game is over."""
    bot = MediumBot()
    while client.view.phase != "over":
        if client.view.is_my_turn:
            await client.send(bot.choose(client.view))
        await client.changed()


async def test_a_headless_host_with_ssh_stays_up_for_its_ssh_sessions_once_the_game_is_over(tmp_path: Path) -> None:
    """Once the game is over a headless host with `--ssh` waits for its SSH sessions to end, saying so in one line:
    their screens are its own processes, still showing the game's end. Before, it stopped two seconds after the last
    move and closed them (`Connection to 127.0.0.1 closed.` over the round's end a player was still reading)."""
    from yaniv_tui.cli.host import LINGER

    async with hosted_table(tmp_path) as table, connected(table.ssh_port, "Dana") as connection:
        screen = await terminal(connection, command="watch")
        await screen.until("letters and digits")
        screen.type(table.code + "\r")
        await screen.until("you watch")
        seats = [
            await asyncio.wait_for(
                TableClient.join(f"127.0.0.1:{table.port}", table.code, name=name, token_file=tmp_path / f"{name}.t"),
                WAIT,
            )
            for name in ("Ann", "Ben")
        ]
        try:
            await asyncio.wait_for(asyncio.gather(*map(_play_out, seats)), WAIT * 4)
        finally:
            for seat in seats:
                await asyncio.wait_for(seat.close(), 5)
        assert table.process.stderr is not None
        said = [b"start"]
        while said[-1] and not said[-1].startswith(b"yaniv: the game is over"):  # ends at the end of its output
            said.append(await asyncio.wait_for(table.process.stderr.readline(), WAIT))
        assert said[-1].decode().startswith("yaniv: the game is over: waiting for the players over SSH to leave"), said
        await asyncio.sleep(LINGER + 1)
        assert table.process.returncode is None  # still up, and the session's screen with it
        assert not screen.process.is_closing()
        mark = len(screen.output)
        screen.process.change_terminal_size(90, 28)  # the session still draws the game's end, at the new size
        await screen.until("wins!", since=mark)
        screen.type("\x11")  # ctrl+q: the watcher leaves, and the host's work is done
        assert await asyncio.wait_for(table.process.wait(), WAIT) == 0
        await screen.ended()
