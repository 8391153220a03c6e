"""Hostile frames against a real host on 127.0.0.1: any JSON in any field of any message, before the join and after
it, nested deep, too big, binary, a second join; each is answered with one short error line or the connection is
closed, the game is left as it was, the host logs no fault of its own, and it goes on serving everyone else."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netplay import LIMIT, joined, new_game, play_out, started
from test_faults import SEATS, _a_slap_to_come, joined_raw, raw, still_serves
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from yaniv_tui.engine import CallYaniv, Game, Play, Seat
from yaniv_tui.net import ActionRefused, TableClient, TableHost
from yaniv_tui.net import host as host_module
from yaniv_tui.net.link import MAX_WAITING_BYTES
from yaniv_tui.net.protocol import MAX_MESSAGE, TABLE_FULL, VERSION, ProtocolError, from_client
from yaniv_tui.net.views import view_to_dict
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.table.headless import serve_headless

#: The longest error line a hostile frame may be answered with: it names what is wrong, it does not echo the frame.
LONGEST_LINE = 200
#: Seconds a hostile frame's answer is waited for once its first frame came (or none came).
QUIET = 0.3

#: Every field name of every client message (net/protocol.py), and a few of none.
FIELDS = ("v", "type", "code", "name", "key", "nonce", "proof", "id", "seat", "round", "turn", "action", "text", "x")
KINDS = ("join", "watch", "prove", "action", "say", "back", "state", "welcome", "", "JOIN")
ACTION_FIELDS = ("kind", "drop", "take", "given", "card")

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(["5H", "JK", "AS", "10D", "K7QF", "call", "play", "slap", "keep", "good game", "0" * 64]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(ACTION_FIELDS), inner, max_size=4),
    max_leaves=12,
)
messages = st.fixed_dictionaries(
    {"v": st.just(VERSION) | json_values, "type": st.sampled_from(KINDS) | json_values},
    optional={field: json_values for field in FIELDS[2:]},
)


def hostile_text(message: dict[str, Any]) -> str:
    return json.dumps(message, allow_nan=True)


@contextlib.contextmanager
def faults_logged() -> Iterator[list[logging.LogRecord]]:
    """The warnings and errors the host's libraries log meanwhile (a handler that raised, a task's lost exception)."""
    heard: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            heard.append(record)

    handler = Keep(logging.WARNING)
    loggers = [logging.getLogger(name) for name in ("yaniv_tui.net", "websockets", "asyncio", "")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield heard
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


async def answers(
    ws: ClientConnection, first: float = QUIET, *, due: bool = False
) -> tuple[list[dict[str, Any]], bool]:
    """What the host sends until it has said nothing for QUIET seconds (`first` for its first frame), and whether it
    closed the connection; when an error line is `due`, until it comes too (at most LIMIT seconds, however loaded
    the machine)."""
    got: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    until = loop.time() + LIMIT
    try:
        while True:
            waiting = due and not any(frame["type"] in ("error", "bye") for frame in got)
            wait = max(0.0, until - loop.time()) if waiting else QUIET if got else first
            got.append(json.loads(await asyncio.wait_for(ws.recv(), wait)))
    except TimeoutError:
        return got, False
    except ConnectionClosed:
        return got, True


def one_short_line(frames: list[dict[str, Any]]) -> None:
    for frame in frames:
        if frame["type"] in ("error", "bye"):
            line = frame["message"] if frame["type"] == "error" else frame["reason"]
            assert isinstance(line, str) and "\n" not in line and 0 < len(line) <= LONGEST_LINE, frame


async def hostile(host: TableHost, texts: list[str | bytes], joined_first: bool) -> None:
    """Each of `texts` on a connection of its own (seated first if `joined_first`): one short error line, or a close,
    and the game as it was."""
    for text in texts:
        before = game_to_dict(host.game)
        ws, _ = await joined_raw(host) if joined_first else (await raw(host), None)
        try:
            await ws.send(text)
            # A join with a wrong code is answered late once ten came (secrets_gate: 2.5 seconds each).
            frames, closed = await answers(ws, QUIET if joined_first else 10.0, due=not _a_message(text))
        finally:
            await ws.close()
        one_short_line(frames)
        errors = [f for f in frames if f["type"] == "error"]
        if not _a_message(text):  # what the protocol does not read is one error line, or a close
            assert errors or closed, (text[:200], frames)
        if not joined_first:
            # Before the join: anything but a right join or watch is one error line, then the connection is closed.
            assert closed or any(f["type"] in ("welcome", "challenge") for f in frames), (text[:200], frames)
            assert len(errors) <= 1, frames
        assert game_to_dict(host.game) == before
        # The seats hostile joiners took are opened again for the next, once their connections are gone.
        await asyncio.wait_for(_seats_opened(host), LIMIT)


def _a_message(text: str | bytes) -> bool:
    """Whether the protocol reads `text` as a client's message (`from_client`)."""
    try:
        from_client(text)
    except ProtocolError:
        return False
    return True


