"""The help lists only the keys its table has: the slap-down keys only at a table whose rules have slap-down
(issue 14, item 5), the joker swap's only with the joker swap, undo only at a table of this screen alone."""

from __future__ import annotations

import dataclasses
import io

import pytest
from fake_net import ActionRefused, FakeClient
from textual.containers import VerticalScroll
from textual.widgets import Static
from tui_helpers import (
    SIZE,
    TableApp,
    footer_keys,
    make_app,
    make_options,
    screen_text,
    settle,
    stacked_session,
    until,
)

from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.engine.ruleset_file import presets_dir
from yaniv_tui.table.remote import JoinRequest
from yaniv_tui.table.session import Session
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.table import TableScreen


@pytest.mark.parametrize("slap_down", [False, True])
async def test_the_help_offers_the_slap_down_keys_only_with_slap_down(slap_down: bool) -> None:
    options = make_options("israeli", "Ann,bot:medium:Bea", seed=5)
    options = dataclasses.replace(options, rules=dataclasses.replace(options.rules, slap_down=slap_down))
    session = stacked_session(options, ["9C KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "call Yaniv" in text
        assert ("slap it down" in text) == slap_down and ("keep it" in text) == slap_down, text


def help_words(app: YanivApp) -> str:
    """The help's keys column as text: each key and what it does, then its paragraphs."""
    from rich.console import Console

    console = Console(width=60, record=True, file=io.StringIO())
    for static in app.screen.query_one("#help-keys", VerticalScroll).query(Static):
        console.print(static.content)
    return console.export_text()


@pytest.mark.parametrize(("ruleset", "swap"), [("israeli", False), ("cpp-yaniv", True)])
async def test_the_help_offers_the_joker_swap_keys_only_with_the_joker_swap(ruleset: str, swap: bool) -> None:
    """Before, the help at an Israeli table (no joker swap) listed `J swap for the next joker`: the second swap key's
    action, `swap(1)`, was not taken for the swap's."""
    options = make_options(ruleset, "Ann,bot:medium:Bea", seed=5)
    assert options.rules.joker_swap == swap
    app = TableApp(Session(options))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        words = help_words(app)
        assert "call Yaniv" in words
        later = "swap for the joker marked with that key"
        assert ("swap for the joker" in words) == swap and (later in words) == swap, words


async def test_a_joined_tables_help_offers_no_undo_nor_skipping_to_the_end() -> None:
    """A joined table has no undo and never skips the host's game to its end: its help listed `u undo`, the undo
    paragraph and `e skip to the end` all the same."""
    client = FakeClient(Game.new(load_ruleset("israeli"), ["Ann", "Noa", "Dana"], seed=5), seat=1)

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        return client

    request = JoinRequest(joiner, refused=(ActionRefused,), address="127.0.0.1:7777", code="K7QF", name="Noa")
    app = YanivApp(joining=request)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        words = help_words(app)
        assert "call Yaniv" in words and "scores" in words
        assert "undo" not in words.lower(), words
        assert "skip to the end" not in words, words


async def test_a_local_tables_help_offers_undo_and_skipping_to_the_end() -> None:
    app = TableApp(Session(make_options("israeli", "Ann,bot:medium:Bea", seed=5)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        words = help_words(app)
        assert "undo" in words and "Undo (u, one human against bots)" in words and "skip to the end" in words


async def test_a_hot_seat_tables_help_offers_no_undo() -> None:
    """Undo is for one human against bots (its own paragraph says so): at a table of two humans sharing the
    keyboard the help listed `u undo` and that paragraph, and u only answered that it is not for this game."""
    from yaniv_tui.tui.screens.pass_turn import PassScreen

    app = TableApp(Session(make_options("israeli", "Ann,Bea,bot:medium:Cy", seed=5)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.stage == "choose"
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        words = help_words(app)
        assert "call Yaniv" in words and "skip to the end" in words
        assert "undo" not in words.lower(), words


async def test_the_join_screens_help_is_about_joining_and_its_bar_says_how_to_open_it() -> None:
    """`yaniv join`, a field focused: the bar showed `^q quit ^p palette`, no help key (? is typed in a field), and
    the help (f1) said "Choose the house rules on the setup screen", a screen a joiner never sees."""
    from yaniv_tui.tui.screens.join import JoinScreen

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise AssertionError("nothing is joined")

    app = YanivApp(joining=JoinRequest(joiner, refused=(ActionRefused,)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.pause()
        keys = footer_keys(app)
        assert keys.get("f1") == "help" and list(keys)[-1] == "f1", keys
        assert keys.get("^q") == "quit", keys
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = screen_text(app)
        assert "setup screen" not in text, text
        assert "The table's host chooses the" in text, text
        words = help_words(app)
        assert "f1 is help there" in words, words


PRESETS = sorted(path.stem for path in presets_dir().glob("*.toml"))


@pytest.mark.parametrize("ruleset", PRESETS)
async def test_the_help_says_the_keys_of_each_house_rule_offered_in_play(ruleset: str) -> None:
    """Before, the help at a table with the slap-down listed `⏎ slap it down` and `k keep it` among the other keys,
    and its rules said what a slap-down is, but nothing said when those keys apply (after a deck card that matches
    the drop) nor that k ends the turn; the joker swap had its paragraph. Now each house rule played with keys of
    its own has one, only at a table that has it."""
    options = make_options(ruleset, "Ann,bot:medium:Bea", seed=5)
    app = TableApp(Session(options))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        words = " ".join(help_words(app).split())
        slap = (
            "enter (or a click on that card) slaps it down" in words
            and "k keeps it" in words
            and "The slap-down:" in words
        )
        assert slap == options.rules.slap_down, words
        swap = "The joker swap:" in words and "j (or a click on the joker marked j" in words
        assert swap == options.rules.joker_swap, words


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_nothing_of_the_setup_screen_shows_beside_the_help(size: tuple[int, int]) -> None:
    """Before, at 80x24 the help over the setup screen had the same stray "▔" beside its right border as the house
    rules' dialog (the setup screen's Edit rules button's top edge, through the shade), and "out above 200" with the
    buttons' lower edges under it. Around the help there is only its backdrop."""
    from tui_helpers import screen_lines

    app = YanivApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one(".dialog").region
        around = [
            line[: box.x] + line[box.right :] if box.y <= y < box.bottom else line
            for y, line in enumerate(screen_lines(app)[:-1])  # the last row is the help's own key bar
        ]
        assert all(not line.strip() for line in around), around


async def test_ctrl_q_says_alike_on_the_bar_in_the_help_and_on_the_way_out() -> None:
    """ctrl+q quits at once: mid-game the game is saved (as after every move) and the line printed on the way out says
    how to come back, as the README says. The help said only "^q quit" and the bar's key had no longer words, so a
    player mid-game could not learn that quitting loses nothing before trying it. The help's row and the bar key's
    words under the mouse say what quitting does now, as the palette's Quit does (`YanivApp.quit_words`)."""
    from yaniv_tui.tui.widgets.keybar import KeyBar

    app = make_app("israeli", "Ann,bot:easy,bot:easy", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said = "the game is saved, and Continue goes back to it"
        assert said in app.quit_words()
        (quit_key,) = (key for key in app.screen.query_one(KeyBar).shown() if key.action == "quit")
        assert said in quit_key.tooltip, quit_key
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        words = " ".join(help_words(app).split())
        assert f"^q leave the table: {said}" in words, words
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running)
    assert app.exit_line is not None and "the game is saved" in app.exit_line
