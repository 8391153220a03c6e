"""The joker swap at the table (`take.joker_swap`, issue 31 item 7): after choosing the drop, `j` (or a click on
the joker inside the run just dropped) gives the card it stands for and takes the joker; the key bar, the prompt,
the pile and the log say so.

Source: DenverCoder1/CPP-Yaniv ("if the next player has the card that belongs in the place of Joker, they may swap
the card for the Joker"), as tests/engine/test_joker_swap.py reads it.
"""

from __future__ import annotations

import dataclasses

from textual.pilot import Pilot
from tui_helpers import SIZE, TableApp, footer_keys, game_of, make_options, screen_text, settle, stacked_session

from yaniv_tui.engine import JOKER, Play, Turn, parse_cards
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.session import Session
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import CardFace
from yaniv_tui.tui.widgets.table import PileView, lately_text, turn_text

OPTIONS = make_options("israeli", "Ann,bot:medium:Bea", seed=5)
SWAP = dataclasses.replace(OPTIONS, rules=dataclasses.replace(OPTIONS.rules, joker_swap=True))
KS, SIX = parse_cards("KS 6H")


def after_beas_run(options: GameOptions = SWAP) -> Session:
    """Bea (first to play) has dropped 5♥ ★JK 7♥; Ann holds the 6♥ the joker stands for."""
    session = stacked_session(options, ["6H KS 2C 9D 3S", "5H JK 7H KD 2H"], up="AS", deck="4D 9S 8C", first=1)
    session.game.apply(Play(parse_cards("5H JK 7H")))
    return session


async def at_the_table(pilot: Pilot[None]) -> TableScreen:
    """The table once the bots are done, Ann to choose her drop."""
    await settle(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen) and table.stage == "choose"
    return table


async def test_j_swaps_the_card_for_the_joker_and_the_log_says_so() -> None:
    app = TableApp(after_beas_run())
    async with app.run_test(size=SIZE) as pilot:
        table = await at_the_table(pilot)
        assert "j" not in footer_keys(app)  # only once the drop is chosen
        hand = table.hand_of(0)
        await pilot.press(str(hand.index(KS) + 1), "enter")
        assert table.stage == "take"
        assert footer_keys(app).get("j") == "swap"
        text = screen_text(app)
        assert "j gives 6♥ for the joker" in text
        pile = table.query_one(PileView)
        marks = [face.border_title for face in pile.query(CardFace) if face.card == JOKER]
        assert marks == ["j"]
        await pilot.press("j")
        await settle(pilot)
        game = game_of(table)
        assert game.log[1] == Turn(0, (KS,), JOKER, None, SIX)
        assert JOKER in game.hand(0) and SIX not in game.hand(0)
        text = screen_text(app)  # the log's line wraps in its box
        assert "Ann dropped K♠, gave 6♥ for the joker in the run" in text
        assert "just dropped and took the joker." in text


async def test_a_click_on_the_joker_inside_the_run_swaps_it() -> None:
    app = TableApp(after_beas_run())
    async with app.run_test(size=SIZE) as pilot:
        table = await at_the_table(pilot)
        await pilot.press(str(table.hand_of(0).index(KS) + 1))
        joker = next(face for face in table.query_one(PileView).query(CardFace) if face.card == JOKER)
        await pilot.click(joker)  # drops the chosen card, then swaps
        await settle(pilot)
        assert game_of(table).log[1].given == SIX


async def test_without_the_rule_there_is_no_swap_key_and_the_joker_is_not_taken() -> None:
    app = TableApp(after_beas_run(OPTIONS))
    async with app.run_test(size=SIZE) as pilot:
        table = await at_the_table(pilot)
        await pilot.press(str(table.hand_of(0).index(KS) + 1), "enter", "j")
        assert "j" not in footer_keys(app) and table.stage == "take"
        joker = next(face for face in table.query_one(PileView).query(CardFace) if face.card == JOKER)
        await pilot.click(joker)
        assert table.stage == "take" and len(game_of(table).log) == 1
        assert "that card cannot be taken" in table.message


def test_the_log_and_the_seat_say_what_was_given_for_the_joker() -> None:
    turn = Turn(0, (KS,), JOKER, None, SIX)
    assert (
        turn_text(turn, ("Ann", "Bea"), False).plain
        == "Ann dropped K♠, gave 6♥ for the joker in the run just dropped and took the joker."
    )
    assert (
        turn_text(turn, ("Ann", "Bea"), True).plain
        == "Ann dropped KS, gave 6H for the joker in the run just dropped and took the joker."
    )
    assert lately_text(turn, False).plain == "−K♠ 6♥ +★JK"


async def test_the_help_says_how_to_swap_only_under_the_rule() -> None:
    from yaniv_tui.tui.screens.help import HelpScreen

    for options, shown in ((SWAP, True), (OPTIONS, False)):
        app = TableApp(after_beas_run(options))
        async with app.run_test(size=(120, 50)) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = screen_text(app)
            assert ("swap for the joker" in text) == shown and ("The joker swap: once your drop" in text) == shown


