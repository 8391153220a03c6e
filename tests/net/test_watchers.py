"""Watchers over a real host on 127.0.0.1: they follow whole games, see what every seat sees of the table and
nothing more, are never asked to act, count against the limits, and a host may refuse them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from netplay import LIMIT, eventually, joined, new_game, play_out, started, until
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from yaniv_tui.codec import action_to_dict
from yaniv_tui.engine import PlayerView, Seat
from yaniv_tui.net import ActionRefused, JoinError, TableClient, TableHost
from yaniv_tui.net import host as host_module
from yaniv_tui.net.protocol import NO_WATCHERS, VERSION, WATCHERS_DO_NOT_PLAY
from yaniv_tui.net.views import view_to_dict
from yaniv_tui.store import History
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.headless import serve_headless


async def watching(host: TableHost) -> TableClient:
    return await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{host.port}", host.code), LIMIT)


def public(view: PlayerView) -> dict[str, Any]:
    """What anyone at the table sees in `view`, as the wire writes it (no seat, no hand)."""
    return view_to_dict(view.without_hand())


async def test_a_watcher_follows_a_whole_game_and_sees_the_public_table_the_seats_see(tmp_path: Path) -> None:
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.bot("medium", "Bot")]
    game = new_game(seats, seed=3)
    host = await started(game, seats)
    to_ann: list[dict[str, Any]] = []
    to_watcher: list[dict[str, Any]] = []

    def sent(seat: int, text: str) -> None:
        frame = json.loads(text)
        if seat == 0 and frame["type"] == "state" and frame["view"]["phase"] != "slap":
            to_ann.append(frame["view"])

    def watched(watcher: int, text: str) -> None:
        frame = json.loads(text)
        if frame["type"] == "state":
            to_watcher.append(frame["view"])

    host.sent, host.watched = sent, watched
    try:
        ann = await joined(host, tmp_path, "ann")
        watcher = await watching(host)
        ben = await joined(host, tmp_path, "ben")
        assert watcher.seat is None and watcher.watching and watcher.token is None
        assert watcher.kinds == ("remote", "remote", "bot:medium")
        await until(ann, lambda c: c.watchers == 1 and c.statuses == ("joined", "joined", "here"))
        await until(watcher, lambda c: c.statuses == ("joined", "joined", "here"))
        # Watch the watcher's views as they come, while the seats play the whole game.
        seen: list[PlayerView] = []

        async def follow() -> None:
            while watcher.view.phase != "over":
                seen.append(await watcher.changed())

        with History(tmp_path / "history.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, history=history))
            following = asyncio.create_task(follow())
            await asyncio.wait_for(asyncio.gather(play_out(ann), play_out(ben)), LIMIT)
            finished = await asyncio.wait_for(table, LIMIT)
            await asyncio.wait_for(following, LIMIT)
        assert finished.is_over and len(finished.history) >= 2
        # Every round's reveal and the final scores, as the host holds them; never a hand of its own.
        final = watcher.view
        assert final.phase == "over" and list(final.scores) == finished.scores
        assert list(final.history) == finished.history
        assert final.hand == () and not final.hand_shown
        assert public(final) == public(ann.view) == public(ben.view)
        assert len(seen) > 20 and all(view.hand == () for view in seen)
        # Each view the watcher was sent is one the seats were sent too, bar the hand: the same public table.
        shown_to_ann = [json.dumps({**view, "seat": None, "hand": []}, sort_keys=True) for view in to_ann]
        for view in to_watcher:
            assert view["seat"] is None and view["hand"] == []
            assert json.dumps(view, sort_keys=True) in shown_to_ann
        assert watcher.record is None  # the game's record goes to the seats its players took, not to a watcher
        await asyncio.gather(ann.close(), ben.close(), watcher.close())
    finally:
        await host.stop()


async def test_seats_and_watchers_are_told_how_many_watch(tmp_path: Path) -> None:
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats), seats)
    try:
        ann = await joined(host, tmp_path, "ann")
        assert ann.watchers == 0
        first, second = await watching(host), await watching(host)
        await until(ann, lambda c: c.watchers == 2)
        await until(first, lambda c: c.watchers == 2)
        assert host.watchers == 2
        await second.close()
        await until(ann, lambda c: c.watchers == 1)
        await until(first, lambda c: c.watchers == 1)
        await eventually(lambda: host.watchers == 1)
        await asyncio.gather(ann.close(), first.close())
    finally:
        await host.stop()


async def test_a_host_with_no_watchers_refuses_them_in_one_line(tmp_path: Path) -> None:
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats), seats, watchers=False)
    try:
        with pytest.raises(JoinError) as refused:
            await watching(host)
        assert str(refused.value) == NO_WATCHERS
        ann = await joined(host, tmp_path, "ann")  # the seats still join
        assert ann.seat == 0 and ann.watchers == 0 and host.watchers == 0
        await ann.close()
    finally:
        await host.stop()


async def test_a_watch_with_a_wrong_code_is_refused_like_a_join() -> None:
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats), seats)
    try:
        with pytest.raises(JoinError, match="wrong room code"):
            await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{host.port}", "ZZZZ"), LIMIT)
    finally:
        await host.stop()


async def raw_watcher(host: TableHost) -> ClientConnection:
    """A watcher's own WebSocket, past its welcome and first state."""
    ws = await asyncio.wait_for(connect(f"ws://127.0.0.1:{host.port}/", compression=None), LIMIT)
    await ws.send(json.dumps({"v": VERSION, "type": "watch", "code": host.code}))
    welcome = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
    assert welcome["type"] == "welcome" and welcome["seat"] is None and welcome["token"] is None
    state = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
    assert state["type"] == "state" and state["view"]["seat"] is None and state["ack"] is None
    return ws


