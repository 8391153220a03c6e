"""What a player can do at the table beyond a move: watch or skip a game they are out of, concede, the bell,
a hint, and being told how to come back after quitting."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from tui_helpers import (
    SIZE,
    TableApp,
    footer_keys,
    game_of,
    make_options,
    notices,
    play_turn,
    screen_text,
    settle,
    stacked_session,
)

from yaniv_tui.store import History, SaveMeta, history_path, read_save, save_path
from yaniv_tui.table.session import Session
from yaniv_tui.tui.screens import round_end
from yaniv_tui.tui.screens.concede import ConcedeScreen
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen

THREE = make_options("israeli", "Ann,bot:medium:Bea,bot:medium:Cy", seed=3)


def knocked_out_next() -> Session:
    """Bea calls Yaniv at once (first to play, 4 in hand) while Ann holds 50 on 190 of 200: Ann is out."""
    session = stacked_session(
        THREE, ["KS KH KD KC QS", "AS AC AD AH JK", "5H 6H 7H 8H 9H"], up="9D", deck="3C 4C", first=1
    )
    session.game.scores[0] = 190
    return session


async def until(pilot: Pilot[None], condition: Callable[[], object], limit: int = 600) -> None:
    """Let the app run (bots, workers, timers) until `condition()` holds."""
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the table never got there")


async def test_once_no_human_is_left_in_skip_plays_the_rest_at_once_and_shows_the_end() -> None:
    app = TableApp(knocked_out_next())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RoundEndScreen) and 0 in screen.result.eliminated
        keys = footer_keys(app)
        assert keys["w"] == "watch the rest" and keys["e"] == "skip to the end"
        assert "No one at this screen is left in" in screen_text(app)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, GameEndScreen))
        await pilot.pause()
        assert isinstance(app.screen, GameEndScreen)
        game = game_of(app.screen.session)
        assert game.is_over and len(game.history) >= 2 and 0 not in game.winners


async def test_watching_the_rest_needs_no_enter_until_the_final_standings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(round_end, "WATCH_PAUSE", 0.05)
    app = TableApp(knocked_out_next())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("w")
        auto_rounds = 0
        last: RoundEndScreen | None = None

        def game_over_shown() -> bool:
            nonlocal auto_rounds, last
            screen = app.screen
            if isinstance(screen, RoundEndScreen) and screen is not last:
                last = screen
                if not screen.result.game_over:
                    assert screen.auto_after == 0.05 and "w" not in footer_keys(app)
                    auto_rounds += 1
            return isinstance(screen, RoundEndScreen) and screen.result.game_over

        await until(pilot, game_over_shown, limit=3000)
        assert auto_rounds >= 1
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameEndScreen))
        await pilot.pause()


async def test_before_anyone_is_out_the_round_end_offers_neither() -> None:
    session = stacked_session(THREE, ["KS KH KD KC QS", "AS AC AD AH JK", "5H 6H 7H 8H 9H"], up="9D", first=1)
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundEndScreen)
        assert "w" not in footer_keys(app) and "e" not in footer_keys(app)
        await pilot.press("e")
        assert isinstance(app.screen, RoundEndScreen)


async def test_concede_asks_first_and_play_on_changes_nothing() -> None:
    app = TableApp(stacked_session(THREE, ["KS KH KD KC QS", "AS 2C 3D 4H 6S", "5H 6H 7H 8H 9H"], up="9D"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ConcedeScreen)
        assert "the history never counts the game as your win" in str(
            app.screen.query_one("#confirm-question", Static).content
        )
        await pilot.press("n")
        assert app.screen is table and table.stage == "choose"  # type: ignore[comparison-overlap]  # mypy keeps its narrowing past the keys
        assert table.session.meta.conceded == () and table.session.at_screen(0)


async def test_a_conceded_seat_is_played_out_by_a_bot_kept_on_resume_and_never_recorded_as_a_win(
    tmp_path: Path,
) -> None:
    session = stacked_session(THREE, ["KS KH KD KC QS", "AS 2C 3D 4H 6S", "5H 6H 7H 8H 9H"], up="9D")
    game_id = session.meta.game_id
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("c", "y")
        await pilot.pause()
        assert session.meta.conceded == (0,)
        assert not session.at_screen(0) and (session.only_bots_left or session.game.is_over)
        assert table.viewer is None and table.follow == "watch"
        assert any("Ann conceded" in n for n in notices(app))
        await pilot.press("ctrl+q")
    saved = read_save(save_path(game_id))
    assert saved.meta.conceded == (0,)
    resumed = Session.resumed(saved, bot_delay=0.0)
    assert not resumed.at_screen(0) and resumed.only_bots_left
    resumed.close()
    # The history: a seat that conceded is never the winner, whoever then played it out.
    game = session.game
    while not game.is_over:
        game.apply(await session.ask(game.current))
    history = History()
    history.record(game, SaveMeta(session.meta.seats, game_id=game_id, conceded=(0, 1, 2)))
    rows = sqlite3.connect(history_path()).execute("SELECT seat, winner FROM seats ORDER BY seat").fetchall()
    assert rows == [(0, 0), (1, 0), (2, 0)]


async def test_the_bell_rings_when_the_turn_comes_back_and_on_a_yaniv_and_quiet_stops_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rings: list[int] = []
    monkeypatch.setattr(TableApp, "bell", lambda self: rings.append(1))
    two = make_options("israeli", "Ann,bot:medium:Bea", seed=5)
    app = TableApp(stacked_session(two, ["9C KS 4H 5H 6D", "QC QD 2S 7S 8S"], up="8D", deck="3C 4C 5C 6C"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert rings == []  # Ann plays first: nobody has played yet
        await play_turn(pilot)
        await settle(pilot)
        assert rings == [1]  # Bea played: Ann's turn again
    rings.clear()
    app = TableApp(knocked_out_next())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundEndScreen) and rings == [1]  # Bea called Yaniv
    rings.clear()
    app = TableApp(knocked_out_next())
    app.launch = dataclasses.replace(app.launch, quiet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.bell_on is False and rings == []


async def test_in_pass_and_play_the_bell_calls_the_next_player_to_the_keyboard_not_once_they_hold_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before: the bell rang when the next player pressed enter on the pass screen, already at the keyboard."""
    from yaniv_tui.tui.screens.pass_turn import PassScreen

    rings: list[int] = []
    monkeypatch.setattr(TableApp, "bell", lambda self: rings.append(1))
    three = make_options("israeli", "Ann,bot:medium:Bea,Ben", seed=5)
    hands = ["9C KS 4H 5H 6D", "QC QD 2S 7S 8S", "AC 2C 3D 9H 10S"]
    app = TableApp(stacked_session(three, hands, up="8D", deck="3C 4C 5C 6C 7C 8C"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassScreen):  # Ann takes the keyboard first: nobody has played yet
            await pilot.press("enter")
            await settle(pilot)
        assert rings == []
        await play_turn(pilot)
        await settle(pilot)
        assert isinstance(app.screen, PassScreen) and rings == [1]  # Ann and Bea played: Ben is called
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and rings == [1]  # Ben holds the keyboard: no second ring


async def test_h_gives_a_hint_from_the_seats_view_counted_and_kept_in_the_save() -> None:
    session = stacked_session(THREE, ["KS QS 2C 4C 9D", "AS 2D 3D 4H 6S", "5H 6H 7H 8H 9H"], up="3C")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert footer_keys(app)["h"] == "hint"
        await pilot.press("h")
        table = app.screen
        assert isinstance(table, TableScreen)
        await until(pilot, lambda: table.tip.startswith("hint: "), limit=1000)
        assert "♠" in table.tip or "♣" in table.tip  # the screen's own notation
        assert session.meta.hints == (1, 0, 0)
        assert read_save(save_path(session.meta.game_id)).meta.hints == (1, 0, 0)


async def test_quitting_a_game_says_it_is_saved_and_how_to_come_back() -> None:
    session = stacked_session(THREE, ["KS QS 2C 4C 9D", "AS 2D 3D 4H 6S", "5H 6H 7H 8H 9H"], up="3C")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await asyncio.sleep(0)
    assert app.exit_line is not None
    assert app.exit_line.startswith("the game is saved: ")
    assert f"'yaniv --resume {session.meta.game_id[:8]}'" in app.exit_line


async def test_the_bell_follows_the_settings_file_and_the_palette_keeps_the_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from yaniv_tui.store.settings import Settings, load_settings, save_settings

    rings: list[int] = []
    monkeypatch.setattr(TableApp, "bell", lambda self: rings.append(1))
    assert save_settings(Settings(bell=False)) is None
    app = TableApp(knocked_out_next())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.bell_on is False and rings == []  # Bea called Yaniv, and the settings keep the bell quiet
        app.action_toggle_bell()  # the palette's "Bell on"
        assert app.bell_on is True
    assert load_settings().bell is True


async def test_the_palettes_bell_command_says_what_choosing_it_does() -> None:
    """With the bell on, the palette offered "Bell off" over "Ring the terminal's bell when your turn comes...": a
    new player read that the bell was off and that choosing it would ring. Its words say what choosing it does."""
    app = TableApp(knocked_out_next())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)

        def bell_command() -> tuple[str, str]:
            command = next(c for c in app.get_system_commands(app.screen) if c.title.startswith("Bell"))
            return command.title, command.help

        app.bell_setting = True
        title, words = bell_command()
        assert title == "Bell off" and words.startswith("Stop ringing the terminal's bell"), words
        app.bell_setting = False
        title, words = bell_command()
        assert title == "Bell on" and words.startswith("Ring the terminal's bell"), words
