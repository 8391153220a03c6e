"""`yaniv host --headless` as a real process on 127.0.0.1: two seats join it from this process over the network
and play a whole game with its bot; the host exits 0 and says who won, its history keeps the game's record, and
each seat was sent that record once the game was over. Everything is bounded in time."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from yaniv_tui.bots import MediumBot
from yaniv_tui.codec.record import parse_record, replay
from yaniv_tui.net import TableClient
from yaniv_tui.store import History

#: The whole test's bound, in seconds: the host process is killed past it.
OVERALL = 120.0
#: What `yaniv host` prints for friends to type: "yaniv join localhost:PORT CODE".
JOIN_LINE = re.compile(r"^yaniv join (?P<where>\S+):(?P<port>\d+) (?P<code>[A-Z0-9]{4})$")
WINNER_LINE = re.compile(r"^(?P<winners>.+) won after (?P<rounds>\d+) rounds?\.$")


async def read_line(stream: asyncio.StreamReader, deadline: float) -> str:
    raw = await asyncio.wait_for(stream.readline(), max(0.1, deadline - time.monotonic()))
    return raw.decode("utf-8", "replace").rstrip("\r\n")


async def play_whole_game(client: TableClient) -> int:
    """Play the client's seat by a MediumBot until the game is over; the actions the host took."""
    bot = MediumBot()
    sent = 0
    while client.view.phase != "over":
        if client.view.is_my_turn:
            await client.send(bot.choose(client.view))
            sent += 1
        await client.changed()
    return sent


async def test_a_headless_host_process_plays_a_whole_game_with_two_joined_seats(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "YANIV_DATA_DIR": str(tmp_path / "host-data"),
        "YANIV_CONFIG_DIR": str(tmp_path / "host-config"),
        "PYTHONUNBUFFERED": "1",
    }
    command = [
        sys.executable,
        "-m",
        "yaniv_tui",
        "host",
        "--headless",
        # A short game: a client paces itself under the host's 20 messages a second, so the default game
        # (israeli, to 200: ~200 actions a seat) would take some 15 s; to 50 it is a few rounds.
        "--ruleset",
        "yanivo",
        "--end-score",
        "50",
        "--players",
        "remote,remote,bot:medium",
        "--port",
        "0",  # listens on 127.0.0.1 (no --public), on a free port it prints
        "--seed",
        "3",
        "--bot-delay",
        "0",
    ]
    deadline = time.monotonic() + OVERALL
    process = await asyncio.create_subprocess_exec(
        *command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env
    )
    clients: list[TableClient] = []
    try:
        assert process.stdout is not None and process.stderr is not None
        first = await read_line(process.stdout, deadline)
        match = JOIN_LINE.match(first)
        assert match is not None, f"no join line: {first!r}"
        assert match["where"] == "localhost"
        port, code = int(match["port"]), match["code"]
        assert port != 0

        for label in ("ann", "ben"):
            client = await asyncio.wait_for(
                TableClient.join(f"127.0.0.1:{port}", code, name=label.title(), token_file=tmp_path / f"{label}.token"),
                deadline - time.monotonic(),
            )
            clients.append(client)
        assert [c.seat for c in clients] == [0, 1]

        sent = await asyncio.wait_for(
            asyncio.gather(*(play_whole_game(c) for c in clients)), deadline - time.monotonic()
        )
        assert all(n >= 1 for n in sent), sent
        for client in clients:
            assert client.view.phase == "over"
            assert client.view.players[:2] == ("Ann", "Ben")
        winners = " and ".join(clients[0].view.players[s] for s in clients[0].view.winners)
        rounds = len(clients[0].view.history)
        assert clients[1].view.history == clients[0].view.history

        out, err = await asyncio.wait_for(process.communicate(), deadline - time.monotonic())
        lines = out.decode("utf-8", "replace").splitlines()
        assert process.returncode == 0, (lines, err.decode("utf-8", "replace"))
        assert lines, "the host printed nothing after the join line"
        won = WINNER_LINE.match(lines[-1])
        assert won is not None, lines
        assert won["winners"] == winners and int(won["rounds"]) == rounds
        # The host recorded the game in its history, then removed its save and its table file.
        data = tmp_path / "host-data"
        assert list(data.glob("*.sqlite3")) or list(data.rglob("*.sqlite3")), sorted(data.rglob("*"))
        assert not list(data.glob("saves/*.json")) and not list(data.glob("tables/*.json")), sorted(data.rglob("*"))
        # Its history keeps the game's record, which replays to the scores the seats saw; the host sent each seat
        # that record once the game was over.
        with History(data / "history.sqlite3") as history:
            kept = history.find_record("")
        assert kept.record is not None
        again = replay(parse_record(kept.record, "the host's history"), finished=True)
        assert tuple(again.scores) == tuple(clients[0].view.scores) and tuple(again.history) == clients[0].view.history
        while any(client.record is None for client in clients) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert [client.record for client in clients] == [kept.record, kept.record]
    finally:
        for client in clients:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), 5)
        if process.returncode is None:
            process.kill()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), 10)


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def play_some(clients: list[TableClient], actions: int) -> None:
    """Play each client's seat by a MediumBot until every seat has made `actions` actions (or the game is over).

    A seat keeps playing its turns while another still needs actions: one that stopped at its own count (a turn can
    take two actions, a slap-down's choice and the drop) would leave the next waiting for a turn that never comes.
    After each action a seat waits for the host's next view, so it never acts twice on the same one; that wait ends
    too once every seat has its count, since the next turn may be one whose seat has stopped (seed 59: Ben's count
    was reached by his Yaniv call, and round 2 began on his turn while Ann waited for a view that never came)."""
    done = [0] * len(clients)
    enough = asyncio.Event()

    async def play(seat: int, client: TableClient) -> None:
        bot = MediumBot()
        while not enough.is_set() and client.view.phase != "over":
            if client.view.is_my_turn:
                await client.send(bot.choose(client.view))
                done[seat] += 1
                if min(done) >= actions:
                    enough.set()
                    return
            news = asyncio.ensure_future(client.changed())
            stop = asyncio.ensure_future(enough.wait())
            await asyncio.wait({news, stop}, return_when=asyncio.FIRST_COMPLETED)
            for task in (news, stop):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    await asyncio.gather(*(play(seat, client) for seat, client in enumerate(clients)))


