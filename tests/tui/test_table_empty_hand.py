"""A hand emptied by a slap-down, at the table: the hand shows empty, and calling Yaniv is the move.

RULES.md, the slap-down (seed 002): the drawn card that matches the drop may be dropped at once; with it
goes the last card of the hand, and the player calls Yaniv on their next turn.
"""

from __future__ import annotations

import dataclasses

from textual.pilot import Pilot
from tui_helpers import SIZE, TableApp, footer_keys, game_of, make_options, screen_text, settle, stacked_session

from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen

RULES = dataclasses.replace(make_options("israeli", "Ann,bot:medium:Bea").rules, slap_down=True)
OPTIONS = dataclasses.replace(make_options("israeli", "Ann,bot:medium:Bea", seed=5), rules=RULES)


async def empty_handed(pilot: Pilot[None]) -> TableScreen:
    """Ann drops three fives and slaps down the fourth, then two nines and slaps down the third."""
    await settle(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    await pilot.press("1", "2", "3", "enter", "0")  # 5♦ 5♥ 5♠, shown first by rank; the deck gives 5♣
    assert table.stage == "slap"
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("1", "2", "enter", "0")  # 9♣ 9♥; the deck gives 9♠ after Bea's draw
    assert table.stage == "slap"
    await pilot.press("enter")
    await settle(pilot)
    assert game_of(table).hand(0) == () and table.stage == "choose"  # type: ignore[comparison-overlap]  # mypy keeps its narrowing past the keys
    return table


def empty_hand_app() -> TableApp:
    return TableApp(stacked_session(OPTIONS, ["5S 5H 5D 9C 9H", "2C 3C 8D KD QS"], up="AS", deck="5C 4D 9S 6H"))


async def test_an_empty_hand_is_shown_and_calling_yaniv_is_the_move() -> None:
    app = empty_hand_app()
    async with app.run_test(size=SIZE) as pilot:
        table = await empty_handed(pilot)
        text = screen_text(app)
        assert "Your hand is empty: you slapped down your last card · call Yaniv (y)" in text
        assert "Your turn: your hand is empty, so you call Yaniv: press y." in text
        # The footer offers the call, and nothing to choose or drop; those keys do nothing.
        keys = footer_keys(app)
        assert keys.get("y") == "call Yaniv"
        assert "choose" not in keys.values() and "drop" not in keys.values()
        turns = game_of(table).turns
        await pilot.press("1", "space", "enter", "o", "escape")
        assert game_of(table).turns == turns and table.stage == "choose" and table.chosen == ()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        assert app.screen.result.caller == 0


def test_a_hand_emptied_to_win_at_once_is_not_said_to_have_called() -> None:
    """Under `yaniv.empty_hand = "wins_at_once"` (goyaniv, maxfriedrich/yaniv) nobody calls: the round end says the
    hand was emptied, not "called Yaniv with 0" (seen at the table in tmux before this was fixed)."""
    from playing import deal

    from yaniv_tui.engine import Play, SlapDown, parse_cards
    from yaniv_tui.tui.screens.round_end import headline, result_table

    rules = dataclasses.replace(RULES, hand_size=2, empty_hand="wins_at_once")
    game = deal(rules, ["5S 5H", "2H JD"], up="AS", deck="5D 4D")
    game.apply(Play(parse_cards("5S 5H")))
    game.apply(SlapDown(parse_cards("5D")[0]))
    result = game.history[-1]
    said = "slap down the last card of the hand and win the round at once."
    assert headline(result, ("You", "Bot"), rules).plain == f"You {said}"
    assert (
        headline(result, ("Ann", "Bot"), rules).plain
        == "Ann slaps down the last card of the hand and wins the round at once."
    )
    table = result_table(result, ("You", "Bot"), False, rules=rules)
    notes = [str(cell) for cell in table.columns[-1].cells]
    assert notes[0] == "emptied the hand, scores 0"
