"""The key bar at the bottom of every screen: the keys offered now, greyed when they can't be used, pressed by a
click, and never wider than the screen (what does not fit is left out, `^p palette` and `? help` kept last)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.widgets import Static

from yaniv_tui.tui.widgets.keybar import KeyBar


class Bar(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add", "add a card"),
        Binding("b", "back", "go back"),
        Binding("c", "secret", "hidden", show=False),
        Binding("d", "done", "done"),
        Binding("question_mark", "help", "help", key_display="?"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []
        self.ascii_cards = False  # as the game's app has it (app_seam.GameApp)
        self.can_go_back = False
        self.bells = 0

    def compose(self) -> ComposeResult:
        yield Static("a table")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return True if self.can_go_back else None  # shown, greyed
        return True

    def bell(self) -> None:
        self.bells += 1

    def action_add(self) -> None:
        self.pressed.append("add")

    async def action_back(self) -> None:

        self.pressed.append("back")

    def action_done(self) -> None:
        self.pressed.append("done")

    def action_help(self) -> None:
        self.pressed.append("help")


async def test_it_shows_each_shown_key_as_the_footer_would_and_greys_what_cannot_be_used() -> None:
    app = Bar()
    async with app.run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        assert [(key.display, key.description, key.enabled) for key in bar.shown()] == [
            ("a", "add a card", True),
            ("b", "go back", False),
            ("d", "done", True),
            ("^p", "palette", True),
            ("?", "help", True),
        ]
        line = "".join(segment.text for segment in bar.render_line(0))
        assert line.startswith("a add a card b go back d done ^p palette ? help")
        app.can_go_back = True
        app.refresh_bindings()
        await pilot.pause()
        assert all(key.enabled for key in bar.shown())


async def test_a_click_presses_the_key_under_it_and_a_greyed_key_rings_the_bell() -> None:
    app = Bar()
    async with app.run_test(size=(80, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        await pilot.click(KeyBar, offset=(2, 0))  # "add a card"
        await pilot.click(KeyBar, offset=(16, 0))  # "go back", greyed
        await pilot.click(KeyBar, offset=(24, 0))  # "done"
        await pilot.click(KeyBar, offset=(70, 0))  # past the keys: nothing
        await pilot.pause()
        assert app.pressed == ["add", "done"]
        assert app.bells == 1
        assert bar.key_at(70) is None


async def test_when_the_keys_do_not_fit_the_last_are_left_out_and_help_stays_last() -> None:
    app = Bar()
    async with app.run_test(size=(24, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        shown = [key.display for key in bar.shown()]
        assert shown == ["^p", "?"]  # the palette's key and help are kept first
        line = "".join(segment.text for segment in bar.render_line(0)).rstrip()
        assert line == "^p palette ? help" and len(line) <= 24
        assert [key.display for key in bar.shown(width=200)] == ["a", "b", "d", "^p", "?"]


async def test_the_palette_key_is_shown_before_help_and_kept_when_others_are_left_out() -> None:
    """Issue 30: the bar dropped Textual's `^p palette`, the only way to reach themes, ASCII cards and the bell."""
    app = Bar()
    async with app.run_test(size=(36, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        assert [key.description for key in bar.shown(width=200)][-2:] == ["palette", "help"]
        shown = [key.description for key in bar.shown()]
        assert shown == ["add a card", "palette", "help"]
        line = "".join(segment.text for segment in bar.render_line(0)).rstrip()
        assert line == "a add a card ^p palette ? help"
        await pilot.click(KeyBar, offset=(line.index("palette"), 0))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


async def test_quit_is_kept_with_the_palette_and_help_when_others_are_left_out() -> None:
    """The setup screen at 80 columns with a game saved: the bar left out `^q quit` (with `^t stats` and `^e edit
    rules`, whose buttons show), so nothing on the first screen said how to leave."""
    from tui_helpers import footer_keys, until

    from yaniv_tui.engine import Game, load_ruleset
    from yaniv_tui.store import SaveMeta, Seat, save_game
    from yaniv_tui.tui.app import YanivApp
    from yaniv_tui.tui.screens.setup import SetupScreen

    seats = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
    save_game(Game.new(load_ruleset("israeli"), [seat.name for seat in seats], seed=1), SaveMeta(seats))
    app = YanivApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        keys = footer_keys(app)
        assert keys.get("^r") == "continue" and keys.get("^q") == "quit", keys
        assert list(keys)[-3:] == ["^q", "^p", "?"], keys


async def test_over_the_command_palette_the_bar_shows_the_palettes_keys_not_the_screens() -> None:
    """The palette (ctrl+p) leaves the bar in view: it kept the screen's keys under it (`a add a card`...), which
    type into the palette's search instead."""
    app = Bar()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        shown = {key.display: key.description for key in bar.shown()}
        assert "add a card" not in shown.values() and "done" not in shown.values(), shown
        assert shown.get("esc") == "exit the command palette", shown
        line = "".join(segment.text for segment in bar.render_line(0))
        assert "add a card" not in line and "esc exit the command palette" in line, line
        await pilot.press("escape")
        await pilot.pause()
        assert "add a card" in [key.description for key in bar.shown()]
