"""Watching over a REAL network on 127.0.0.1: `yaniv watch`'s app and the join screen's Watch at a TableHost served by
`serve_headless` (bots play), and the "N watching" the host's own screen shows. Every wait is bounded."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from openings import joined_game
from test_network_real import LIMIT, bounded, host_app, until
from textual.pilot import Pilot
from textual.widgets import Input
from tui_helpers import SIZE, cards_in, screen_text

from yaniv_tui.cli.join import join_request
from yaniv_tui.cli.parser import parse
from yaniv_tui.engine import Card
from yaniv_tui.net import TableClient, TableHost
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.headless import serve_headless
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.join import JoinScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen


@contextlib.asynccontextmanager
async def bots_table(seed: int = 4) -> AsyncIterator[TableHost]:
    """A host on a free port of 127.0.0.1 whose remote seat is played by its away bot at once: bots play it all."""
    game, seats = joined_game(seed)
    host = TableHost(game, seats, host="127.0.0.1", port=0, away_bot="easy", away_after=0.0)
    await host.start()
    serving = asyncio.create_task(serve_headless(host, game, seats, bot_delay=0.3))
    try:
        yield host
    finally:
        serving.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await serving
        await host.stop()


def hands_shown(host: TableHost, text: str) -> list[Card]:
    """Cards of any seat's hand (the host's real ones) on a watcher's screen, but those the table saw taken."""
    game = host.game
    public = {*game.pile[-1], *(c for group in game.pile[:-1] for c in group)}
    public |= {turn.take for turn in game.log if turn.take is not None}
    held = {card for seat in range(len(game.players)) for card in game.hand(seat) if not card.is_joker}
    return cards_in(text, sorted(held - public))


async def watching_table(pilot: Pilot[None]) -> TableScreen:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, TableScreen), "the watched table")
    table = app.screen
    assert isinstance(table, TableScreen) and isinstance(table.session, ClientSession)
    assert table.session.is_watcher
    return table


async def test_yaniv_watch_follows_the_table_with_every_hand_face_down() -> None:
    async with bots_table() as host:
        request = join_request(parse(["watch", f"127.0.0.1:{host.port}", host.code]), watch=True)
        app = YanivApp(joining=request)
        async with app.run_test(size=SIZE) as pilot:
            table = await watching_table(pilot)
            assert host.watchers == 1
            await until(pilot, lambda: "you watch · 1 watching" in (table.sub_title or ""), "the title says so")
            assert table.viewer is None and table.session.humans == []
            # It follows the bots' moves: the log grows, no hand is ever on screen, and no key plays.
            await until(pilot, lambda: len(table.session.view(None).seen) > 0, "a move at the table")
            for _ in range(6):
                assert table.stage == "wait"
                assert hands_shown(host, screen_text(app)) == []
                await pilot.pause(0.2)
            shown = len(table.session.view(None).seen)
            await until(pilot, lambda: len(table.session.view(None).seen) > shown, "the bots play on")
            # Each round's reveal: the round's end shows every hand.
            await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), "a round's end", seconds=LIMIT * 2)
            await until(pilot, lambda: "End of round 1" in screen_text(app), "the round's end drawn")
            result = host.game.history[0]
            text = screen_text(app)
            revealed = [card for hand in result.hands if hand for card in hand if not card.is_joker]
            assert cards_in(text, revealed) and "End of round 1" in text


async def test_the_join_screens_watch_button_watches_instead_of_taking_a_seat() -> None:
    async with bots_table(seed=5) as host:
        app = YanivApp(joining=join_request(parse(["join"])))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, JoinScreen), "the join screen")
            screen = app.screen
            screen.query_one("#join-address", Input).value = f"127.0.0.1:{host.port}"
            screen.query_one("#join-code", Input).value = host.code
            await pilot.click("#watch")
            table = await watching_table(pilot)
            assert host.status(1) == "waiting"  # no seat taken: the remote seat is still free
            await until(pilot, lambda: "you watch" in (table.sub_title or ""), "the title says so")


async def test_the_hosts_screen_and_a_seat_say_how_many_watch(tmp_path: Path) -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the host's table")
        host = app.table_host
        assert isinstance(host, TableHost)
        table = app.screen
        assert isinstance(table, TableScreen)
        await until(pilot, lambda: bool(table.sub_title), "the host's title")
        assert "watching" not in str(table.sub_title)
        address = f"127.0.0.1:{host.port}"
        seat = await bounded(TableClient.join(address, host.code, token_file=tmp_path / "seat.token"), "a seat")
        watchers = [await bounded(TableClient.watch(address, host.code), "a watcher") for _ in range(2)]
        await until(pilot, lambda: "2 watching" in str(table.sub_title), "the host's title says 2 watching")
        await bounded(until_client(seat, 2), "the seat told 2 watching")
        await watchers[0].close()
        await until(pilot, lambda: "1 watching" in str(table.sub_title), "the host's title says 1 watching")
        await asyncio.gather(seat.close(), watchers[1].close())


async def until_client(client: TableClient, watchers: int) -> None:
    while client.watchers != watchers:
        await client.changed()
