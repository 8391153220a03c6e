"""Skipping to the end: the rest played at once (no pause, no drawing between moves) with a progress line, the
same game as watched; offered in a bots-only game too."""

from __future__ import annotations

import dataclasses
import sqlite3

import pytest
from test_table_flow import until
from tui_helpers import SIZE, TableApp, footer_keys, game_of, make_options, stacked_session

from yaniv_tui.store import history_path, save_path
from yaniv_tui.table.session import Session
from yaniv_tui.tui.screens import round_end, table_state, table_view
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.help import keys_table
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen

THREE = make_options("israeli", "Ann,bot:easy:Bea,bot:medium:Cy,bot:hard:Di", seed=3)


def knocked_out_next() -> Session:
    """Bea calls Yaniv at once (first to play, 4 in hand) while Ann holds 50 on 190 of 200: Ann is out."""
    session = stacked_session(
        THREE,
        ["KS KH KD KC QS", "AS AC AD AH JK", "5H 6H 7H 8H 9H", "2S 3S 4S 9C 10C"],
        up="9D",
        deck="3C 4C",
        first=1,
    )
    session.game.scores[0] = 190
    return session


async def rest_of(key: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Session, list[str], int, int]:
    """Ann is knocked out in round 1; `key` watches (w) or skips (e) the rest. The session at the game's end,
    the tips shown meanwhile, the table's draws and the moves played after the key."""
    monkeypatch.setattr(round_end, "WATCH_PAUSE", 0.01)
    tips: list[str] = []
    draws = 0
    drawn = table_view.draw

    def counted(table: TableScreen) -> None:
        nonlocal draws
        draws += 1
        if table.tip not in tips[-1:]:
            tips.append(table.tip)
        drawn(table)

    monkeypatch.setattr(table_state, "draw", counted)
    session = knocked_out_next()
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        turns = session.game.turns
        draws = 0
        await pilot.press(key)
        await until(
            pilot, lambda: isinstance(app.screen, GameEndScreen | RoundEndScreen) and session.game.is_over, 3000
        )
        return session, tips, draws, session.game.turns - turns


async def test_skip_plays_the_rest_at_once_with_a_progress_line_and_the_game_watched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    skipped, tips, draws, moves = await rest_of("e", monkeypatch)
    watched, _, _, _ = await rest_of("w", monkeypatch)
    game = skipped.game
    assert game.is_over and len(game.history) >= 3
    # The same seeds give the same game, watched or skipped.
    assert game.history == watched.game.history and game.scores == watched.game.scores
    # No drawing between moves: the table is drawn about once a round, for the progress line.
    assert moves > 4 * len(game.history)
    assert draws <= 2 * len(game.history) + 2, (draws, moves)
    progress = [tip for tip in tips if tip.startswith("Playing the rest… round ")]
    assert len(progress) >= len(game.history) - 2, tips
    # Recorded as usual: every round and the game's end in the history, and the finished game's save gone.
    db = sqlite3.connect(history_path())
    key = skipped.meta.game_id
    (rounds,) = db.execute("SELECT count(*) FROM rounds JOIN games ON games.id = game_id WHERE game_key = ?", (key,))
    (finished,) = db.execute("SELECT finished_at FROM games WHERE game_key = ?", (key,))
    assert rounds == (len(game.history),) and finished[0] is not None
    assert not save_path(key).exists()


async def test_a_bots_only_game_offers_skip_to_the_end_in_the_key_bar_and_help() -> None:
    # A pause before each bot's move long enough for the table's key bar to be read before the first one.
    options = dataclasses.replace(make_options("israeli", "bot:easy,bot:medium", seed=5), bot_delay=3.0)
    app = TableApp(Session(options))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        assert footer_keys(app).get("e") == "skip to the end"
        assert ("e", "skip to the end once no one here is left in the game") in help_rows(table)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, GameEndScreen), 3000)
        assert game_of(table.session).is_over


def help_rows(screen: TableScreen) -> list[tuple[str, str]]:
    """The rows of the keys the help lists over `screen`."""
    keys, does = keys_table(screen, []).columns  # type: ignore[arg-type]  # it takes Screen[object]: invariant
    return list(zip((str(k) for k in keys.cells), (str(d) for d in does.cells), strict=True))
