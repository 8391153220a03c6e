"""The table by keys and mouse: drops, takes, Yaniv, illegal choices, slap-down, help, scores, bots."""

from __future__ import annotations

import dataclasses
from typing import Any

from textual.app import App
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

from yaniv_tui.engine import parse_cards
from yaniv_tui.table.words import sentence
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.help import HelpScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.scores import ScoresScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import CardFace
from yaniv_tui.tui.widgets.keybar import KeyBar
from yaniv_tui.tui.widgets.table import HandView, SeatPanel

TWO = make_options("israeli", "Ann,bot:medium:Bea", seed=5)


def table_of(app: App[Any]) -> TableScreen:
    assert isinstance(app.screen, TableScreen)
    return app.screen


async def test_one_human_plays_a_whole_game_against_two_bots_with_keys_only() -> None:
    app = make_app("seven-cards", seed=1, end_limit=50)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        screen = app.screen
        assert isinstance(screen, GameEndScreen)
        game = game_of(screen.session)
        assert game.is_over and len(game.history) >= 2
        text = screen_text(app)
        assert sentence([game.players[s] for s in game.winners], "win", "!") in text
        for name in game.players:
            assert name in text


async def test_an_illegal_drop_says_why_and_changes_nothing() -> None:
    session = stacked_session(TWO, ["9C KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        before = (list(session.game.hand(0)), session.game.turns, list(session.game.deck))
        await pilot.press("4", "5", "enter")  # shown by rank: 4♥ 5♥ 6♦ 9♣ K♠
        assert table.stage == "choose"
        assert "9♣ K♠ is not a legal drop" in screen_text(app)
        assert (list(session.game.hand(0)), session.game.turns, list(session.game.deck)) == before


async def test_y_is_offered_only_when_the_hand_may_call_and_otherwise_explains() -> None:
    session = stacked_session(TWO, ["9C KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        keys = footer_keys(app)
        assert "y" not in keys
        assert keys["1-9 ←→ space"] == "choose" and keys["⏎"] == "drop"
        await pilot.press("y")
        assert "The hand is worth 34: Yaniv may be called at 5 or less; drop cards to lower it" in screen_text(app)
        assert session.game.turns == 0


async def test_calling_yaniv_reveals_every_hand_and_continue_deals_the_next_round() -> None:
    session = stacked_session(TWO, ["AC 2D JK AH KS", "QD QH 9C 9D 8S"], up="8D", deck="AS 3C")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("5", "enter", "0")  # drop the king: the hand is now worth 4
        await settle(pilot)
        assert footer_keys(app).get("y") == "call Yaniv"
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, RoundEndScreen)
        text = screen_text(app)
        assert "Ann calls Yaniv with 5 and wins the round." in text, text
        assert "3♣ 8♠ 9♣ 9♦" in text  # the bot's hand, revealed only now (in the order the table shows a hand)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and session.game.round_no == 2


async def test_take_a_marked_card_of_the_previous_drop_or_step_back() -> None:
    session = stacked_session(TWO, ["KC KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D", first=1)
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # the bot drops first
        game = session.game
        takeable = game.takeable
        await pilot.press("4", "5", "enter")  # K♣ K♠, shown last by rank
        table = table_of(app)
        assert table.stage == "take" and footer_keys(app)["0/d"] == "deck"
        await pilot.press("escape")
        assert table.stage == "choose" and set(table.chosen) == {3, 4}  # type: ignore[comparison-overlap]  # mypy keeps its narrowing past the keys
        await pilot.press("enter", str(len(takeable)))
        turn = game.log[1] if len(game.log) > 1 else game.log[-1]
        assert turn.seat == 0 and turn.take == takeable[-1]
        assert takeable[-1] in game.hand(0)
        assert "from the pile" in screen_text(app)


async def test_a_number_past_the_marked_cards_says_so() -> None:
    session = stacked_session(TWO, ["KC KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1", "enter", "5")
        assert "no marked card 5" in screen_text(app)
        assert session.game.turns == 0


async def test_slap_down_is_offered_when_the_drawn_card_matches() -> None:
    rules = dataclasses.replace(TWO.rules, slap_down=True)
    options = dataclasses.replace(TWO, rules=rules)
    session = stacked_session(options, ["7S KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D", deck="7H")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("4", "enter", "0")  # 7♠, fourth by rank
        table = table_of(app)
        assert table.stage == "slap"
        assert footer_keys(app)["⏎"] == "slap it down" and footer_keys(app)["k"] == "keep it"
        await pilot.press("enter")
        await settle(pilot)
        assert session.game.log[0].slapped == parse_cards("7H")[0]
        assert "slapped down 7♥" in screen_text(app)


async def test_help_shows_the_keys_and_the_active_rules_in_words() -> None:
    app = make_app("sursis", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "call Yaniv" in text and "take the deck's card" in text and "scores" in text
        assert "50 → 25" in text and "worth 5 or less" in text
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


async def test_scores_open_over_the_table_and_close() -> None:
    app = make_app("sursis", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        assert isinstance(app.screen, ScoresScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_a_thinking_bot_shows_it_and_the_screen_still_answers_keys() -> None:
    options = dataclasses.replace(TWO, bot_delay=2.0)
    session = stacked_session(options, ["KC KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D", first=1)
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = app.screen.query_one("#seat-1", SeatPanel)
        assert panel.has_class("-thinking") and panel.border_subtitle == "thinking…"
        await pilot.press("s")
        assert isinstance(app.screen, ScoresScreen) and session.game.turns == 0
        await pilot.press("escape")
        for _ in range(1200):  # the bot moves once its pause of 2 s is over (bounded: at most a minute here)
            if session.game.turns == 1:
                break
            await pilot.pause(0.05)
        await settle(pilot)
        assert session.game.turns == 1 and not panel.has_class("-thinking")


async def test_ascii_cards_use_letters_for_suits() -> None:
    options = dataclasses.replace(TWO, ascii=True)
    session = stacked_session(options, ["10H KS 4D 5D 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "10H" in text and "KS" in text and "8D" in text
        assert not any(symbol in text for symbol in "♠♥♦♣")


async def test_the_hand_sorts_by_suit_or_rank_and_keeps_the_chosen_cards() -> None:
    session = stacked_session(TWO, ["KC 3S 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table.hand_of(0) == tuple(parse_cards("3S 4H 5H 6D KC"))
        await pilot.press("5")  # K♣
        await pilot.press("o")
        assert table.hand_of(0) == tuple(parse_cards("KC 6D 4H 5H 3S"))
        assert table.chosen == (0,)


async def test_clicking_a_marked_pile_card_drops_the_chosen_cards_and_takes_it() -> None:
    session = stacked_session(TWO, ["KC KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandView).query(CardFace)
        await pilot.click(hand[4])  # K♠
        await pilot.click("#pile CardFace")
        await settle(pilot)
        turn = session.game.log[0]
        assert turn.drop == tuple(parse_cards("KS")) and turn.take == parse_cards("8D")[0]


async def test_the_command_palette_offers_help_and_scores() -> None:
    app = make_app("sursis", seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Help and rules", "Scores", "Toggle ASCII cards"} <= set(titles)
        # Textual's own "Keys" panel said the table's keys garbled ("2 choose choose cards", a row for each digit)
        # and squeezed the table: the help ("Help and rules") says them whole.
        assert "Keys" not in titles, titles
        app.action_toggle_ascii()
        await pilot.pause()
        assert "♠" not in screen_text(app) and "♥" not in screen_text(app)


async def test_at_80_columns_a_turns_keys_fit_with_hint_and_quit() -> None:
    # The smallest terminal the game plays in: the key bar's words are short, so choosing and taking each show
    # every key they offer, `h hint` and `^q quit` with them (they were left out for width), `? help` last; the
    # help says them whole.
    session = stacked_session(TWO, ["9C KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        assert bar.shown() == bar.keys()
        keys = footer_keys(app)
        assert keys["1-9 ←→ space"] == "choose" and keys["⏎"] == "drop"
        assert keys["h"] == "hint" and keys["^q"] == "quit" and list(keys)[-1] == "?"
        await pilot.press("1", "enter")
        assert bar.shown() == bar.keys()
        keys = footer_keys(app)
        assert keys["1-9"] == "take" and keys["0/d"] == "deck" and keys["^q"] == "quit" and list(keys)[-1] == "?"
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "choose cards" in text and "take a marked card" in text and "drop the cards chosen" in text


async def test_the_deck_key_before_a_drop_says_to_drop_first_and_after_choosing_drops_and_takes() -> None:
    """A new player pressed d (or 0) first, to draw as in many card games: nothing happened, not a word (a click
    on the deck said to choose the cards to drop first). The key does what the click does: with nothing chosen it
    says to drop first; with cards chosen, it drops them and takes the deck's card."""
    session = stacked_session(TWO, ["9C KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D", deck="7S")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.stage == "choose"
        await pilot.press("d")
        await pilot.pause()
        assert "drop first" in table.message, table.message
        assert table.stage == "choose" and game_of(table).turns == 0
        await pilot.press("5", "0")  # KS chosen (the hand shown by rank), then the deck
        await pilot.pause()
        assert game_of(table).turns >= 1, table.message
        hand = game_of(table).hands[0]
        assert hand is not None and parse_cards("7S")[0] in hand and parse_cards("KS")[0] not in hand, hand
