"""A headless host (`yaniv host --headless`) says who came and went: one line each when a player takes a seat, leaves
it, or takes it back with their token, with the seat and the name. Before, its terminal showed nothing after the
start line: its host never knew whether anyone had joined."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netplay import LIMIT, eventually, joined, new_game, play_out, started

from yaniv_tui.engine import Seat
from yaniv_tui.store import History
from yaniv_tui.table.events import SeatsChanged
from yaniv_tui.table.headless import say_news, serve_headless


async def test_a_headless_host_says_each_join_leave_and_return(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.remote(), Seat.bot("easy", "Bea")]
    game = new_game(seats, seed=4)
    host = await started(game, seats, away_bot="easy", away_after=0.0)
    said: list[str] = []
    try:
        with History(tmp_path / "h.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, history=history, say=said.append))
            ann = await joined(host, tmp_path, "ann", name="Ann")
            await eventually(lambda: "Ann takes seat 1." in said)
            cy = await joined(host, tmp_path, "cy", name="Cy")
            await eventually(lambda: "Cy takes seat 2." in said)
            await cy.close()
            await eventually(lambda: any(line.startswith("Cy leaves seat 2") for line in said))
            cy = await joined(host, tmp_path, "cy")  # back with the token kept
            await eventually(lambda: "Cy is back at seat 2." in said)
            await asyncio.wait_for(asyncio.gather(play_out(ann), play_out(cy)), LIMIT)
            await asyncio.wait_for(table, LIMIT)
            await ann.close()
            await cy.close()
    finally:
        await host.stop()
    news = [line for line in said if "seat" in line and ("takes" in line or "leaves" in line or "back at" in line)]
    assert news[:4] == [
        "Ann takes seat 1.",
        "Cy takes seat 2.",
        "Cy leaves seat 2: it is kept until Cy comes back to it.",
        "Cy is back at seat 2.",
    ]


def test_a_name_cannot_write_escapes_or_lines_on_the_hosts_terminal() -> None:
    """The host's network refuses such names already (the name rule); the host's terminal lines escape them anyway."""
    said: list[str] = []
    statuses = [["waiting"], ["joined"]]
    hear = say_news(said.append, lambda: ["Evil\x1b[2J\nyaniv: fake"], lambda: statuses[0])
    statuses.pop(0)
    hear(SeatsChanged())
    assert said == ["Evil\\x1b[2J\\nyaniv: fake takes seat 1."]


async def test_a_headless_host_stopped_says_no_player_left(tmp_path: Path) -> None:
    """Ctrl+C on `yaniv host --headless`: its host closes every connection, which is no player leaving. Before (with
    the lines above), each joined player was said to leave their seat as the host stopped."""
    import os
    import signal
    import subprocess
    import sys

    from yaniv_tui.net import TableClient

    env = {**os.environ, "YANIV_DATA_DIR": str(tmp_path / "d"), "YANIV_CONFIG_DIR": str(tmp_path / "c")}
    command = [sys.executable, "-m", "yaniv_tui", "host", "--headless", "--players", "remote,bot:easy", "--port", "0"]
    process = await asyncio.create_subprocess_exec(
        *command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        words = (await asyncio.wait_for(process.stdout.readline(), LIMIT)).decode().split()
        address, code = words[2], words[3]
        client = await asyncio.wait_for(
            TableClient.join(address, code, token_file=tmp_path / "ann.token", name="Ann"), LIMIT
        )
        line = await asyncio.wait_for(process.stderr.readline(), LIMIT)
        while b"Ann takes seat 1." not in line:
            line = await asyncio.wait_for(process.stderr.readline(), LIMIT)
        os.killpg(process.pid, signal.SIGINT)
        _, err = await asyncio.wait_for(process.communicate(), LIMIT)
        await client.close()
    finally:
        if process.returncode is None:
            os.killpg(process.pid, signal.SIGKILL)
            await process.wait()
    assert process.returncode == 130
    assert b"leaves seat" not in err, err