async def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
        if frame["type"] == kind:
            return frame


async def test_a_watchers_action_gets_one_error_frame_and_changes_nothing(tmp_path: Path) -> None:
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    game = new_game(seats, seed=4)
    game.current = 0  # Ann plays first
    host = await started(game, seats)
    try:
        ann = await joined(host, tmp_path, "ann")
        ws = await raw_watcher(host)
        before = game_to_dict(host.game)
        # The seat's own legal action, sent by the watcher as that seat: refused, and Ann's turn is still hers.
        move = ann.view.legal_actions[-1]
        action = action_to_dict(move)
        at = {"round": ann.view.round_no, "turn": len(ann.view.seen)}
        await ws.send(json.dumps({"v": VERSION, "type": "action", "id": 1, "seat": 0, **at, "action": action}))
        error = await next_of(ws, "error")
        assert error["message"] == WATCHERS_DO_NOT_PLAY
        await ws.send(json.dumps({"v": VERSION, "type": "say", "text": "good game"}))
        assert (await next_of(ws, "error"))["message"] == WATCHERS_DO_NOT_PLAY
        assert game_to_dict(host.game) == before
        # Still watching (two faults, under the limit): the next move at the table reaches it.
        game.apply(move)
        host.publish(game)
        state = await next_of(ws, "state")
        assert state["view"]["seat"] is None and len(state["view"]["log"]) == 1
        # The client side refuses before sending anything.
        watcher = await watching(host)
        with pytest.raises(ActionRefused, match="you are watching"):
            await watcher.send(move)
        with pytest.raises(ValueError, match="you are watching"):
            await watcher.say("good game")
        await asyncio.gather(ann.close(), watcher.close(), ws.close())
    finally:
        await host.stop()


async def test_watchers_count_against_the_connection_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host_module, "MAX_CONNECTIONS", 2)
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats), seats)
    try:
        ann = await joined(host, tmp_path, "ann")
        watcher = await watching(host)
        with pytest.raises(JoinError, match="the table is busy"):
            await watching(host)
        with pytest.raises(JoinError, match="the table is busy"):
            await joined(host, tmp_path, "ben")  # a joiner is refused as well: the watcher holds a connection
        await watcher.close()
        await eventually(lambda: host.watchers == 0)
        await asyncio.sleep(0.05)
        ben = await joined(host, tmp_path, "ben")  # once the watcher goes, there is room again
        assert ben.seat == 1
        await asyncio.gather(ann.close(), ben.close())
    finally:
        await host.stop()


