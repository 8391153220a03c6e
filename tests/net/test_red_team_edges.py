"""The host red-teamed where tests/net/test_red_team_fields.py does not look: whole numbers written as floats (1.0,
1e2, -0.0), as true and false, past their range and past any number yaniv reads; JSON nested as deep as a frame at the
size limit holds, and one byte past it; a key no message of its type has; an action out of turn, for another seat, and
from a watcher. Each is answered with one error frame naming what is wrong and what is allowed, the connection stays
open, the table is as it was, and the seat beside it (Ann's) plays on."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from netplay import LIMIT, eventually
from test_faults import joined_raw, raw
from test_hostile import faults_logged, one_short_line
from test_red_team_fields import PROBE, a_table
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from yaniv_tui.net import TableHost
from yaniv_tui.net.host import MAX_WIRE
from yaniv_tui.net.protocol import MAX_MESSAGE, VERSION, WATCHERS_DO_NOT_PLAY
from yaniv_tui.store.game_format import game_to_dict

pytestmark = pytest.mark.slow

#: A seated attacker's action, well formed: its fields are then set to each hostile value.
ACTION = {"v": VERSION, "type": "action", "id": 1, "seat": 1, "round": 1, "turn": 0, "action": {"kind": "call"}}


def _with(field: str, raw_value: str) -> str:
    """ACTION as JSON text, its `field` written as the JSON text `raw_value`."""
    return json.dumps({**ACTION, field: "@@"}).replace('"@@"', raw_value)


async def _until_probe(ws: ClientConnection) -> list[dict[str, Any]]:
    """The host's answers up to the PROBE's (sent now): the frames a frame sent before it brought."""
    await ws.send(PROBE)
    got: list[dict[str, Any]] = []
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
        if frame["type"] == "error" and "unknown message type 'probe'" in frame["message"]:
            return got
        got.append(frame)


async def _errors_to(host: TableHost, text: str) -> list[str]:
    """The error lines a seated attacker's `text` brings, the table as it was before and after, its seat freed."""
    before = game_to_dict(host.game)
    ws, welcome = await joined_raw(host)
    try:
        await ws.send(text)
        got = await _until_probe(ws)  # still open: a second fault closes nothing
    finally:
        await ws.close()
        await eventually(lambda: host.status(welcome["seat"]) != "joined")
        assert host.open_seat(welcome["seat"]) is None
    one_short_line(got)
    assert {frame["type"] for frame in got} <= {"error", "state", "said", "seat"}, got
    assert game_to_dict(host.game) == before
    return [frame["message"] for frame in got if frame["type"] == "error"]


#: Whole numbers as a hostile client writes them, and the words of the line that refuses each (after the field's name).
NOT_WHOLE = [
    ("1.0", "must be a whole number, got a decimal number"),
    ("0.0", "must be a whole number, got a decimal number"),
    ("-0.0", "must be a whole number, got a decimal number"),
    ("1e2", "must be a whole number, got a decimal number"),
    ("true", "must be a whole number, got true/false"),
    ("false", "must be a whole number, got true/false"),  # false == 0 in Python: never seat 0, turn 0
    ("-1", "must be at least"),
    (str(2**53 + 1), "must be at most"),
    ("1" + "0" * 40, "must be at most"),
]


@pytest.mark.parametrize("field", ["id", "seat", "round", "turn"])
async def test_a_whole_number_written_otherwise_is_one_error_naming_the_field_and_what_it_takes(
    field: str, tmp_path: Path
) -> None:
    with faults_logged() as heard:
        async with a_table(tmp_path) as (host, _, _):
            for written, words in NOT_WHOLE:
                errors = await _errors_to(host, _with(field, written))
                assert errors == [errors[0]] and errors[0].startswith(f"{field}: {words}"), (written, errors)
            for written, words in (("9" * 5000, "more than 4300 digits"), ("1e400", "beyond any yaniv reads")):
                errors = await _errors_to(host, _with(field, written))
                assert len(errors) == 1 and errors[0].startswith("not JSON: ") and words in errors[0], errors
    assert [record.getMessage() for record in heard] == []


