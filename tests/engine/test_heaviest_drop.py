"""`weigh_hand` finds the same drop as scanning every legal drop for the most points, the longest among equals."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from test_legal_drops import all_rules, random_hands

from yaniv_tui.engine import Card, Ruleset, hand_value, legal_drops, parse_cards
from yaniv_tui.engine.drops import heaviest_drop, weigh_hand


def scanned(hand: Sequence[Card], rules: Ruleset) -> tuple[Card, ...]:
    """The plain bot's choice the slow way: the first drop of legal_drops with the most points, longest among equals."""
    best: tuple[Card, ...] = ()
    best_worth = -(10**9)
    for drop in legal_drops(hand, rules):
        worth = hand_value(drop, rules)
        if worth > best_worth or (worth == best_worth and len(drop) > len(best)):
            best, best_worth = drop, worth
    return best


def odd_values(seed: int) -> Ruleset:
    """Rules with unusual card values and drop rules, where ties and negative worths change the answer."""
    rng = random.Random(seed)
    return Ruleset(
        id=f"odd-{seed}",
        set_min=rng.choice([2, 3]),
        run_min=rng.choice([3, 4]),
        run_min_natural=rng.choice([1, 2]),
        jokers_in_sets=rng.random() < 0.5,
        jokers_in_runs=rng.random() < 0.7,
        joker_set=rng.random() < 0.7,
        joker_value=rng.choice([0, -1, 2, 10, 15]),
        ace_value=rng.choice([1, 0, -1, 11]),
        queen_value=rng.choice([10, 12]),
        king_value=rng.choice([10, 0, 13]),
        jack_swing=rng.random() < 0.2,
    )


@pytest.mark.parametrize("rules", all_rules() + [odd_values(seed) for seed in range(12)], ids=lambda r: r.id)
def test_weigh_hand_matches_scanning_legal_drops(rules: Ruleset) -> None:
    for hand in random_hands(seed=len(rules.id), count=600):
        expected = scanned(hand, rules)
        assert heaviest_drop(hand, rules) == expected, (" ".join(map(str, hand)), rules.id)
        assert weigh_hand(hand, rules) == (hand_value(hand, rules), expected)
        assert weigh_hand(tuple(hand), rules) == (hand_value(hand, rules), expected)


@pytest.mark.parametrize(
    ("hand", "drop"),
    [
        ("KH QS 3D", "KH"),  # equal worths: the first single
        ("5H 5S KD", "5H 5S"),  # a pair worth as much as the king: the longer drop
        ("5H 5S 9D", "5H 5S"),
        ("4H 5H 6H QS", "4H 5H 6H"),  # a run of 15 beats a queen
        ("2C 3C JK KD", "KD"),  # a run of 5 does not
        ("9C 10C JK KD", "9C 10C JK"),  # a run of 19 does, the joker laid high first
        ("JK JK 2D", "2D JK JK"),  # worth 2 like the single, and longer
        ("JK JK", "JK JK"),
        ("7S", "7S"),
        ("", ""),
    ],
)
def test_heaviest_drop_hand_picked(hand: str, drop: str) -> None:
    rules = Ruleset()
    cards = parse_cards(hand)
    assert heaviest_drop(cards, rules) == tuple(parse_cards(drop)) == scanned(cards, rules)
