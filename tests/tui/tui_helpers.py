"""Driving the app in tests: wait for the bots, read what is on screen, play a human's turn by keys."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import PurePath
from typing import Any, Protocol
from weakref import WeakKeyDictionary

import pytest
from fake_net import FakeHost
from rich.cells import cell_len
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input
from textual.worker import WorkerState

from yaniv_tui.engine import CallYaniv, Card, Game, Play, Ruleset, Seat, hand_value, load_ruleset, parse_cards
from yaniv_tui.table.options import GameOptions, parse_players
from yaniv_tui.table.session import Session, TableSession
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.pass_turn import PassScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import face

SIZE = (100, 30)

#: What a red team pastes: 10,000 characters, controls (C0, DEL, C1), bidi overrides and isolates, zero-width
#: joiners, emoji with variation selectors, Hebrew and Chinese, markup and TOML openers, triple quotes, NUL.
HOSTILE = {
    "ten thousand": "x" * 10_000,
    "controls": "a" + "".join(map(chr, range(1, 32))) + "\x7f\x85\x9bb",
    "bidi": "ab\u202ecd\u2066e\u2069f\u200f",
    "zero-width joiner": "\U0001f469\u200d\U0001f469\u200d\U0001f467",
    "variation selectors": "\u263a\ufe0f\u2764\ufe0f",
    "hebrew": "שלום עולם",
    "chinese": "你好世界" * 3,
    "brackets": "[" * 3000,
    "braces": "{" * 3000,
    "quotes": '"""',
    "nul": "a\x00b",
}


class SnapCompare(Protocol):
    """pytest-textual-snapshot's `snap_compare` fixture as the snapshot tests call it (the plugin ships no types).
    It awaits what `run_before` returns and drops its result (`play_to_end` counts its steps)."""

    def __call__(
        self,
        app: str | PurePath | App[Any],
        press: Iterable[str] = ...,
        terminal_size: tuple[int, int] = ...,
        run_before: Callable[[Pilot[Any]], Awaitable[object] | None] | None = None,
    ) -> bool: ...


class TableApp(YanivApp):
    """The app opened straight on a table for a given session (a stacked deal, say)."""

    def __init__(self, session: Session) -> None:
        super().__init__(session.options)
        self.session = session

    def first_session(self) -> Session:
        return self.session


def make_options(ruleset: str | Ruleset, players: str, seed: int = 7, **limits: int) -> GameOptions:
    rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    if limits:
        rules = rules.with_choices(**limits)
    return GameOptions(rules, parse_players(players), seed=seed, bot_delay=0.0, ruleset_ref=rules.id)


def make_app(
    ruleset: str = "sursis", players: str = "Ann,bot:medium,bot:medium", seed: int = 7, **limits: int
) -> YanivApp:
    return YanivApp(make_options(ruleset, players, seed, **limits))


async def steady_cursors(pilot: Pilot[None]) -> None:
    """Every text field of every open screen shows its cursor without blinking (`Input.cursor_blink`), so a
    picture taken a moment late draws the same."""
    for screen in pilot.app.screen_stack:
        for field in screen.query(Input):
            field.cursor_blink = False
    await pilot.pause()


async def settle(pilot: Pilot[None], limit: int = 400) -> None:
    """Let the bots play until a human must act: their turn, a pass screen, a round or game end."""
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, PassScreen | RoundEndScreen | GameEndScreen):
            return
        if isinstance(screen, TableScreen) and screen.stage != "wait":
            return
    raise AssertionError(f"the app never asked a human to act (on {type(app.screen).__name__})")


#: One run of text in Textual's SVG screenshot (Rich's `Console.export_svg`): its x in pixels, its line, its text.
_SVG_TEXT = re.compile(
    r'<text class="[^"]*" x="([0-9.]+)" y="[0-9.]+" textLength="[0-9.]+" '
    r'clip-path="url\(#[^)]*-line-(\d+)\)">(.*?)</text>'
)
#: The width of one terminal cell in that screenshot (Rich's: 20px characters at an aspect ratio of 0.61).
_SVG_CELL = 20 * 0.61


