"""The app's game guards: a game past the most rounds a game may take, or a round past its most turns, stops
with the standings and a line saying why, rather than playing on for ever."""

from __future__ import annotations

import pytest
from tui_helpers import SIZE, game_of, make_app, screen_text, settle

from yaniv_tui.engine import guards
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen


async def test_a_bots_only_game_past_the_round_cap_stops_with_a_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: nothing capped a game in the app; a bots-only table that never ended played for ever."""
    monkeypatch.setattr(guards, "MAX_GAME_ROUNDS", 2)
    monkeypatch.setattr(guards, "ROUNDS_PER_END_POINT", 0)
    app = make_app("israeli", "bot:easy,bot:easy", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await settle(pilot)
            if isinstance(app.screen, RoundEndScreen):
                await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameEndScreen)
        assert not game_of(app.screen.session).is_over and len(game_of(app.screen.session).history) == 2
        text = screen_text(app)
        assert "This game passed 2 rounds without an end, the most a game may take: it stops here, with no" in text


async def test_a_round_past_the_turn_cap_stops_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guards, "MAX_ROUND_TURNS", 4)
    app = make_app("israeli", "bot:easy,bot:easy", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameEndScreen)
        assert game_of(app.screen.session).turns == 5
        assert "This round passed 4 turns without a Yaniv call, the most a round may take" in screen_text(app)
