"""The replay screen's picture at 100×30, a few moves into a short seeded game."""

from __future__ import annotations

from test_replay import replay_app, short_game
from tui_helpers import SnapCompare


def test_the_replay_screen_at_100x30(snap_compare: SnapCompare) -> None:
    assert snap_compare(replay_app(short_game()), press=["right", "right", "right"], terminal_size=(100, 30))


def test_the_replay_screen_at_the_rounds_end_at_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(replay_app(short_game()), press=["pagedown", "left"], terminal_size=(80, 24))
