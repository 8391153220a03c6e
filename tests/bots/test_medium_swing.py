"""The medium bot counts a hand as the engine counts it, jack swing and all: what a drop takes off the hand, and
what a card taken adds to the hand it joins."""

from __future__ import annotations

import dataclasses

from playing import deal

from yaniv_tui.bots.medium import MediumBot
from yaniv_tui.engine import JOKER, Play, PlayerView, hand_value, load_ruleset, parse_card, parse_cards

THREE = dataclasses.replace(load_ruleset("seven-cards"), hand_size=3, hand_size_choices=())


def test_a_jack_counted_15_in_a_high_hand_is_the_drop_that_sheds_the_most() -> None:
    """Seven cards: JC 9S 8H 7C 6D 5H 4S counts every jack 15 (-2 would leave 37, above 5): dropping the jack takes
    15 off; the medium bot dropped the 9 (it weighed the jack as a hand of its own, -2)."""
    game = deal("seven-cards", ["JC 9S 8H 7C 6D 5H 4S", "AH 2H 3H 4C 5C 6C 7S"], up="KD")
    view = game.view(0)
    assert view.hand_value == 54
    action = MediumBot().choose(view)
    assert isinstance(action, Play)
    assert action.drop == (parse_card("JC"),)


def test_a_jack_taken_into_a_low_hand_counts_minus_2_there_and_is_taken() -> None:
    """Seven cards dealt three: dropping QS leaves 2C 2D (4); the jack on the pile joins them at -2 (a hand of 2),
    lower than anything dropped: the medium bot took it. Before, it read a jack as its rank's 10 and drew instead."""
    game = deal(THREE, ["QS 2C 2D", "AH 2H 3H"], up="JH")
    view = game.view(0)
    action = MediumBot().choose(view)
    assert isinstance(action, Play)
    assert action.drop == (parse_card("QS"),)
    assert action.take == parse_card("JH")
    assert hand_value(parse_cards("2C 2D JH"), view.rules) == 2


def test_a_jack_taken_into_a_high_hand_counts_15_there_and_is_left() -> None:
    """The same jack offered to a hand it would join at 15 is left on the pile."""
    game = deal(THREE, ["KS QC 9D", "AH 2H 3H"], up="JH")
    action = MediumBot().choose(game.view(0))
    assert isinstance(action, Play)
    assert action.take is None


SWAP = dataclasses.replace(load_ruleset("seven-cards"), hand_size=5, hand_size_choices=(), joker_swap=True)


def _after_a_run_with_a_joker_for_jh(hand: str) -> PlayerView:
    game = deal(SWAP, ["10H JK QH 2C 3D", hand], up="5S")
    game.apply(Play(tuple(parse_cards("10H JK QH")), None))
    view = game.view(1)
    assert parse_card("JH") in view.swaps
    return view


def test_a_jack_counted_minus_2_is_not_given_for_a_joker_worth_2() -> None:
    """Seven cards with the joker swap: after KS KC KD the hand keeps JH alone (-2); giving it for the joker (2)
    would raise the hand by 4. The medium bot gave it (a jack read at its rank's 10, above the joker's 2)."""
    action = MediumBot().choose(_after_a_run_with_a_joker_for_jh("JH KS KC KD 4C"))
    assert isinstance(action, Play)
    assert action.drop == tuple(parse_cards("KC KD KS"))
    assert action.given is None


def test_a_jack_counted_15_is_given_for_a_joker_worth_2() -> None:
    """After KS KC KD the hand keeps JH 9C (24: -2 would leave 7, above 5): the jack given for the joker leaves 11."""
    action = MediumBot().choose(_after_a_run_with_a_joker_for_jh("JH 9C KS KC KD"))
    assert isinstance(action, Play)
    assert (action.drop, action.take, action.given) == (tuple(parse_cards("KC KD KS")), JOKER, parse_card("JH"))
