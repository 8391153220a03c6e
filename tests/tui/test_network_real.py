"""The table over a REAL network on 127.0.0.1 (port 0): `yaniv host`'s app with TableClient seats, and `yaniv join`'s
app at a TableHost served by `serve_headless` (openings.real_host), driven by Pilot keys. Every wait is bounded (LIMIT
seconds)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from openings import joined_app, real_host, serving
from textual.pilot import Pilot
from textual.widgets import Input
from tui_helpers import SIZE, cards_in, choose_play, game_of, keys_for, screen_text

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli.host import host_factory
from yaniv_tui.cli.parser import parse
from yaniv_tui.cli.play import options_from_args
from yaniv_tui.engine import CallYaniv, Card, Game, IllegalActionError, PlayerView, hand_value
from yaniv_tui.net import TableClient, TableClosed, TableHost
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.words import capital
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.join import JoinScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.table import SeatPanel

#: Every wait on the network (or on the app that waits on it) is bounded by this many seconds.
LIMIT = 30.0
T = TypeVar("T")


async def until(pilot: Pilot[None], done: Callable[[], object], what: str, seconds: float = LIMIT) -> None:
    """Let the app run until `done()` holds; AssertionError naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened within {seconds} s: {what}")
        await pilot.pause(0.01)


async def bounded(awaitable: Awaitable[T], what: str, seconds: float = LIMIT) -> T:
    try:
        return await asyncio.wait_for(awaitable, seconds)
    except TimeoutError:
        raise AssertionError(f"never happened within {seconds} s: {what}") from None


async def bot_seat(client: TableClient, taken: list[int]) -> None:
    """Play the client's seat by a MediumBot on its own view until the game is over or the table goes; each action
    the host took is counted in `taken` (by seat)."""
    bot = MediumBot()
    with contextlib.suppress(TableClosed):
        while client.view.phase != "over":
            if client.view.current == client.seat:
                await client.send(bot.choose(client.view))
                taken[client.seat] += 1
            await client.changed()


def subtitle(app: YanivApp, seat: int) -> str:
    return str(app.screen.query_one(f"#seat-{seat}", SeatPanel).border_subtitle)


async def key_turn(pilot: Pilot[None], host: TableHost | None = None) -> int:
    """Play this screen's turn with keys (the cards' numbers, enter, 0 or a pile number; y; enter to slap), and wait
    until the host took it and its answer is on the table. A joined table holds only the host's view, a new one
    after each change (with no turn count): given the `host`, its count says the move was taken."""
    app = pilot.app
    table = app.screen
    assert isinstance(table, TableScreen) and table.stage != "wait"
    game = host.game if host is not None else game_of(table)
    before, shown = game.turns, table.session.view(None)
    keys = ["enter"] if table.stage == "slap" else keys_for(table, choose_play(table))
    await pilot.press(*keys)

    def answered() -> bool:
        taken = game.turns > before
        return taken and (host is None or table.session.view(None).seen != shown.seen)

    await until(pilot, lambda: answered() or table.message or app.screen is not table, f"the host's answer to {keys}")
    assert not table.message, table.message
    assert answered()
    return before


# -- 1a: the host's own app (`yaniv host --players "Ann,remote,remote,bot:medium"`) ----------------------------


def host_app() -> YanivApp:
    """The app `yaniv host` opens (cli/host.py: host_factory, then launch.run_app), on a free port of 127.0.0.1."""
    args = parse(
        ["host", "--players", "Ann,remote,remote,bot:medium", "--port", "0", "--seed", "3", "--bot-delay", "0"]
    )
    options, launch = options_from_args(argparse.Namespace(**{**vars(args), "command": None}), hosting=True)
    assert options is not None
    return YanivApp(options, launch, hosting=host_factory(args))


