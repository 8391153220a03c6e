"""Every game keeps its record (codec/record.py) as one more listener of its runner: a game against bots and a
hot-seat game each end with a record in the history that replays through the engine to the same scores; undo
takes its moves out of the record; a game in progress keeps its record so far in its save, and an old save with
none loads and records from where it is, marked as partial."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from playing import short_rules

from yaniv_tui.bots import MediumBot
from yaniv_tui.codec.record import parse_record, replay, start_record
from yaniv_tui.engine import Game, Play, Seat, load_ruleset, parse_cards
from yaniv_tui.net import TableClient, TableHost
from yaniv_tui.store import History, read_save, save_path
from yaniv_tui.table.events import TableEvent, TurnStarted
from yaniv_tui.table.hosted import HostedSession
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import Session

LIMIT = 60.0


#: The runner's visible pauses (a bot's delay, a round's end) take no time here (`no_runner_pause`, tests/conftest.py).
pytestmark = pytest.mark.usefixtures("no_runner_pause")


def humans_play_by_bot(runner: TableRunner) -> None:
    """Each human seat at this screen plays what a medium bot would, as the screen's keys would submit it; the
    first human asks for a hint once."""
    bot = MediumBot()
    hinted: list[int] = []

    def hear(event: TableEvent) -> None:
        if isinstance(event, TurnStarted):
            if not hinted:
                hinted.append(event.seat)
                runner.session.hinted(event.seat)
            action = bot.choose(runner.session.view(event.seat))
            asyncio.get_running_loop().create_task(runner.submit(event.seat, action))

    runner.subscribe(hear)


async def play_to_the_end(seats: tuple[Seat, ...], folder: Path) -> tuple[Session, History]:
    rules = short_rules()
    session = Session(GameOptions(rules, seats, seed=21, bot_delay=0.0))
    history = History(folder / "history.sqlite3")
    runner = TableRunner(session, history)
    humans_play_by_bot(runner)
    await asyncio.wait_for(runner.run(), LIMIT)
    assert session.game.is_over
    return session, history


def replays_from_the_history(session: Session, history: History) -> Game:
    found = history.find_record(session.meta.game_id[:8])
    assert found.record is not None
    again = replay(parse_record(found.record, "history"), finished=True)
    assert again.scores == session.game.scores and again.history == session.game.history
    return again


async def test_a_game_against_bots_ends_with_a_record_that_replays(tmp_path: Path) -> None:
    seats = (Seat.person("Ann"), Seat.bot("medium", "Bea"), Seat.bot("easy", "Cy"))
    session, history = await play_to_the_end(seats, tmp_path)
    replays_from_the_history(session, history)
    found = history.find_record(session.meta.game_id[:8])
    events = [json.loads(line) for line in (found.record or "").splitlines()]
    assert [e["seat"] for e in events if e["event"] == "hint"] == [0]
    assert events[0]["seats"][1] == {"name": "Bea", "kind": "bot", "level": "medium"}
    assert not events[0]["partial"] and events[-1]["event"] == "end"
    assert not save_path(session.meta.game_id).exists()


async def test_a_hot_seat_game_ends_with_a_record_that_replays(tmp_path: Path) -> None:
    seats = (Seat.person("Ann"), Seat.person("Dan"))
    session, history = await play_to_the_end(seats, tmp_path)
    replays_from_the_history(session, history)


async def test_a_game_in_progress_keeps_its_record_so_far_in_its_save_and_undo_takes_moves_out(tmp_path: Path) -> None:
    rules = load_ruleset("israeli")
    seats = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
    session = Session(GameOptions(rules, seats, seed=3, bot_delay=0.0))
    order = [parse_cards("AC 2D 3H 4S 5C KS KH QD QC JS")[i + 5 * s] for i in range(5) for s in range(2)]
    session.game = Game.new(rules, ["Ann", "Bea"], seed=3, deck=order + parse_cards("9D 3C 4C"), first=0)
    session.game_record = start_record(session.game, seats)  # the stacked game's record, as a new game's
    runner = TableRunner(session)
    stepping = asyncio.create_task(runner.step())
    await asyncio.sleep(0)
    await runner.submit(0, Play(parse_cards("5C"), parse_cards("9D")[0]))
    await asyncio.wait_for(stepping, LIMIT)
    await asyncio.wait_for(runner.step(), LIMIT)  # Bea answers
    saved = read_save(save_path(session.meta.game_id))
    assert saved.record is not None and [e["event"] for e in saved.record.events] == [
        "game",
        "deal",
        "action",
        "action",
    ]
    assert replay(saved.record).hands == session.game.hands
    session.take_back()
    runner.save()
    saved = read_save(save_path(session.meta.game_id))
    assert saved.record is not None and [e["event"] for e in saved.record.events] == ["game", "deal"]
    assert replay(saved.record).hands == session.game.hands
    session.close()


async def test_an_old_save_without_a_record_loads_and_records_from_where_it_is(tmp_path: Path) -> None:
    rules = short_rules()
    seats = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
    session = Session(GameOptions(rules, seats, seed=8, bot_delay=0.0))
    bot = MediumBot()
    for _ in range(7):  # a few moves into the game, by the engine alone
        session.game.apply(bot.choose(session.game.view(session.game.current)))
    session.save(None)
    session.close()
    path = save_path(session.meta.game_id)
    document = json.loads(path.read_text())
    del document["record"]  # as a yaniv-tui from before records wrote it
    path.write_text(json.dumps(document))
    saved = read_save(path)
    assert saved.record is None
    resumed = Session.resumed(saved, bot_delay=0.0)
    assert resumed.game_record.partial
    history = History(tmp_path / "history.sqlite3")
    runner = TableRunner(resumed, history)
    humans_play_by_bot(runner)
    await asyncio.wait_for(runner.run(), LIMIT)
    assert resumed.game.is_over
    found = history.find_record(resumed.meta.game_id)
    assert found.partial and found.record is not None
    assert replay(parse_record(found.record, "history"), finished=True).scores == resumed.game.scores


async def test_a_hosted_game_with_a_joined_seat_ends_with_a_record_that_replays(tmp_path: Path) -> None:
    """A table at this screen's host (Ann, a human here, and a bot) with a seat joined from another client on
    127.0.0.1: the host's record notes the joiner and replays to the game's scores; the joiner holds none until the
    game is over, then the host sends it that record."""
    seats = (Seat.person("Ann"), Seat.remote("Seat 2"), Seat.bot("easy", "Cy"))
    rules = short_rules()
    game = Game.new(rules, ["Ann", "Seat 2", "Cy"], seed=12)
    host = TableHost(game, seats, host="127.0.0.1", port=0)
    await host.start()
    try:
        session = HostedSession(GameOptions(rules, seats, seed=12, bot_delay=0.0), game=game, host=host)
        history = History(tmp_path / "history.sqlite3")
        runner = TableRunner(session, history)
        humans_play_by_bot(runner)
        client = await asyncio.wait_for(
            TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Noa", token_file=tmp_path / "t"), LIMIT
        )

        async def joiner_plays() -> None:
            bot = MediumBot()
            while client.view.phase != "over":
                if client.view.is_my_turn:
                    await client.send(bot.choose(client.view))
                await client.changed()

        playing = asyncio.create_task(joiner_plays())
        await asyncio.wait_for(runner.run(), LIMIT)
        await asyncio.wait_for(playing, LIMIT)
        assert game.is_over
        found = history.find_record(session.meta.game_id)
        assert found.record is not None
        events = [json.loads(line) for line in found.record.splitlines()]
        assert {"event": "joined", "seat": 1, "name": "Noa"} in events
        assert replay(parse_record(found.record, "history"), finished=True).scores == game.scores
        assert not hasattr(client, "game_record")
        # Once the game is over, the host sends the joined seat the record it keeps (tests/net/test_joined_record.py).
        for _ in range(500):
            if client.record is not None:
                break
            await asyncio.sleep(0.01)
        assert client.record == found.record
        await client.close()
    finally:
        await host.stop()
