"""A joined player's hand title says the card they took this turn ("you took 5♥", `tui/screens/table_view.hand_title`):
after a rejoin it still does, the host telling the seat's first state which card its player took (their own card,
never another seat's)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from pathlib import Path

import pytest
from netplay import LIMIT, eventually, joined, new_game, started, until

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Card, Play, Seat
from yaniv_tui.net import TableClient
from yaniv_tui.net.protocol import ProtocolError, State, encode, from_host
from yaniv_tui.store import History
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.headless import serve_headless


async def _played_once(client: TableClient) -> Card:
    """Play one turn of `client`'s seat by a medium bot; the card it took (from the deck or the pile)."""
    await until(client, lambda c: c.view.is_my_turn)
    before = client.view
    action = MediumBot().choose(before)
    assert isinstance(action, Play)
    turns = len(before.seen)
    await client.send(action)
    await until(client, lambda c: len(c.view.seen) > turns and c.view.round_no == before.round_no)
    drawn = Counter(client.view.hand) - (Counter(before.hand) - Counter(action.drop))
    return next(iter(drawn))


@pytest.mark.parametrize("seed", [3, 8])  # Ann's first play takes the deck's card (3), a card of the pile (8)
async def test_a_rejoined_seat_is_told_the_card_it_took_this_turn(tmp_path: Path, seed: int) -> None:
    """It was not: the joined screen's session started with no card taken, and the title lost "you took"."""
    seats = [Seat.remote(), Seat.remote(), Seat.bot("medium")]
    game = new_game(seats, seed=seed)
    host = await started(game, seats)
    try:
        ann = await joined(host, tmp_path, "ann", name="Ann")
        ben = await joined(host, tmp_path, "ben", name="Ben")
        with History(tmp_path / "h.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, history=history))
            took = await _played_once(ann)
            await ann.close()
            await eventually(lambda: host.status(0) == "away")
            again = await joined(host, tmp_path, "ann")
            assert ClientSession(again).meta.took == ((0, took),)
            # Ben, who joins again too, is told no card of Ann's, and a watcher none either.
            await ben.close()
            await eventually(lambda: host.status(1) == "away")
            ben = await joined(host, tmp_path, "ben")
            assert ClientSession(ben).meta.took == ()
            watcher = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{host.port}", host.code), LIMIT)
            assert ClientSession(watcher).meta.took == ()
            await watcher.close()
            table.cancel()
        await again.close()
        await ben.close()
    finally:
        await host.stop()


def test_a_state_whose_card_taken_is_not_in_its_hand_is_refused_in_one_line() -> None:
    """A host's first state names a card its seat took: one of that seat's hand, or the frame is refused; a
    watcher's state names none."""
    game = new_game([Seat.remote(), Seat.remote()], seed=1)
    view = game.view(0)
    state = State(view, ("joined", "joined"), took=view.hand[0])
    read = from_host(encode(state))
    assert isinstance(read, State) and read.took == view.hand[0]
    data = json.loads(encode(state))
    data["took"] = next(card for card in game.view(1).hand if card not in view.hand).code
    with pytest.raises(ProtocolError, match=r"^took: ") as refused:
        from_host(json.dumps(data))
    assert "\n" not in str(refused.value)
    watching = json.loads(encode(State(game.watcher_view(), ("joined", "joined"))))
    watching["took"] = view.hand[0].code
    with pytest.raises(ProtocolError, match=r"^took: "):
        from_host(json.dumps(watching))


async def test_a_new_player_in_a_seat_the_host_opened_is_told_no_card_taken(tmp_path: Path) -> None:
    """The card the seat's last player took is theirs to remember: someone new in the seat (the host opened it) did
    not take it, and their title does not say "you took" of it."""
    from yaniv_tui.table.hosted import HostedSession
    from yaniv_tui.table.options import GameOptions
    from yaniv_tui.table.runner import TableRunner

    seats = [Seat.remote("Ann"), Seat.bot("medium", "Bea")]
    game = new_game(seats, seed=3)
    host = await started(game, seats)
    session = HostedSession(GameOptions(game.rules, tuple(seats), seed=3, bot_delay=0.0), game=game, host=host)
    running = asyncio.create_task(TableRunner(session).run())
    try:
        ann = await joined(host, tmp_path, "ann", name="Ann")
        await _played_once(ann)
        assert session.took().get(0) is not None
        assert session.open_seat(0) is None
        await asyncio.wait_for(ann.lost(), LIMIT)
        newcomer = await joined(host, tmp_path, "dan", name="Dan")
        assert newcomer.seat == 0 and ClientSession(newcomer).meta.took == ()
        await newcomer.close()
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        session.close()
        await host.stop()
