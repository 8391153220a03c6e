"""The replay screen's picture at 100×30, a few moves into a short seeded game, and with the expert's marks."""

from __future__ import annotations

import pytest
from test_replay import replay_app, short_game
from test_stats_games import two_decisions, until_reviewed
from textual.pilot import Pilot
from tui_helpers import SnapCompare

from yaniv_tui.bots import review as reviewing
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.replay import ReplayScreen


def test_the_replay_screen_at_100x30(snap_compare: SnapCompare) -> None:
    assert snap_compare(replay_app(short_game()), press=["right", "right", "right"], terminal_size=(100, 30))


def test_the_replay_screen_at_the_rounds_end_at_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(replay_app(short_game()), press=["pagedown", "left"], terminal_size=(80, 24))


def test_the_replay_with_the_experts_marks_at_100x30(
    snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review done (few guesses), on P0's first move: not calling at 7 when the call won in every guess."""
    monkeypatch.setattr(reviewing, "REVIEW_GUESSES", 8)

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("v")
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        await until_reviewed(pilot, screen)
        await pilot.press("right")
        await pilot.pause()

    app = YanivApp(replay=(two_decisions(), "game 1234abcd"))
    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)
