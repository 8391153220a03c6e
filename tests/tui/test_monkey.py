"""A seeded monkey at every screen a player can reach: random keys (the screen's bindings, letters, digits and the
keys every terminal has), random clicks at random cells, hostile pastes (tui_helpers.HOSTILE) and a resize to 20x8
and back in the middle of each run. It starts at each screen `SCREENS` opens (openings.py), and at a table joined
from a real host on 127.0.0.1.

After each run no error escaped (Pilot raises the app's own again; the app wrote no crash line and exited, if it
did, with 0), the game on the table (if one; a joined table's is its host's) still passes its engine's checks, and
no screen on the way showed a card of a hand its viewer may not see (its face, `7♠`, anywhere; with ASCII cards its
code, `7S`, in a card's box): not a pass screen (no hand at all), nor the help (its example cards are allowed only in
its own paragraphs of examples). No time is asserted: each run is a
bounded number of keys.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest
from openings import (
    At,
    at_the_table,
    hosted,
    join_app,
    joined_app,
    keys,
    on_the_network,
    pass_and_play,
    real_host,
    setup_app,
    short_game,
    to_a_pass_screen_mid_round,
    to_the_game_end,
    to_the_joined_table,
    to_the_replay,
    to_the_round_end,
)
from rich.cells import cell_len
from textual import events
from textual.errors import NoWidget
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from tui_helpers import (
    HOSTILE,
    SIZE,
    TableApp,
    game_of,
    make_app,
    make_options,
    on_screen,
    screen_lines,
    screen_text,
    settle,
    stacked_session,
)

from yaniv_tui.engine import Card, Game, parse_cards
from yaniv_tui.engine.checks import check_state
from yaniv_tui.net import TableHost
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.session import Session
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.help import AT_TABLE, MARKS_TEXT, HelpScreen, marks_text
from yaniv_tui.tui.screens.pass_turn import PassScreen
from yaniv_tui.tui.screens.replay import ReplayScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import FACE_WIDTH, CardFace, face
from yaniv_tui.tui.widgets.keybar import KeyBar

pytestmark = pytest.mark.slow

#: The keys every screen meets besides its own bindings (never ctrl+q, nor a click on it in the key bar: a quit ends
#: the run, and is tested apart).
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
PRESSES = 150

#: The help's texts that show example cards (`{7S}` in its source), each written out by the help's `marks_text`.
HELP_TEXTS = (MARKS_TEXT, *(text for _, text in AT_TABLE))


def help_examples(screen: Screen[object]) -> set[Widget]:
    """The paragraphs of a help screen that are, word for word, one of its own texts with example cards."""
    if not isinstance(screen, HelpScreen):
        return set()
    ascii_only = screen.app.ascii_cards if isinstance(screen.app, YanivApp) else False
    texts = {" ".join(marks_text(text, ascii_only).split()) for text in HELP_TEXTS}
    return {static for static in screen.query(Static) if " ".join(str(static.render()).split()) in texts}


def places(lines: list[str], text: str) -> Iterator[tuple[int, int]]:
    """Every cell (x, y) where `text` starts on screen (`lines`, as screen_lines reads them)."""
    for y, line in enumerate(lines):
        at = line.find(text)
        while at >= 0:
            yield cell_len(line[:at]), y
            at = line.find(text, at + 1)


def cells(line: str, start: int, end: int) -> str:
    """What `line` shows in its cells from `start` to before `end`."""
    shown, x = "", 0
    for character in line:
        if x >= end:
            break
        width = cell_len(character)
        if x >= start and x + width <= end:
            shown += character
        x += width
    return shown


def in_card_boxes(lines: list[str], text: str) -> Iterator[tuple[int, int]]:
    """The places of `text` drawn as the table draws a card (widgets/cards.CardFace): its face at the top left of the
    box's FACE_WIDTH cells and again at the bottom right, on the line below. With ASCII cards a face is letters and
    digits (`AS`), which words hold too ("ASCII"): only a card's box says it is a card."""
    pad = " " * (FACE_WIDTH - cell_len(text))
    for x, y in places(lines[:-1], text):
        if cells(lines[y], x, x + FACE_WIDTH) == text + pad and cells(lines[y + 1], x, x + FACE_WIDTH) == pad + text:
            yield x, y


