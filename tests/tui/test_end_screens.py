"""Round end and game end: lucky resets as `100 → 50`, who is out, play again, new game, quit."""

from __future__ import annotations

import io

from rich.console import Console
from tui_helpers import SIZE, make_app, play_to_end, screen_text

from yaniv_tui.engine import load_ruleset, parse_cards, score_round
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.round_end import headline, result_table
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen


def as_text(renderable) -> str:
    out = io.StringIO()
    Console(width=100, file=out, color_system=None).print(renderable)
    return out.getvalue()


def test_a_lucky_reset_shows_as_before_and_after_and_the_out_player_is_named():
    rules = load_ruleset("israeli")
    hands = [parse_cards("AS 2S"), parse_cards("10H 10D 3C 2C"), parse_cards("KC QC JC 10C 9C")]
    result = score_round(rules, [0, 75, 190], hands, caller=0)
    players = ("Ann", "Bob", "Cy")
    text = as_text(result_table(result, players, ascii_only=False))
    assert "100 → 50" in text  # Bob: 75 + 25 lands on 100
    assert "OUT" in text  # Cy: 190 + 49 is above 200
    assert "called Yaniv" in text
    assert "Yaniv!" in as_text(headline(result, players))


def test_an_assaf_names_who_did_it():
    rules = load_ruleset("israeli")
    hands = [parse_cards("AS 3S"), parse_cards("AH 2C")]
    result = score_round(rules, [0, 0], hands, caller=0)
    line = as_text(headline(result, ("Ann", "Bob")))
    assert "Assaf!" in line and "by Bob" in line


async def test_the_game_end_offers_play_again_new_game_and_quit():
    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        end = app.screen
        assert isinstance(end, GameEndScreen)
        text = screen_text(app)
        assert "Score after every round (low is good)" in text
        seats = end.session.options.seats
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.options.seats == seats and app.screen.game.round_no == 1
        await play_to_end(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert [row.seat.name for row in app.screen.query("SeatRow")] == [seat.name for seat in seats]
    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
