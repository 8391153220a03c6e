"""Every click a player would try at the table, at each stage of a turn and on each dialog's buttons: it does what
the keys do, or nothing harmful (and then says what does). The hand, the pile and the deck at the choose stage are
tested in test_table_messages.py and test_table.py, the joker swap's click in test_table_joker_swap.py."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from tui_helpers import (
    SIZE,
    TableApp,
    make_app,
    make_options,
    play_to_end,
    screen_text,
    settle,
    stacked_session,
    until,
)

from yaniv_tui.engine import Card, parse_cards
from yaniv_tui.table.session import Session
from yaniv_tui.tui.screens.concede import ConcedeScreen
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import CardFace
from yaniv_tui.tui.widgets.table import DeckView, HandView, PileView

#: CPP-Yaniv: a slap-down. Ann drops 9♦ and draws 9♠, which matches it.
SLAP = make_options("cpp-yaniv", "Ann,bot:medium:Bea", seed=5)
HANDS = ["6H KS 2C 9D 3S", "5H JK 7H KD 2H"]
NINE_D, NINE_S, TWO_C, THREE_S = parse_cards("9D 9S 2C 3S")


def face_of(table: TableScreen, card: Card) -> CardFace:
    """The face in the hand shown that holds `card`."""
    return next(face for face in table.query_one(HandView).query(CardFace) if face.card == card)


def stage_of(table: TableScreen) -> str:
    """The table's stage now (read through a call: a stage asserted once stays narrowed for mypy)."""
    return table.stage


async def at_the_slap_offer(pilot: Pilot[None], session: Session) -> TableScreen:
    await settle(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    await pilot.click(face_of(table, NINE_D))
    await pilot.click(DeckView)
    await settle(pilot)
    assert table.stage == "slap" and session.game.slap_card == NINE_S
    return table


async def test_a_click_on_the_card_drawn_slaps_it_down_as_enter_does() -> None:
    """Before, every click at a slap-down offer did nothing, without a word: the card drawn, clicked to drop it at
    once, stayed in the hand."""
    session = stacked_session(SLAP, HANDS, up="AS", deck="9S 9H 8C")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        table = await at_the_slap_offer(pilot, session)
        await pilot.click(face_of(table, NINE_S))
        await settle(pilot)
        assert session.game.log[0].slapped == NINE_S


@pytest.mark.parametrize("where", ["another card of the hand", "the deck", "the pile"])
async def test_any_other_click_at_a_slap_down_offer_changes_nothing_and_says_what_does(where: str) -> None:
    session = stacked_session(SLAP, HANDS, up="AS", deck="9S 9H 8C")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        table = await at_the_slap_offer(pilot, session)
        hand = table.hand_of(0)
        if where == "the deck":
            await pilot.click(DeckView)
        elif where == "the pile":
            await pilot.click(table.query_one(PileView).query(CardFace)[0])
        else:
            await pilot.click(face_of(table, THREE_S))
        await pilot.pause()
        assert stage_of(table) == "slap" and session.game.phase == "slap" and len(session.game.log) == 1
        assert table.hand_of(0) == hand
        text = " ".join(screen_text(app).split())
        assert "Enter or a click on 9♠ slaps it down, k keeps it" in text, text
        await pilot.press("k")  # and the offer is still there to refuse
        await settle(pilot)
        assert session.game.log[0].slapped is None and session.game.phase != "slap"


async def test_a_click_on_the_hand_before_the_take_chooses_the_drop_again() -> None:
    """Before, once a drop was chosen (enter), a click on a card of the hand did nothing: the drop could be changed
    only with esc. Now the click takes the drop back and chooses (or unchooses) that card, as esc and the click
    would; the take that follows drops what is chosen then."""
    session = stacked_session(SLAP, HANDS, up="AS", deck="8C 9H 9S")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.click(face_of(table, NINE_D))
        await pilot.press("enter")
        assert table.stage == "take"
        await pilot.click(face_of(table, NINE_D))  # unchosen: nothing left to drop
        assert stage_of(table) == "choose" and table.chosen == ()
        await pilot.click(face_of(table, TWO_C))
        await pilot.press("enter")
        await pilot.click(face_of(table, THREE_S))  # a second card, chosen beside the first
        assert stage_of(table) == "choose" and len(table.chosen) == 2
        await pilot.click(face_of(table, THREE_S))
        await pilot.click(DeckView)
        await settle(pilot)
        assert session.game.log[0].drop == (TWO_C,)


async def test_the_concede_dialogs_buttons() -> None:
    """Play on, then Concede: each button does what its key does."""
    session = stacked_session(SLAP, HANDS, up="AS", deck="8C 9H 9S")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ConcedeScreen))
        await pilot.click("#confirm-no")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert not session.meta.conceded
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ConcedeScreen))
        await pilot.click("#confirm-yes")
        await until(pilot, lambda: bool(session.meta.conceded))


