"""`yaniv host --ssh`: when the host's screen quits, every SSH player's session ends with one line saying the host
ended the table (and, for a game saved, how to come back to it). Before, their screens just went: the session closed
without a word, as if the connection had dropped."""

from __future__ import annotations

import sys
from pathlib import Path

import asyncssh
import pytest
from ssh_client import connected, ssh_server, terminal

from yaniv_tui.cli.host import ended_line
from yaniv_tui.cli.serve_ssh import GIVEN_BACK
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.net.secrets_gate import new_token
from yaniv_tui.store import SaveMeta, Seat, save_game
from yaniv_tui.store.tables import save_table

#: A session's stand-in for `yaniv join`: a screen that stays until its terminal hangs up.
SCREEN = [sys.executable, "-c", "import time; print('the join screen', flush=True); time.sleep(60)"]


async def test_each_session_is_told_why_it_ends(tmp_path: Path) -> None:
    said = "yaniv: the host ended the table. The game is saved: " + "and more words " * 10
    async with ssh_server(tmp_path, argv=SCREEN) as server, connected(server.port) as connection:
        screen = await terminal(connection, size=(60, 20))
        await screen.until("the join screen")
        await server.stop(said)
        await screen.ended()
        told = screen.text().split("the join screen", 1)[1]
        assert GIVEN_BACK in bytes(screen.output).decode()  # the full screen left, the mouse's reports off
        lines = [line.strip() for line in told.split("\r\n") if line.strip()]
        assert " ".join(lines) == " ".join(said.split())
        assert all(len(line) <= 60 for line in lines), lines  # fitted to the client's terminal


@pytest.mark.usefixtures("data_dir")
def test_the_line_says_whether_the_game_is_saved_and_how_it_comes_back() -> None:
    assert ended_line(None) == "yaniv: the host ended the table."
    game = Game.new(load_ruleset("israeli"), ["Ann", "Avi"], seed=3)
    meta = SaveMeta((Seat.remote("Ann"), Seat.bot("easy", "Avi")))
    save_game(game, meta)
    assert ended_line(meta.game_id) == "yaniv: the host ended the table."  # no table kept: the game is over
    save_table(meta.game_id, "ABCD", {0: new_token()})
    assert ended_line(meta.game_id) == (
        "yaniv: the host ended the table. The game is saved: once the host opens it again, connect the same way to "
        "come back to it."
    )
    # Before, a player who came with no key was told the same, but their seat's token went with their session: the
    # same way takes no seat back. What works: the host opens their seat for them, and they join it afresh.
    keyless = ended_line(meta.game_id, keyed=False)
    assert "connect the same way to come back" not in keyless, keyless
    assert keyless.startswith("yaniv: the host ended the table. The game is saved, but your seat went with this"), (
        keyless
    )
    assert "open your seat for you (t at their table)" in keyless, keyless
    assert ended_line(None, keyed=False) == "yaniv: the host ended the table."


async def test_a_session_with_no_key_is_told_its_own_line(tmp_path: Path) -> None:
    """The host's last words to a session with a key and to one with none: each its own line."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with (
        ssh_server(tmp_path, argv=SCREEN) as server,
        connected(server.port, "Ann", key) as keyed,
        connected(server.port) as keyless,
    ):
        screens = [await terminal(keyed, size=(100, 20)), await terminal(keyless, size=(100, 20))]
        for screen in screens:
            await screen.until("the join screen")
        await server.stop("yaniv: keyed words.", keyless="yaniv: keyless words.")
        told = []
        for screen in screens:
            await screen.ended()
            told.append(screen.text().split("the join screen", 1)[1].strip())
        assert told == ["yaniv: keyed words.", "yaniv: keyless words."], told