async def test_watchers_past_their_own_limits_are_refused_and_players_still_join(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A flood of watchers from one address (or from many) cannot fill the connections the players need."""
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats), seats)
    try:
        monkeypatch.setattr(host_module, "MAX_WATCHERS_FROM_ONE", 2)
        flood = [await watching(host) for _ in range(2)]
        with pytest.raises(JoinError) as refused:
            await watching(host)
        assert str(refused.value) == host_module.WATCHERS_FULL
        monkeypatch.setattr(host_module, "MAX_WATCHERS_FROM_ONE", 8)
        monkeypatch.setattr(host_module, "MAX_WATCHERS", 2)
        with pytest.raises(JoinError, match="all the watchers it takes"):
            await watching(host)
        ann = await joined(host, tmp_path, "ann")  # a player still joins, and is told how many watch
        assert ann.seat == 0 and ann.watchers == 2
        await asyncio.gather(ann.close(), *(w.close() for w in flood))
    finally:
        await host.stop()


async def test_a_watchers_session_plays_nothing_and_waits_for_no_record(tmp_path: Path) -> None:
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats), seats)
    try:
        watcher = await watching(host)
        session = ClientSession(watcher, (ActionRefused,))
        assert session.is_watcher and not session.can_say and session.watchers == 1
        assert not any(session.at_screen(seat) for seat in range(2)) and session.humans == []
        assert session.view(None).hand == () and session.view(0).hand == ()
        assert session.record_settled.is_set()
        await watcher.close()
    finally:
        await host.stop()


async def test_a_player_knocked_out_keeps_watching_to_the_end(tmp_path: Path) -> None:
    """A remote seat out of the game before its end is not dropped: its connection gets every state to the end."""
    seats = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.remote("Cy")]
    game = new_game(seats, seed=5, end=40)
    host = await started(game, seats)
    #: Each seat's state frames: whether it was out in each, and the phase.
    states: dict[int, list[tuple[bool, str]]] = {0: [], 1: [], 2: []}

    def sent(seat: int, text: str) -> None:
        frame = json.loads(text)
        if frame["type"] == "state":
            states[seat].append((frame["view"]["out"][seat], frame["view"]["phase"]))

    host.sent = sent
    try:
        clients = [await joined(host, tmp_path, name) for name in ("ann", "ben", "cy")]
        table = asyncio.create_task(serve_headless(host, game, seats))
        await asyncio.wait_for(asyncio.gather(*(play_out(c) for c in clients)), LIMIT)
        finished = await asyncio.wait_for(table, LIMIT)
        early = [seat for seat in range(3) if any(out and phase != "over" for out, phase in states[seat])]
        assert early, "nobody was knocked out before the game's end: choose another seed"
        for seat in early:
            out_from = next(i for i, (out, _) in enumerate(states[seat]) if out)
            assert len(states[seat]) - out_from > 5  # the table went on, and this seat still saw it
            assert states[seat][-1] == (True, "over") and host.status(seat) == "joined"
            assert list(clients[seat].view.history) == finished.history
        await asyncio.gather(*(c.close() for c in clients))
    finally:
        await host.stop()


async def test_a_watcher_that_closes_is_gone_from_the_count_and_the_host_stays_up(tmp_path: Path) -> None:
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    host = await started(new_game(seats), seats)
    try:
        ws = await raw_watcher(host)
        await ws.send(json.dumps({"v": VERSION, "type": "watch", "code": host.code}))  # a second watch: a fault
        assert (await next_of(ws, "error"))["message"] == "already watching"
        await ws.send("not json")
        await ws.send(json.dumps({"v": VERSION, "type": "prove", "proof": "0" * 64}))
        with pytest.raises(ConnectionClosed):  # the third fault closes it
            while True:
                await asyncio.wait_for(ws.recv(), LIMIT)
        await eventually(lambda: host.watchers == 0)
        ann = await joined(host, tmp_path, "ann")
        assert ann.watchers == 0
        await ann.close()
    finally:
        await host.stop()