async def _seats_opened(host: TableHost) -> None:
    while any(host.status(seat) == "joined" for seat in range(len(host.seats))):
        await asyncio.sleep(0.02)
    for seat in list(host.tokens):
        assert host.open_seat(seat) is None


async def against_a_host(texts: list[str | bytes], joined_first: bool) -> list[logging.LogRecord]:
    with faults_logged() as heard:
        game = new_game(SEATS, seed=4)
        host = await started(game, SEATS)
        try:
            await hostile(host, texts, joined_first)
            with tempfile.TemporaryDirectory() as folder:
                await still_serves(host, Path(folder))
        finally:
            await host.stop()
    return heard


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(messages, min_size=1, max_size=8), st.booleans())
def test_any_json_in_any_field_is_one_short_error_line_or_a_close(found: list[dict[str, Any]], seated: bool) -> None:
    heard = asyncio.run(against_a_host([hostile_text(m) for m in found], seated))
    assert [r.getMessage() for r in heard] == []


#: Frames no generator is likely to make: nested deep, big, binary, numbers of many digits, a lone surrogate.
ODD_FRAMES: list[str | bytes] = [
    "[" * 100_000,
    '{"v": 9, "type": "join", "code": ' + "[" * 30_000 + "]" * 30_000 + "}",
    '{"v": 9, "type": "action", "id": 1, "seat": 0, "round": 1, "turn": 0, "action": ' + '{"kind":' * 20_000,
    json.dumps({"v": VERSION, "type": "join", "code": "K7QF", "name": "x" * (MAX_MESSAGE + 10)}),
    json.dumps({"v": VERSION, "type": "say", "text": "y" * 900_000}),
    json.dumps({"v": VERSION, "type": "say", "text": "z" * 2_000_000}),  # past what the WebSocket layer takes
    b"\x00\x01binary",
    '{"v": 9, "type": "action", "id": '
    + "9" * 5000
    + ', "seat": 0, "round": 1, "turn": 0, "action": {"kind": "call"}}',
    '{"v": 9, "type": "join", "code": "\\ud800\\udfff\\ud800", "name": "\\ud800"}',
    '{"v": 9, "type": "join", "code": "K7QF", "name": "Ann\\u202e", "key": null, "nonce": null}',
    '{"v": 9, "type": "action", "id": -1e999, "seat": NaN, "round": Infinity, "turn": 0, "action": {"kind": "keep"}}',
    '{"v": 9.0, "type": "back"}',
    '{"v": true, "type": "back"}',
    '{"v": 9, "type": "action", "id": 1, "seat": 0, "round": 1, "turn": 0, "action": {"kind": "play", "drop": '
    + json.dumps(["5H"] * 5000)
    + ', "take": null}}',
    '{"v": 9, "type": "join", "code": "K7QF", "v": 9}',
    '{"v": 9, "type": "join", "type": "watch", "code": "K7QF"}',
]


def test_frames_nested_deep_big_binary_or_odd_are_one_short_error_line_or_a_close() -> None:
    for seated in (False, True):
        heard = asyncio.run(against_a_host(ODD_FRAMES, seated))
        assert [r.getMessage() for r in heard] == []


async def a_second_hello(host: TableHost) -> list[dict[str, Any]]:
    ws, welcome = await joined_raw(host)
    try:
        await ws.send(json.dumps({"v": VERSION, "type": "join", "code": host.code, "name": "Eve"}))
        frames, _ = await answers(ws)
        await ws.send(json.dumps({"v": VERSION, "type": "watch", "code": host.code}))
        more, _ = await answers(ws)
    finally:
        await ws.close()
    assert host.names[welcome["seat"]] != "Eve"
    return frames + more


