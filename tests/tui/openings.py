"""The screens a test opens the app at, written once: each is an app to make and an opening that drives it there
(to the table, its round's end, the game's end, the replay, ...). The monkey and the resize tests run them."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from weakref import WeakKeyDictionary

from fake_net import fake_hosting
from textual.pilot import Pilot
from tui_helpers import hosted_app, make_app, on_screen, play_to_end, play_turn, settle, until

from yaniv_tui.cli.join import join_request
from yaniv_tui.cli.parser import parse
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.net import TableHost
from yaniv_tui.net.joining import JoinError, parse_address
from yaniv_tui.store import History
from yaniv_tui.table.headless import serve_headless
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.pass_turn import PassScreen
from yaniv_tui.tui.screens.replay import ReplayScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen

#: How a test brings the app it made to the screen it tests.
Opening = Callable[[Pilot[None]], Awaitable[None]]
#: A screen to test: the app to make, and the opening that brings it there.
At = tuple[Callable[[], YanivApp], Opening]

#: Pauses an opening waits at most for the bots to play on (each a `settle`).
STEPS = 400


def setup_app() -> YanivApp:
    """The app `yaniv` opens with no options: the setup screen."""
    return YanivApp(None, LaunchOptions(bot_delay=0.0))


def short_game() -> YanivApp:
    """A game of Seven Cards to 30 against two easy bots: its end comes in a few rounds."""
    return make_app("seven-cards", "Ann,bot:easy,bot:easy", seed=5, end_limit=30)


def pass_and_play() -> YanivApp:
    """Two people sharing this screen, and a bot: a pass screen before each person's turn."""
    return make_app("sursis", "Ann,Bob,bot:easy")


def hosted() -> YanivApp:
    """A hosted table (fake_net's host): Ann here, Noa from another machine, who never comes, and a bot."""
    hosting, _ = fake_hosting()
    return hosted_app(hosting)


async def refused(address: str, code: str, name: str | None) -> Client:
    """A joiner at a host that is not there: the address is read as the real joiner reads it first (JoinError),
    then the connection is refused. No network is touched."""
    parse_address(address)
    raise ConnectionRefusedError(111, "Connection refused")


def join_app(code: str = "") -> YanivApp:
    """The app `yaniv join` opens on its join screen (the room's `code` typed in already, if given), at no host."""
    request = JoinRequest(joiner=refused, join_error=(JoinError,), code=code)
    return YanivApp(None, LaunchOptions(bot_delay=0.0), joining=request)


def keys(*pressed: str) -> Opening:
    """At the first screen, once drawn: these keys."""

    async def opening(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press(*pressed)
        await pilot.pause()

    return opening


def at_the_table(*pressed: str, hosted: bool = False) -> Opening:
    """At the table, once a human is to act (a `hosted` table waits for Noa, from another machine: at once): these
    keys."""

    async def opening(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        if not hosted:
            await settle(pilot)
        await pilot.press(*pressed)
        await pilot.pause()

    return opening


async def to_the_round_end(pilot: Pilot[None]) -> None:
    """Play the humans' turns by keys (past any pass screen) until the first round's end shows."""
    app = pilot.app
    await settle(pilot)
    for _ in range(STEPS):
        if isinstance(app.screen, RoundEndScreen):
            await pilot.pause()
            return
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
        else:
            await play_turn(pilot)
        await settle(pilot)
    raise AssertionError("the round did not end")


async def to_a_pass_screen_mid_round(pilot: Pilot[None]) -> None:
    """Past the first pass screen, the first person's turn played: the pass screen to the next person."""
    app = pilot.app
    await on_screen(pilot, PassScreen)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.stage != "wait")
    await play_turn(pilot)
    await settle(pilot)
    assert isinstance(app.screen, PassScreen), type(app.screen).__name__
    await pilot.pause()


async def to_the_game_end(pilot: Pilot[None]) -> None:
    await play_to_end(pilot)


async def to_the_replay(pilot: Pilot[None]) -> None:
    """The game played to its end, then its replay (r)."""
    await play_to_end(pilot)
    await pilot.press("r")
    await on_screen(pilot, ReplayScreen)


#: The game a real host serves in tests: Bo (a bot), the seat a joiner takes, Cy (a bot); the joiner plays first.
JOINED_PLAYERS = ["Bo", "Player 2", "Cy"]


def joined_game(seed: int = 4) -> tuple[Game, list[Seat]]:
    """The game a real host serves in tests, dealt by `seed`, and its seats: Bo (a medium bot), the remote seat a
    joiner takes, Cy (a medium bot); the remote seat plays first, so the table waits for it at the start."""
    seats = [Seat.bot("medium", "Bo"), Seat.remote(), Seat.bot("medium", "Cy")]
    return Game.new(load_ruleset("israeli"), JOINED_PLAYERS, seed=seed, first=1), seats


#: The headless table serving each real host (`real_host`), while it is open: a test asks it with `serving`.
_SERVING: WeakKeyDictionary[TableHost, asyncio.Task[Game]] = WeakKeyDictionary()


@contextlib.asynccontextmanager
async def real_host(tmp_path: Path, seed: int = 4, *, served: bool = True) -> AsyncIterator[TableHost]:
    """A real TableHost on 127.0.0.1 (port 0) serving a game of Israeli for `JOINED_PLAYERS` headless, its bots
    at no delay; stopped on the way out (a test may stop it first, as a host that quits does). Not `served`, no
    table plays its game: the host listens and sends its game as dealt, the joiner's turn first."""
    game, seats = joined_game(seed)
    host = TableHost(game, seats, host="127.0.0.1", port=0)
    await host.start()
    history = History(tmp_path / "host-history.sqlite3")
    if served:
        _SERVING[host] = asyncio.create_task(serve_headless(host, game, seats, bot_delay=0.0, history=history))
    try:
        yield host
    finally:
        table = _SERVING.pop(host, None)
        if table is not None:
            table.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await table
        await host.stop()
        history.close()


def serving(host: TableHost) -> asyncio.Task[Game]:
    """The headless table serving `host`, a `real_host` served: done only if it stopped (an error, the game's end)."""
    return _SERVING[host]


def joined_app(host: TableHost, name: str = "Noa") -> YanivApp:
    """The app `yaniv join 127.0.0.1:PORT CODE --name Noa` opens (the command line's own request, the address, code
    and name given)."""
    request = join_request(parse(["join", f"127.0.0.1:{host.port}", host.code, "--name", name]))
    assert (request.address, request.code, request.name) == (f"127.0.0.1:{host.port}", host.code, name)
    return YanivApp(joining=request)


async def to_the_joined_table(pilot: Pilot[None]) -> None:
    """The joined table, once its seat is to play."""
    app = pilot.app
    await on_the_network(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.stage != "wait")


async def on_the_network(pilot: Pilot[None], done: Callable[[], object], limit: int = 3000) -> None:
    """Let the app and a host on 127.0.0.1 run until `done()` holds: a bounded number of short pauses (each
    lets the frames on the way arrive), else fail."""
    for _ in range(limit):
        if done():
            return
        await pilot.pause(0.01)
    raise AssertionError("never happened")