async def test_the_hosts_app_plays_with_two_real_clients_that_join_and_leave(tmp_path: Path) -> None:
    app = host_app()
    clients: list[TableClient] = []
    loops: list[asyncio.Task[None]] = []
    taken = [0, 0, 0, 0]
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.table_host is not None, "the table")
            screen, host = app.screen, app.table_host
            assert isinstance(screen, TableScreen) and isinstance(host, TableHost)
            table = screen  # a TableScreen to mypy even after `app.screen is table` below
            assert host.host == "127.0.0.1" and host.port != 0  # port 0: the real one is known once it listens
            await until(pilot, lambda: host.join_command() in screen_text(app), "the join command shown")
            for seat in (1, 2):
                assert "waiting" in subtitle(app, seat), subtitle(app, seat)

            for label in ("noa", "ben"):
                client = await bounded(
                    TableClient.join(
                        f"127.0.0.1:{host.port}", host.code, name=label.title(), token_file=tmp_path / f"{label}.token"
                    ),
                    f"{label} joins",
                )
                clients.append(client)
            assert [c.seat for c in clients] == [1, 2]
            await until(
                pilot,
                lambda: all("joined" in subtitle(app, seat) for seat in (1, 2)),
                "both remote seats shown as joined",
            )
            assert host.statuses == ("here", "joined", "joined", "here")
            # The names the joiners gave are the seats' names at the host's table.
            await until(pilot, lambda: "Noa" in screen_text(app) and "Ben" in screen_text(app), "the joiners' names")
            loops = [asyncio.create_task(bot_seat(c, taken)) for c in clients]

            # Ann plays by keys; the remote seats and the bot play in between; the game moves on.
            ann_turns = 0
            start = game_of(table).turns
            deadline = time.monotonic() + LIMIT
            while ann_turns < 4 or game_of(table).turns < start + 12:
                assert time.monotonic() < deadline, "the game did not move on"
                await until(
                    pilot,
                    lambda: app.screen is not table or table.stage != "wait",
                    "Ann's turn or a round's end",
                )
                if isinstance(app.screen, RoundEndScreen):
                    await pilot.press("enter")
                    await until(pilot, lambda: app.screen is table, "back at the table after the round")
                    continue
                assert app.screen is table, type(app.screen).__name__
                await key_turn(pilot)
                ann_turns += 1
            assert game_of(table).turns >= start + 12
            # At Ann's turn the table waits for her: every client's view shows the host's game as it is now.
            await ann_to_play(pilot, table)
            assert host.game is game_of(table)
            for client in clients:
                await until(pilot, lambda client=client: same_public(client.view, game_of(table)), "the views agree")  # type: ignore[misc]
                assert client.view.hand == tuple(game_of(table).hand(client.view.seat))
                assert client.statuses == ("here", "joined", "joined", "here")
            assert not any(loop.done() for loop in loops), [loop for loop in loops if loop.done()]
            assert taken[1] >= 1 and taken[2] >= 1, taken  # both remote seats played through the host

            # Ben drops out: his seat shows as away at the host's table.
            loops[1].cancel()
            await clients[1].close()
            await until(pilot, lambda: "away" in subtitle(app, 2), "Ben's seat shown as away")
            assert app.screen.query_one("#seat-2", SeatPanel).has_class("-away")
            assert "joined" in subtitle(app, 1)

            await app.action_quit()  # stops the host: Noa's client hears the table close
            await bounded(asyncio.shield(loops[0]), "Noa's client told the table closed")
            assert clients[0].closed_reason is not None
    finally:
        for loop in loops:
            loop.cancel()
        for client in clients:
            await client.close()
        if app.table_host is not None:
            await app.table_host.stop()


async def ann_to_play(pilot: Pilot[None], table: TableScreen) -> None:
    """Past any round's end screen, to the host's own seat's turn."""
    app = pilot.app
    await until(pilot, lambda: app.screen is not table or table.stage != "wait", "Ann's turn or a round's end")
    while isinstance(app.screen, RoundEndScreen):
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not table or table.stage != "wait", "Ann's turn")
    assert app.screen is table and table.stage != "wait"


