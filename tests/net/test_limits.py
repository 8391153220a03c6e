"""Wrong room codes are slowed without locking out the right ones from the same address, and behind a proxy the
host is told to trust, each player's own address (X-Forwarded-For) is the one counted."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from netplay import LIMIT, new_game, started
from test_faults import join_frame
from websockets.asyncio.client import ClientConnection, connect

from yaniv_tui.engine import Seat
from yaniv_tui.net import TableHost, secrets_gate
from yaniv_tui.net.link import client_address
from yaniv_tui.net.secrets_gate import MAX_WAITING_JOINS, MAX_WRONG

#: Why a guesser's refusal came late, as it says.
SLOWED = "too many wrong tries came from your address lately"
SEATS = [*(Seat.remote() for _ in range(6)), Seat.bot("easy", "Bot")]


def wrong_code(table: TableHost) -> str:
    return "ZZZZ" if table.code != "ZZZZ" else "YYYY"


async def sent_join(table: TableHost, code: str, forwarded: str | None = None) -> ClientConnection:
    """A connection that has sent its join (its answer not read yet), from 127.0.0.1 or a forwarded address."""
    headers = None if forwarded is None else {"X-Forwarded-For": forwarded}
    ws = await asyncio.wait_for(
        connect(f"ws://127.0.0.1:{table.port}/", compression=None, additional_headers=headers), LIMIT
    )
    await ws.send(join_frame(code))
    return ws


async def answer(ws: ClientConnection) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), LIMIT))
    await ws.close()
    return frame


async def test_right_code_joins_from_an_address_that_also_sends_wrong_codes_are_all_seated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Friends behind one address (a proxy, `yaniv serve`) join while something there keeps sending wrong codes,
    without waiting for answers: every right code is seated, every wrong one told so, none turned away "busy"."""
    monkeypatch.setattr(secrets_gate, "SLOW_ANSWER", 1.0)
    table = await started(new_game(SEATS), SEATS)
    try:
        for _ in range(MAX_WRONG):  # the address is now a guesser's: each further wrong code is answered slowly
            assert (await answer(await sent_join(table, wrong_code(table))))["message"] == "wrong room code"
        kinds = ["right" if i % 4 == 3 else "wrong" for i in range(24)]
        sent = [await sent_join(table, table.code if kind == "right" else wrong_code(table)) for kind in kinds]
        answers = await asyncio.gather(*(answer(ws) for ws in sent))
        seated = [a["type"] for a, kind in zip(answers, kinds, strict=True) if kind == "right"]
        refused = [a.get("message") for a, kind in zip(answers, kinds, strict=True) if kind == "wrong"]
        assert seated == ["welcome"] * 6
        assert refused == [f"wrong room code (answered after 1 s: {SLOWED})"] * 18
    finally:
        await table.stop()


async def test_behind_a_trusted_proxy_a_guesser_does_not_slow_the_players_it_forwards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(secrets_gate, "SLOW_ANSWER", 3.0)
    table = await started(new_game(SEATS), SEATS, trust_proxy="127.0.0.1")
    try:
        guesser = "203.0.113.9"
        for _ in range(MAX_WRONG):
            await answer(await sent_join(table, wrong_code(table), guesser))
        # The guesser's next tries are held for their slow answers, as many at once as it may have...
        held = [await sent_join(table, wrong_code(table), guesser) for _ in range(MAX_WAITING_JOINS)]
        # ...while a friend behind the same proxy joins at once: the proxy says who is who.
        friend = await answer(await sent_join(table, table.code, "198.51.100.7"))
        assert friend["type"] == "welcome"
        for ws in held:
            await ws.close()
    finally:
        await table.stop()


@pytest.mark.parametrize(
    ("peer", "forwarded", "trusted", "address"),
    [
        ("127.0.0.1", ["203.0.113.9"], "127.0.0.1", "203.0.113.9"),
        # The proxy appends the address it saw: what comes before it was written by the client, and is not believed.
        ("127.0.0.1", ["10.9.9.9, 203.0.113.9"], "127.0.0.1", "203.0.113.9"),
        ("127.0.0.1", ["10.9.9.9", "203.0.113.9"], "127.0.0.1", "203.0.113.9"),
        ("127.0.0.1", ["2001:db8::7"], "127.0.0.1", "2001:db8::7"),
        ("::ffff:127.0.0.1", ["203.0.113.9"], "127.0.0.1", "203.0.113.9"),
        # Not from the trusted proxy, or no proxy trusted: the header is anyone's to write, and ignored.
        ("192.0.2.4", ["203.0.113.9"], "127.0.0.1", "192.0.2.4"),
        ("127.0.0.1", ["203.0.113.9"], None, "127.0.0.1"),
        # From the proxy, but nothing usable in it: the proxy's own address.
        ("127.0.0.1", [], "127.0.0.1", "127.0.0.1"),
        ("127.0.0.1", ["not-an-address"], "127.0.0.1", "127.0.0.1"),
    ],
)
def test_x_forwarded_for_is_believed_only_from_the_trusted_proxy(
    peer: str, forwarded: list[str], trusted: str | None, address: str
) -> None:
    assert client_address(peer, forwarded, trusted) == address


