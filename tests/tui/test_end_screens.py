"""Round end and game end: lucky resets as `100 → 50`, who is out, play again, new game, quit."""

from __future__ import annotations

import io

import pytest
from rich.console import Console, RenderableType
from textual.pilot import Pilot
from tui_helpers import (
    SIZE,
    TableApp,
    footer_keys,
    game_of,
    make_app,
    make_options,
    play_to_end,
    screen_text,
    settle,
    stacked_session,
)

from yaniv_tui.engine import load_ruleset, parse_cards, score_round
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen, headline, result_table
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import face


def as_text(renderable: RenderableType) -> str:
    out = io.StringIO()
    Console(width=100, file=out, color_system=None).print(renderable)
    return out.getvalue()


def test_a_lucky_reset_shows_as_before_and_after_and_the_out_player_is_named() -> None:
    rules = load_ruleset("israeli")
    hands = [parse_cards("AS 2S"), parse_cards("10H 10D 3C 2C"), parse_cards("KC QC JC 10C 9C")]
    result = score_round(rules, [0, 75, 190], hands, caller=0)
    players = ("Ann", "Bob", "Cy")
    text = as_text(result_table(result, players, ascii_only=False, rules=rules))
    assert "100 → 50" in text  # Bob: 75 + 25 lands on 100
    assert "OUT" in text  # Cy: 190 + 49 is above 200
    assert "called Yaniv" in text
    assert "Ann calls Yaniv with 3 and wins the round." in as_text(headline(result, players, rules))


def test_an_assaf_names_who_did_it() -> None:
    rules = load_ruleset("israeli")
    hands = [parse_cards("AS 3S"), parse_cards("AH 2C")]
    result = score_round(rules, [0, 0], hands, caller=0)
    line = as_text(headline(result, ("Ann", "Bob"), rules))
    assert "Ann calls Yaniv with 4, but Bob Assafs with 3." in line


async def test_the_game_end_offers_play_again_new_game_and_quit() -> None:
    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        end = app.screen
        assert isinstance(end, GameEndScreen)
        text = screen_text(app)
        assert "Scores by round (low is good)" in text
        seats = end.session.options.seats
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.options.seats == seats and game_of(app.screen).round_no == 1
        await play_to_end(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert [row.seat.name for row in app.screen.query("SeatRow")] == [seat.name for seat in seats]
    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        # q and ctrl+q both quit here: the bar said `q quit` and `^q quit`, one key too many (the button says q).
        descriptions = list(footer_keys(app).values())
        assert descriptions.count("quit") == 1, footer_keys(app)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


EIGHT = "Annabel,bot:easy:Tamara,bot:easy:Yossi,bot:easy:Maya,bot:easy:Omer,bot:easy:Dana,bot:easy:Avi,bot:easy:Noa"
#: Eight hands for a first round that Annabel calls at once: a preset of five cards and one of seven.
EIGHT_HANDS = {
    "israeli": (
        "AC 2D JK AH JK,QD QH 9C 9D 8S,2H 3S 4S 5S 6S,KC KD KH KS QC,7C 7D 7H 7S 6C,8C 8D 8H 5C 4C,"
        "9H 9S 10C 10D 10H,JC JD JH JS 10S"
    ),
    "seven-cards": (
        "AC AD AH AS JC JD 2C,QD QH 9C 9D 8S 4D 4H,2H 3S 4S 5S 6S 7S 8H,KC KD KH KS QC QS 10C,"
        "7C 7D 7H 6C 6D 6H 6S,8C 8D 8H 5C 4C 3C 3D,9H 9S 10C 10D 10H 10S 9C,JC JD JH JS 10S 10H 10D"
    ),
}


async def called_at_once(pilot: Pilot[None], ruleset: str) -> RoundEndScreen:
    """Annabel calls Yaniv on her first turn: the round's end is up."""
    await settle(pilot)
    await pilot.press("y")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, RoundEndScreen), screen
    return screen


@pytest.mark.parametrize("ruleset", ["israeli", "seven-cards"])
async def test_the_round_end_of_eight_players_at_80x24_opens_at_its_top_with_every_note_whole(ruleset: str) -> None:
    """Before: it opened scrolled to its button, "End of round 1" out of view, and "scores 0" cut to "scores"."""
    session = stacked_session(make_options(ruleset, EIGHT, seed=5), EIGHT_HANDS[ruleset].split(","), up="8D")
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await called_at_once(pilot, ruleset)
        text = screen_text(app)
        body = screen.query_one("#round-body")
        assert body.scroll_y == 0 and "End of round 1" in text, text
        assert "Continue" in text, text  # the way on is on screen too
        said = " ".join(text.replace("│", " ").split())
        assert "called Yaniv, scores 0" in said, text
        if ruleset == "israeli":
            # Five cards a hand: the caller's notes on its row. They wrapped by one cell ("scores 0" below).
            assert any("Annabel" in line and "called Yaniv, scores 0" in line for line in text.splitlines()), text


@pytest.mark.parametrize("keys", [(), ("o",)], ids=["by rank", "by suit"])
async def test_the_round_end_lists_your_hand_in_the_order_you_held_it(keys: tuple[str, ...]) -> None:
    """Before: the round end listed a hand as dealt (A♣ 2♦ ★JK A♥ A♠), not as the table showed it."""
    options = make_options("israeli", "Ann,bot:medium:Bea,bot:medium:Cy", seed=5)
    session = stacked_session(options, ["AC 2D JK AH AS", "QD QH 9C 9D 8S", "2S 3S 4S 5S 6S"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        table = app.screen
        assert isinstance(table, TableScreen)
        held = " ".join(face(card) for card in table.hand_of(0))
        assert held != "A♣ 2♦ ★JK A♥ A♠"
        await called_at_once(pilot, "israeli")
        row = next(line for line in screen_text(app).splitlines() if " Ann " in line and " with " not in line)
    assert held in row, row


async def test_the_round_ends_key_bar_says_enter_continues_and_enter_does() -> None:
    """Before: the bar said only `^q quit ^p palette ? help`: the focused Continue button's own enter hid the
    screen's `⏎ continue`, and a new player was told no key that goes on."""
    session = stacked_session(make_options("israeli", EIGHT, seed=5), EIGHT_HANDS["israeli"].split(","), up="8D")
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await called_at_once(pilot, "israeli")
        await pilot.pause()
        assert footer_keys(app).get("⏎") == "continue", footer_keys(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
