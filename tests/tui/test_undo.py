"""Undo: your own last move, against bots only; the key shows only when it is possible, else one line says why."""

from __future__ import annotations

from typing import Any

from tui_helpers import SIZE, footer_keys, make_app, play_turn, screen_text, settle

from yaniv_tui.bots import EasyBot, make_bot
from yaniv_tui.engine import Game
from yaniv_tui.store import scan_saves
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.players import BotPlayer
from yaniv_tui.tui.screens import turn_actions
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.table import TableScreen


def as_seen(game: Game) -> dict[str, Any]:
    """The game as a player may know it: all but the deck's order and the chance still to come."""
    state = game_to_dict(game)
    del state["rng"]
    state["deck"] = sorted(state["deck"])
    return state


async def test_u_undoes_your_last_move_after_the_bots_played():
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "u" not in footer_keys(app)
        before = as_seen(table.game)
        await play_turn(pilot)
        await settle(pilot)
        assert table.game.turns >= 3 and table.stage == "choose"
        assert footer_keys(app).get("u") == "undo"
        await pilot.press("u")
        await pilot.pause()
        assert as_seen(table.game) == before
        assert table.session.game is table.game and table.stage == "choose"
        saved = scan_saves().newest
        assert saved is not None and game_to_dict(saved.game) == game_to_dict(table.game)
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
        before = as_seen(app.screen.game)
        await play_turn(pilot)
        await settle(pilot)
    saved = scan_saves().newest
    assert saved is not None
    again = YanivApp(None, {"bot_delay": 0.0}, saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("u")
        await pilot.pause()
        assert as_seen(again.screen.game) == before


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


async def test_after_an_undo_the_deck_gives_another_card_and_the_bots_start_afresh(monkeypatch):
    # The app draws the new order from the system's entropy; here a fixed value, so the test repeats.
    monkeypatch.setattr(turn_actions, "fresh_seed", lambda: 2024, raising=False)
    app = make_app("israeli", "Ann,bot:easy,bot:easy", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        seat = table.game.current
        await pilot.press("1", "enter", "0")  # drop a card, take the deck's
        drawn = table.fresh[seat]
        await settle(pilot)
        await pilot.press("u")
        await pilot.pause()
        assert drawn not in table.game.hand(seat)
        await pilot.press("1", "enter", "0")  # the same drop and the same take
        assert table.fresh[seat] != drawn, "the undo showed the deck's next card"
        # The bots' own chance is drawn anew too: they are not the bots the deal's seed makes.
        bots = [
            (seat, player.bot) for seat, player in enumerate(table.session.players) if isinstance(player, BotPlayer)
        ]
        assert bots
        for bot_seat, bot in bots:
            dealt = make_bot("easy", seed=table.game.seed + 1000 * (bot_seat + 1))
            assert isinstance(bot, EasyBot) and isinstance(dealt, EasyBot)
            assert bot.rng.getstate() != dealt.rng.getstate()


async def test_help_says_an_undo_draws_the_unseen_cards_anew():
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        app.screen.query_one("#help-keys").scroll_end(animate=False)  # below the keys, as a reader scrolls
        await pilot.pause()
        # The keys column's own text: left of the divider, without its scroll bar's glyphs.
        keys_column = [
            line.split("▏")[0].rsplit("│", 1)[-1].strip("▁▂▃▄▅▆▇█ ") for line in screen_text(app).splitlines()
        ]
        text = " ".join(" ".join(keys_column).split())
        assert "the deck is shuffled again" in text and "the bots' draws are new too" in text
