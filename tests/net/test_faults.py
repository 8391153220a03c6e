"""Whatever a client sends, the host stays up and the game stays intact (the issue's "Security and faults")."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from netplay import LIMIT, eventually, joined, new_game, started
from playing import slap_to_come
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidMessage

from yaniv_tui.bots import MediumBot
from yaniv_tui.codec import action_to_dict
from yaniv_tui.engine import CallYaniv, Game, KeepCard, Play, Seat
from yaniv_tui.net import ActionRefused, JoinError, TableClient, TableHost, secrets_gate
from yaniv_tui.net import host as host_module
from yaniv_tui.net.protocol import MAX_MESSAGE, STALE_TOKEN, VERSION
from yaniv_tui.net.secrets_gate import MAX_WRONG, new_nonce, seat_key, seat_proof
from yaniv_tui.store.game_format import game_to_dict

SEATS = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.remote("Cy"), Seat.bot("easy", "Bot")]


@pytest.fixture
async def host() -> AsyncIterator[TableHost]:
    game = new_game(SEATS, seed=4)
    game.current = 0  # Ann plays first (a fresh deal: nothing else depends on it)
    table = await started(game, SEATS)
    yield table
    await table.stop()


async def raw(table: TableHost) -> ClientConnection:
    return await asyncio.wait_for(connect(f"ws://127.0.0.1:{table.port}/", compression=None), LIMIT)


async def frames(ws: ClientConnection, count: int = 1) -> list[dict[str, Any]]:
    got = []
    for _ in range(count):
        got.append(json.loads(await asyncio.wait_for(ws.recv(), LIMIT)))
    return got


async def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next frame of `kind`, skipping the views the host sends as seats come and go."""
    while True:
        (frame,) = await frames(ws)
        if frame["type"] == kind:
            return frame