def same_public(view: PlayerView, real: Game) -> bool:
    """Whether a seat's view shows what everyone sees of the real game."""
    return (
        list(view.seen) == real.log
        and list(view.history) == real.history
        and list(view.scores) == real.scores
        and view.previous_drop == real.pile[-1]
        and view.current == real.current
        and view.round_no == real.round_no
    )


# -- 1b, 1c: `yaniv join`'s app at a real TableHost served headless ---------------------------------------------


async def joined_table(pilot: Pilot[None]) -> TableScreen:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, TableScreen), "the joined table")
    table = app.screen
    assert isinstance(table, TableScreen) and isinstance(table.session, ClientSession)
    return table


def hidden_cards_shown(host: TableHost, table: TableScreen, text: str) -> list[Card]:
    """Cards of the other seats' hands (the host's real ones) on this screen."""
    view = table.session.view(None)
    # What everyone saw: the pile, and the cards taken from it this round (the log says who took which).
    public = {*view.discards, *view.previous_drop} | {t.take for t in view.seen if t.take is not None}
    seat = table.session.client.seat  # type: ignore[attr-defined]
    hidden = set()
    for other in range(len(host.game.players)):
        if other != seat:
            hidden |= {c for c in host.game.hand(other) if not c.is_joker}
    hidden -= public | set(host.game.hand(seat))
    assert hidden, "nothing hidden to look for"
    return cards_in(text, sorted(hidden))


async def test_a_joined_player_plays_by_keys_at_a_real_host_then_rejoins_the_same_seat(tmp_path: Path) -> None:
    async with real_host(tmp_path) as host:
        served = serving(host)
        app = joined_app(host)
        async with app.run_test(size=SIZE) as pilot:
            table = await joined_table(pilot)
            assert isinstance(table.session, ClientSession)
            client = table.session.client
            assert isinstance(client, TableClient)
            assert client.seat == 1 and table.viewer == 1
            assert host.status(1) == "joined" and host.names[1] == "Noa"
            await until(pilot, lambda: table.stage == "choose", "Noa's first turn")
            assert host.game.turns == 0  # the host waited for her
            assert same_public(table.session.view(1), host.game)
            # Her hand is on screen, and no card of another hand.
            text = screen_text(app)
            mine = list(host.game.hand(1))
            assert table.session.view(1).hand == host.game.hand(1)
            assert cards_in(text, mine) == mine
            assert hidden_cards_shown(host, table, text) == []

            for _ in range(3):
                before = await key_turn(pilot, host)
                # The bots answer at the host; the table moves on to her next turn (or a round's end).
                await until(
                    pilot,
                    lambda before=before: (  # type: ignore[misc]
                        app.screen is not table or (table.stage != "wait" and host.game.turns > before + 1)
                    ),
                    "the bots' replies, then Noa's turn again",
                )
                while isinstance(app.screen, RoundEndScreen):
                    await pilot.press("enter")
                    await until(
                        pilot, lambda: app.screen is not table or table.stage != "wait", "the next round, her turn"
                    )
                assert app.screen is table and table.stage != "wait"
                assert same_public(table.session.view(1), host.game)
                text = screen_text(app)
                mine = list(host.game.hand(1))
                assert table.session.view(1).hand == host.game.hand(1)
                assert cards_in(text, mine) == mine
                assert hidden_cards_shown(host, table, text) == []
            token, turns = client.token, host.game.turns
            assert not served.done()
        # The app closed: its seat is away at the host, and the game waits for her.
        await bounded(_status(host, 1, "away"), "Noa shown as away at the host")
        assert host.game.turns == turns and not served.done()

        app = joined_app(host)  # the same command again: the token kept in the data folder takes the same seat
        async with app.run_test(size=SIZE) as pilot:
            table = await joined_table(pilot)
            assert isinstance(table.session, ClientSession)
            again = table.session.client
            assert isinstance(again, TableClient)
            assert again.seat == 1 and again.token == token
            assert host.status(1) == "joined"
            await until(pilot, lambda: table.stage != "wait", "Noa's turn after rejoining")
            assert host.game.turns == turns and same_public(table.session.view(1), host.game)
            assert list(table.session.view(1).hand) == list(host.game.hand(1))
            await key_turn(pilot, host)
            await until(pilot, lambda: host.game.turns > turns, "the host took her move after the rejoin")


