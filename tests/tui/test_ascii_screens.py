"""ASCII mode (`--ascii`, or a terminal whose locale is not UTF-8): every screen of a game says its own words in
ASCII, the marks too ("…", "·", "—", "→", the arrow keys, the replay's mark), each through its ASCII form in
`tui/marks.MARKS`; only Textual's box drawing (its borders, scroll bars and buttons' edges) stays."""

from __future__ import annotations

import dataclasses
import io

from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static
from tui_helpers import SIZE, make_options, notices, play_turn, screen_text, settle

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.marks import MARKS, in_ascii, text_in_ascii
from yaniv_tui.tui.screens.concede import ConcedeScreen
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.join import JoinScreen
from yaniv_tui.tui.screens.pass_turn import PassScreen
from yaniv_tui.tui.screens.replay import ReplayScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.stats import StatsScreen
from yaniv_tui.tui.screens.table import TableScreen

#: Textual's own glyphs that are no box drawing: a Select's arrow (the stats' ruleset), open or closed.
TEXTUAL_GLYPHS = frozenset("▼▲")


def drawn_by_textual(character: str) -> bool:
    """Box drawing and block elements (Textual's borders, scroll bars, buttons' edges, the chart's frame), and
    Textual's own glyphs."""
    return 0x2500 <= ord(character) <= 0x259F or character in TEXTUAL_GLYPHS


def foreign(text: str) -> list[str]:
    """Each line of `text` with a character that is neither ASCII nor Textual's drawing, with those characters."""
    return [
        f"{''.join(sorted(set(found)))}: {line.strip()}"
        for line in text.splitlines()
        if (found := [c for c in line if ord(c) > 127 and not drawn_by_textual(c)])
    ]


async def seen(pilot: Pilot[None], where: str, shown: dict[str, str], *, table: bool = False) -> None:
    """Keep what the screen shows as `where` (at a `table`, once a human is asked to act)."""
    if table:
        await settle(pilot)
    await pilot.pause()
    await pilot.pause()
    shown[where] = screen_text(pilot.app)


async def with_help(pilot: Pilot[None], where: str, shown: dict[str, str]) -> None:
    """The screen, then the help over it (scrolled to its end, so every paragraph is drawn), closed again."""
    await seen(pilot, where, shown)
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HelpScreen)
    shown[f"help over {where}"] = screen_text(pilot.app)
    pilot.app.screen.query_one("#help-keys").scroll_end(animate=False)
    await seen(pilot, f"help over {where}, its end", shown)
    await pilot.press("escape")
    await pilot.pause()


