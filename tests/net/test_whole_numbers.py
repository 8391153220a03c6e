"""Every whole number a message holds (its version too) is a JSON number without a fraction: `7.0`, `true` or
`false` in its place is refused in one line naming what is allowed, by both sides and over the wire."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from netplay import LIMIT, new_game, started
from websockets.asyncio.client import connect

from yaniv_tui.bots import EasyBot
from yaniv_tui.engine import CallYaniv, Game, KeepCard, Play, Seat, SlapDown, parse_cards
from yaniv_tui.net.protocol import (
    VERSION,
    ActionMessage,
    ClockState,
    Error,
    ProtocolError,
    Said,
    SeatNews,
    State,
    Welcome,
    encode,
    from_client,
    from_host,
)
from yaniv_tui.net.secrets_gate import new_token

pytestmark = pytest.mark.slow

#: A whole number's path in a message: the keys and list places down to it.
Where = tuple[str | int, ...]


def _whole_numbers(value: Any, path: Where = ()) -> Iterator[Where]:
    """The path of every whole number (not true or false) in `value`, a message's JSON data."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _whole_numbers(item, (*path, key))
    elif isinstance(value, list):
        for place, item in enumerate(value):
            yield from _whole_numbers(item, (*path, place))
    elif type(value) is int:
        yield path


def _with(data: Any, path: Where, value: Any) -> Any:
    """A copy of `data` with `value` at `path`."""
    copy = json.loads(json.dumps(data))
    place = copy
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return copy


def _a_played_game() -> Game:
    """A game of three seats a round and a few turns in, so its views hold a history, a log and scores."""
    game = new_game([Seat.remote(), Seat.remote(), Seat.bot("easy")], seed=5)
    bot = EasyBot(seed=1)
    for _ in range(400):
        if game.round_no >= 2 and len(game.log) >= 3:
            return game
        game = game.apply(bot.choose(game.view(game.current)))
    raise AssertionError("no second round within 400 turns")


def _client_messages() -> list[str]:
    cards = parse_cards("5H 5S 9C KS JK 6H 5D")
    return [
        encode(ActionMessage(3, 1, CallYaniv(), 1, 0)),
        encode(ActionMessage(4, 0, Play(cards[:2], cards[2]), 2, 7)),
        encode(ActionMessage(8, 1, Play((cards[3],), cards[4], cards[5]), 4, 12)),
        encode(ActionMessage(6, 2, SlapDown(cards[6]), 1, 2)),
        encode(ActionMessage(7, 2, KeepCard(), 1, 2)),
    ]


def _host_messages() -> list[str]:
    game = _a_played_game()
    clock = ClockState(1200, (0, 1, 0), (2,))
    return [
        encode(Welcome(1, new_token(), "K7QF", ("Ann", "Ben", "Cy"), ("remote", "remote", "bot:easy"))),
        encode(State(game.view(1), ("joined", "joined", "here"), 2, watchers=3, clock=clock)),
        encode(State(game.watcher_view(), ("joined", "away", "here"), None, watchers=1)),
        encode(Error("no", 3)),
        encode(Said(1, "your turn")),
        encode(SeatNews(1, "handed", "easy")),
    ]


def _cases(messages: Callable[[], list[str]]) -> list[tuple[str, Where, Any]]:
    """Each message with one of its whole numbers written as a fraction (7.0), or as true or false."""
    cases = []
    for text in messages():
        data = json.loads(text)
        for where in _whole_numbers(data):
            for value in (float(_at(data, where)), True, False):
                cases.append((json.dumps(_with(data, where, value)), where, value))
    return cases


def _at(data: Any, path: Where) -> Any:
    for step in path:
        data = data[step]
    return data


def _refused(read: Callable[[str], object], text: str, path: Where, value: Any) -> str:
    with pytest.raises(ProtocolError) as caught:
        read(text)
    why = str(caught.value)
    assert "\n" not in why, why
    return why


def test_every_whole_number_of_every_message_is_found() -> None:
    """The cases below reach every kind of number: a view's nested ones, the clock's, the rules' pairs."""
    found = {path for _, path, _ in _cases(_client_messages)} | {path for _, path, _ in _cases(_host_messages)}
    for wanted in [
        ("v",),
        ("id",),
        ("round",),
        ("turn",),
        ("seat",),
        ("re",),
        ("watchers",),
        ("clock", "left_ms"),
        ("clock", "timeouts", 1),
        ("view", "deck_size"),
        ("view", "round_no"),
        ("view", "hand_sizes", 0),
        ("view", "scores", 0),
        ("view", "log", 0, "seat"),
    ]:
        assert wanted in found, wanted
    assert any(path[:2] == ("view", "history") for path in found)
    assert any(path[:2] == ("view", "rules") for path in found)


def test_a_version_that_is_not_a_whole_number_is_refused_naming_the_version_spoken() -> None:
    for text in _client_messages()[:1]:
        for value in (7.0, True, False, "7", None):
            why = _refused(from_client, json.dumps(_with(json.loads(text), ("v",), value)), ("v",), value)
            assert f"this yaniv speaks version {VERSION}" in why and "a whole number" in why, why
    for text in _host_messages()[-2:]:
        why = _refused(from_host, json.dumps(_with(json.loads(text), ("v",), 7.0)), ("v",), 7.0)
        assert f"this yaniv speaks version {VERSION}" in why, why


@pytest.mark.parametrize(("text", "path", "value"), _cases(_client_messages))
def test_a_clients_whole_number_as_a_fraction_or_true_false_is_refused(text: str, path: Where, value: Any) -> None:
    _refused(from_client, text, path, value)


@pytest.mark.parametrize(("text", "path", "value"), _cases(_host_messages))
def test_a_hosts_whole_number_as_a_fraction_or_true_false_is_refused(text: str, path: Where, value: Any) -> None:
    _refused(from_host, text, path, value)


async def test_a_join_of_version_seven_point_oh_gets_an_error_frame_naming_the_version(tmp_path: Path) -> None:
    game = new_game([Seat.remote(), Seat.bot("easy")], seed=2)
    host = await started(game, [Seat.remote(), Seat.bot("easy")])
    try:
        for version in ("7.0", "true"):
            async with connect(f"ws://127.0.0.1:{host.port}/", open_timeout=LIMIT) as ws:
                await ws.send(f'{{"v": {version}, "type": "join", "code": "{host.code}", "name": "Noa"}}')
                frame = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
                assert frame["type"] == "error", frame
                assert f"this yaniv speaks version {VERSION}" in frame["message"], frame
                assert "\n" not in frame["message"]
        assert host.names[0] != "Noa"  # nobody was seated by either
    finally:
        await host.stop()
