"""A player whose SSH connection drops gets their seat back (cli/serve_ssh.py): a client that proves it holds a key
keeps its session's tokens, data and settings in a folder named by a hash of that key's public data (never its user
name), kept after the session ends, so the same key's `yaniv join` rejoins its seat; a key offered but not proven,
or another key under the same user name, finds nothing of it; a client with no key gets in as before, with throwaway
folders. asyncssh's own client on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import stat
import sys
from pathlib import Path

import asyncssh
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from ssh_client import WAIT, Terminal, connected, hosted_table, ssh_server, terminal, until_true

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import browsers, serve_ssh
from yaniv_tui.cli.serve_ssh import NO_FOLDER_LINE, NO_KEY_COMMAND, NO_KEY_LINE, PRESS_A_KEY, SSH_KEYS_FOLDER, fitted
from yaniv_tui.net import TableClient

#: A session's command that prints the folders it was given, then waits for a line (or its end).
SHOW_FOLDERS = (
    "import os; print('|'.join(os.environ.get(n, '') for n in ('YANIV_TOKENS_DIR', 'YANIV_DATA_DIR', "
    "'YANIV_CONFIG_DIR')), flush=True); input()"
)


@pytest.fixture(autouse=True)
def dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "data"


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def key_folder(data: Path, key: asyncssh.SSHKey) -> Path:
    """Where the folder of a client holding `key` is: named by its public data's hash, nothing else."""
    return data / SSH_KEYS_FOLDER / hashlib.sha256(key.public_data).hexdigest()[:32]


async def folders_of(screen: Terminal) -> list[Path]:
    """The folders a SHOW_FOLDERS session was given: tokens, data, config."""
    shown = await screen.until("\n")
    return [Path(folder) for folder in shown.strip().split("|")]


async def shown_folders(port: int, user: str, key: asyncssh.SSHKey | asyncssh.SSHKeyPair | None) -> list[Path]:
    """The folders one whole session of `user` offering `key` was given."""
    async with connected(port, user, key) as connection:
        screen = await terminal(connection)
        folders = await folders_of(screen)
        screen.type("\r")
        assert await screen.ended() == 0
    return folders


# -- the folders ----------------------------------------------------------------------------------------------------


async def test_a_keys_sessions_keep_one_folder_of_that_key_after_they_end(tmp_path: Path, dirs: Path) -> None:
    noa, other = new_key(), new_key()
    async with ssh_server(tmp_path, argv=[sys.executable, "-c", SHOW_FOLDERS]) as server:
        first = await shown_folders(server.port, "Noa", noa)
        folder = key_folder(dirs, noa)
        assert first == [folder, folder / "data", folder / "config"]  # laid out as a browser's
        assert folder.is_dir() and stat.S_IMODE(folder.stat().st_mode) == 0o700
        (folder / "a.token").write_text("Noa's seat\n")
        # The same key again, under any user name: the same folder, its token still there.
        assert await shown_folders(server.port, "Ben", noa) == first
        assert (folder / "a.token").read_text() == "Noa's seat\n"
        # Another key under Noa's name: a folder of its own, never Noa's.
        theirs = await shown_folders(server.port, "Noa", other)
        assert theirs[0] == key_folder(dirs, other) != folder
        # No key: throwaway folders, outside the keys' folders, removed at the session's end.
        keyless = await shown_folders(server.port, "Noa", None)
        assert all(tmp_path not in path.parents for path in keyless), keyless
        assert not keyless[0].parent.exists()
    assert sorted(path.name for path in (dirs / SSH_KEYS_FOLDER).iterdir()) == sorted([folder.name, theirs[0].name])