async def test_the_house_rules_dialog_shows_the_swap_and_toggles_it() -> None:
    """The dialog is made from the keys: take.joker_swap is a switch under [take], off by default; on, it is the
    one change read back."""
    from test_house_rules import open_dialog
    from textual.widget import Widget
    from textual.widgets import Switch

    from yaniv_tui.table.launch_options import LaunchOptions
    from yaniv_tui.tui.app import YanivApp

    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        switch = dialog.query_one("#hr-joker_swap", Switch)
        row = switch.parent
        assert isinstance(row, Widget)
        row.scroll_visible(animate=False)  # the whole row: its words, then the file's key, run over three lines
        await pilot.pause()
        await pilot.pause()
        shown = " ".join(screen_text(app).split())  # the words run over three lines, between the dialog's borders
        assert not switch.value and "take a joker from" in shown and "inside the run just dropped" in shown
        assert "take.joker_swap" in shown
        await pilot.click(switch)
        await pilot.pause()
        assert switch.value and dialog.read_changes() == {"joker_swap": True}


SEVEN = parse_cards("7H")[0]


def after_beas_two_joker_run() -> Session:
    """Bea has dropped 5♥ ★JK ★JK 8♥; Ann holds both cards the jokers stand for, 6♥ and 7♥."""
    session = stacked_session(SWAP, ["6H 7H KS 2C 9D", "5H JK JK 8H 2H"], up="AS", deck="4D 9S 8C", first=1)
    session.game.apply(Play(parse_cards("5H JK JK 8H")))
    return session


async def test_with_two_jokers_to_swap_j_gives_the_first_card_and_shift_j_the_second() -> None:
    for key, given in (("j", SIX), ("J", SEVEN)):
        app = TableApp(after_beas_two_joker_run())
        async with app.run_test(size=SIZE) as pilot:
            table = await at_the_table(pilot)
            await pilot.press(str(table.hand_of(0).index(KS) + 1), "enter")
            pile = table.query_one(PileView)
            marks = [face.border_title for face in pile.query(CardFace) if face.card == JOKER]
            assert marks == ["j", "J"]
            assert "j/J give 6♥/7♥ for the jokers" in screen_text(app)
            await pilot.press(key)
            await settle(pilot)
            assert game_of(table).log[1] == Turn(0, (KS,), JOKER, None, given)


async def test_a_click_on_the_second_joker_gives_the_card_it_stands_for() -> None:
    app = TableApp(after_beas_two_joker_run())
    async with app.run_test(size=SIZE) as pilot:
        table = await at_the_table(pilot)
        await pilot.press(str(table.hand_of(0).index(KS) + 1))
        jokers = [face for face in table.query_one(PileView).query(CardFace) if face.card == JOKER]
        await pilot.click(jokers[1])
        await settle(pilot)
        assert game_of(table).log[1].given == SEVEN


def after_beas_three_joker_run() -> Session:
    """Bea has dropped 5♥ ★JK ★JK ★JK 9♥ (three jokers to a deck, seven cards to a hand); Ann holds 6♥, 7♥ and
    8♥, a card for each."""
    rules = dataclasses.replace(SWAP.rules, jokers_per_deck=3, hand_size=7)
    options = dataclasses.replace(SWAP, rules=rules)
    hands = ["6H 7H 8H KS 2C 3C 4C", "5H JK JK JK 9H KD QD"]
    session = stacked_session(options, hands, up="AS", deck="4D 9S 8C", first=1)
    session.game.apply(Play(parse_cards("5H JK JK JK 9H")))
    return session


async def test_with_three_jokers_to_swap_each_has_a_key_and_the_help_says_them() -> None:
    """Only j and J were keys: a third joker inside the run was swapped only with a click."""
    eight = parse_cards("8H")[0]
    for key, given in (("j", SIX), ("J", SEVEN), ("k", eight)):
        app = TableApp(after_beas_three_joker_run())
        async with app.run_test(size=SIZE) as pilot:
            table = await at_the_table(pilot)
            await pilot.press(str(table.hand_of(0).index(KS) + 1), "enter")
            pile = table.query_one(PileView)
            marks = [face.border_title for face in pile.query(CardFace) if face.card == JOKER]
            assert marks == ["j", "J", "k"]
            assert "j/J/k give 6♥/7♥/8♥ for the" in screen_text(app)
            if key == "k":
                await pilot.press("question_mark")
                await pilot.pause()
                assert "J/k/K/l/L" in screen_text(app)  # the help: the keys of the later jokers, together
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press(key)
            await settle(pilot)
            assert game_of(table).log[1] == Turn(0, (KS,), JOKER, None, given)
