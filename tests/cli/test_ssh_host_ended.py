"""`yaniv host --ssh`: when the host's screen quits, every SSH player's session ends with one line saying the host
ended the table (and, for a game saved, how to come back to it). Before, their screens just went: the session closed
without a word, as if the connection had dropped."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from ssh_client import connected, ssh_server, terminal

from yaniv_tui.cli.host import ended_line
from yaniv_tui.cli.serve_ssh import GIVEN_BACK
from yaniv_tui.engine import Game, load_ruleset
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
    save_table(meta.game_id, "ABCD", {0: "a-token"})
    assert ended_line(meta.game_id) == (
        "yaniv: the host ended the table. The game is saved: once the host opens it again, connect the same way to "
        "come back to it."
    )