def test_a_second_hello_is_one_error_line_and_changes_nothing() -> None:
    async def run() -> list[dict[str, Any]]:
        host = await started(new_game(SEATS, seed=4), SEATS)
        try:
            return await a_second_hello(host)
        finally:
            await host.stop()

    frames = asyncio.run(run())
    errors = [f["message"] for f in frames if f["type"] == "error"]
    assert len(errors) == 2 and all(e.startswith("already joined as seat") for e in errors)
    one_short_line(frames)


async def test_two_connections_racing_for_the_last_free_seat_seat_one() -> None:
    host = await started(new_game(SEATS, seed=4), SEATS)
    try:
        first, _ = await joined_raw(host)
        second, _ = await joined_raw(host)
        racers = [await raw(host) for _ in range(2)]
        for ws, name in zip(racers, ("Dan", "Eve"), strict=True):
            await ws.send(json.dumps({"v": VERSION, "type": "join", "code": host.code, "name": name}))
        got = await asyncio.gather(*(answers(ws, 10.0) for ws in racers))
        firsts = sorted(frames[0]["type"] for frames, _ in got)
        assert firsts == ["error", "welcome"], got
        refusals = [f["message"] for frames, _ in got for f in frames if f["type"] == "error"]
        assert len(refusals) == 1 and refusals[0].startswith(TABLE_FULL), refusals
        assert sorted(host.tokens) == [0, 1, 2] and host.names[2] in ("Dan", "Eve")
        for ws in (first, second, *racers):
            await ws.close()
    finally:
        await host.stop()


async def test_two_connections_racing_to_take_a_seat_back_with_its_token_seat_one() -> None:
    """Both prove the token at once (the host awaits each proof): one is seated, the other told the seat is in use,
    and never sent its hand."""
    host = await started(new_game(SEATS, seed=4), SEATS)
    try:
        ws, welcome = await joined_raw(host)
        await ws.close()
        await asyncio.wait_for(_until(lambda: host.status(0) == "away"), LIMIT)
        token = welcome["token"]
        results = await asyncio.gather(*(joined_raw(host, token) for _ in range(2)), return_exceptions=True)
        seated = [r for r in results if isinstance(r, tuple)]
        assert len(seated) == 1, results
        assert host.status(0) == "joined"
        await seated[0][0].close()
    finally:
        await host.stop()


async def _until(check: Callable[[], bool]) -> None:
    while not check():
        await asyncio.sleep(0.02)


async def test_a_connection_that_says_nothing_is_told_so_in_one_line_and_closed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(host_module, "JOIN_TIMEOUT", 0.3)
    host = await started(new_game(SEATS, seed=4), SEATS)
    try:
        ws = await raw(host)
        frames, closed = await answers(ws, 10.0)
        assert closed and [f["type"] for f in frames] == ["error", "bye"] and frames[0]["message"] == "no join in time"
        await asyncio.wait_for(_until(lambda: not host._all), LIMIT)
    finally:
        await host.stop()


async def test_a_watcher_that_never_reads_stalls_nobody(tmp_path: Path) -> None:
    """A watcher whose client stops reading from its first frame: the seats play the whole game to its end, as
    fast as ever; what waits for the deaf one is bounded (link.MAX_WAITING_BYTES), and the host logs no fault."""
    seats = [Seat.remote(), Seat.remote(), Seat.bot("medium")]
    game = new_game(seats, seed=5, end=100)
    with faults_logged() as heard:
        host = await started(game, seats)
        try:
            deaf = await raw(host)
            await deaf.send(json.dumps({"v": VERSION, "type": "watch", "code": host.code}))
            await asyncio.wait_for(_until(lambda: host.watchers == 1), LIMIT)
            deaf.transport.pause_reading()
            clients = [await joined(host, tmp_path, f"s{i}") for i in range(2)]
            table = asyncio.create_task(serve_headless(host, game, seats))
            await asyncio.wait_for(asyncio.gather(*(play_out(c) for c in clients)), LIMIT)
            finished = await asyncio.wait_for(table, LIMIT)
            assert finished.is_over
            waiting = [link._waiting_bytes for link in host._watching]
            assert all(w <= MAX_WAITING_BYTES + 64 * 1024 for w in waiting)
            for c in clients:
                await c.close()
            deaf.transport.abort()
        finally:
            await host.stop()
    assert [r.getMessage() for r in heard] == []


