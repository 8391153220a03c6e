"""The host red-teamed field by field: every message a client may send (net/protocol.py: join, watch, prove, action,
say, back) with each of its fields, and "v", "type" and keys no message has, set to a wrong type, a huge number, a
deep nesting, text too long, before the join and after it; frames out of order (a prove, an action, a say or a back
before the join, anything but the prove after a challenge, anything that is no watcher's from a watcher); and a join
with another seat's token. Each is answered with one error frame at most (or a close), the host keeps serving a seat
that plays on beside them, and no frame to anyone holds a card its viewer may not see."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from netplay import LIMIT, eventually, joined, new_game, started
from test_faults import join_frame, joined_raw, next_of, raw
from test_hostile import faults_logged, one_short_line
from test_secrets import check_frame, check_watcher_frame
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from yaniv_tui.engine import Seat
from yaniv_tui.net import TableClient, TableHost
from yaniv_tui.net.protocol import ANOTHER_NAMES_SEAT, MAX_FAULTS, SEAT_IN_USE, VERSION, ProtocolError, from_client
from yaniv_tui.net.secrets_gate import new_nonce, seat_proof
from yaniv_tui.net.views import view_to_dict
from yaniv_tui.store.game_format import game_to_dict

#: Ann is the seat that plays on beside the attacks; the other remote seats are the attackers'; the bot's turn is
#: now, so no attacker's action is ever one the engine would take.
SEATS = [Seat.remote("Ann"), Seat.remote("Ben"), Seat.remote("Cy"), Seat.remote("Dan"), Seat.bot("easy", "Bot")]
#: How many attackers at once (each on a seat of its own, or before its join).
AT_ONCE = 3


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


#: What each field is set to: wrong types, numbers past any range, deep nesting, text too long, and a card.
HOSTILE: list[Any] = [
    None,
    True,
    -1,
    2**53 + 1,
    10**40,
    1.5,
    "",
    "x" * 5000,
    "5H",
    [],
    {"kind": "call", "x": _nested(50)},
    _nested(200),
]
#: Each message a client sends, well formed (its fields then set one at a time to each of HOSTILE).
GOOD: dict[str, dict[str, Any]] = {
    "join": {"code": "CODE", "name": None, "key": None, "nonce": None},
    "watch": {"code": "CODE"},
    "prove": {"proof": "0" * 64},
    "action": {"id": 1, "seat": 1, "round": 1, "turn": 0, "action": {"kind": "call"}},
    "say": {"text": "good game"},
    "back": {},
}
#: Keys every message is tried with too: the two every message has, one none has, and one no client ever sends.
EVERY = ("v", "type", "x", "token")
#: Sent after a frame on a seated connection: its answer (one error) marks the end of the frame's answers.
PROBE = json.dumps({"v": VERSION, "type": "probe"})
#: The card codes a line may hold.
CARD = re.compile(r"(?<![0-9A-Z])(?:10|[2-9AJQKT])[CDHS](?![A-Z])|(?<![A-Z])JK(?![A-Z])")


def hostile_frames(code: str) -> list[str]:
    """Every message with each of its fields, and EVERY key, set to each HOSTILE value."""
    texts = []
    for kind, fields in GOOD.items():
        good = {"v": VERSION, "type": kind, **{k: code if v == "CODE" else v for k, v in fields.items()}}
        for field in (*fields, *EVERY):
            for value in HOSTILE:
                texts.append(json.dumps({**good, field: value}))
    return texts


def _read(text: str) -> bool:
    """Whether the protocol reads `text` as a client's message."""
    try:
        from_client(text)
    except ProtocolError:
        return False
    return True


class Watched:
    """Every frame the host queues for a seat or a watcher, checked as it is queued against the real game: a seat's
    states hold only its own and public cards, a watcher's no hand, and no error or bye line names a card its viewer
    may not see (one of its own view's, or one the frame answered named itself)."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.sent = 0
        #: What was wrong with a frame (the host's callback must not raise: it is said here, and asserted after).
        self.faults: list[str] = []
        #: The last frame each seat's attacker sent, whose cards an answer may name back.
        self.named: dict[int | None, str] = {}
        host.sent = self._seat
        host.watched = lambda _number, text: self._frame(None, text)

    def _seat(self, seat: int, text: str) -> None:
        self._frame(seat, text)

    def _frame(self, seat: int | None, text: str) -> None:
        self.sent += 1
        try:
            self._check(seat, json.loads(text))
        except AssertionError as error:
            self.faults.append(f"to {'a watcher' if seat is None else f'seat {seat}'}: {error!r}: {text[:300]}")

    def _check(self, seat: int | None, frame: dict[str, Any]) -> None:
        game = self.host.game
        if frame["type"] in ("error", "bye"):
            line = frame["message"] if frame["type"] == "error" else frame["reason"]
            seen = json.dumps(view_to_dict(game.view(seat) if seat is not None else game.watcher_view()))
            named = self.named.get(seat, "")
            for card in CARD.findall(line):
                assert card in seen or card in named, (seat, line)
        elif seat is None:
            check_watcher_frame(game, frame)
        elif frame["type"] != "said":
            check_frame(seat, game, frame)


async def _answers(ws: ClientConnection, *, probe: bool) -> tuple[list[dict[str, Any]], bool]:
    """What the host answers until the PROBE's answer (when `probe`: sent now), or until it closes the connection."""
    if probe:
        await ws.send(PROBE)
    got: list[dict[str, Any]] = []
    try:
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
            if probe and frame["type"] == "error" and "unknown message type 'probe'" in frame["message"]:
                return got, False
            got.append(frame)
    except ConnectionClosed:
        return got, True


