"""A joiner whose seat's token cannot be kept (its data folder refuses the file) is told so on its table, in one line
naming the folder and what it means, rather than losing the seat without a word the first time it drops out."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from netplay import LIMIT, eventually, joined, new_game, started

from yaniv_tui.cli.join import join_request
from yaniv_tui.cli.parser import parse
from yaniv_tui.engine import Seat
from yaniv_tui.net import ActionRefused
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.events import SaveFailed, TableEvent
from yaniv_tui.table.runner import TableRunner

pytestmark = pytest.mark.slow


async def test_a_seat_whose_token_cannot_be_kept_says_so_once_on_the_joined_table(tmp_path: Path) -> None:
    """Before: the write's OSError was swallowed; the seat played on, and once its connection dropped, the same
    command was refused ("the table is full: ... kept for a player who left (Ben)"), the seat lost to its player."""
    seats = [Seat.bot("easy", "Ann"), Seat.remote("Ben")]
    host = await started(new_game(seats, seed=3), seats)
    blocked = tmp_path / "tokens"
    blocked.write_text("a file where the tokens' folder should be")
    try:
        client = await joined(host, blocked, "ben", name="Ben")  # its token file: tmp_path/tokens/ben.token
        assert client.seat == 1
        assert not (blocked / "ben.token").exists()
        problem = client.token_problem
        assert problem is not None and "\n" not in problem
        assert str(blocked) in problem and "token" in problem and "open your seat" in problem, problem
        session = ClientSession(client, (ActionRefused,))
        runner = TableRunner(session)
        events: list[TableEvent] = []
        runner.subscribe(events.append)
        running = asyncio.create_task(runner.run())
        await asyncio.sleep(0)  # the loop's first save is told at once
        try:
            assert [event for event in events if isinstance(event, SaveFailed)] == [SaveFailed(problem)]
        finally:
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(running, LIMIT)
            session.close()
    finally:
        await host.stop()


async def test_a_headless_tables_joiner_whose_token_cannot_be_kept_is_not_told_to_ask_the_host(tmp_path: Path) -> None:
    """`yaniv host --headless` has no screen and no `t`: nobody there can open a seat. Before: its joiner was told
    that once they quit "only the host can open your seat for you again", which that host cannot."""
    seats = [Seat.bot("easy", "Ann"), Seat.remote("Ben")]
    host = await started(new_game(seats, seed=3), seats, opens_seats=False)
    blocked = tmp_path / "tokens"
    blocked.write_text("a file where the tokens' folder should be")
    try:
        client = await joined(host, blocked, "ben", name="Ben")
        problem = client.token_problem
        assert problem is not None and "\n" not in problem and str(blocked) in problem, problem
        assert "only the host" not in problem and "ask the host" not in problem, problem
        assert problem.endswith("once you quit no one can open your seat for you: this host has no screen"), problem
        await client.close()
    finally:
        await host.stop()


async def test_a_seat_whose_token_is_kept_says_nothing(tmp_path: Path) -> None:
    seats = [Seat.bot("easy", "Ann"), Seat.remote("Ben")]
    host = await started(new_game(seats, seed=3), seats)
    try:
        client = await joined(host, tmp_path, "ben", name="Ben")
        assert client.token_problem is None and (tmp_path / "ben.token").exists()
        assert ClientSession(client, (ActionRefused,)).save(None) is None
        await client.close()
    finally:
        await host.stop()


async def test_the_join_screens_join_again_takes_back_a_seat_whose_token_could_not_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`yaniv join`'s joiner (the join screen's Join, after the table was lost) holds the token it could not keep:
    the same process takes its seat back. Before: refused, "the table is full: ... kept for a player who left (Ben)"."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "tokens").write_text("a file where the tokens' folder should be")
    monkeypatch.setenv("YANIV_DATA_DIR", str(data))
    seats = [Seat.bot("easy", "Ann"), Seat.remote("Ben"), Seat.remote("Cy")]
    host = await started(new_game(seats, seed=3), seats)
    try:
        address = f"127.0.0.1:{host.port}"
        request = join_request(parse(["join", address, host.code, "--name", "Ben"]))
        first = await asyncio.wait_for(request.joiner(address, host.code, "Ben"), LIMIT)
        assert first.seat == 1 and first.token_problem is not None
        assert "once you quit" in first.token_problem, first.token_problem
        await first.close()
        await eventually(lambda: host.status(1) == "away")
        again = await asyncio.wait_for(request.joiner(address, host.code, "Ben"), LIMIT)
        assert again.seat == 1 and host.status(1) == "joined" and host.status(2) == "waiting"
        await again.close()
    finally:
        await host.stop()
