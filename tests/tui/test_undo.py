"""Undo: your own last move, against bots only; the key shows only when it is possible, else one line says why."""

from __future__ import annotations

from tui_helpers import SIZE, footer_keys, make_app, play_turn, settle

from yaniv_tui.engine.snapshot import game_to_dict
from yaniv_tui.store import load_save
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.table import TableScreen


async def test_u_undoes_your_last_move_after_the_bots_played():
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "u" not in footer_keys(app)
        before = game_to_dict(table.game)
        await play_turn(pilot)
        await settle(pilot)
        assert table.game.turns >= 3 and table.stage == "choose"
        assert footer_keys(app).get("u") == "undo"
        await pilot.press("u")
        await pilot.pause()
        assert game_to_dict(table.game) == before
        assert table.session.game is table.game and table.stage == "choose"
        saved = load_save()
        assert saved is not None and game_to_dict(saved.game) == before
        # Nothing earlier to undo: the key hides, and pressing it says why in one line.
        assert "u" not in footer_keys(app)
        await pilot.press("u")
        assert table.message == "cannot undo: there is no move of yours to undo"
        # The game goes on from the earlier moment.
        await play_turn(pilot)
        await settle(pilot)
        assert table.game.turns >= 3


async def test_undo_survives_a_resume():
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = game_to_dict(app.screen.game)
        await play_turn(pilot)
        await settle(pilot)
    saved = load_save()
    assert saved is not None
    again = YanivApp(None, {"bot_delay": 0.0}, saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("u")
        await pilot.pause()
        assert game_to_dict(again.screen.game) == before


async def test_no_undo_with_two_humans_at_the_table():
    app = make_app("israeli", "Ann,Bob,bot:medium", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.stage != "wait"
        assert "u" not in footer_keys(app)
        await pilot.press("u")
        assert table.message == "cannot undo: undo is only for a game of one human against bots"
