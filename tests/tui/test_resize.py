"""Every screen resized to 1x1, 20x8, 80x24 and 300x100, then back to 80x24, mid-game and mid-dialog: nothing
escapes, and back at 80x24 the screen shows what it showed before."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from fake_net import fake_hosting
from textual.pilot import Pilot
from tui_helpers import hosted_app, make_app, play_to_end, screen_text, settle, steady_cursors, until

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.replay import ReplayScreen
from yaniv_tui.tui.screens.table import TableScreen

pytestmark = pytest.mark.slow

SIZES = [(1, 1), (20, 8), (80, 24), (300, 100)]

Opening = Callable[[Pilot[None]], Awaitable[None]]


def setup_app() -> YanivApp:
    return YanivApp(None, LaunchOptions(bot_delay=0.0))


def keys(*pressed: str) -> Opening:
    async def opening(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press(*pressed)
        await pilot.pause()

    return opening


def at_the_table(*pressed: str, hosted: bool = False) -> Opening:
    async def opening(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
        if not hosted:  # a hosted table waits for Noa, from another machine
            await settle(pilot)
        await pilot.press(*pressed)
        await pilot.pause()

    return opening


async def to_the_game_end(pilot: Pilot[None]) -> None:
    await play_to_end(pilot)


async def to_the_replay(pilot: Pilot[None]) -> None:
    await play_to_end(pilot)
    await pilot.press("r")
    await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))


def short_game() -> YanivApp:
    return make_app("seven-cards", "Ann,bot:easy,bot:easy", seed=5, end_limit=30)


async def _refused(address: str, code: str, name: str | None) -> Client:
    raise ConnectionRefusedError(111, "Connection refused")


def hosted() -> YanivApp:
    hosting, _ = fake_hosting()
    return hosted_app(hosting)


SCREENS: dict[str, tuple[Callable[[], YanivApp], Opening]] = {
    "setup": (setup_app, keys()),
    "house rules": (setup_app, keys("ctrl+e")),
    "saved games": (setup_app, keys("ctrl+o")),
    "stats": (setup_app, keys("ctrl+t")),
    "help": (setup_app, keys("question_mark")),
    "palette": (setup_app, keys("ctrl+p")),
    "palette over the table": (make_app, at_the_table("ctrl+p")),
    "quit asked at the join screen": (
        lambda: YanivApp(None, LaunchOptions(bot_delay=0.0), joining=JoinRequest(joiner=_refused)),
        keys("escape"),
    ),
    "table mid-game": (make_app, at_the_table()),
    "a card chosen": (make_app, at_the_table("1")),
    "scores": (make_app, at_the_table("s")),
    "concede": (make_app, at_the_table("c")),
    "pass and play": (lambda: make_app("sursis", "Ann,Bob,bot:easy"), keys()),
    "say": (hosted, at_the_table("m", hosted=True)),
    "seats": (hosted, at_the_table("t", hosted=True)),
    "game end": (short_game, to_the_game_end),
    "replay": (short_game, to_the_replay),
    "join": (lambda: YanivApp(None, LaunchOptions(bot_delay=0.0), joining=JoinRequest(joiner=_refused)), keys()),
}


@pytest.mark.parametrize("name", list(SCREENS))
async def test_a_screen_resized_every_way_shows_the_same_back_at_80x24(name: str) -> None:
    make, opening = SCREENS[name]
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await opening(pilot)
        await steady_cursors(pilot)
        screen = app.screen
        before = screen_text(app)
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.screen is screen, f"{name}: at {size} the screen changed to {type(app.screen).__name__}"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        assert screen_text(app) == before, f"{name}: not the same back at 80x24"
        assert app.return_code is None and app.crash_line is None
