"""Issue 32, item 5: a joined seat gets the finished game's record from its host, and keeps it in its own player's
history (replayed to the same scores, kept once); a record frame that is too big, does not replay, or is another
game is refused in one line, and nothing of it is kept. Every host is on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from netplay import LIMIT, eventually, joined, new_game, play_out, started
from playing import play_recorded

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import main
from yaniv_tui.cli.export import finished_record
from yaniv_tui.codec.record import (
    MAX_RECORD_BYTES,
    parse_record,
    read_record_file,
    record_players,
    record_text,
    replay,
    start_record,
)
from yaniv_tui.engine import Game, Seat
from yaniv_tui.net import TableClient, TableHost
from yaniv_tui.net.client import MAX_FROM_HOST
from yaniv_tui.store import History
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.events import Recorded, TableEvent, TurnStarted
from yaniv_tui.table.headless import serve_headless
from yaniv_tui.table.runner import TableRunner


@dataclass
class Finished:
    """A headless host on 127.0.0.1 whose game Noa (seat 0, joined) and a bot played to its end: the host's game,
    its history, and Noa's client and session (her history is `mine`)."""

    host: TableHost
    game: Game
    hosts: History
    mine: History
    client: TableClient
    session: ClientSession
    told: list[str]


def play_by_bot(runner: TableRunner) -> None:
    """This screen's seat plays what a medium bot would, as the table's keys would submit it."""
    bot = MediumBot()

    def hear(event: TableEvent) -> None:
        if isinstance(event, TurnStarted):
            action = bot.choose(runner.session.view(event.seat))
            asyncio.get_running_loop().create_task(runner.submit(event.seat, action))

    runner.subscribe(hear)


@asynccontextmanager
async def finished_game(folder: Path, seed: int = 5) -> AsyncIterator[Finished]:
    """A game hosted with no screen, Noa joined from a client session with a history of her own, played out."""
    seats = [Seat.remote(), Seat.bot("easy", "Cy")]
    game = new_game(seats, seed=seed, end=60)
    host = await started(game, seats)
    try:
        with History(folder / "host" / "history.sqlite3") as hosts, History(folder / "noa" / "history.sqlite3") as mine:
            client = await joined(host, folder, "noa", name="Noa")
            session = ClientSession(client)
            runner = TableRunner(session, mine)
            play_by_bot(runner)
            told: list[str] = []
            runner.subscribe(
                lambda event: told.append(event.pending) if isinstance(event, Recorded) and event.pending else None
            )
            table = asyncio.create_task(serve_headless(host, game, seats, history=hosts))
            await asyncio.wait_for(runner.run(), LIMIT)
            assert (await asyncio.wait_for(table, LIMIT)).is_over
            yield Finished(host, game, hosts, mine, client, session, told)
            session.close()
            if session.closing is not None:
                await asyncio.wait_for(session.closing, LIMIT)
    finally:
        await host.stop()


async def test_a_joined_seat_keeps_the_finished_games_record_in_its_own_history(tmp_path: Path) -> None:
    async with finished_game(tmp_path) as done:
        await asyncio.wait_for(done.session.record_settled.wait(), LIMIT)
        assert done.session.record_refused is None and done.session.kept_record is not None
        hosts = done.hosts.find_record("")
        mine = done.mine.find_record("")  # the one game of Noa's history
        assert mine.record is not None and mine.record == hosts.record and not mine.partial
        again = replay(parse_record(mine.record, "Noa's history"), finished=True)
        assert again.scores == done.game.scores and again.history == done.game.history
        # In her history she played the game as herself, a person, against the host's bot.
        players = {stats.name: stats for stats in done.mine.stats()}
        assert set(players) == {"Noa", "Cy"} and players["Noa"].games == 1
        assert done.told == []