async def test_the_round_ends_continue_button_deals_the_next_round() -> None:
    options = make_options("israeli", "Ann,bot:medium:Bea,bot:medium:Cy", seed=5)
    hands = ["AC 2D JK AH KS", "QD QH 9C 9D 8S", "2S 3S 4S 5S 6S"]
    session = stacked_session(options, hands, up="8D", deck="AS 3C 7C")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("5", "enter", "0")
        await settle(pilot)
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
        await pilot.click("#continue")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert session.game.round_no == 2


@pytest.mark.parametrize(("button", "then"), [("#new", SetupScreen), ("#again", TableScreen)])
async def test_the_game_ends_buttons(button: str, then: type[Screen[Any]]) -> None:
    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameEndScreen)
        await pilot.click(button)
        await until(pilot, lambda: isinstance(app.screen, then))


async def test_the_game_ends_quit_button_quits() -> None:
    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        await pilot.click("#quit")
        await until(pilot, lambda: app.return_code is not None or not app.is_running)


def hand_keys(table: TableScreen) -> list[str]:
    """The key on each card of the hand shown, in its order."""
    return [str(face.border_title or "") for face in table.query_one(HandView).query(CardFace) if face.card]


async def test_the_hands_cards_show_their_keys_only_while_the_keys_choose_them() -> None:
    """Before, once the drop was chosen the hand's cards still showed 1 to 5, while 1 took the pile's first marked
    card: a player who pressed the 1 on a card of the hand, to change the drop, took a card instead. The hand shows its
    keys while they choose cards; at a slap-down offer the card drawn shows enter, the key that slaps it down."""
    session = stacked_session(SLAP, HANDS, up="AS", deck="9S 9H 8C")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert hand_keys(table) == ["1", "2", "3", "4", "5"]
        await pilot.click(face_of(table, NINE_D))
        await pilot.press("enter")
        assert stage_of(table) == "take"
        await pilot.pause()
        assert hand_keys(table) == ["", "", "", "", ""]
        await pilot.press("0")
        await settle(pilot)
        assert stage_of(table) == "slap"
        keys = dict(zip(table.hand_of(0), hand_keys(table), strict=True))
        assert keys == {card: ("⏎" if card == NINE_S else "") for card in table.hand_of(0)}, keys
        await pilot.press("k")
        await settle(pilot)
        assert stage_of(table) == "choose" and hand_keys(table) == ["1", "2", "3", "4", "5"]


async def test_with_ascii_cards_the_card_drawn_at_a_slap_down_offer_is_lit_not_cut() -> None:
    """Before, with ASCII cards the card drawn showed "enter" on its edge, cut to "e…" (a mark that is not ASCII):
    there its edge is lit alone, as it is with ⏎."""
    session = stacked_session(dataclasses.replace(SLAP, ascii=True), HANDS, up="AS", deck="9S 9H 8C")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        table = await at_the_slap_offer(pilot, session)
        faces = {face.card: face for face in table.query_one(HandView).query(CardFace) if face.card}
        assert hand_keys(table) == ["", "", "", "", ""]
        assert [card for card, face in faces.items() if face.has_class("-offered")] == [NINE_S]
        assert "…" not in screen_text(app).split("Your hand")[1], screen_text(app)