async def test_a_guesser_rotating_ipv6_addresses_of_one_network_is_slowed_as_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Behind a proxy that takes IPv6, one guesser holds a whole /64 (2**64 addresses): its wrong codes count
    together, however it rotates them. Before, each address had its own MAX_WRONG quick tries, so no guesser was
    ever slowed."""
    monkeypatch.setattr(secrets_gate, "SLOW_ANSWER", 1.0)
    table = await started(new_game(SEATS), SEATS, trust_proxy="127.0.0.1")
    try:
        for n in range(MAX_WRONG):
            await answer(await sent_join(table, wrong_code(table), f"2001:db8:1:2::{n + 1:x}"))
        started_at = asyncio.get_running_loop().time()
        refused = await answer(await sent_join(table, wrong_code(table), "2001:db8:1:2:aaaa::99"))
        assert refused["message"] == f"wrong room code (answered after 1 s: {SLOWED})"
        assert asyncio.get_running_loop().time() - started_at >= 0.9  # answered slowly: a guesser's
        # Another network is another guesser's, or a player's: answered at once.
        started_at = asyncio.get_running_loop().time()
        await answer(await sent_join(table, wrong_code(table), "2001:db8:1:3::1"))
        assert asyncio.get_running_loop().time() - started_at < 0.9
    finally:
        await table.stop()


@pytest.mark.parametrize(
    ("address", "group"),
    [
        ("203.0.113.9", "203.0.113.9"),
        ("2001:db8:1:2::7", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("::1", "::/64"),
        ("not-an-address", "not-an-address"),
    ],
)
def test_an_ipv6_address_counts_as_its_network(address: str, group: str) -> None:
    assert secrets_gate.address_group(address) == group


async def test_joins_waiting_from_one_ipv6_network_are_capped_as_from_one_address() -> None:
    """Connections that never join, each from another address of one /64, cannot fill the table: the ninth is
    closed as busy. Before, each address had its own cap, and one network could hold all the table's connections."""
    table = await started(new_game(SEATS), SEATS, trust_proxy="127.0.0.1")
    idle: list[ClientConnection] = []
    try:
        for n in range(MAX_WAITING_JOINS):
            headers = {"X-Forwarded-For": f"2001:db8:1:2::{n + 1:x}"}
            idle.append(await connect(f"ws://127.0.0.1:{table.port}/", additional_headers=headers))
        await asyncio.sleep(0.05)
        extra = await connect(
            f"ws://127.0.0.1:{table.port}/", additional_headers={"X-Forwarded-For": "2001:db8:1:2::ff"}
        )
        frame = json.loads(await asyncio.wait_for(extra.recv(), LIMIT))
        assert frame["message"] == secrets_gate.BUSY
        await extra.close()
        # From another network, a player joins.
        assert (await answer(await sent_join(table, table.code, "2001:db8:9::1")))["type"] == "welcome"
    finally:
        for ws in idle:
            await ws.close()
        await table.stop()


async def test_a_wrong_code_is_answered_at_once_and_a_slowed_one_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong room code is told as soon as the host checks it, but once an address has sent MAX_WRONG of them in a
    minute its refusals are held SLOW_ANSWER seconds on purpose, against guessing; before, they said only "wrong room
    code", so a friend who mistyped it there (friends on one machine or behind one router share an address) waited
    2.5 s with no word why. The line says so."""
    monkeypatch.setattr(secrets_gate, "SLOW_ANSWER", 0.2)
    table = await started(new_game(SEATS), SEATS)
    try:
        for _ in range(MAX_WRONG):
            assert (await answer(await sent_join(table, wrong_code(table))))["message"] == "wrong room code"
        slowed = (await answer(await sent_join(table, wrong_code(table))))["message"]
        assert slowed == f"wrong room code (answered after 0.2 s: {SLOWED})", slowed
    finally:
        await table.stop()
