"""What a new player's first games showed wrong, each tested as that player saw it (tried by hand in tmux at 80x24
and 100x30, and in a browser on `yaniv serve`)."""

from __future__ import annotations

import pytest
from tui_helpers import footer_keys, make_app, play_to_end, screen_lines, settle

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen

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