async def closed(ws: ClientConnection) -> bool:
    """Whether the host closes the connection (reading what it sends until then)."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), LIMIT)
    except ConnectionClosed:
        return True


def join_frame(code: str, token: str | None = None, nonce: str | None = None) -> str:
    """A join frame: afresh, or asking for the seat of `token` (by its key) with `nonce`."""
    key = None if token is None else seat_key(token)
    return json.dumps({"v": VERSION, "type": "join", "code": code, "name": None, "key": key, "nonce": nonce})


async def joined_raw(table: TableHost, token: str | None = None) -> tuple[ClientConnection, dict[str, Any]]:
    """A raw connection seated afresh, or in the seat of `token` (answering the host's challenge as a client must)."""
    ws = await raw(table)
    nonce = new_nonce()
    await ws.send(join_frame(table.code, token, nonce if token else None))
    if token is not None:
        challenge = await next_of(ws, "challenge")
        assert challenge["proof"] == seat_proof(token, "host", table.code, nonce, challenge["nonce"])
        proof = seat_proof(token, "client", table.code, nonce, challenge["nonce"])
        await ws.send(json.dumps({"v": VERSION, "type": "prove", "proof": proof}))
    welcome = await next_of(ws, "welcome")
    await next_of(ws, "state")
    return ws, welcome


async def still_serves(table: TableHost, folder: Path) -> None:
    """A well-behaved client still joins and sees the game as it was."""
    before = game_to_dict(table.game)
    client = await joined(table, folder, "check")
    assert client.view.hand == table.game.hand(client.view.seat)
    await client.close()
    assert game_to_dict(table.game) == before


async def test_a_wrong_room_code_is_refused(host: TableHost, tmp_path: Path) -> None:
    before = game_to_dict(host.game)
    with pytest.raises(JoinError, match="wrong room code"):
        wrong = "ZZZZ" if host.code != "ZZZZ" else "YYYY"
        await asyncio.wait_for(TableClient.join(f"127.0.0.1:{host.port}", wrong, token_file=tmp_path / "t"), LIMIT)
    assert host.statuses == ("waiting", "waiting", "waiting", "here") and host.tokens == {}
    assert game_to_dict(host.game) == before


@pytest.mark.parametrize("kind", ["join", "watch"])
async def test_a_room_code_no_text_encodes_is_a_wrong_room_code_answered_in_one_error_frame(
    host: TableHost, tmp_path: Path, kind: str
) -> None:
    """A code holding a lone surrogate (JSON's "\\ud800", which no UTF-8 holds) is a wrong code like any other: one
    error frame, counted as a wrong try, and a close, never the host's handler raising (a close with no answer)."""
    ws = await raw(host)
    more = {"name": None, "key": None, "nonce": None} if kind == "join" else {}  # a watch has no other key
    await ws.send(json.dumps({"v": VERSION, "type": kind, "code": "K\ud800", **more}))
    assert (await next_of(ws, "error"))["message"] == "wrong room code"
    assert await closed(ws)
    assert ws.close_code == 1000, "closed by the host's answer, not by an error in its handler (1011)"
    assert host.tokens == {} and host.watchers == 0
    await still_serves(host, tmp_path)


async def test_a_wrong_token_and_another_seats_token_are_refused(host: TableHost, tmp_path: Path) -> None:
    ws = await raw(host)
    await ws.send(join_frame(host.code, "not-a-token", new_nonce()))
    assert (await next_of(ws, "error"))["message"] == "this token names no seat at this table"
    assert await closed(ws)
    assert host.tokens == {}
    ann, welcome = await joined_raw(host)
    ben, ben_welcome = await joined_raw(host)
    # Ann, joined, tries to become Ben with his token: refused, and she stays Ann.
    await ann.send(join_frame(host.code, ben_welcome["token"], new_nonce()))
    assert (await next_of(ann, "error"))["message"] == "already joined as seat 0"
    await ben.close()
    await eventually(lambda: host.status(1) == "away")
    # Ben's seat key with a proof that does not come from his token: refused, the seat stays his.
    ws = await raw(host)
    await ws.send(join_frame(host.code, ben_welcome["token"], new_nonce()))
    await next_of(ws, "challenge")
    await ws.send(json.dumps({"v": VERSION, "type": "prove", "proof": "0" * 64}))
    assert (await next_of(ws, "error"))["message"] == "wrong proof of the seat's token"
    assert await closed(ws)
    ben, _ = await joined_raw(host, ben_welcome["token"])
    assert host.status(1) == "joined" and host.tokens[0] == welcome["token"]
    await ann.close()
    await ben.close()
    await still_serves(host, tmp_path)


async def test_an_action_out_of_turn_or_for_another_seat_is_refused(host: TableHost, tmp_path: Path) -> None:
    ann = await joined(host, tmp_path, "ann")
    ben = await joined(host, tmp_path, "ben")
    before = game_to_dict(host.game)
    play = host.game.legal_actions()  # Ann's legal actions
    with pytest.raises(ActionRefused, match="not your turn: wait for Ann"):
        await asyncio.wait_for(ben.send(play[0]), LIMIT)
    await ann.close()  # Ann again, from a raw connection, once her first one is gone
    await eventually(lambda: host.status(0) == "away")
    ws, _ = await joined_raw(host, ann.token)
    at = {"round": host.game.round_no, "turn": len(host.game.log)}
    message = {"v": VERSION, "type": "action", "id": 5, "seat": 1, **at, "action": action_to_dict(CallYaniv())}
    await ws.send(json.dumps(message))
    error = await next_of(ws, "error")
    assert error == {"v": VERSION, "type": "error", "message": "you play seat 0, not seat 1", "re": 5}
    message["seat"] = 0
    await ws.send(json.dumps(message))  # a call with a hand too high to call
    assert "Yaniv may be called at" in (await next_of(ws, "error"))["message"]
    assert game_to_dict(host.game) == before
    await ws.close()
    await ben.close()
    await ann.close()


@pytest.mark.parametrize(
    ("message", "answer"),
    [
        ("{not json", "not JSON"),
        pytest.param(f'{{"v": {VERSION}, "type": "say", "x": NaN}}', "not JSON: NaN is not a number", id="NaN"),
        pytest.param(f'{{"v": {VERSION}, "type": "say", "x": 1e400}}', "not JSON: the number 1e400", id="1e400"),
        pytest.param(f'{{"v": {VERSION}, "x": {"9" * 5000}}}', "not JSON: a number has more", id="5000 digits"),
        (json.dumps({"v": VERSION, "type": "shout", "text": "hi"}), "unknown message type 'shout'"),
        (json.dumps({"v": VERSION + 1, "type": "action"}), f"protocol version {VERSION + 1}"),
        (json.dumps([1, 2, 3]), "a message is a JSON object"),
        ("[" * 100_000 + "]" * 100_000, "a message of over 64 KiB"),
        ("x" * (MAX_MESSAGE + 1), "a message of over 64 KiB"),
        # 30,000 characters, 90,000 bytes: a KiB is counted in the bytes sent. Before, in characters: taken.
        (
            json.dumps({"v": VERSION, "type": "say", "text": "\u20ac" * 30_000}, ensure_ascii=False),
            "a message of over 64 KiB",
        ),
        (b"\x00\x01", "messages are JSON text, not binary"),
    ],
)
async def test_a_bad_message_gets_an_error_then_a_close_if_it_continues(
    host: TableHost, tmp_path: Path, message: str | bytes, answer: str
) -> None:
    ws, _ = await joined_raw(host)
    before = game_to_dict(host.game)
    for _ in range(2):
        await ws.send(message)
        error = await next_of(ws, "error")
        assert error["message"].startswith(answer) and "\n" not in error["message"]
    await ws.send(message)  # the third: error, bye, closed
    assert await closed(ws)
    assert ws.close_code == 1008
    assert game_to_dict(host.game) == before
    await still_serves(host, tmp_path)


async def test_more_than_twenty_messages_a_second_are_refused_then_closed(host: TableHost, tmp_path: Path) -> None:
    ws, _ = await joined_raw(host)
    at = {"round": 1, "turn": 0}
    message = json.dumps({"v": VERSION, "type": "action", "id": 1, "seat": 0, **at, "action": {"kind": "keep"}})
    for _ in range(30):
        await ws.send(message)
    seen = []
    with pytest.raises(ConnectionClosed):
        while True:
            seen.append(json.loads(await asyncio.wait_for(ws.recv(), LIMIT)))
    errors = [f["message"] for f in seen if f["type"] == "error"]
    assert "more than 20 messages a second" in errors
    assert seen[-1]["type"] == "bye"
    await still_serves(host, tmp_path)


async def test_a_client_vanishing_mid_message_leaves_the_game_unharmed(host: TableHost, tmp_path: Path) -> None:
    ws, _ = await joined_raw(host)
    before = game_to_dict(host.game)
    # A masked text frame announcing 4096 bytes, then 3 of them, then the connection is gone.
    ws.transport.write(b"\x81\xfe\x10\x00" + b"\x01\x02\x03\x04" + b"abc")
    ws.transport.abort()
    for _ in range(100):
        if host.status(0) == "away":
            break
        await asyncio.sleep(0.05)
    assert host.status(0) == "away"
    assert game_to_dict(host.game) == before
    await still_serves(host, tmp_path)


async def test_a_thousand_connections_opened_and_dropped_leave_the_game_unharmed(
    host: TableHost, tmp_path: Path
) -> None:
    before = game_to_dict(host.game)

    async def one(i: int) -> None:
        if i % 2:
            _, writer = await asyncio.open_connection("127.0.0.1", host.port)  # TCP only, then gone
            writer.transport.abort()
            return
        try:
            ws = await connect(f"ws://127.0.0.1:{host.port}/", compression=None)  # a WebSocket, no join
        except InvalidMessage:  # closed before its handshake: past host.OPENING_FROM_ONE not yet gone
            return
        ws.transport.abort()

    for start in range(0, 1000, 50):
        await asyncio.wait_for(asyncio.gather(*(one(i) for i in range(start, start + 50))), LIMIT)
    for _ in range(200):
        if len(host._all) == 0:
            break
        await asyncio.sleep(0.05)
    assert len(host._all) == 0
    assert host.statuses == ("waiting", "waiting", "waiting", "here")
    assert game_to_dict(host.game) == before
    await still_serves(host, tmp_path)


async def test_guessing_the_room_code_is_slowed_after_ten_tries_but_the_right_code_still_joins(
    host: TableHost, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten wrong codes (or tokens) from one address in a minute, and each further wrong one is answered slowly;
    a right code from the same address (friends behind one proxy) joins at once."""
    monkeypatch.setattr(secrets_gate, "SLOW_ANSWER", 0.5)
    wrong = "ZZZZ" if host.code != "ZZZZ" else "YYYY"

    async def try_code(code: str) -> tuple[dict[str, Any], float]:
        ws = await raw(host)
        started_at = asyncio.get_running_loop().time()
        await ws.send(join_frame(code))
        frame = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
        took = asyncio.get_running_loop().time() - started_at
        await ws.close()
        return frame, took

    for _ in range(MAX_WRONG):
        frame, took = await try_code(wrong)
        assert frame["message"] == "wrong room code" and took < 0.4
    frame, took = await try_code(wrong)
    assert frame["message"].startswith("wrong room code (answered after 0.5 s") and took >= 0.5
    frame, took = await try_code(host.code)
    assert frame["type"] == "welcome" and took < 0.4


async def test_joins_waiting_from_one_address_are_capped(host: TableHost, tmp_path: Path) -> None:
    """Connections that never join cannot fill the table from one address: the ninth waiting one is closed."""
    idle = [await raw(host) for _ in range(secrets_gate.MAX_WAITING_JOINS)]
    await asyncio.sleep(0.05)
    extra = await raw(host)
    assert (await next_of(extra, "error"))["message"] == "the table is busy: try again in a moment"
    for ws in idle:
        await ws.close()
    await asyncio.sleep(0.05)
    await still_serves(host, tmp_path)


async def test_connections_past_the_cap_are_closed_at_once(
    host: TableHost, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, "MAX_CONNECTIONS", 2)
    first, second = await raw(host), await raw(host)
    await asyncio.sleep(0.05)
    third = await raw(host)
    assert (await next_of(third, "error"))["message"] == "the table is busy: try again in a moment"
    assert await closed(third)
    for ws in (first, second):
        await ws.close()
    await asyncio.sleep(0.05)
    await still_serves(host, tmp_path)


async def test_an_action_sent_twice_is_taken_once_and_never_played_on_a_later_turn(tmp_path: Path) -> None:
    """Between the host taking an action and applying it (a bot's pause at the host's table), a second action
    from the same seat is refused, not kept for its next turn."""
    seats = (Seat.remote("Ann"), Seat.bot("medium", "Noa"))
    game = new_game(seats, seed=3)
    game.current = 0  # Ann plays first, whatever the deal chose
    table = await started(game, seats)
    try:
        ws, _ = await joined_raw(table)
        hand = table.game.hand(0)
        first, second = (action_to_dict(Play((card,))) for card in hand[:2])
        at = {"round": game.round_no, "turn": len(game.log)}
        await ws.send(json.dumps({"v": VERSION, "type": "action", "id": 1, "seat": 0, **at, "action": first}))
        taken = await asyncio.wait_for(table.action_for(0), LIMIT)
        await ws.send(json.dumps({"v": VERSION, "type": "action", "id": 2, "seat": 0, **at, "action": second}))
        refused = await next_of(ws, "error")
        assert refused["re"] == 2 and "already in" in refused["message"]
        game.apply(taken)
        table.publish(game)
        bot = MediumBot()
        game.apply(bot.choose(game.view(1)))
        table.publish(game)
        assert game.current == 0
        with pytest.raises(TimeoutError):  # nothing of Ann's is waiting to be played for her
            await asyncio.wait_for(table.action_for(0), 0.3)
        await ws.close()
    finally:
        await table.stop()


async def test_an_action_for_a_turn_a_bot_played_is_refused_not_played_on_the_seats_next_turn(tmp_path: Path) -> None:
    """Ann chose a move on her turn, but it came once her clock's bot had played that turn and Noa hers: it is Ann's
    turn again, and the move, still legal, is refused as late (TURN_OVER), not played on a turn she has not seen.
    Before, the host judged it against the turn it came in, and played it there (or, illegal there, answered with
    the engine's reason: that answer, unforeseen by the clock test's check of every frame, was its flake)."""
    from yaniv_tui.net.protocol import TURN_OVER

    seats = (Seat.remote("Ann"), Seat.bot("medium", "Noa"))
    game = new_game(seats, seed=3)
    game.current = 0
    table = await started(game, seats)
    try:
        ws, _ = await joined_raw(table)
        hand, at = game.hand(0), {"round": game.round_no, "turn": len(game.log)}
        bot = MediumBot()
        for seat in (0, 1):  # her turn played by a bot, then Noa's
            game.apply(bot.choose(game.view(seat)))
            table.publish(game)
        assert game.current == 0
        card = next(card for card in hand if card in game.hand(0))
        late = Play((card,))
        game.clone().apply(late)  # legal on this turn too
        await ws.send(
            json.dumps({"v": VERSION, "type": "action", "id": 1, "seat": 0, **at, "action": action_to_dict(late)})
        )
        refused = await next_of(ws, "error")
        assert refused == {"v": VERSION, "type": "error", "message": TURN_OVER, "re": 1}
        with pytest.raises(TimeoutError):  # nothing of Ann's is waiting to be played for her
            await asyncio.wait_for(table.action_for(0), 0.3)
        now = {"round": game.round_no, "turn": len(game.log)}
        await ws.send(
            json.dumps({"v": VERSION, "type": "action", "id": 2, "seat": 0, **now, "action": action_to_dict(late)})
        )
        assert await asyncio.wait_for(table.action_for(0), LIMIT) == late  # her move for this turn is taken
        await ws.close()
    finally:
        await table.stop()


async def test_a_proof_in_flight_when_the_host_opens_the_seat_takes_neither_the_seat_nor_its_new_token(
    host: TableHost, tmp_path: Path
) -> None:
    """A rejoin proves its token in two frames; the host may open that seat for someone else between them (and a
    new joiner take it and step away). The proof of the old token then names no seat: it is refused in one line,
    and never welcomed with the new player's seat and token."""
    ann, welcome = await joined_raw(host)
    old = welcome["token"]
    await ann.close()
    await eventually(lambda: host.status(0) == "away")

    async def challenged(token: str) -> tuple[ClientConnection, str]:
        ws = await raw(host)
        nonce = new_nonce()
        await ws.send(join_frame(host.code, token, nonce))
        challenge = await next_of(ws, "challenge")
        return ws, seat_proof(token, "client", host.code, nonce, challenge["nonce"])

    # The seat opened while the proof is on its way, nobody in it yet.
    ws, proof = await challenged(old)
    assert host.open_seat(0) is None
    await ws.send(json.dumps({"v": VERSION, "type": "prove", "proof": proof}))
    assert (await next_of(ws, "error"))["message"] == STALE_TOKEN
    assert await closed(ws)
    assert host.status(0) == "waiting" and 0 not in host.tokens

    # Someone new takes the opened seat and steps away; the old player's proof then comes.
    ann, welcome = await joined_raw(host)
    await ann.close()
    await eventually(lambda: host.status(0) == "away")
    ws, proof = await challenged(welcome["token"])
    assert host.open_seat(0) is None
    eli, eli_welcome = await joined_raw(host)
    assert eli_welcome["seat"] == 0
    await eli.close()
    await eventually(lambda: host.status(0) == "away")
    await ws.send(json.dumps({"v": VERSION, "type": "prove", "proof": proof}))
    seen = []
    with pytest.raises(ConnectionClosed):
        while True:
            seen.append(json.loads(await asyncio.wait_for(ws.recv(), LIMIT)))
    assert [f["type"] for f in seen] == ["error", "bye"] and seen[0]["message"] == STALE_TOKEN
    assert host.status(0) == "away" and host.tokens[0] == eli_welcome["token"]
    await still_serves(host, tmp_path)


async def test_an_action_sent_twice_is_refused_even_when_someone_comes_between_the_two(tmp_path: Path) -> None:
    """A watcher (or a joiner) arriving between the host taking an action and applying it sends everyone the table
    again; that is no new turn: a second action from the seat is still refused, not kept for its next turn."""
    seats = (Seat.remote("Ann"), Seat.bot("medium", "Noa"))
    game = new_game(seats, seed=3)
    game.current = 0
    table = await started(game, seats)
    try:
        ws, _ = await joined_raw(table)
        hand = table.game.hand(0)
        first, second = (action_to_dict(Play((card,))) for card in hand[:2])
        at = {"round": game.round_no, "turn": len(game.log)}
        await ws.send(json.dumps({"v": VERSION, "type": "action", "id": 1, "seat": 0, **at, "action": first}))
        taken = await asyncio.wait_for(table.action_for(0), LIMIT)
        watcher = await raw(table)
        await watcher.send(json.dumps({"v": VERSION, "type": "watch", "code": table.code}))
        await next_of(watcher, "welcome")
        await eventually(lambda: table.watchers == 1)
        await ws.send(json.dumps({"v": VERSION, "type": "action", "id": 2, "seat": 0, **at, "action": second}))
        refused = await next_of(ws, "error")
        assert refused["re"] == 2 and "already in" in refused["message"]
        game.apply(taken)
        table.publish(game)
        game.apply(MediumBot().choose(game.view(1)))
        table.publish(game)
        assert game.current == 0
        with pytest.raises(TimeoutError):  # nothing of Ann's is waiting to be played for her
            await asyncio.wait_for(table.action_for(0), 0.3)
        await watcher.close()
        await ws.close()
    finally:
        await table.stop()


async def test_a_rejoined_seats_state_acknowledges_none_of_its_old_connections_actions(tmp_path: Path) -> None:
    """Action ids are a connection's own (each client counts from its start): the first state of a seat taken back
    on a new connection acknowledges nothing yet, or an old connection's id would answer the new one's action."""
    seats = (Seat.remote("Ann"), Seat.bot("medium", "Noa"))
    game = new_game(seats, seed=3)
    game.current = 0
    table = await started(game, seats)
    try:
        ws, welcome = await joined_raw(table)
        card = table.game.hand(0)[0]
        await ws.send(
            json.dumps(
                {
                    "v": VERSION,
                    "type": "action",
                    "id": 7,
                    "seat": 0,
                    "round": 1,
                    "turn": 0,
                    "action": action_to_dict(Play((card,))),
                }
            )
        )
        game.apply(await asyncio.wait_for(table.action_for(0), LIMIT))
        table.publish(game)
        assert (await next_of(ws, "state"))["ack"] == 7
        await ws.close()
        await eventually(lambda: table.status(0) == "away")
        again = await raw(table)
        nonce = new_nonce()
        await again.send(join_frame(table.code, welcome["token"], nonce))
        challenge = await next_of(again, "challenge")
        proof = seat_proof(welcome["token"], "client", table.code, nonce, challenge["nonce"])
        await again.send(json.dumps({"v": VERSION, "type": "prove", "proof": proof}))
        await next_of(again, "welcome")
        assert (await next_of(again, "state"))["ack"] is None
        await again.close()
    finally:
        await table.stop()


def _a_slap_to_come(seats: tuple[Seat, ...]) -> tuple[Game, Play]:
    """A game (slap-downs on) whose seat 0 plays first, and its play that draws a card matching its drop."""

    def new(seed: int) -> Game:
        game = new_game(seats, seed=seed, slap_down=True)
        game.current = 0
        return game

    return slap_to_come(new)


async def test_a_seat_joining_while_another_decides_a_slap_down_is_sent_the_table_as_everyone_sees_it(
    tmp_path: Path,
) -> None:
    """Bea joins while Ann decides whether to slap down the card she drew: the host sends Bea the table as every
    other seat last saw it (Ann still to play, before her draw), not the draw nor nothing. Before, it sent nothing
    until the decision, and Bea's join waited and failed ("the host did not answer in time")."""
    seats = (Seat.remote("Ann"), Seat.remote("Bea"))
    game, play = _a_slap_to_come(seats)
    before = game.view(1)
    table = await started(game, seats)
    try:
        ann = await joined(table, tmp_path, "ann")
        game.apply(play)
        table.publish(game)
        assert game.phase == "slap"
        bea = await asyncio.wait_for(
            TableClient.join(f"127.0.0.1:{table.port}", table.code, token_file=tmp_path / "bea.token", timeout=3),
            LIMIT,
        )
        seen = bea.view
        assert seen.seat == 1 and seen.current == 0 and seen.phase == "turn" and seen.slap_card is None
        assert seen.hand == before.hand and seen.hand_sizes == before.hand_sizes
        assert seen.deck_size == before.deck_size and seen.previous_drop == before.previous_drop
        assert list(seen.seen) == list(before.seen)
        # A watcher come meanwhile is sent the same public table.
        watcher = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{table.port}", table.code, timeout=3), LIMIT)
        watched = watcher.view
        assert not watched.hand_shown and watched.current == 0 and watched.phase == "turn"
        assert watched.hand_sizes == before.hand_sizes and list(watched.seen) == list(before.seen)
        # The decision made, everyone sees the turn as it ended.
        game.apply(next(action for action in game.legal_actions() if isinstance(action, KeepCard)))
        table.publish(game)
        await eventually(lambda: bea.view.current == game.current and bea.view.deck_size == len(game.deck))
        await watcher.close()
        await bea.close()
        await ann.close()
    finally:
        await table.stop()


async def test_a_table_resumed_while_a_seat_decides_a_slap_down_sends_a_joiner_the_table_before_the_draw(
    tmp_path: Path,
) -> None:
    """`yaniv host --resume` of a game saved while Ann decides whether to slap down the card she drew (a save
    follows every action): Bea joining is sent the table as it was before Ann's draw, as every other seat saw it
    then, and a watcher too; not the draw (Ann still to play after it would tell her card matches), nor nothing.
    Before, the host sent nothing until Ann's decision, and Bea's join failed ("the host did not answer in time")."""
    seats = (Seat.remote("Ann"), Seat.remote("Bea"))
    game, play = _a_slap_to_come(seats)
    before = game.clone()
    game.apply(play)
    assert game.phase == "slap"
    table = await started(game, seats)  # as a resumed table starts: the game already waits for Ann's decision
    try:
        ann = await joined(table, tmp_path, "ann")
        assert ann.seat == 0 and ann.view.phase == "slap"
        bea = await asyncio.wait_for(
            TableClient.join(f"127.0.0.1:{table.port}", table.code, token_file=tmp_path / "bea.token", timeout=3),
            LIMIT,
        )
        seen, wanted = bea.view, before.view(1)
        assert seen.seat == 1 and seen.current == 0 and seen.phase == "turn" and seen.slap_card is None
        assert seen.hand == wanted.hand and seen.hand_sizes == wanted.hand_sizes
        assert seen.deck_size == wanted.deck_size and seen.previous_drop == wanted.previous_drop
        assert seen.discards == wanted.discards and seen.takeable == wanted.takeable
        assert seen.previous_kind == wanted.previous_kind and list(seen.seen) == list(wanted.seen)
        watcher = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{table.port}", table.code, timeout=3), LIMIT)
        watched = watcher.view
        assert not watched.hand_shown and watched.current == 0 and watched.phase == "turn"
        assert watched.hand_sizes == wanted.hand_sizes and watched.deck_size == wanted.deck_size
        # Ann decides: everyone sees the turn as it ended.
        game.apply(next(action for action in game.legal_actions() if isinstance(action, KeepCard)))
        table.publish(game)
        await eventually(lambda: bea.view.current == game.current and bea.view.deck_size == len(game.deck))
        await watcher.close()
        await bea.close()
        await ann.close()
    finally:
        await table.stop()


async def test_a_resumed_clocked_table_gives_a_seat_joining_while_the_drawer_decides_the_drawers_clock(
    tmp_path: Path,
) -> None:
    """A clocked table resumed while Ann decides whether to slap down her draw: once Ann's clock runs, Bea (joined
    before it ran, or after) and a watcher see it running on Ann's turn as they see it (before her draw), as
    every seat sees a turn's clock; it says nothing of the draw. Before, the host had sent no clock since the resume
    (the last one sent is not saved), and they had none until Ann decided."""
    from yaniv_tui.engine.clock import TurnClock

    seats = (Seat.remote("Ann"), Seat.remote("Bea"), Seat.remote("Cy"))
    game, play = _a_slap_to_come(seats)
    game.apply(play)
    assert game.phase == "slap"
    table = await started(game, seats)  # as a resumed table starts: the game already waits for Ann's decision
    table.use_clock(TurnClock(30.0))
    try:
        ann = await joined(table, tmp_path, "ann")
        bea = await joined(table, tmp_path, "bea")
        assert bea.view.phase == "turn" and bea.clock is None  # no clock runs yet
        asking = asyncio.create_task(table.action_for(0))
        await eventually(lambda: ann.clock is not None and ann.clock.left_ms is not None)
        await eventually(lambda: bea.clock is not None and bea.clock.left_ms is not None)
        assert bea.view.phase == "turn" and bea.view.slap_card is None and bea.view.current == 0
        cy = await joined(table, tmp_path, "cy")
        assert cy.view.phase == "turn" and cy.clock is not None and cy.clock.left_ms is not None
        watcher = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{table.port}", table.code, timeout=3), LIMIT)
        assert watcher.clock is not None and watcher.clock.left_ms is not None and watcher.view.phase == "turn"
        keep = next(action for action in game.legal_actions() if isinstance(action, KeepCard))
        sending = asyncio.create_task(ann.send(keep))  # answered once the host publishes the action applied
        action = await asyncio.wait_for(asking, LIMIT)
        assert action == keep
        game.apply(action)
        table.publish(game)
        await asyncio.wait_for(sending, LIMIT)
        await eventually(lambda: bea.view.current == game.current and cy.view.current == game.current)
        for client in (watcher, cy, bea, ann):
            await client.close()
    finally:
        await table.stop()
