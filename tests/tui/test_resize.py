"""Every screen resized to 1x1, 20x8, 80x24 and 300x100, then back to 80x24, mid-game and mid-dialog: nothing
escapes, and back at 80x24 the screen shows what it showed before."""

from __future__ import annotations

import pytest
from openings import (
    At,
    at_the_table,
    hosted,
    join_app,
    keys,
    pass_and_play,
    setup_app,
    short_game,
    to_the_game_end,
    to_the_replay,
)
from tui_helpers import make_app, screen_text, steady_cursors

pytestmark = pytest.mark.slow

SIZES = [(1, 1), (20, 8), (80, 24), (300, 100)]


SCREENS: dict[str, At] = {
    "setup": (setup_app, keys()),
    "house rules": (setup_app, keys("ctrl+e")),
    "saved games": (setup_app, keys("ctrl+o")),
    "stats": (setup_app, keys("ctrl+t")),
    "help": (setup_app, keys("question_mark")),
    "palette": (setup_app, keys("ctrl+p")),
    "palette over the table": (make_app, at_the_table("ctrl+p")),
    "quit asked at the join screen": (join_app, keys("escape")),
    "table mid-game": (make_app, at_the_table()),
    "a card chosen": (make_app, at_the_table("1")),
    "scores": (make_app, at_the_table("s")),
    "concede": (make_app, at_the_table("c")),
    "pass and play": (pass_and_play, keys()),
    "say": (hosted, at_the_table("m", hosted=True)),
    "seats": (hosted, at_the_table("t", hosted=True)),
    "game end": (short_game, to_the_game_end),
    "replay": (short_game, to_the_replay),
    "join": (join_app, keys()),
}


@pytest.mark.parametrize("name", list(SCREENS))
async def test_a_screen_resized_every_way_shows_the_same_back_at_80x24(name: str) -> None:
    make, opening = SCREENS[name]
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await opening(pilot)
        await steady_cursors(pilot)
        screen = app.screen
        before = screen_text(app)
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.screen is screen, f"{name}: at {size} the screen changed to {type(app.screen).__name__}"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        assert screen_text(app) == before, f"{name}: not the same back at 80x24"
        assert app.return_code is None and app.crash_line is None
