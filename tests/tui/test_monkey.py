"""A seeded monkey at every screen a player can reach: random keys (the screen's bindings, letters, digits and the
keys every terminal has), random clicks at random cells, hostile pastes (tui_helpers.HOSTILE) and a resize to 20x8
and back in the middle of each run.

After each run no error escaped (Pilot raises the app's own again; the app wrote no crash line and exited, if it
did, with 0), the game on the table (if one) still passes its engine's checks, and no screen on the way showed a
card of a hand its viewer may not see. No time is asserted: each run is a bounded number of keys.
"""

from __future__ import annotations

import random
import string
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from fake_net import fake_hosting
from textual import events
from textual.pilot import Pilot
from tui_helpers import (
    HOSTILE,
    SIZE,
    game_of,
    hosted_app,
    make_app,
    on_screen,
    play_to_end,
    screen_text,
    until,
)

from yaniv_tui.engine import Card, Game
from yaniv_tui.engine.checks import check_state
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.table.session import Session
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.replay import ReplayScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import face

pytestmark = pytest.mark.slow

#: The keys every screen meets besides its own bindings (never ctrl+q: a quit ends the run, and is tested apart).
COMMON_KEYS = [
    *string.ascii_lowercase,
    *string.digits,
    *("tab", "shift+tab", "escape", "enter", "space", "backspace", "delete"),
    *("up", "down", "left", "right", "pageup", "pagedown", "home", "end"),
    *("ctrl+z", "ctrl+c", "question_mark"),
]
#: The character a terminal sends with a key that names none.
CHARACTERS = {"space": " ", "question_mark": "?"}
#: Keys a run presses; the resize to 20x8 comes halfway.
PRESSES = 200


def public_cards(game: Game) -> set[Card]:
    """Cards anyone at the table may see now: the previous drop, this round's drops, takes and slaps."""
    seen = set(game.previous_drop)
    for turn in game.log:
        seen.update(turn.drop)
        if turn.take is not None:
            seen.add(turn.take)
        if turn.slapped is not None:
            seen.add(turn.slapped)
    return seen


def the_table(app: YanivApp) -> TableScreen | None:
    """The table under the screens open now, if a game is at this screen."""
    tables = [screen for screen in app.screen_stack if isinstance(screen, TableScreen)]
    return tables[-1] if tables else None


def check_what_is_shown(app: YanivApp) -> None:
    """The screen on top shows no card of a hand its viewer may not see (a round's or game's end shows them all)."""
    screen = app.screen
    table = the_table(app)
    if table is None or not isinstance(table.session, Session) or isinstance(screen, RoundEndScreen | GameEndScreen):
        return
    if isinstance(screen, ReplayScreen | HelpScreen):
        return  # the replay of a finished game shows every hand; the help, its fixed examples (7♠ 7♥ 3♣ ...)
    game = game_of(table)
    if game.is_over:
        return
    viewer = table.viewer  # a dialog over the table may leave its hand in sight: that hand's, never another's
    public = public_cards(game)
    if viewer is not None:
        public |= set(game.hand(viewer))  # two jokers look alike: one in the viewer's hand says nothing
    text = screen_text(app)
    for seat in range(len(game.players)):
        if seat == viewer:
            continue
        shown = [card for card in game.hand(seat) if card not in public and face(card) in text]
        assert not shown, f"{game.players[seat]}'s {shown} on {type(screen).__name__}"


def check_the_game(app: YanivApp) -> None:
    """The game at this screen, if any, is one its rules can reach."""
    table = the_table(app)
    if table is not None and isinstance(table.session, Session):
        check_state(game_of(table))