def _drawn(table: TableHost, game: Game, play: Play) -> None:
    """Ann plays `play`, whose draw matches her drop (once: she then decides on a slap-down)."""
    if game.phase == "turn":
        game.apply(play)
        table.publish(game)
    assert game.phase == "slap"


async def test_an_action_probing_the_turn_while_another_decides_a_slap_down_learns_nothing(tmp_path: Path) -> None:
    """While Ann decides whether to slap down the card she drew, Bea is sent nothing: the table as she last saw it,
    Ann to play, is all she may know (a matching draw is Ann's secret). Before: an action Bea sent for that turn was
    refused as TURN_OVER ("that turn was over"), but as "not your turn" before Ann's draw, so a client sending one
    learned the draw matched her drop, every time."""
    seats = (Seat.remote("Ann"), Seat.remote("Bea"))
    game, play = _a_slap_to_come(seats)
    table = await started(game, seats)
    try:
        ann = await joined(table, tmp_path, "ann")
        bea = await joined(table, tmp_path, "bea")
        probe = bea.view.legal_actions[0] if bea.view.legal_actions else CallYaniv()
        answers: list[str] = []
        for _ in range(2):
            with pytest.raises(ActionRefused) as refused:
                await asyncio.wait_for(bea.send(probe), LIMIT)
            answers.append(str(refused.value))
            _drawn(table, game, play)
        assert answers[0] == answers[1] == "it is not your turn: wait for Ann"
        await bea.close()
        await ann.close()
    finally:
        await table.stop()


async def test_an_action_sent_again_while_another_decides_a_slap_down_is_answered_as_before_the_draw(
    tmp_path: Path,
) -> None:
    """An action sent again (an id the host took before) is answered with the table at once: before Ann's draw, and
    while she decides on a slap-down, with the table as Bea sees it, before the draw. Before: nothing came until
    Ann's decision, so Bea learned her draw matched."""
    seats = (Seat.remote("Ann"), Seat.remote("Bea"))
    game, play = _a_slap_to_come(seats)
    table = await started(game, seats)
    try:
        ann = await joined(table, tmp_path, "ann")
        ws, welcome = await joined_raw(table)
        assert welcome["seat"] == 1
        table._links[1].last_action = 5  # as if Bea had played, with the id 5, a turn of hers before
        seen = json.loads(json.dumps(view_to_dict(game.view(1))))
        again = json.dumps(
            {"v": VERSION, "type": "action", "id": 5, "seat": 1, "round": 1, "turn": 0, "action": {"kind": "call"}}
        )
        for _ in range(2):
            await ws.send(again)
            frames, _ = await answers(ws, 5.0)
            assert [f["type"] for f in frames] == ["state"], frames
            assert frames[0]["view"] == seen
            _drawn(table, game, play)
        await ws.close()
        await ann.close()
    finally:
        await table.stop()