@contextlib.asynccontextmanager
async def a_table(folder: Path) -> AsyncIterator[tuple[TableHost, TableClient, Watched]]:
    """A host of SEATS with every frame it queues checked (Watched), and Ann seated at it, playing on."""
    game = new_game(SEATS, seed=4)
    game.current = len(SEATS) - 1  # the bot's turn: nobody's action is taken, and the table stays as it is
    host = await started(game, SEATS)
    try:
        watched = Watched(host)
        ann = await joined(host, folder, "ann", name="Ann")
        yield host, ann, watched
        assert host.status(0) == "joined" and ann.view.hand == host.game.hand(0)  # she played on throughout
        assert watched.sent > 0 and watched.faults == [], watched.faults
        await ann.close()
    finally:
        await host.stop()


async def _free(host: TableHost, seat: int) -> None:
    """An attacker's seat, once its connection is gone, opened again for the next attacker."""
    await eventually(lambda: host.status(seat) != "joined")
    assert host.open_seat(seat) is None


async def attack_seated(host: TableHost, watched: Watched, text: str) -> None:
    """`text` from a seated connection: one error frame at most, the connection open, the table as it was."""
    before = game_to_dict(host.game)
    ws, welcome = await joined_raw(host)
    seat = welcome["seat"]
    try:
        watched.named[seat] = text
        await ws.send(text)
        got, closed = await _answers(ws, probe=True)
    finally:
        await ws.close()
        await _free(host, seat)
    one_short_line(got)
    errors = [frame for frame in got if frame["type"] == "error"]
    assert not closed and len(errors) <= 1, (text[:200], got)
    assert errors or _read(text), (text[:200], got)
    assert {frame["type"] for frame in got} <= {"error", "said", "state", "seat"}, got  # others come and go
    assert game_to_dict(host.game) == before


async def attack_first(host: TableHost, text: str) -> None:
    """`text` as a connection's first frame: one error frame and a close, or (a join or watch the protocol reads,
    with the table's code) seated or watching, then no error; the table as it was."""
    before = game_to_dict(host.game)
    ws = await raw(host)
    got: list[dict[str, Any]] = []
    closed = False
    try:
        await ws.send(text)
        with contextlib.suppress(ConnectionClosed):
            while not got or got[-1]["type"] not in ("welcome", "challenge"):
                got.append(json.loads(await asyncio.wait_for(ws.recv(), LIMIT)))
        closed = not got or got[-1]["type"] not in ("welcome", "challenge")
        if not closed:
            more, closed = await _answers(ws, probe=True)
            assert not closed and not any(frame["type"] == "error" for frame in more), (text[:200], got, more)
            got += more
    finally:
        await ws.close()
    one_short_line(got)
    if closed:
        assert [frame["type"] for frame in got] == ["error", "bye"], (text[:200], got)
    else:
        assert _read(text) and got[0]["type"] == "welcome", (text[:200], got)
        if got[0]["seat"] is not None:
            await _free(host, got[0]["seat"])
    assert game_to_dict(host.game) == before


async def _in_turns(jobs: list[Any]) -> None:
    """The attacks, AT_ONCE at a time."""
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(job: Any) -> None:
        async with gate:
            await job

    await asyncio.gather(*(one(job) for job in jobs))


async def test_every_field_of_every_message_hostile_before_the_join_is_one_error_and_a_close(tmp_path: Path) -> None:
    with faults_logged() as heard:
        async with a_table(tmp_path) as (host, _, _):
            await _in_turns([attack_first(host, text) for text in hostile_frames(host.code)])
    assert [record.getMessage() for record in heard] == []


async def test_every_field_of_every_message_hostile_after_the_join_is_one_error_at_most(tmp_path: Path) -> None:
    with faults_logged() as heard:
        async with a_table(tmp_path) as (host, _, watched):
            await _in_turns([attack_seated(host, watched, text) for text in hostile_frames(host.code)])
    assert [record.getMessage() for record in heard] == []


async def test_the_watch_on_frames_finds_a_card_sent_to_a_viewer_who_may_not_see_it(tmp_path: Path) -> None:
    """Watched, the check of every frame above, is no check that cannot fail: Ann's card in a line to Ben, her view
    to Ben, and her view to a watcher are each found."""
    async with a_table(tmp_path) as (host, _, watched):
        card = host.game.hand(0)[0].code
        hers = json.dumps({"v": VERSION, "type": "state", "ack": None, "statuses": ["joined", "waiting", "waiting",
                           "waiting", "here"], "watchers": 0, "view": view_to_dict(host.game.view(0))})  # fmt: skip
        watched._frame(1, json.dumps({"v": VERSION, "type": "error", "message": f"you do not hold {card}", "re": 1}))
        watched._frame(1, hers)
        watched._frame(None, hers)
        assert len(watched.faults) == 3, watched.faults
        watched.faults.clear()