def shown_outside(app: YanivApp, spots: Iterable[tuple[int, int]], examples: set[Widget]) -> bool:
    """Whether any of the cells `spots` is on screen anywhere but in one of the `examples`."""
    for x, y in spots:
        try:
            widget, _ = app.screen.get_widget_at(x, y)
        except NoWidget:
            return True
        if widget not in examples:
            return True
    return False


#: Where a run finds the whole game behind a table: the table's own, or (a joined table) its host's. None while
#: the screen cannot be checked against it (a joined table's view is not yet the host's game).
Whole = Callable[[TableScreen], Game | None]


def own_game(table: TableScreen) -> Game | None:
    """The game a table at this screen holds (a local or a hosted one); a joined table holds none."""
    return game_of(table) if isinstance(table.session, Session) else None


def hosts_game(host: TableHost) -> Whole:
    """A joined table's game: its host's, once the table shows the host's last move (frames may be on the way)."""

    def whole(table: TableScreen) -> Game | None:
        if not isinstance(table.session, ClientSession):
            return None
        view, game = table.session.view(None), host.game
        in_step = list(view.seen) == game.log and view.round_no == game.round_no and view.current == game.current
        return game if in_step else None

    return whole


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


def check_what_is_shown(app: YanivApp, whole: Whole = own_game) -> None:
    """The screen on top shows no card of a hand its viewer may not see (a round's or game's end shows them all, the
    replay of a finished game every hand, and a dialog over them may leave them in sight). A pass screen shows no hand
    at all; the help its examples' cards only in its paragraphs of examples."""
    screen = app.screen
    table = the_table(app)
    if table is None:
        return
    above = app.screen_stack[app.screen_stack.index(table) + 1 :]
    if any(isinstance(over, RoundEndScreen | GameEndScreen | ReplayScreen) for over in above):
        return  # they show every hand, and so may a dialog over them (the palette over a round's end)
    game = whole(table)
    if game is None or game.is_over:
        return
    viewer = None if isinstance(screen, PassScreen) else table.viewer  # a dialog may leave its hand in sight
    public = public_cards(game)
    if viewer is not None:
        public |= set(game.hand(viewer))  # two jokers look alike: one in the viewer's hand says nothing
    lines = screen_lines(app)
    examples = help_examples(screen)
    for seat in range(len(game.players)):
        if seat == viewer:
            continue
        shown = [
            card
            for card in game.hand(seat)
            if card not in public
            and (
                shown_outside(app, places(lines, face(card)), examples)
                or shown_outside(app, in_card_boxes(lines, face(card, True)), examples)
            )
        ]
        assert not shown, f"{game.players[seat]}'s {shown} on {type(screen).__name__}"


def check_the_game(app: YanivApp, whole: Whole = own_game) -> None:
    """The game at this screen, if any, is one its rules can reach."""
    table = the_table(app)
    game = None if table is None else whole(table)
    if game is not None:
        check_state(game)


def quits(app: YanivApp, x: int, y: int) -> bool:
    """Whether a click at (x, y) lands on the key bar's ctrl+q, which ends the run as the key would."""
    try:
        widget, region = app.screen.get_widget_at(x, y)
    except NoWidget:
        return False
    key = widget.key_at(x - region.x) if isinstance(widget, KeyBar) else None
    return key is not None and key.key == "ctrl+q"


async def monkey(pilot: Pilot[None], seed: int, presses: int = PRESSES, whole: Whole = own_game) -> None:
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
            x, y = rng.randrange(width), rng.randrange(height)
            if not quits(app, x, y):
                await pilot.click(offset=(x, y))
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
            check_what_is_shown(app, whole)
            check_the_game(app, whole)
    await pilot.pause()
    assert app.crash_line is None, app.crash_line
    assert app.return_code in (None, 0), app.return_code
    check_what_is_shown(app, whole)
    check_the_game(app, whole)