async def test_a_host_killed_mid_game_comes_back_with_host_resume_and_its_seats_rejoin(tmp_path: Path) -> None:
    """`yaniv host --resume` after the host's process was killed: the same room code, and each seat rejoins with
    the same command (its kept token); `yaniv --resume` alone refuses the game in one line."""
    env = {**os.environ, "YANIV_DATA_DIR": str(tmp_path / "d"), "YANIV_CONFIG_DIR": str(tmp_path / "c")}
    env["PYTHONUNBUFFERED"] = "1"
    port = free_port()
    base = [sys.executable, "-m", "yaniv_tui", "host", "--headless", "--port", str(port), "--bot-delay", "0"]
    # Seed 59 ends round 1 on the third action of both seats, the next turn a stopped seat's (see play_some).
    first_run = [
        *base,
        "--ruleset",
        "yanivo",
        "--end-score",
        "50",
        "--seed",
        "59",
        "--players",
        "remote,remote,bot:medium",
    ]
    deadline = time.monotonic() + OVERALL
    processes: list[asyncio.subprocess.Process] = []
    clients: list[TableClient] = []

    async def start(command: list[str]) -> tuple[asyncio.subprocess.Process, str]:
        process = await asyncio.create_subprocess_exec(
            *command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env
        )
        processes.append(process)
        assert process.stdout is not None
        match = JOIN_LINE.match(await read_line(process.stdout, deadline))
        assert match is not None and int(match["port"]) == port
        return process, match["code"]

    async def join(label: str, code: str) -> TableClient:
        joining = TableClient.join(f"127.0.0.1:{port}", code, name=label, token_file=tmp_path / f"{label}.token")
        return await asyncio.wait_for(joining, deadline - time.monotonic())

    try:
        first, code = await start(first_run)
        clients = [await join("Ann", code), await join("Ben", code)]
        await asyncio.wait_for(play_some(clients, 3), deadline - time.monotonic())
        seen = clients[0].view.history, clients[0].view.scores
        first.kill()
        await asyncio.wait_for(first.wait(), 10)
        for client in clients:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), 5)

        plain = subprocess.run(
            [sys.executable, "-m", "yaniv_tui", "--resume"], env=env, capture_output=True, text=True, timeout=60
        )
        assert plain.returncode == 2 and "yaniv host --resume" in plain.stderr and len(plain.stderr.splitlines()) == 1

        # No --port: a resumed table listens where it did, so the same join command finds it.
        second, again = await start(
            [sys.executable, "-m", "yaniv_tui", "host", "--headless", "--resume", "--bot-delay", "0"]
        )
        assert again == code, "the resumed table keeps its room code"
        clients = [await join("Ann", code), await join("Ben", code)]
        assert [c.seat for c in clients] == [0, 1], "each rejoins its own seat with its kept token"
        assert clients[0].view.history[: len(seen[0])] == seen[0]
        await asyncio.wait_for(asyncio.gather(*(play_whole_game(c) for c in clients)), deadline - time.monotonic())
        out, _ = await asyncio.wait_for(second.communicate(), deadline - time.monotonic())
        assert second.returncode == 0 and WINNER_LINE.match(out.decode().splitlines()[-1])
    finally:
        for client in clients:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), 5)
        for process in processes:
            if process.returncode is None:
                process.kill()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), 10)


async def test_a_headless_host_no_bot_plays_for_says_a_seat_no_one_plays_holds_it_up(tmp_path: Path) -> None:
    from yaniv_tui.cli.host import HELD_UP

    env = {**os.environ, "YANIV_DATA_DIR": str(tmp_path / "d"), "YANIV_CONFIG_DIR": str(tmp_path / "c")}
    env["PYTHONUNBUFFERED"] = "1"
    command = [sys.executable, "-m", "yaniv_tui", "host", "--headless", "--port", str(free_port())]
    for flags, said in (([], True), (["--away-bot", "easy"], False)):
        process = await asyncio.create_subprocess_exec(
            *command, *flags, "--players", "remote,bot:easy", stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        )
        try:
            assert process.stdout is not None and process.stderr is not None
            deadline = time.monotonic() + OVERALL
            assert JOIN_LINE.match(await read_line(process.stdout, deadline))
            if said:
                assert await read_line(process.stderr, deadline) == f"yaniv: {HELD_UP}"
            else:
                with contextlib.suppress(TimeoutError):
                    line = await asyncio.wait_for(process.stderr.readline(), 1.0)
                    assert HELD_UP not in line.decode("utf-8", "replace"), line
        finally:
            process.kill()
            await process.wait()


def test_the_headless_hosts_last_line_counts_its_rounds_in_words() -> None:
    """A game won in its first round is "after 1 round", not "after 1 rounds" (seen at a headless table's end)."""
    from yaniv_tui.cli.host import winner_line

    assert winner_line(["Ben"], 1) == "Ben won after 1 round."
    assert winner_line(["Ann", "Ben"], 12) == "Ann and Ben won after 12 rounds."
    assert WINNER_LINE.match(winner_line(["Ben"], 1)) is not None