@pytest.mark.parametrize("kind", ["prove", "action", "say", "back"])
async def test_a_message_before_the_join_is_one_error_and_a_close(kind: str, tmp_path: Path) -> None:
    async with a_table(tmp_path) as (host, _, _):
        fields = {k: host.code if v == "CODE" else v for k, v in GOOD[kind].items()}
        ws = await raw(host)
        await ws.send(json.dumps({"v": VERSION, "type": kind, **fields}))
        got, closed = await _answers(ws, probe=False)
        assert closed and got == [
            {"v": VERSION, "type": "error", "message": "join the table first", "re": None},
            {"v": VERSION, "type": "bye", "reason": "join the table first"},
        ], got


@pytest.mark.parametrize("kind", ["join", "watch", "action", "say", "back"])
async def test_anything_but_the_prove_after_a_challenge_is_one_error_and_a_close_and_the_seat_stays_its_players(
    kind: str, tmp_path: Path
) -> None:
    async with a_table(tmp_path) as (host, ann, _):
        token = ann.token
        await ann.close()
        await eventually(lambda: host.status(0) == "away")
        assert ann.token is not None
        ws = await raw(host)
        await ws.send(join_frame(host.code, ann.token, new_nonce()))
        await next_of(ws, "challenge")
        fields = {k: host.code if v == "CODE" else v for k, v in GOOD[kind].items()}
        await ws.send(json.dumps({"v": VERSION, "type": kind, **fields}))
        got, closed = await _answers(ws, probe=False)
        assert closed and [frame["type"] for frame in got] == ["error", "bye"], got
        assert got[0]["message"] == "prove the seat first", got
        assert host.status(0) == "away"
        assert token is not None
        back, welcome = await joined_raw(host, token)  # her token still takes it
        assert welcome["seat"] == 0
        await back.close()
        ann = await joined(host, tmp_path, "ann", name="Ann")  # and her own client, as she left it


async def test_a_watchers_every_other_message_is_one_error_each_and_the_third_closes_it(tmp_path: Path) -> None:
    async with a_table(tmp_path) as (host, _, _):
        ws = await raw(host)
        await ws.send(json.dumps({"v": VERSION, "type": "watch", "code": host.code}))
        assert (await next_of(ws, "welcome"))["seat"] is None
        for number, kind in enumerate(("action", "say", "prove", "join", "back"), 1):
            fields = {k: host.code if v == "CODE" else v for k, v in GOOD[kind].items()}
            await ws.send(json.dumps({"v": VERSION, "type": kind, **fields}))
            if number < MAX_FAULTS:
                got = await _until_error(ws)
                assert [frame["type"] for frame in got] == ["error"], got
            else:
                got, closed = await _answers(ws, probe=False)
                assert closed and [frame["type"] for frame in got] == ["error", "bye"], got
                break
        await eventually(lambda: host.watchers == 0)


async def _until_error(ws: ClientConnection) -> list[dict[str, Any]]:
    """The frames up to the next error frame (states skipped: a watcher is sent the table as it changes)."""
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
        if frame["type"] == "error":
            return [frame]


async def test_a_join_with_another_seats_token_takes_nothing_and_shows_no_hand(tmp_path: Path) -> None:
    """Ben holds Ann's token (a leaked file): while Ann plays it is refused (SEAT_IN_USE) after the proofs, under
    another name before them (ANOTHER_NAMES_SEAT), with a wrong proof as one; none of it sends Ben Ann's hand, and
    Ann plays on."""
    async with a_table(tmp_path) as (host, ann, _):
        assert ann.token is not None
        ben, ben_welcome = await joined_raw(host)
        token = ann.token
        for name, proof, answer in (
            (None, True, SEAT_IN_USE),
            ("Ben", True, ANOTHER_NAMES_SEAT),
            (None, False, "wrong proof of the seat's token"),
        ):
            ws = await raw(host)
            nonce = new_nonce()
            frame = json.loads(join_frame(host.code, token, nonce))
            await ws.send(json.dumps({**frame, "name": name}))
            got: list[dict[str, Any]] = []
            if answer != ANOTHER_NAMES_SEAT:
                challenge = await next_of(ws, "challenge")
                got.append(challenge)
                right = seat_proof(token, "client", host.code, nonce, challenge["nonce"])
                await ws.send(json.dumps({"v": VERSION, "type": "prove", "proof": right if proof else "0" * 64}))
            more, closed = await _answers(ws, probe=False)
            got += more
            assert closed and [f["type"] for f in got][-2:] == ["error", "bye"] and got[-2]["message"] == answer, got
            assert not any(f["type"] in ("welcome", "state") for f in got), got
            assert host.status(0) == "joined" and ann.view.hand == host.game.hand(0)
        assert ben_welcome["seat"] == 1
        await ben.close()