async def test_a_watcher_come_while_another_decides_a_slap_down_is_told_as_before_the_draw(tmp_path: Path) -> None:
    """Someone comes to watch: every seat is sent the table with one watcher more, before Ann's draw and while she
    decides on a slap-down alike (then the table before the draw, its clock run on as hers would). Before: while she
    decided, Bea was sent nothing, so Bea, watching from a second connection of her own, learned the draw matched."""
    seats = (Seat.remote("Ann"), Seat.remote("Bea"))
    game, play = _a_slap_to_come(seats)
    table = await started(game, seats)
    try:
        ann = await joined(table, tmp_path, "ann")
        ws, _ = await joined_raw(table)
        seen = json.loads(json.dumps(view_to_dict(game.view(1))))
        watchers = []
        for count in (1, 2):
            watchers.append(await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{table.port}", table.code), LIMIT))
            frames, _ = await answers(ws, 5.0)
            states = [f for f in frames if f["type"] == "state"]
            assert states and states[-1]["watchers"] == count and states[-1]["view"] == seen, frames
            _drawn(table, game, play)
        for client in (*watchers, ann):
            await client.close()
        await ws.close()
    finally:
        await table.stop()


async def test_a_seat_handed_to_a_bot_or_back_while_another_decides_a_slap_down_is_told_as_before_the_draw(
    tmp_path: Path,
) -> None:
    """The host hands Bea's seat to a bot, and Bea takes it back (a back frame), before Ann's draw and while she
    decides on a slap-down alike: each time Bea is sent the seat frame and the table with the clock's bots as they
    are now. Before: while Ann decided, the table never came, so Bea (her seat handed to a bot by her own timeouts,
    say) learned the draw matched by taking her seat back."""
    seats = (Seat.remote("Ann"), Seat.remote("Bea"))
    game, play = _a_slap_to_come(seats)
    table = await started(game, seats)
    try:
        ann = await joined(table, tmp_path, "ann")
        ws, _ = await joined_raw(table)
        seen = json.loads(json.dumps(view_to_dict(game.view(1))))
        for _ in range(2):
            assert table.hand_to_bot(1, "easy") is None
            frames, _ = await answers(ws, 5.0)
            assert [f["type"] for f in frames] == ["seat", "state"], frames
            assert frames[1]["view"] == seen and frames[1]["clock"]["bots"] == [1]
            await ws.send(json.dumps({"v": VERSION, "type": "back"}))
            frames, _ = await answers(ws, 5.0)
            assert [f["type"] for f in frames] == ["state"], frames
            assert frames[0]["view"] == seen and frames[0]["clock"]["bots"] == []
            _drawn(table, game, play)
        await ws.close()
        await ann.close()
    finally:
        await table.stop()


async def test_a_frame_with_a_key_written_twice_is_one_error_line_naming_it_and_plays_nothing() -> None:
    """The host refuses `{"type": "act", "type": "hello"}` with an error frame naming "type", and an action whose
    seat is written twice (its own, then another's) plays nothing."""
    host = await started(new_game(SEATS, seed=4), SEATS)
    try:
        ws, welcome = await joined_raw(host)
        before = game_to_dict(host.game)
        seat = welcome["seat"]
        try:
            frames = []
            for text in (
                '{"v": 9, "type": "act", "type": "hello"}',
                f'{{"v": 9, "type": "action", "id": 1, "seat": {seat}, "seat": {1 - seat}, "round": 1, "turn": 0,'
                ' "action": {"kind": "call"}}',
            ):
                await ws.send(text)
                got, _ = await answers(ws, due=True)
                frames.append(got)
        finally:
            await ws.close()
        for got, key in zip(frames, ("type", "seat"), strict=True):
            errors = [f["message"] for f in got if f["type"] == "error"]
            assert len(errors) == 1 and f'"{key}"' in errors[0] and "twice" in errors[0], got
        assert game_to_dict(host.game) == before
    finally:
        await host.stop()


async def test_an_action_for_a_turn_not_come_yet_is_refused_as_such_not_as_one_over() -> None:
    """An action naming a turn the table has not reached (a later turn of this round, or a later round) was refused
    as TURN_OVER, "that turn was over before your move came": untrue of a turn to come. It is refused saying the
    turn has not come, and which turn the table is at; nothing is played."""
    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    game = new_game(seats, seed=4)
    game.current = 0  # Ann's turn: her action is refused for its turn alone
    host = await started(game, seats)
    try:
        ws, welcome = await joined_raw(host)
        before = game_to_dict(host.game)
        at = (host.game.round_no, len(host.game.log))
        said = []
        try:
            for round_no, turn in ((at[0], at[1] + 3), (at[0] + 1, 0)):
                action = {"kind": "call"}
                frame = {"v": VERSION, "type": "action", "id": turn + round_no, "seat": welcome["seat"]}
                await ws.send(json.dumps({**frame, "round": round_no, "turn": turn, "action": action}))
                got, _ = await answers(ws, due=True)
                said += [f["message"] for f in got if f["type"] == "error"]
        finally:
            await ws.close()
        assert len(said) == 2, said
        for line in said:
            assert "not come" in line and f"round {at[0]}" in line and "was over" not in line, line
        assert game_to_dict(host.game) == before
    finally:
        await host.stop()