async def test_every_screen_of_a_game_in_ascii_mode_shows_ascii_alone() -> None:
    shown: dict[str, str] = {}
    options = dataclasses.replace(make_options("seven-cards", "Ann,bot:easy:Bea", seed=5, end_limit=20), ascii=True)
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await with_help(pilot, "the table", shown)
        await play_turn(pilot)
        await seen(pilot, "the table after a turn", shown, table=True)
        await pilot.press("s")
        await seen(pilot, "the scores", shown)
        await pilot.press("escape")
        await pilot.press("c")
        await seen(pilot, "the concede dialog", shown)
        assert isinstance(app.screen, ConcedeScreen)
        await pilot.press("escape")
        for _ in range(3000):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, GameEndScreen):
                break
            if isinstance(screen, RoundEndScreen):
                await seen(pilot, "a round's end", shown)
                await pilot.press("enter")
            elif isinstance(screen, PassScreen):
                await pilot.press("enter")
            else:
                await play_turn(pilot)
        await with_help(pilot, "the game's end", shown)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("right", "right", "right")
        await with_help(pilot, "the replay", shown)
    setup = YanivApp(None, LaunchOptions(ascii=True, bot_delay=0.0))
    async with setup.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(setup.screen, SetupScreen)
        await with_help(pilot, "the setup", shown)
        await pilot.press("ctrl+e")
        await seen(pilot, "the house rules", shown)
        assert isinstance(setup.screen, HouseRulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(setup.screen, StatsScreen)
        await seen(pilot, "the stats", shown)
        await pilot.press("g")
        await seen(pilot, "the stats' games", shown)
    joining = YanivApp(None, LaunchOptions(ascii=True), joining=JoinRequest(joiner=_never_joins))
    async with joining.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(joining.screen, JoinScreen)
        await with_help(pilot, "the join screen", shown)
    small = YanivApp(None, LaunchOptions(ascii=True))
    async with small.run_test(size=(60, 20)) as pilot:
        await seen(pilot, "a terminal too small", shown)
    found = {where: lines for where, text in shown.items() if (lines := foreign(text))}
    assert found == {}, "\n".join(f"{where}:\n  " + "\n  ".join(lines) for where, lines in found.items())


async def _never_joins(address: str, code: str, name: str | None) -> Client:
    raise AssertionError("this test joins no table")


def test_every_mark_has_an_ascii_form_and_a_line_keeps_its_styles() -> None:
    assert all(ascii_form.isascii() and not symbol.isascii() for symbol, ascii_form in MARKS.values())
    assert in_ascii("Yaniv — Israeli · round 3: 100 → 50, ←→ move, ⏎/r replay, ↑↓ fields") == (
        "Yaniv - Israeli - round 3: 100 -> 50, left/right move, enter/r replay, up/down fields"
    )
    assert in_ascii("thinking…", ascii_only=False) == "thinking…"
    line = Text("Ann · ")
    line.append("thinking…", style="italic")
    shown = text_in_ascii(line)
    assert shown.plain == "Ann - thinking..."
    italic = {at for span in shown.spans if span.style == "italic" for at in range(span.start, span.end)}
    assert italic == set(range(6, 17)) and {span.style for span in shown.spans} == {"italic"}


def widget_words(app: YanivApp) -> str:
    """The tooltips of every widget of every screen open, one a line (the screen's text is `screen_text`)."""
    return "\n".join(
        str(widget.tooltip) for screen in app.screen_stack for widget in screen.query("*") if widget.tooltip is not None
    )


async def test_switching_ascii_from_the_palette_changes_the_screen_shown_and_back() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        with_marks = screen_text(app)
        assert foreign(with_marks), "the setup screen shows marks to put in ASCII"
        app.action_toggle_ascii()
        await pilot.pause()
        await pilot.pause()
        assert foreign(screen_text(app)) == [] and foreign(widget_words(app)) == []
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert foreign(screen_text(app)) == []
        app.action_toggle_ascii()  # off, over the help: its marks come back
        await pilot.pause()
        assert foreign(screen_text(app)), "the help shows its marks again"
        app.action_toggle_ascii()  # and on again
        await pilot.pause()
        assert foreign(screen_text(app)) == []
        await pilot.press("escape")
        await pilot.pause()
        app.action_toggle_ascii()
        await pilot.pause()
        await pilot.pause()
        assert screen_text(app) == with_marks  # every mark back as it was


async def test_the_palettes_ascii_line_notices_and_tooltips_are_ascii_in_ascii_mode() -> None:
    app = YanivApp(None, LaunchOptions(ascii=True, bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
        assert foreign("\n".join(f"{command.title}: {command.help}" for command in commands)) == []
        assert foreign(widget_words(app)) == []
        # The table's words (table/words.py) and any other notice: marks and cards alike.
        app.notify("Ann dropped 5♠ 5♥ · 100 → 50 …", markup=False)
        await pilot.pause()
        assert notices(app)[-1] == "Ann dropped 5S 5H - 100 -> 50 ...", notices(app)
        app.action_toggle_ascii()
        await pilot.pause()
        commands = list(app.get_system_commands(app.screen))
        assert any("♠ ♥ ♦ ♣" in command.help for command in commands)


async def test_switching_ascii_off_over_the_help_shows_its_marks_and_the_setup_screens() -> None:
    """Started in ASCII (`--ascii`, or the locale), the help and the setup screen were written in ASCII: a switch
    off writes them again with their marks (the help whole, the setup screen's title, words and buttons)."""
    app = YanivApp(None, LaunchOptions(ascii=True, bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert foreign(screen_text(app)) == []
        app.action_toggle_ascii()
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "•" in text, text  # the setup screen's title is behind the help's backdrop (.dialog-screen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        assert "Yaniv · a new game" in text and "Edit rules…" in text and "− seat" in text, text
        assert "↑↓ and tab" in text, text


async def test_started_in_ascii_a_switch_off_writes_the_game_end_stats_join_and_scores_with_marks() -> None:
    """The game's end (its chart, chart key and score sheet), the stats' tables, the join screen's line and the scores
    dialog were written in ASCII when they opened: a switch off left them in ASCII (and a switch on left the score
    sheet's `→` and the chart's points): each is written again, either way."""
    import asyncio

    from records_helpers import GameEndApp, finished_session
    from test_stats_games import keep, poor_game

    from yaniv_tui.tui.screens.scores import ScoresScreen

    app = GameEndApp(finished_session())  # israeli, seed 2: a lucky reset, in the sheet (→) and the chart (◆)
    app.set_reactive(YanivApp.ascii_cards, True)
    async with app.run_test(size=SIZE) as pilot:
        await until_shown(pilot, GameEndScreen)
        assert foreign(screen_text(app)) == []
        app.action_toggle_ascii()
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert MARKS["reset-point"][0] in text and MARKS["last-point"][0] in text, text
        assert f" {MARKS['to'][0]} " in sheet_text(app), sheet_text(app)
        app.action_toggle_ascii()
        await pilot.pause()
        await pilot.pause()
        assert foreign(screen_text(app)) == [] and foreign(sheet_text(app)) == []
    keep(poor_game())
    setup = YanivApp(None, LaunchOptions(ascii=True, bot_delay=0.0))
    async with setup.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await until_shown(pilot, StatsScreen)
        assert foreign(screen_text(setup)) == [] and "-" in screen_text(setup)
        setup.action_toggle_ascii()
        await pilot.pause()
        await pilot.pause()
        assert MARKS["none"][0] in screen_text(setup), screen_text(setup)
    never = asyncio.Event()

    async def waits(address: str, code: str, name: str | None) -> Client:
        await never.wait()
        raise AssertionError("never joins")

    request = JoinRequest(joiner=waits, address="127.0.0.1", code="ABCDEF")
    joining = YanivApp(None, LaunchOptions(ascii=True), joining=request)
    async with joining.run_test(size=SIZE) as pilot:
        await until_shown(pilot, JoinScreen)
        await pilot.pause()
        assert "joining 127.0.0.1..." in screen_text(joining)
        joining.action_toggle_ascii()
        await pilot.pause()
        await pilot.pause()
        assert "joining 127.0.0.1…" in screen_text(joining), screen_text(joining)
    options = dataclasses.replace(make_options("israeli", "Ann,bot:easy", seed=3), ascii=True)
    table = YanivApp(options)
    async with table.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table.screen
        assert isinstance(screen, TableScreen)
        table.push_screen(ScoresScreen(("Ann", "Bea"), [], [50, 10]))
        await until_shown(pilot, ScoresScreen)
        sheet = table.screen.query_one("#scores-sheet")
        assert isinstance(sheet, Static)
        written = sheet.content
        table.action_toggle_ascii()
        await pilot.pause()
        assert sheet.content is not written  # written again, from the scores themselves


async def until_shown(pilot: Pilot[None], screen: type[object]) -> None:
    for _ in range(200):
        if isinstance(pilot.app.screen, screen):
            await pilot.pause()
            return
        await pilot.pause()
    raise AssertionError(f"{screen.__name__} never shown")


def sheet_text(app: YanivApp) -> str:
    """The game end's whole score sheet (a long game's runs below the screen), as printed."""
    from rich.console import Console

    sheet = app.screen.query_one("#end-scores", Static)
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(sheet.content)
    return console.export_text()