async def monkey(pilot: Pilot[None], seed: int, presses: int = PRESSES) -> None:
    """`presses` random keys and clicks, a resize to 20x8 and back halfway, the checks along the way."""
    app = pilot.app
    assert isinstance(app, YanivApp)
    rng = random.Random(seed)
    width, height = app.size
    for step in range(presses):
        if app.return_code is not None:
            break  # a key quit the app (q at the game's end, say): what it left is checked below
        if step == presses // 2:
            await pilot.resize_terminal(20, 8)
            for _ in range(10):
                await pilot.press(rng.choice(COMMON_KEYS))
            await pilot.resize_terminal(width, height)
        if rng.random() < 0.1:
            await pilot.click(offset=(rng.randrange(width), rng.randrange(height)))
            continue
        if rng.random() < 0.03:  # a hostile paste, into the field with the focus or the screen
            (app.focused or app.screen).post_message(events.Paste(rng.choice(list(HOSTILE.values()))))
            await pilot.pause()
            continue
        own = [binding.binding.key for binding in app.active_bindings.values()]
        keys = [key for key in own if key != "ctrl+q"] + COMMON_KEYS
        key = rng.choice(keys)
        # Posted as a terminal sends them, a few before the app catches up: a player's fingers outrun the screen.
        app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))
        if step % 4 == 3:
            await pilot.pause()
        if step % 25 == 0:
            check_what_is_shown(app)
            check_the_game(app)
    await pilot.pause()
    assert app.crash_line is None, app.crash_line
    assert app.return_code in (None, 0), app.return_code
    check_what_is_shown(app)
    check_the_game(app)


Opening = Callable[[Pilot[None]], Awaitable[None]]


def setup_app() -> YanivApp:
    return YanivApp(None, LaunchOptions(bot_delay=0.0))


async def nothing(pilot: Pilot[None]) -> None:
    await pilot.pause()


def press(*keys: str) -> Opening:
    async def opening(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()

    return opening


async def to_the_game_end(pilot: Pilot[None]) -> None:
    await play_to_end(pilot)


async def to_the_replay(pilot: Pilot[None]) -> None:
    await play_to_end(pilot)
    await pilot.press("r")
    await on_screen(pilot, ReplayScreen)


async def to_a_table(pilot: Pilot[None]) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen))


def at_a_table(*keys: str) -> Opening:
    async def opening(pilot: Pilot[None]) -> None:
        await to_a_table(pilot)
        await pilot.press(*keys)
        await pilot.pause()

    return opening


def short_game() -> YanivApp:
    return make_app("seven-cards", "Ann,bot:easy,bot:easy", seed=5, end_limit=30)


async def _never_joins(address: str, code: str, name: str | None) -> Client:
    raise ConnectionRefusedError(111, "Connection refused")  # as a host that is not there


def join_app() -> YanivApp:
    return YanivApp(None, LaunchOptions(bot_delay=0.0), joining=JoinRequest(joiner=_never_joins))


def hosted() -> YanivApp:
    hosting, _ = fake_hosting()
    return hosted_app(hosting)


SCREENS: dict[str, tuple[Callable[[], YanivApp], Opening]] = {
    "setup": (setup_app, nothing),
    "house rules": (setup_app, press("ctrl+e")),
    "saved games": (setup_app, press("ctrl+o")),
    "stats": (setup_app, press("ctrl+t")),
    "palette": (setup_app, press("ctrl+p")),
    "help": (setup_app, press("question_mark")),
    "table": (make_app, to_a_table),
    "pass and play": (lambda: make_app("sursis", "Ann,Bob,bot:easy"), nothing),
    "scores": (make_app, at_a_table("s")),
    "concede": (make_app, at_a_table("c")),
    "table help": (make_app, at_a_table("question_mark")),
    "hosted table": (hosted, to_a_table),
    "say": (hosted, at_a_table("m")),
    "seats": (hosted, at_a_table("t")),
    "game end": (short_game, to_the_game_end),
    "replay": (short_game, to_the_replay),
    "join": (join_app, nothing),
}


@pytest.mark.parametrize("name", list(SCREENS))
async def test_a_monkey_at_every_screen_breaks_nothing(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the palette's screenshot is written in the folder the app runs in
    make, opening = SCREENS[name]
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await opening(pilot)
        await monkey(pilot, seed=sum(map(ord, name)))
    assert app.crash_line is None and app.return_code in (None, 0)
