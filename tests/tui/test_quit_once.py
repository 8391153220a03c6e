"""Quitting is done once: a second ctrl+q (or a hangup, which quits as ctrl+q does) while a hosted table's host is
stopping, or a quit while its host is still starting, leaves the terminal's last line the table's own ("the table
is saved: 'yaniv host --resume …'"), not the line of a game of this screen alone."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence

from fake_net import FakeHost, fake_hosting_of
from textual import events
from tui_helpers import SIZE, hosted_app, until

from yaniv_tui.engine import Game, Seat
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.table import TableScreen


class SlowHost(FakeHost):
    """A host whose start and stop wait until the test lets them end."""

    def __init__(self, game: Game, seats: Sequence[Seat]) -> None:
        super().__init__(game, seats)
        self.may_start = asyncio.Event()
        self.may_stop = asyncio.Event()
        self.starting = self.stopping = False
        self.stops = 0

    async def start(self) -> None:
        self.starting = True
        await self.may_start.wait()
        await super().start()

    async def stop(self) -> None:
        self.stopping = True
        self.stops += 1
        await self.may_stop.wait()
        await super().stop()


async def soon(done: Callable[[], object], seconds: float = 20.0) -> None:
    """Wait until `done()` holds, failing after `seconds`; by the clock, not by Pilot's pauses, which wait for the
    app's messages, held up here while a quit awaits its host."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"never happened within {seconds} s"
        await asyncio.sleep(0.01)


def press(app: YanivApp, key: str) -> None:
    """Press `key` without waiting for the app to handle it (as a person would, while the app is busy)."""
    assert app._driver is not None
    app._driver.send_message(events.Key(key, None))


def slow_hosted_app() -> tuple[YanivApp, list[SlowHost]]:
    factory, made = fake_hosting_of(SlowHost)
    return hosted_app(factory), made


def assert_the_tables_line(app: YanivApp) -> None:
    line = app.exit_line or ""
    assert line.startswith("the table is saved: 'yaniv host --resume "), line
    assert "'yaniv join 127.0.0.1:7777 K7QF'" in line, line


async def test_a_second_quit_while_the_host_stops_keeps_the_tables_line() -> None:
    app, made = slow_hosted_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(made) and made[0].starting)
        host = made[0]
        host.may_start.set()
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.table_host is host)
        press(app, "ctrl+q")
        await soon(lambda: host.stopping)
        press(app, "ctrl+q")  # again, while the host is stopping
        app.call_later(app.run_action, "quit")  # and a hangup's quit (as tui/terminal_driver.py asks for it)
        await asyncio.sleep(0.1)
        host.may_stop.set()
        await soon(lambda: host.stopped)
    assert host.stops == 1
    assert_the_tables_line(app)


async def test_a_quit_while_the_host_starts_stops_it_and_says_the_tables_line() -> None:
    app, made = slow_hosted_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(made) and made[0].starting)
        host = made[0]
        host.may_stop.set()
        press(app, "ctrl+q")  # before the host listens
        await asyncio.sleep(0.1)
        host.may_start.set()
        await soon(lambda: host.stopped)
    assert host.started and host.stops == 1
    assert_the_tables_line(app)