async def until(pilot: Pilot[None], done: Callable[[], object], limit: int = 400) -> None:
    """Let the app run until `done()` holds (a bounded number of pauses), else fail."""
    for _ in range(limit):
        if done():
            return
        await pilot.pause()
    raise AssertionError("never happened")


async def worked(pilot: Pilot[None], group: str, seconds: float = 120.0) -> None:
    """Let the app's workers of `group` (the table's "hint", the replay's "review") finish, their end waited on (bounded
    by `seconds`, else fail), not polled at a pause of the clock's; then let the screen draw what they left. A worker
    done already is gone from the app's: the caller checks what it left."""
    app = pilot.app
    workers = [worker for worker in app.workers if worker.group == group]
    if workers:  # (none: Textual's wait_for_complete would wait for every worker, the table's own loop too)
        await until(pilot, lambda: all(worker.state is not WorkerState.PENDING for worker in workers))  # started
        await asyncio.wait_for(app.workers.wait_for_complete(workers), seconds)
    await pilot.pause()


async def scrolled(pilot: Pilot[None], views: Sequence[Widget], line: int) -> None:
    """Let the keys sent be handled until each of `views` is bound for `line` (a bounded number of pauses, else
    fail) and has got there; then once more: no key left over moves it on. The keys' work waited on, not the clock:
    a pause of a few tenths of a second after a burst of keys passed alone and could fail on a busy machine."""
    await until(pilot, lambda: all(view.scroll_target_y == line for view in views))
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    assert [view.scroll_y for view in views] == [line] * len(views)


async def on_screen(pilot: Pilot[None], screen: type[Screen[Any]]) -> None:
    """Let the app run until its top screen is a `screen` (a bounded number of pauses, else fail), then let that
    screen draw once."""
    await until(pilot, lambda: isinstance(pilot.app.screen, screen))
    await pilot.pause()


#: The players of a game hosted at this screen in tests: Ann here, Noa from another machine, an easy bot.
HOSTED_PLAYERS = "Ann,remote:Noa,bot:easy"


def hosted_app(hosting: Callable[[Game, Sequence[Seat], str], FakeHost]) -> YanivApp:
    """The app hosting a game of Sursis for `HOSTED_PLAYERS`, its host made by `hosting` (`fake_net.fake_hosting`,
    or `fake_hosting_of` a FakeHost of the test's own)."""
    return YanivApp(make_options("sursis", HOSTED_PLAYERS), hosting=hosting)


def screen_lines(app: App[Any]) -> list[str]:
    """The current screen exactly as a person sees it, one string a row, each padded to the screen's width in
    cells; read through Textual's public `App.export_screenshot`, not its compositor."""
    width, height = app.size
    runs: list[list[tuple[int, str]]] = [[] for _ in range(height)]
    for x, line, text in _SVG_TEXT.findall(app.export_screenshot()):
        runs[int(line)].append((round(float(x) / _SVG_CELL), html.unescape(text).replace("\xa0", " ")))
    lines: list[str] = []
    for row in runs:
        line = ""
        for column, text in sorted(row):
            line += " " * (column - cell_len(line)) + text
        lines.append(line + " " * (width - cell_len(line)))
    return lines


def drawn_lines(widget: Widget) -> list[Strip]:
    """The lines `widget` draws in its region now (nothing when hidden), through its public `render_lines`."""
    if not widget.display or not widget.region:
        return []
    return widget.render_lines(Region(0, 0, widget.region.width, widget.region.height))


def screen_text(app: App[Any]) -> str:
    """The current screen exactly as a person sees it, as lines of text."""
    return "\n".join(screen_lines(app))


_TOLD: WeakKeyDictionary[App[Any], list[str]] = WeakKeyDictionary()