async def _status(host: TableHost, seat: int, status: str) -> None:
    while host.status(seat) != status:
        await asyncio.sleep(0.01)


async def test_an_action_the_real_host_refuses_is_said_in_the_message_line(tmp_path: Path) -> None:
    async with real_host(tmp_path) as host:
        rules = host.game.rules
        assert not rules.may_call(hand_value(host.game.hand(1), rules)), (
            "the deal must give the remote seat a hand over the limit"
        )
        app = joined_app(host)
        async with app.run_test(size=SIZE) as pilot:
            table = await joined_table(pilot)
            await until(pilot, lambda: table.stage == "choose", "Noa's first turn")
            assert host.game.players[1] == "Noa"  # the name she joined with, which the engine's line says
            try:
                host.game.clone().apply(CallYaniv())
            except IllegalActionError as error:
                expected = str(error)
            else:
                raise AssertionError("the engine took a Yaniv over the limit")
            await pilot.press("y")  # over the limit: the key sends the call, and the host says why not
            await until(pilot, lambda: table.message, "the host's refusal in the message line")
            assert table.message == expected
            assert capital(expected) in screen_text(app)  # shown in the screen's voice
            assert table.stage == "choose" and host.game.turns == 0
            await key_turn(pilot, host)  # and a legal move still goes through
            assert host.game.turns >= 1


async def test_a_joiner_whose_host_stops_is_told_why_and_takes_its_seat_again_once_the_host_is_back(
    tmp_path: Path,
) -> None:
    """No standings of a game that did not end: the join screen says what happened, its fields filled, and joining
    again takes the same seat at the host brought back (as `yaniv host --resume` does: same port, code, tokens)."""
    back: TableHost | None = None
    async with real_host(tmp_path, served=False) as host:
        game, seats = host.game, host.seats
        try:
            app = joined_app(host)
            async with app.run_test(size=SIZE) as pilot:
                table = await joined_table(pilot)
                token = table.session.client.token  # type: ignore[attr-defined]
                await until(pilot, lambda: table.stage == "choose", "Noa's first turn")
                await host.stop()
                await until(pilot, lambda: isinstance(app.screen, JoinScreen), "the join screen, saying why")
                assert not any(isinstance(screen, GameEndScreen) for screen in app.screen_stack)
                await pilot.pause()
                await until(pilot, lambda: "stopped before its end" in screen_text(app), "the reason, drawn")
                text = screen_text(app)
                assert "The game stopped before its end" in text and "the table closed" in text
                assert "once the host is back" not in text and "after 0 rounds" not in text
                fields = [app.screen.query_one(f"#join-{f}", Input).value for f in ("address", "code", "name")]
                assert fields == [f"127.0.0.1:{host.port}", host.code, "Noa"]
                # As `yaniv host --resume` does: its save holds the names its joiners took (table/hosted.py names the
                # game's seat when one joins), and a kept token comes back only under its seat's name.
                game.players = tuple(host.names)
                back = TableHost(game, seats, host="127.0.0.1", port=host.port, code=host.code, tokens=host.tokens)
                await back.start()
                await pilot.click("#join")
                table = await joined_table(pilot)
                again = table.session.client  # type: ignore[attr-defined]
                assert again.seat == 1 and again.token == token
                assert back.status(1) == "joined"
        finally:
            if back is not None:
                await back.stop()