async def test_her_copy_is_exported_replayed_and_reviewed_from_her_own_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`yaniv export`, `yaniv replay` and `yaniv review` find the game in the joiner's history, by its id, and
    review her seat by the name she joined with."""
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "noa"))  # where finished_game keeps her history
    async with finished_game(tmp_path) as done:
        await asyncio.wait_for(done.session.record_settled.wait(), LIMIT)
        game_id = done.mine.find_record("").game_id
    capsys.readouterr()
    assert main(["export", game_id[:8], str(tmp_path / "noa.jsonl")]) == 0
    assert replay(read_record_file(tmp_path / "noa.jsonl"), finished=True).scores == done.game.scores
    found, record = finished_record(game_id[:8], "replay")  # what `yaniv replay ID` opens
    assert found.game_id == game_id and record_players(record) == ("Noa", "Cy")
    assert main(["review", game_id[:8], "--seat", "Noa"]) == 0
    out = capsys.readouterr().out
    assert "The expert's review of Noa in " in out


async def test_a_seat_that_joins_again_after_the_end_gets_the_record_again_and_it_is_kept_once(
    tmp_path: Path,
) -> None:
    async with finished_game(tmp_path) as done:
        await asyncio.wait_for(done.session.record_settled.wait(), LIMIT)
        await done.client.close()
        back = await joined(done.host, tmp_path, "noa")  # the same command, the same token: her seat
        await eventually(lambda: back.record is not None)
        assert back.record == done.client.record
        session = ClientSession(back)
        assert session.record(done.mine) is None
        assert session.kept_record is not None and session.record_refused is None
        assert done.mine.games_played() == 1
        await back.close()


async def test_a_seat_taken_after_the_end_is_not_sent_the_record(tmp_path: Path) -> None:
    """A remote seat nobody played (the away bot's) is no player's game: a stranger taking it once the game is
    over gets the last view, and not the record."""
    seats = [Seat.remote(), Seat.remote()]
    game = new_game(seats, seed=3, end=60)
    host = await started(game, seats, away_bot="easy", away_after=0.0)
    try:
        noa = await joined(host, tmp_path, "noa", name="Noa")
        with History(tmp_path / "h.sqlite3") as hosts:
            await asyncio.wait_for(
                asyncio.gather(play_out(noa), serve_headless(host, game, seats, history=hosts)), LIMIT
            )
        await eventually(lambda: noa.record is not None)
        late = await joined(host, tmp_path, "late", name="Late")
        assert late.view.phase == "over"
        # A record for this seat would have been queued right after its state: a message said now comes after it.
        heard: list[str] = []
        late.on_said = lambda seat, text: heard.append(text)
        assert host.say(0, "good game") is None
        await eventually(lambda: heard == ["good game"])
        assert late.record is None
        await late.close()
        await noa.close()
    finally:
        await host.stop()


def changed_line(text: str, kind: str, change: str, to: object) -> str:
    """The record `text` with the first event of `kind` changed: its field `change` set to `to`."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        event = json.loads(line)
        if event["event"] == kind:
            event[change] = to
            lines[index] = json.dumps(event)
            break
    return "\n".join(lines) + "\n"


def another_games_record(game: Game) -> str:
    """The record of another game of the same rules and seats' names (another seed): not the game Noa played."""
    other = Game.new(game.rules, ["Noa", "Cy"], seed=99)
    record = play_recorded(other, [Seat.remote("Noa"), Seat.bot("easy", "Cy")])
    assert other.history != game.history
    return record_text(record)


#: Each hostile record frame: how it is made from the real record (and the game), and what its one line says.
HOSTILE: dict[str, tuple[Callable[[str, Game], str], str]] = {
    "too big": (
        lambda real, game: real + '{"event": "hint", "seat": 0, "turn": 0}\n' * (MAX_RECORD_BYTES // 40 + 1),
        f"too big for a game record: at most {MAX_RECORD_BYTES} bytes",
    ),
    "too big for the wire": (
        lambda real, game: real + '{"event": "hint", "seat": 0, "turn": 0}\n' * (MAX_FROM_HOST // 40 + 1),
        f"never came: the host sent a message of over {MAX_FROM_HOST // 2**20} MiB",
    ),
    "not replaying": (
        lambda real, game: changed_line(real, "end", "scores", [0, 0]),
        "the game ends with scores",
    ),
    "another game": (
        lambda real, game: another_games_record(game),
        "not the game played at this seat (its rounds or scores are not the ones this table showed)",
    ),
    "other names": (
        lambda real, game: real.replace('"name": "Noa"', '"name": "Mallory"'),
        "not the game played at this seat (its seats are Mallory, Cy, not Noa, Cy)",
    ),
    "not a record": (lambda real, game: "a line\n", "not valid JSON"),
}


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
async def test_a_hostile_record_frame_is_refused_in_one_line_and_nothing_is_kept(
    hostile: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host that sends, at the game's end, a record frame made hostile from the real one: the joined seat says
    why in one line (told to its table as a record not kept), and its player's history keeps nothing."""
    make, why = HOSTILE[hostile]
    send = TableHost.publish_record

    def publish_hostile(host: TableHost, record: str) -> None:
        send(host, make(record, host.game))

    monkeypatch.setattr(TableHost, "publish_record", publish_hostile)
    async with finished_game(tmp_path) as done:
        await asyncio.wait_for(done.session.record_settled.wait(), LIMIT)
        assert done.session.kept_record is None
        line = done.session.record_refused
        assert line is not None and why in line and "\n" not in line and line.startswith("the host's record"), line
        assert line in done.told
        assert done.mine.games_played() == 0 and done.mine.rulesets() == []
        assert done.hosts.games_played() == 1  # the host's own history keeps its game


async def test_the_host_refuses_to_send_a_record_before_the_games_end(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.bot("easy", "Cy")]
    game = new_game(seats, seed=5)
    host = await started(game, seats)
    sent: list[str] = []
    host.sent = lambda seat, text: sent.append(text)
    try:
        noa = await joined(host, tmp_path, "noa", name="Noa")
        with pytest.raises(ValueError, match="the game is not over"):
            host.publish_record(record_text(start_record(game, seats)))
        assert sent and not any('"type":"record"' in text for text in sent)
        await noa.close()
    finally:
        await host.stop()
