"""What a new player's first games showed wrong, each tested as that player saw it (tried by hand in tmux at 80x24
and 100x30, and in a browser on `yaniv serve`)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from fake_net import ActionRefused, FakeClient, fake_hosting
from rich.console import Console
from test_joined_game_end import JoinedEndApp, hosted_game
from textual.containers import VerticalScroll
from tui_helpers import footer_keys, make_app, play_to_end, screen_lines, screen_text, settle, until

from yaniv_tui.store import History
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.help import HelpScreen, keys_table
from yaniv_tui.tui.screens.pass_turn import PassScreen
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen
from yaniv_tui.tui.screens.table import TableScreen

pytestmark = pytest.mark.slow


async def test_the_chart_key_breaks_only_between_its_entries_at_80x24() -> None:
    # At 80x24 the key ran past its width and broke inside its last entry: "── end" on one line, "score 20" on the next.
    app = make_app("seven-cards", "Anna,bot:easy:Bert,bot:easy:Cleo", seed=2, end_limit=20)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameEndScreen)
        for _ in range(12):
            await pilot.press("down")
        await settle(pilot)
        lines = screen_lines(app)
        assert any("── end score 20" in line for line in lines), "\n".join(lines)
        for name in ("Anna", "Bert", "Cleo"):
            assert any(f"━━ {name}" in line for line in lines), "\n".join(lines)


async def test_the_setup_bar_keeps_its_order_when_a_name_field_has_focus() -> None:
    # With a seat's name focused the bar read "^a + seat ^e edit rules ^d − seat ^s start ^t stats": the keys a text
    # field binds too (ctrl+a, ctrl+e, ctrl+d) came first, where on the ruleset list they read "^s start ^a + seat ...".
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        on_rules = list(footer_keys(app))
        app.screen.query(SeatRow).first().focus()
        await pilot.pause()
        on_name = list(footer_keys(app))
        assert "f1" in on_name and "^a" in on_name, on_name
        both = [key for key in on_rules if key in on_name]
        assert [key for key in on_name if key in on_rules] == both, (on_rules, on_name)


@pytest.mark.parametrize("kind", ["human", "remote"])
async def test_a_seat_named_you_is_refused_at_a_table_of_several_people(kind: str) -> None:
    # Seat 1 kept its default name "You" with a second person at the table: every screen speaks to a seat of that
    # name, so the pass screen read "Pass to You" for seat 1 and the joined player's log "You dropped 6♦, took from
    # the deck" of the host's move, and its turn line "Your turn at the host." while the host played.
    factory, _made = fake_hosting()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0), hosting=factory if kind == "remote" else None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        rows = list(setup.query(SeatRow))
        assert rows[0].value == "You"
        while rows[1].kind != kind:
            rows[1].focus()
            await pilot.press("enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is setup, "the game started with a seat named You among other people"
        text = screen_text(app)
        assert "seat 1" in text and "'You'" in text, text
        assert setup.focused is rows[0]
        await pilot.press(*"Dana")
        assert rows[0].value == "Dana", "the name was selected: what is typed replaces it"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen | PassScreen))


async def test_you_alone_against_bots_keeps_the_name_you() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.session.options.seats[0].name == "You"


async def test_the_help_says_how_to_scroll_and_the_arrows_scroll_the_rules_too() -> None:
    # At 80x24 the rules ran below the help's fold, and the bar said only "esc close": ↓ scrolled the keys' column
    # (the focused one) or nothing at all (the replay's, whose keys fit), never the rules, which took tab first.
    app = make_app("israeli", "Ann,bot:easy,bot:easy")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert footer_keys(app).get("↑↓") == "scroll", footer_keys(app)
        rules = help_screen.query_one("#help-rules", VerticalScroll)
        assert rules.max_scroll_y > 0
        for _ in range(rules.max_scroll_y):
            await pilot.press("down")
        await pilot.pause()
        assert rules.scroll_y == rules.max_scroll_y, "↓ reaches the rules' last line"
        await pilot.press("pageup", "pageup", "pageup")
        await pilot.pause()
        assert rules.scroll_y == 0


async def test_concede_and_skip_to_the_end_leaves_no_notice_over_the_game_end() -> None:
    # "You conceded: a medium bot plays the seat out." stayed eight seconds over the game end's buttons (it covered
    # "New game"), saying of the future a game already played out.
    app = make_app("israeli", "Ann,bot:easy,bot:easy")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, GameEndScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "bot plays" not in text, text
        assert "New game (n)" in text


async def test_the_help_says_when_e_skips_to_the_end() -> None:
    # The help listed "e  skip to the end" at every table of this screen, and e did nothing while anyone here played.
    app = make_app("israeli", "Ann,bot:easy,bot:easy")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("e")
        await pilot.pause()
        assert app.screen is table, "e skips nothing while Ann plays"
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(keys_table(table, []))
        assert "skip to the end once no one here is left in the game" in console.export_text()


async def test_a_joined_tables_end_says_it_scrolls_at_80x24(tmp_path: Path) -> None:
    # The joined table's end focuses its body (so a second enter does not quit), whose own ↓ key hid the screen's:
    # the bar never said "↑↓ scroll" there, though the chart's key and the score sheet ran below the fold.
    game, _text = hosted_game()
    session = ClientSession(FakeClient(game, seat=1), refused=(ActionRefused,))
    with History(tmp_path / "history.sqlite3") as history:
        session.record(history)
        app = JoinedEndApp(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameEndScreen))
            await pilot.pause()
            end = app.screen
            assert isinstance(end, GameEndScreen)
            body = end.query_one("#end-body", VerticalScroll)
            assert body.max_scroll_y > 0
            assert footer_keys(app).get("↑↓") == "scroll", footer_keys(app)
            await pilot.press("down")
            await pilot.pause()
            assert body.scroll_y > 0