def record_notices(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, every `notify` of any app (a screen's or a widget's go through the app's) is also kept for
    `notices`: Textual has no public way to read the notifications shown."""
    notify = App.notify

    def recording(app: App[Any], message: str, **how: Any) -> None:
        _TOLD.setdefault(app, []).append(message)
        notify(app, message, **how)

    monkeypatch.setattr(App, "notify", recording)


def notices(app: App[Any]) -> list[str]:
    """Every notification `app` was asked to show, oldest first (tests/tui's conftest records them)."""
    return list(_TOLD.get(app, []))


def game_of(table: TableScreen | TableSession) -> Game:
    """The whole game of a table that holds one (this screen's own, or a hosted one): what a test checks the
    screen against. A joined table holds none: only the host's view of its seat."""
    session = table.session if isinstance(table, TableScreen) else table
    assert isinstance(session, Session), f"a {session.kind} table holds no game"
    return session.game


def choose_play(table: TableScreen) -> CallYaniv | Play:
    """A simple human policy: call Yaniv when allowed, else drop the legal drop worth most, take the deck."""
    session = table.session
    view = session.view(session.view(None).current)
    if CallYaniv() in view.legal_actions:
        return CallYaniv()
    plays = [a for a in view.legal_actions if isinstance(a, Play) and a.take is None]
    if not plays:
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
    return max(plays, key=lambda p: (hand_value(p.drop, view.rules), len(p.drop)))


def keys_for(table: TableScreen, action: CallYaniv | Play) -> list[str]:
    """The keys a player presses for `action`: y, or the cards' numbers, enter, then 0 or a pile number."""
    if isinstance(action, CallYaniv):
        return ["y"]
    public = table.session.view(None)
    hand = list(table.hand_of(public.current))  # the order on screen
    keys: list[str] = []
    used: set[int] = set()
    for card in action.drop:
        index = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.add(index)
        keys.append(str(index + 1))
    keys.append("enter")
    if action.take is None:
        keys.append("0")
    else:
        keys.append(str(public.takeable.index(action.take) + 1))
    return keys


async def play_turn(pilot: Pilot[None]) -> None:
    """Play the current human's turn with keys, and check the engine took it."""
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    if table.stage == "slap":
        await pilot.press("enter")
        return

    def played() -> tuple[int, int]:  # the rounds finished and this round's turns, as anyone at the table sees them
        public = table.session.view(None)
        return len(public.history), len(public.seen)

    before = played()
    await pilot.press(*keys_for(table, choose_play(table)))
    assert played() != before and not table.message, table.message


def cards_in(text: str, cards: list[Card], ascii_only: bool = False) -> list[Card]:
    """Which of `cards` appear, face up, in `text`."""
    return [card for card in cards if face(card, ascii_only) in text]


async def play_to_end(pilot: Pilot[None], max_steps: int = 3000) -> int:
    """Play the human seats by keys (enter on round ends and pass screens) until the game end screen."""
    app = pilot.app
    await settle(pilot)
    for step in range(max_steps):
        screen = app.screen
        if isinstance(screen, GameEndScreen):
            return step
        if isinstance(screen, RoundEndScreen | PassScreen):
            await pilot.press("enter")
        else:
            await play_turn(pilot)
        await settle(pilot)
    raise AssertionError("the game did not end")


def stacked_session(
    options: GameOptions, hands: list[str], up: str, deck: str = "", first: int = 0, rules: Ruleset | None = None
) -> Session:
    """A session whose first round is dealt from these hands, this turned-up card and this deck top."""
    parsed = [parse_cards(h) for h in hands]
    order = [parsed[seat][i] for i in range(len(parsed[0])) for seat in range(len(parsed))]
    order += parse_cards(up) + parse_cards(deck)
    session = Session(options)
    names = [seat.name for seat in options.seats]
    session.game = Game.new(rules or options.rules, names, seed=options.seed, deck=order, first=first)
    return session


def footer_keys(app: YanivApp) -> dict[str, str]:
    """What the key bar at the bottom shows now: key shown -> description."""
    from yaniv_tui.tui.widgets.keybar import KeyBar

    # A screen not yet composed has no bar: it offers nothing yet.
    return {key.display: key.description for bar in app.screen.query(KeyBar) for key in bar.shown()}
