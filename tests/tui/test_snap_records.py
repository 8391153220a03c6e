"""Snapshots of the game-end chart: every round of a 28-round game, the end score, a lucky reset."""

from __future__ import annotations

import pytest
from records_helpers import GameEndApp, finished_session
from tui_helpers import SnapCompare


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_game_end_chart(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(GameEndApp(finished_session()), terminal_size=size)