SCREENS: dict[str, At] = {
    "setup": (setup_app, keys()),
    "house rules": (setup_app, keys("ctrl+e")),
    "saved games": (setup_app, keys("ctrl+o")),
    "stats": (setup_app, keys("ctrl+t")),
    "palette": (setup_app, keys("ctrl+p")),
    "help": (setup_app, keys("question_mark")),
    "table": (make_app, at_the_table()),
    "pass and play": (pass_and_play, keys()),
    "pass screen mid-round": (pass_and_play, to_a_pass_screen_mid_round),
    "round end": (short_game, to_the_round_end),
    "scores": (make_app, at_the_table("s")),
    "concede": (make_app, at_the_table("c")),
    "table help": (make_app, at_the_table("question_mark")),
    "hosted table": (hosted, at_the_table(hosted=True)),
    "say": (hosted, at_the_table("m", hosted=True)),
    "seats": (hosted, at_the_table("t", hosted=True)),
    "game end": (short_game, to_the_game_end),
    "replay": (short_game, to_the_replay),
    "join": (join_app, keys()),
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


async def test_a_monkey_at_a_table_joined_from_a_real_host_breaks_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`yaniv join`'s app at a real host on 127.0.0.1 (bots at the other seats): the run's checks hold against the
    host's own game, the one that knows every hand, whenever the screen shows the host's last move."""
    monkeypatch.chdir(tmp_path)
    async with real_host(tmp_path) as host:
        app = joined_app(host)
        async with app.run_test(size=SIZE) as pilot:
            await to_the_joined_table(pilot)
            whole = hosts_game(host)
            table = the_table(app)
            assert table is not None and whole(table) is host.game  # the checks below do check something
            await monkey(pilot, seed=sum(map(ord, "joined table")), whole=whole)
            if app.return_code is None:  # the frames on the way arrive, and the screen is checked once more
                await on_the_network(pilot, lambda: the_table(app) is None or whole(table) is not None)
                await pilot.pause()
                check_what_is_shown(app, whole)
                check_the_game(app, whole)
        assert app.crash_line is None and app.return_code in (None, 0)
        check_state(host.game)


def help_deal() -> YanivApp:
    """Ann with no card the help shows; the first bot holding 7♠ (an example of the help's) and Q♦ (none)."""
    options = make_options("sursis", "Ann,bot:medium,bot:medium")
    return TableApp(stacked_session(options, ["2C 3D 4H 5S 8C", "7S QD 9H 9C 10D", "AS AD 4C 6D 8H"], up="2D"))


@pytest.mark.parametrize("card", ["QD", "7S"])
async def test_the_monkeys_check_finds_a_hand_on_the_help_beside_its_examples(card: str) -> None:
    """The help over a table shows example cards (from its own text: 7♠ 7♥ 3♣ K♠ 6♥ ★JK); the check leaves those
    out, yet a card of another's hand shown on the help is caught, one the examples hold (7♠) or not (Q♦)."""
    (shown,) = parse_cards(card)
    examples = "".join(marks_text(text, False) for text in HELP_TEXTS)
    assert (face(shown) in examples) == (card == "7S")
    app = help_deal()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await on_screen(pilot, HelpScreen)
        table = the_table(app)
        assert table is not None and table.viewer == 0 and shown in game_of(table).hand(1)
        assert help_examples(app.screen), "the help shows its examples"
        check_what_is_shown(app)  # the help's examples alone: no hand
        await app.screen.mount(Static(face(shown), id="a-hand"), before=0)
        await pilot.pause()
        assert face(shown) in screen_text(app)
        with pytest.raises(AssertionError) as caught:
            check_what_is_shown(app)
        assert str(caught.value).startswith(f"{game_of(table).players[1]}'s [{shown!r}]"), caught.value


@pytest.mark.parametrize("boxed", [True, False], ids=["card box", "words"])
async def test_the_monkeys_check_finds_a_hidden_card_drawn_in_ascii(boxed: bool) -> None:
    """With ASCII cards a card shows as `AS`: the check finds one of another's hand drawn in a card's box (its face in
    the box's two corners, as the table draws a card), and not the same letters in words ("ASCII")."""
    (shown,) = parse_cards("AS")
    app = help_deal()
    app.ascii_cards = True
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = the_table(app)
        assert table is not None and table.viewer == 0 and shown in game_of(table).hand(2)
        check_what_is_shown(app)  # the table alone: no hand but the viewer's
        if boxed:
            card = CardFace("hand", 9, classes="card")
            await table.mount(card, before=0)
            card.show(shown, ascii_only=True)
        else:
            await table.mount(Static(f"ASCII cards: {face(shown, True)} is the ace of spades"), before=0)
        await pilot.pause()
        assert face(shown, True) in screen_text(app)
        if not boxed:
            check_what_is_shown(app)
            return
        with pytest.raises(AssertionError) as caught:
            check_what_is_shown(app)
        assert str(caught.value).startswith(f"{game_of(table).players[2]}'s [{shown!r}]"), caught.value