async def test_a_key_offered_but_not_proven_finds_nothing_of_that_keys_folder(
    tmp_path: Path, dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client may offer anyone's public key (a public key is public): one that cannot sign with it is let in as a
    client with no key (keyboard-interactive), with throwaway folders, never that key's."""
    victim, own = new_key(), new_key()
    forged = asyncssh.load_keypairs([own])[0]
    forged.public_data = victim.public_data  # the victim's public key, signed with another
    offered: list[bytes] = []
    taken = serve_ssh._Door.validate_public_key

    def validate(door: serve_ssh._Door, username: str, key: asyncssh.SSHKey) -> bool:
        offered.append(key.public_data)
        return taken(door, username, key)

    monkeypatch.setattr(serve_ssh._Door, "validate_public_key", validate)
    async with ssh_server(tmp_path, argv=[sys.executable, "-c", SHOW_FOLDERS]) as server:
        folder = (await shown_folders(server.port, "Noa", victim))[0]
        offered.clear()
        given = await shown_folders(server.port, "Noa", forged)
    assert offered and set(offered) == {victim.public_data}  # offered, and taken: only its signature fails
    assert folder not in given and all(folder not in path.parents for path in given), given
    assert all(dirs / SSH_KEYS_FOLDER not in path.parents for path in given), given
    assert not given[0].parent.exists()  # throwaway, removed


async def test_two_sessions_of_one_key_at_once_hold_its_folder(
    tmp_path: Path, dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both sessions work in the key's folder; neither's end removes it, and no new key's folder takes its place
    while either is open, however many come (the browsers' rule: at most MAX_BROWSER_FOLDERS kept)."""
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 1)
    noa = new_key()
    folder = key_folder(dirs, noa)
    async with ssh_server(tmp_path, argv=[sys.executable, "-c", SHOW_FOLDERS]) as server:
        async with connected(server.port, "Noa", noa) as one, connected(server.port, "Noa", noa) as two:
            first, second = await terminal(one), await terminal(two)
            assert (await folders_of(first))[0] == (await folders_of(second))[0] == folder
            (folder / "a.token").write_text("Noa's seat\n")
            flood = [await shown_folders(server.port, "Ben", new_key()) for _ in range(3)]
            assert (folder / "a.token").read_text() == "Noa's seat\n"  # held: none of the flood removed it
            assert browsers._in_use(folder)
            first.type("\r")
            assert await first.ended() == 0
            assert browsers._in_use(folder)  # the other session holds it still
            second.type("\r")
            assert await second.ended() == 0
        assert not browsers._in_use(folder) and (folder / "a.token").exists()
        # Past the cap, a new key's folder now removes the ones used longest ago: the flood's, then Noa's.
        assert not flood[0][0].exists() and not flood[1][0].exists()


async def test_a_keys_folder_that_cannot_be_made_is_one_line_and_a_keyless_client_still_plays(
    tmp_path: Path, dirs: Path
) -> None:
    dirs.mkdir(parents=True)
    (dirs / SSH_KEYS_FOLDER).write_text("not a folder\n")  # in the way of every key's folder
    async with ssh_server(tmp_path, argv=[sys.executable, "-c", SHOW_FOLDERS]) as server:
        async with connected(server.port, "Noa", new_key()) as connection:
            screen = await terminal(connection)
            assert await screen.ended() == 1
        said = screen.text()
        assert said == NO_FOLDER_LINE.format("File exists") + "\r\n", said
        assert server.sessions == 0
        assert (await shown_folders(server.port, "Noa", None))[0].name == "tokens"


async def test_a_client_with_no_key_is_told_once_on_arrival_how_to_keep_its_seat(tmp_path: Path) -> None:
    """A player who comes in with no key (keyboard-interactive) gets throwaway folders: a dropped connection loses
    their seat for good. Before, nothing said so; now one line, before the join screen, says what happens without a
    key and how to come with one, and a key goes on to the join. A client with a key, or one that watches (no seat),
    is told nothing of it."""
    command = [sys.executable, "-c", "print('the join screen', flush=True)"]
    async with ssh_server(tmp_path, argv=command, watch_argv=command) as server:
        async with connected(server.port, "Noa") as connection:
            screen = await terminal(connection, arrive=False)
            said = await screen.until(PRESS_A_KEY)
            line = NO_KEY_LINE.format(port=server.port)
            assert said.endswith(f"{PRESS_A_KEY}\r\n") and " ".join(said.split("\r\n")).strip() == line + PRESS_A_KEY
            assert "no SSH key" in line and "seat" in line and "ssh -i" in line and f"-p {server.port}" in line
            assert "the join screen" not in said  # nothing runs before a key
            screen.type(" ")
            assert await screen.ended() == 0
            assert screen.text().count(PRESS_A_KEY) == 1 and screen.text().endswith("the join screen\r\n"), (
                screen.text()
            )
        for key, command_given in ((new_key(), None), (None, "watch")):
            async with connected(server.port, "Noa", key) as connection:
                screen = await terminal(connection, command=command_given)
                assert await screen.ended() == 0
                assert screen.text() == "the join screen\r\n", screen.text()


@pytest.mark.parametrize("columns", [80, 100])
async def test_the_line_told_to_a_client_with_no_key_reads_whole_at_its_width(tmp_path: Path, columns: int) -> None:
    """The line told on arrival to a client with no key is broken between words to its terminal's width, in cells,
    and the command to type is never cut: before, it was one line of some 170 characters that the terminal wrapped
    where it fell, at 100 columns inside the command ("ssh -i" | "~/.ssh/id_ed25519 ...")."""
    command = [sys.executable, "-c", "print('the join screen', flush=True)"]
    async with ssh_server(tmp_path, argv=command) as server, connected(server.port, "Noa") as connection:
        screen = await terminal(connection, size=(columns, 24), arrive=False)
        said = await screen.until(PRESS_A_KEY)
        lines = said.removesuffix("\r\n").split("\r\n")
        assert all(0 < cell_len(line) <= columns for line in lines), lines
        assert any(NO_KEY_COMMAND.format(port=server.port) in line for line in lines), lines
        assert " ".join(lines) == NO_KEY_LINE.format(port=server.port) + PRESS_A_KEY
        screen.type(" ")
        assert await screen.ended() == 0


def test_fitted_breaks_between_words_by_cells_and_never_inside_the_command() -> None:
    command = "ssh -i ~/.ssh/id_ed25519 -p 2222 NAME@HOST"
    line = f"yaniv: 名前名前名前 with no key, connect with a key: {command} (ssh-keygen makes one)."
    for width in (20, 30, 44, 60, 80, 100, 200):
        lines = fitted(line, width, command)
        assert " ".join(lines) == line
        assert sum(command in shown for shown in lines) == 1
        assert all(cell_len(shown) <= width or shown == command for shown in lines), (width, lines)
        # No line could have taken the next line's first word (the command, where it begins): broken as late as fits.
        for shown, after in itertools.pairwise(lines):
            first = command if after.startswith(command) else after.split()[0]
            assert cell_len(f"{shown} {first}") > width, (width, lines)
    assert fitted("名前名前 ab", 9) == ["名前名前", "ab"]  # 8 cells and 2 more, though 7 characters
    assert fitted(line, 30, command)[2] == command  # wider than nothing but itself: a line of its own


# -- a real table ---------------------------------------------------------------------------------------------------


async def join_at(screen: Terminal, code: str) -> str:
    """The code typed at the join screen (its fields filled in by the server), then what the screen shows."""
    await screen.until("room code")
    mark = len(screen.output)
    await screen.until("letters and digits", since=mark)  # the code's field drawn again as its cursor blinks
    mark = len(screen.output)
    screen.type(code)
    await screen.until(code, since=mark)
    mark = len(screen.output)
    screen.type("\r")
    return await screen.until("", since=mark)


def status(ben: TableClient | None) -> str | None:
    """Noa's seat's status, as Ben's host last told it."""
    return ben.statuses[0] if ben is not None else None


async def test_a_player_with_an_ssh_key_gets_their_seat_back_after_a_drop(tmp_path: Path) -> None:
    """`yaniv host --headless --ssh`: Noa joins over SSH with her key, her connection drops; a stranger with another
    key under her name is refused her seat; Noa comes back with the same `ssh` (the code filled in for her key), and
    plays her seat (her hand) on. Before, her session's token went with its folder: she was refused too, and the seat
    was lost."""
    noa, stranger = new_key(), new_key()
    ben: TableClient | None = None
    async with hosted_table(tmp_path) as table:
        try:
            async with connected(table.ssh_port, "Noa", noa) as connection:
                screen = await terminal(connection)
                await join_at(screen, table.code)
                await screen.until("Noa (you)")
                ben = await asyncio.wait_for(
                    TableClient.join(f"127.0.0.1:{table.port}", table.code, name="Ben", token_file=tmp_path / "b"),
                    WAIT,
                )
                assert ben.seat == 1 and ben.view.players == ("Noa", "Ben")
                connection.abort()  # the wifi gone: no goodbye
            await until_true(lambda: status(ben) == "away", "Noa's seat never went away")
            # Another key under Noa's name: the seat is kept for Noa, not given to a name.
            async with connected(table.ssh_port, "Noa", stranger) as connection:
                screen = await terminal(connection)
                await join_at(screen, table.code)
                await screen.until("kept for a player who left (Noa)")
                assert "Noa (you)" not in screen.text()
            assert status(ben) == "away"  # kept for her
            # Noa's key again: her seat back, with no code to type (her key's session remembers the table it joined).
            async with connected(table.ssh_port, "Noa", noa) as connection:
                screen = await terminal(connection)
                await screen.until("Noa (you)")
                await until_true(lambda: status(ben) == "joined", "Noa never came back")
                # Her hand is hers to play: her turn comes, her first card goes, the table moves on to Ben.
                if ben.view.is_my_turn:
                    await ben.send(MediumBot().choose(ben.view))
                await until_true(lambda: ben is not None and ben.view.current == 0, "never Noa's turn")
                turns = len(ben.view.seen)
                await screen.until("1-9")
                screen.type("1")
                await asyncio.sleep(0.3)
                screen.type("\r")
                await asyncio.sleep(0.3)
                screen.type("d")
                await until_true(lambda: ben is not None and len(ben.view.seen) > turns, "Noa's move never came")
                assert ben.view.seen[turns].seat == 0 and ben.view.current == 1
            # A client with no key still gets in, with no password, to the join screen.
            async with connected(table.ssh_port, "Dana") as connection:
                screen = await terminal(connection)
                await screen.until("room code")
                await screen.until("Dana")
        finally:
            if ben is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ben.close(), 5)


def _fitted_before(line: str, width: int, whole: str = "") -> list[str]:
    """`fitted` as it was before it used Rich's wrap: the behaviour it keeps."""
    words: list[str] = []
    for number, part in enumerate(line.split(whole) if whole else [line]):
        words += ([whole] if number else []) + part.split()
    lines: list[str] = []
    for word in words:
        if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


@settings(max_examples=400, deadline=None, derandomize=True)
@given(
    st.lists(st.sampled_from(["a", "ab", "名前", "yaniv:", "averyveryverylongword", "é", "ssh"]), max_size=30),
    st.integers(1, 120),
    st.booleans(),
)
def test_fitted_by_richs_wrap_breaks_where_it_did(words: list[str], width: int, with_command: bool) -> None:
    """Rich's wrap (Text.wrap) now breaks the lines: at the same places as the routine it replaced, for any words,
    wide characters, a word wider than the line (a line of its own, never cut) and the command kept whole."""
    command = "ssh -i ~/.ssh/id_ed25519 -p 2222 NAME@HOST"
    if with_command:
        words.insert(len(words) // 2, command)
    line = " ".join(words)
    whole = command if with_command else ""
    assert fitted(line, width, whole) == _fitted_before(line, width, whole)
