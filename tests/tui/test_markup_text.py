"""Text from a player (names, a ruleset's name and description, paths) shows as typed: never styled, never an
action, never a crash. Textual reads a str put in a widget as markup; every such text here must stay literal."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList
from tui_helpers import SIZE, drawn_lines, game_of, play_turn, screen_text, settle

from yaniv_tui.engine import load_ruleset, preset_paths
from yaniv_tui.store import save_path, user_rulesets_dir
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import GameOptions, Seat
from yaniv_tui.table.words import sentence
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.pass_turn import PassScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.scores import ScoresScreen
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen

#: Names that are markup to Textual: a closing tag with nothing to close (MarkupError), a style, a
#: style pair, and an action a click would run. The last is wider than the name rule takes (engine.names): only a
#: game made in code holds it, never one read from a save or typed.
NAMES = ("[/]", "[b]x", "[red]Ann[/red]", "x[@click=app.quit]y")
RULES_NAME = "Mk [/] [b]"
RULES_DESCRIPTION = "[@click=app.quit]quit[/] [red]red"


def hostile_options(names: tuple[str, ...] = NAMES, rules_name: str = RULES_NAME) -> GameOptions:
    """Humans with markup names, under seven-cards renamed to markup: two rounds at end score 30."""
    rules = dataclasses.replace(load_ruleset("seven-cards"), name=rules_name, description=RULES_DESCRIPTION)
    rules = rules.with_choices(end_limit=30)
    seats = tuple(Seat.person(name) for name in names)
    return GameOptions(rules, seats, seed=6, bot_delay=0.0, ruleset_ref="seven-cards")


def click_actions(app: YanivApp) -> list[object]:
    """The `@click` actions carried by what is on screen now (markup makes them: `[@click=app.quit]`)."""
    found: list[object] = []
    for widget in app.screen.query("*"):
        for segment in (segment for strip in drawn_lines(widget) for segment in strip):
            meta = segment.style.meta if segment.style is not None else {}
            if "@click" in meta:
                found.append(meta["@click"])
    return found


def check_literal(app: YanivApp, *wanted: str) -> str:
    """Every text of `wanted` is on screen as typed, and nothing on screen runs an action when clicked."""
    text = screen_text(app)
    for piece in wanted:
        assert piece in text, f"{piece!r} is not shown as typed on the {type(app.screen).__name__}:\n{text}"
    assert not any("quit" in str(action) for action in click_actions(app)), click_actions(app)
    return text


async def test_markup_names_and_ruleset_name_show_as_typed_through_a_whole_game() -> None:
    app = YanivApp(hostile_options())
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(3000):
            screen = app.screen
            seen.add(type(screen).__name__)
            if isinstance(screen, GameEndScreen):
                break
            if isinstance(screen, PassScreen):
                name = screen.player
                check_literal(app, f"Pass to {name}", f"{name}, press enter")
                await pilot.press("enter")
            elif isinstance(screen, RoundEndScreen):
                check_literal(app, *NAMES, RULES_NAME, "called Yaniv")
                await pilot.press("enter")
            else:
                assert isinstance(screen, TableScreen)
                name = game_of(screen).players[game_of(screen).current]
                check_literal(app, *NAMES[:3], RULES_NAME, f"{name}'s hand", f"Your turn, {name}")
                if "HelpScreen" not in seen:
                    await pilot.press("question_mark")
                    assert isinstance(app.screen, HelpScreen)
                    seen.add("HelpScreen")
                    check_literal(app, f"The rules: {RULES_NAME}")
                    await pilot.press("escape")
                if "ScoresScreen" not in seen and game_of(screen).history:
                    await pilot.press("s")
                    assert isinstance(app.screen, ScoresScreen)
                    seen.add("ScoresScreen")
                    check_literal(app, *NAMES[:3])
                    await pilot.press("escape")
                if game_of(screen).log:
                    check_literal(app, f"{game_of(screen).players[game_of(screen).log[-1].seat]} dropped")
                await play_turn(pilot)
            await settle(pilot)
        assert isinstance(app.screen, GameEndScreen), "the game did not end"
        game = game_of(app.screen.session)
        check_literal(
            app, *NAMES[:3], sentence([game.players[s] for s in game.winners], "win", "!"), f"of {RULES_NAME}"
        )
        assert app.is_running and app.return_code is None
    assert {"PassScreen", "TableScreen", "RoundEndScreen", "HelpScreen", "ScoresScreen"} <= seen


async def click_name(pilot: Pilot[None], name: str, markup_shows: str) -> None:
    """Click every cell where `name` is on screen, as typed or as its markup would show it."""
    for row, line in enumerate(screen_text(pilot.app).splitlines()):
        for piece in (name, markup_shows):
            column = line.find(piece)
            if column >= 0:
                for x in range(column, column + len(piece)):
                    await pilot.click(offset=(x, row))


async def test_a_name_with_click_markup_runs_nothing_when_clicked() -> None:
    # Only names that parse as markup, so what is tested is the click, not a crash before it.
    name = NAMES[3]
    app = YanivApp(hostile_options(("Ann", name), rules_name="Mk"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        while not isinstance(app.screen, PassScreen) or app.screen.player != name:
            if isinstance(app.screen, PassScreen):
                await pilot.press("enter")
            else:
                await play_turn(pilot)
            await settle(pilot)
        check_literal(app, f"Pass to {name}")
        await click_name(pilot, name, "xy")
        assert app.is_running and app.return_code is None, "a click on a player's name quit the app"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        check_literal(app, name)
        await click_name(pilot, name, "xy")
        await pilot.pause()
        assert app.is_running and app.return_code is None, "a click on a player's name quit the app"


async def test_saved_games_list_delete_question_and_resume_show_markup_names_as_typed() -> None:
    app = YanivApp(hostile_options((*NAMES[:3], "x[@click=bell]")))  # names a save may hold
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await play_turn(pilot)  # one move: the game is saved with its names
        await settle(pilot)
    setup = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with setup.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(setup.screen, SetupScreen)
        check_literal(setup, f"{NAMES[0]} 0, {NAMES[1]} 0", RULES_NAME)
        await pilot.press("ctrl+o")
        await pilot.pause()
        check_literal(setup, f"{NAMES[0]} 0, {NAMES[1]} 0")
        await pilot.press("x")  # delete? asks first, naming the game
        await pilot.pause()
        assert type(setup.screen).__name__ == "ConfirmScreen"
        check_literal(setup, "Delete this saved game?", f"{NAMES[0]} 0, {NAMES[1]} 0")
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")  # continue it
        await settle(pilot)
        assert isinstance(setup.screen, PassScreen)
        check_literal(setup, f"Pass to {setup.screen.player}")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(setup.screen, TableScreen)
        check_literal(setup, *NAMES[:3], RULES_NAME)


def write_markup_ruleset() -> None:
    folder = user_rulesets_dir()
    folder.mkdir(parents=True)
    text = preset_paths()["israeli"].read_text()
    assert 'name = "Israeli"' in text
    text = text.replace('name = "Israeli"', f"name = {RULES_NAME!r}")
    text = re.sub(r"(?m)^description = .*$", f"description = {RULES_DESCRIPTION!r}", text)
    (folder / "mk.toml").write_text(text)


async def test_a_ruleset_named_as_markup_shows_as_typed_on_setup_and_in_the_house_rules_dialog() -> None:
    write_markup_ruleset()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen) and "mk" in screen.presets
        presets = screen.query_one("#presets", OptionList)
        presets.highlighted = presets.get_option_index("mk")
        await pilot.pause()
        check_literal(app, RULES_NAME, "[red]red")
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, HouseRulesScreen)
        check_literal(app, f"Edit rules · from {RULES_NAME}")
        app.screen.query_one("#hr-name", Input).value = "Typed [/] [b]"
        await pilot.press("ctrl+s")  # saved as a new preset, highlighted on setup
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        check_literal(app, "Typed [/] [b]")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        check_literal(app, "Typed [/] [b]")


async def test_lines_quoting_a_path_show_it_as_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "[/]data[b]"
    monkeypatch.setenv("YANIV_DATA_DIR", str(data))
    path = save_path("abc123")
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "yaniv-tui-save", "version": 1, "gam')
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(200, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        check_literal(app, "[/]data[b]")
    notice = f"the finished game is kept in {data}/pending.json"
    options = dataclasses.replace(hostile_options(), seats=(Seat.person("Ann"), Seat.bot("easy", "Dana")))
    app = YanivApp(options, LaunchOptions(notices=(notice,)))
    async with app.run_test(size=(200, 30), notifications=True) as pilot:
        await settle(pilot)
        await pilot.pause()
        # The notice sits in the felt's corner, wrapped over its lines (a space at a break dropped): read as one.
        (toast,) = app.screen.query("Toast")
        lines = ("".join(segment.text for segment in strip).strip(" ▌") for strip in drawn_lines(toast))
        assert notice.replace(" ", "") in "".join(lines).replace(" ", "")
        check_literal(app)