async def test_json_nested_as_deep_as_the_size_limit_holds_is_one_error_and_one_byte_more_another(
    tmp_path: Path,
) -> None:
    """An action whose action is arrays in arrays, the whole frame exactly MAX_MESSAGE bytes: read and refused as
    nested too deep (never the parser's recursion, never the handler); one byte more: refused by its size, unread."""
    opening, closing = _with("action", "@").split("@")
    depth = (MAX_MESSAGE - len(opening) - len(closing)) // 2
    at_limit = opening + "[" * depth + "]" * depth + closing
    at_limit = at_limit[:-1] + " " * (MAX_MESSAGE - len(at_limit)) + "}"
    assert len(at_limit.encode()) == MAX_MESSAGE
    with faults_logged() as heard:
        async with a_table(tmp_path) as (host, _, _):
            assert await _errors_to(host, at_limit) == ["not JSON: nested too deep"]
            assert await _errors_to(host, at_limit + " ") == [f"a message of over {MAX_MESSAGE // 1024} KiB"]
            deep = json.dumps({"v": VERSION, "type": "say", "text": "@"}).replace(
                '"@"', '{"a":' * 10_000 + "1" + "}" * 10_000
            )
            assert await _errors_to(host, deep) == ["not JSON: nested too deep"]
    assert [record.getMessage() for record in heard] == []


async def test_a_key_no_message_of_its_type_has_is_one_error_naming_it(tmp_path: Path) -> None:
    async with a_table(tmp_path) as (host, _, _):
        errors = await _errors_to(host, json.dumps({**ACTION, "colour": "red"}))
        assert errors == [
            f"unknown key 'colour' in an action message: it has v, type, id, seat, round, turn, action"
            f" (this yaniv speaks version {VERSION})"
        ]
        errors = await _errors_to(host, json.dumps({**ACTION, "action": {"kind": "call", "drop": ["5H"]}}))
        assert errors == ["unknown key 'drop' in a call action: it has kind"]


async def test_an_action_out_of_turn_or_for_another_seat_is_one_error_naming_whose_turn_or_seat_it_is(
    tmp_path: Path,
) -> None:
    """It is the bot's turn (a_table): an attacker's call is refused by whose turn it is, with its id; one naming
    Ann's seat is refused by the seat it plays. Neither is a fault, and neither changes the table."""
    async with a_table(tmp_path) as (host, _, _):
        errors = await _errors_to(host, json.dumps({**ACTION, "id": 7}))
        assert errors == [f"it is not your turn: wait for {host.names[host.game.current]}"]
        errors = await _errors_to(host, json.dumps({**ACTION, "seat": 0}))
        assert errors == ["you play seat 1, not seat 0"]


async def test_a_watchers_play_is_one_error_saying_a_watcher_does_not_play(tmp_path: Path) -> None:
    async with a_table(tmp_path) as (host, _, _):
        before = game_to_dict(host.game)
        ws = await raw(host)
        try:
            await ws.send(json.dumps({"v": VERSION, "type": "watch", "code": host.code}))
            await ws.send(json.dumps(ACTION))
            errors: list[str] = []
            while not errors:
                frame = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
                errors += [frame["message"]] if frame["type"] == "error" else []
            assert errors == [WATCHERS_DO_NOT_PLAY]
            assert game_to_dict(host.game) == before and host.watchers == 1
        finally:
            await ws.close()
        await eventually(lambda: host.watchers == 0)


async def test_a_join_whose_code_is_too_long_is_one_error_saying_what_a_room_code_is_and_a_close(
    tmp_path: Path,
) -> None:
    async with a_table(tmp_path) as (host, _, _):
        ws = await raw(host)
        await ws.send(json.dumps({"v": VERSION, "type": "join", "code": "K" * 65}))
        got = []
        with contextlib.suppress(ConnectionClosed):
            while True:
                got.append(json.loads(await asyncio.wait_for(ws.recv(), LIMIT)))
        line = "code: too long (65 characters): a room code is 4 letters or digits"
        assert [(frame["type"], frame.get("message")) for frame in got] == [("error", line), ("bye", None)], got


async def test_a_seats_frame_past_the_wire_limit_closes_its_connection_alone(tmp_path: Path) -> None:
    """Past host.MAX_WIRE, the WebSocket layer reads nothing of a frame: the connection is closed (1009, message too
    big) with no error frame, its seat away; Ann, beside it, plays on (a_table checks)."""
    async with a_table(tmp_path) as (host, _, _):
        before = game_to_dict(host.game)
        ws, welcome = await joined_raw(host)
        await ws.send(_with("action", '"' + "x" * MAX_WIRE + '"'))
        with pytest.raises(ConnectionClosed):
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
                assert frame["type"] in ("state", "said", "seat"), frame
        assert ws.close_code == 1009
        await eventually(lambda: host.status(welcome["seat"]) == "away")
        assert game_to_dict(host.game) == before
