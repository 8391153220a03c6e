"""What a new player met on the screens around the table (the setup screen's saved game, the palette), each tested
as that player saw it in tmux at 80x24."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual import events
from textual.containers import VerticalScroll
from textual.widgets import DataTable
from tui_helpers import footer_keys, make_app, play_to_end, screen_lines, scrolled, settle, until

from yaniv_tui.engine import MAX_NAME, Game, Seat, load_ruleset
from yaniv_tui.store import SaveMeta, save_game
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.saved_games import ConfirmScreen, SavedGamesScreen
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen
from yaniv_tui.tui.screens.stats import StatsScreen
from yaniv_tui.tui.screens.table import TableScreen

pytestmark = pytest.mark.slow


def saved(game_id: str, names: list[str], seats: tuple[Seat, ...]) -> None:
    """A game in progress saved through the store's API, as a quit mid-game leaves it."""
    save_game(Game.new(load_ruleset("israeli"), names, seed=3), SaveMeta(seats, game_id=game_id))


async def test_the_saved_game_on_the_setup_screen_has_no_line_ending_in_a_dot() -> None:
    # The first game quit in round 1 came back as "You 0, Avi 0, Noa 0 · round 1 ·" above "Israeli · saved ...":
    # the column wrapped right after a separator, and the line ended in a stray "·".
    saved("first001", ["You", "Avi", "Noa"], (Seat.person(), Seat.bot("medium"), Seat.bot("medium")))
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        desc = app.screen.query_one("#saved-desc").region
        lines = [line[desc.x : desc.right].rstrip() for line in screen_lines(app)[desc.y : desc.bottom]]
        assert "You 0, Avi 0, Noa 0" in lines and "round 1 · Israeli" in lines, lines
        assert not [line for line in lines if line.endswith("·")], lines


async def test_continue_is_not_offered_when_every_saved_game_is_a_table() -> None:
    # Only a table `yaniv host` saved: the box said "Every saved game has a remote seat: 'yaniv host --resume' opens
    # the newest table." and still showed a Continue button and `^r continue` on the bar, which could only say so again.
    saved("tabl0003", ["Ann", "Web"], (Seat.person(), Seat.remote()))
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.saved is None
        assert not app.screen.query_one("#continue-saved").display
        assert app.screen.query_one("#saved-games").display  # the list still shows the table, and its command
        assert "^r" not in footer_keys(app), footer_keys(app)
        text = "\n".join(screen_lines(app))
        assert "Continue" not in text and "'yaniv host --resume'" in text, text


def quit_help(app: YanivApp) -> str:
    """What the palette (ctrl+p) says its Quit does, on the screen shown."""
    (command,) = [command for command in app.get_system_commands(app.screen) if command.title == "Quit"]
    return command.help


async def test_the_palettes_quit_says_a_game_in_progress_is_kept() -> None:
    # At the table the palette's Quit read Textual's "Quit the application as soon as possible": a new player
    # wondered whether the game was lost. It is saved, and Continue goes back to it.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        words = quit_help(app)
        assert "as soon as possible" not in words and "saved" in words and "Continue" in words, words
        app.action_command_palette()
        await pilot.pause()
        await pilot.press(*"quit")
        await until(pilot, lambda: any("is saved" in line for line in screen_lines(app)))


async def test_the_palettes_quit_on_the_setup_screen_has_no_game_to_keep() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        words = quit_help(app)
        assert "as soon as possible" not in words and "saved" not in words, words


@pytest.mark.parametrize("name", ["Abcdefghijklmn", "🦊" * 7, "田中さくら田中"])
async def test_a_name_as_long_as_the_name_rule_allows_shows_whole_on_the_setup_screen_at_80x24(name: str) -> None:
    # A name may take 14 cells (engine.names.MAX_NAME), but the seat's field at 80 columns was 13 wide: typed, the
    # name's first cell scrolled out of view (the cursor takes a cell after it), and left, its last was cut
    # ("Abcdefghijklm"; six foxes of seven).
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        row = app.screen.query(SeatRow).first()
        row.focus()
        await pilot.pause()
        row.clear()
        row.insert_text_at_cursor(name)  # as typed (or pasted): the cursor after the name
        await pilot.pause()
        assert row.value == name and cell_len(name) == MAX_NAME
        seat_line = next(line for line in screen_lines(app) if "1. " in line)
        assert name in seat_line, seat_line
        row.screen.query_one("#presets").focus()  # and left
        await pilot.pause()
        seat_line = next(line for line in screen_lines(app) if "1. " in line)
        assert name in seat_line, seat_line


@pytest.mark.parametrize("letters", [3, 11, 15])
async def test_no_line_of_the_saved_games_list_ends_in_a_dot(letters: int) -> None:
    # Six players of a long game: the list (ctrl+o) wrapped "…, P5xxx 0 · round 1 · Israeli" after a separator,
    # and the line ended in a stray "·"; so did the question before a delete.
    names = [f"P{seat}{'x' * (letters - 2)}" for seat in range(6)]
    saved("dots0001", names, (Seat.person(), *[Seat.bot("easy")] * 5))
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        await pilot.pause()
        for place in ("OptionList", "#confirm-question"):
            if place == "#confirm-question":
                await pilot.press("delete")
                await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
                await pilot.pause()
            box = app.screen.query_one(place).region
            lines = [line[box.x : box.right].rstrip(" ▎│") for line in screen_lines(app)[box.y : box.bottom]]
            assert f"{names[-1]} 0" in "".join(lines), lines
            assert not [line for line in lines if line.endswith("·")], lines


async def test_the_finished_games_keep_their_rounds_and_record_in_view_at_80x24() -> None:
    # Three players of long names: the games tab's row ran past 80 columns, its heading read "roun" at the edge and
    # the record ("replay", what enter opens) was off the screen, to be scrolled to sideways.
    app = make_app("seven-cards", "Alexandrina Xy,bot:easy:Bartholomew Zz,bot:easy:Cornelius Qqq", seed=3, end_limit=20)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameEndScreen)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("ctrl+t")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        await pilot.press("g")
        # The tab shown, and its table filled for its width (after the switch is laid out; slow on a loaded machine).
        games = stats.query_one("#games-table", DataTable)
        await until(pilot, lambda: stats.games_shown and stats.games_room == games.scrollable_content_region.width > 0)
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "rounds  record" in text and "replay" in text, text
        for name in ("Alexandrina Xy", "Bartholomew Zz", "Cornelius Qqq"):
            assert name in text, text


async def test_the_helps_arrow_keys_scroll_a_line_each_when_they_come_all_at_once() -> None:
    # A held ↓ (or keys a slow connection delivers together): tmux's ten ↓ in one write scrolled the help one line,
    # the rules column not at all. Each scroll was put off to after the next refresh, counted from where the column
    # was before the keys came.
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        columns = list(app.screen.query(VerticalScroll))
        assert all(column.max_scroll_y >= 5 for column in columns)
        for _ in range(5):
            app.screen.post_message(events.Key("down", None))
        await scrolled(pilot, columns, 5)
