"""`heaviest_drop` finds the same drop as scanning every legal drop for the most points, the longest among equals."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from yaniv_tui.bots.heaviest import WorthMemo, heaviest_drop, heaviest_worth, worth_memo
from yaniv_tui.bots.measures import drops_and_rests
from yaniv_tui.bots.weigher import Weigher
from yaniv_tui.engine import (
    JOKER,
    Card,
    Ruleset,
    hand_value,
    legal_drops,
    load_ruleset,
    parse_cards,
    ruleset_from_dict,
    swing_values,
)

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")
#: House-rule variants from RULES.md's "Variants seen in other Yaniv games" (as in tests/engine/test_legal_drops.py).
VARIANTS: dict[str, dict[str, Any]] = {
    "two-naturals": {"drops": {"run_min_natural": 2, "jokers_in_sets": True}},
    "no-joker-pairs": {"drops": {"joker_set": False}},
    "sets-of-three": {"drops": {"set_min": 3, "run_min": 4, "jokers_in_sets": True}},
    "no-wild-jokers": {"drops": {"jokers_in_runs": False, "jokers_in_sets": False}},
}


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


RULES = (
    [load_ruleset(p) for p in PRESETS]
    + [ruleset_from_dict(data, ruleset_id=name) for name, data in VARIANTS.items()]
    + [odd_values(seed) for seed in range(12)]
)


def random_hands(seed: int, count: int) -> list[list[Card]]:
    """Hands of 1 to 7 cards, two in three from a dense pool of few ranks and suits (full of sets, runs, twins)."""
    rng = random.Random(seed)
    full = [Card(r, s) for s in "CDHS" for r in range(1, 14)] * 2 + [JOKER] * 4
    dense = [Card(r, s) for r in (1, 2, 3, 4, 5, 6, 11, 12, 13) for s in "HS"] * 2 + [JOKER] * 4
    return [rng.sample(dense if i % 3 else full, rng.randint(1, 7)) for i in range(count)]


def left(hand: Sequence[Card], drop: Sequence[Card]) -> list[Card]:
    """The cards of `hand` a drop leaves."""
    rest = list(hand)
    for card in drop:
        rest.remove(card)
    return rest


def shed(hand: Sequence[Card], whole: int, rules: Ruleset, drop: tuple[Card, ...]) -> int:
    """What a drop takes off the hand as the engine counts it (the hand's value `whole`)."""
    return whole - hand_value(left(hand, drop), rules)


def scanned(
    hand: Sequence[Card], rules: Ruleset, weigh: Callable[[tuple[Card, ...]], int]
) -> tuple[tuple[Card, ...], int]:
    """The slow way: the first drop of legal_drops with the most points, longest among equals, and its worth."""
    best: tuple[Card, ...] = ()
    best_worth = 0
    for drop in legal_drops(hand, rules):
        worth = weigh(drop)
        if not best or worth > best_worth or (worth == best_worth and len(drop) > len(best)):
            best, best_worth = drop, worth
    return best, best_worth


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.id)
def test_heaviest_drop_matches_scanning_legal_drops(rules: Ruleset) -> None:
    high = swing_values(rules, high=True)  # the jack swing's high value: a per-rank table, weighed the fast way
    for hand in random_hands(seed=len(rules.id), count=600):
        text = " ".join(map(str, hand))
        whole = hand_value(hand, rules)
        expected = scanned(hand, rules, functools.partial(shed, hand, whole, rules))
        assert heaviest_drop(hand, rules) == expected, (text, rules.id)
        assert heaviest_drop(tuple(hand), rules) == expected
        by_table = scanned(hand, rules, lambda drop: sum(high[c.rank] for c in drop))
        assert heaviest_drop(hand, rules, high) == by_table, (text, rules.id)
        assert heaviest_worth(hand, rules, high) == by_table[1], (text, rules.id)


#: The ends of the keys' ranges a house ruleset may set: hands of 20 from eight decks of eight jokers.
EXTREMES = [
    Ruleset(id="runs-of-2", run_min=2, jokers_in_sets=True, joker_value=-5, ace_value=-3),
    Ruleset(id="long-runs", run_min=13, run_min_natural=13, set_min=16, joker_value=50),
    Ruleset(id="joker-ends-off", joker_ends=False, run_min=4, run_min_natural=3, joker_value=5, king_value=-50),
    Ruleset(id="swing", jack_swing=True, jokers_in_sets=True, joker_set=False, jack_high=50, jack_low=-50),
]


@pytest.mark.parametrize("rules", RULES[:4] + EXTREMES, ids=lambda r: r.id)
def test_the_worth_of_a_long_hand_is_its_heaviest_drops(rules: Ruleset) -> None:
    # Hands of up to 20 cards from eight decks: the worth from each suit's remembered best run is the heaviest drop's.
    high = swing_values(rules, high=True)
    memo = WorthMemo(rules, high)
    rng = random.Random(len(rules.id))
    pool = ([Card(r, s) for s in "CDHS" for r in range(1, 14)] + [JOKER] * 8) * 8
    for _ in range(150):
        hand = rng.sample(pool, rng.randint(8, 20))
        expected = heaviest_drop(hand, rules, high)[1]
        assert heaviest_worth(hand, rules, high) == memo(hand) == expected, (" ".join(map(str, hand)), rules.id)


@pytest.mark.parametrize("rules", RULES + EXTREMES, ids=lambda r: r.id)
def test_each_hand_a_drop_and_a_take_leave_weighs_as_heaviest_worth(rules: Ruleset) -> None:
    # The hard bot weighs every drop of a hand, each with every take, from the hand's parts (`Weigher`): the same
    # figure as `heaviest_worth` of the cards left, for hands of 1 to 20 cards full of twins, jokers and runs.
    high = swing_values(rules, high=True)
    memo = WorthMemo(rules, high)
    rng = random.Random(len(rules.id) + 2)
    pool = ([Card(r, s) for s in "CDHS" for r in range(1, 14)] + [JOKER] * 8) * 8
    hands = random_hands(seed=len(rules.id) + 2, count=200) + [rng.sample(pool, rng.randint(8, 20)) for _ in range(40)]
    for hand in hands:
        weigher = Weigher(memo, hand)
        assert weigher.drops == drops_and_rests(hand, rules)
        for place, (drop, rest) in enumerate(weigher.drops):
            text = f"{' '.join(map(str, hand))} less {' '.join(map(str, drop))}"
            less = weigher.parts.without(drop)
            assert (less.size, less.jokers) == (len(rest), rest.count(JOKER)), text
            assert weigher.ranks(place) == Counter(card.rank for card in rest if card != JOKER), text
            expected = heaviest_worth(rest, rules, high)
            assert weigher.weigh(less, drop) == weigher.worth(place) == expected, (text, rules.id)
            for take in sorted({*drop, JOKER, rng.choice(pool), rng.choice(pool)}):
                expected = heaviest_worth([*rest, take], rules, high)
                assert weigher.weigh(less, drop, take) == weigher.worth(place, take) == expected, (text, take, rules.id)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.id)
def test_the_remembered_worth_is_heaviest_worth_asked_again_or_forgotten(rules: Ruleset) -> None:
    high = swing_values(rules, high=True)
    memo = WorthMemo(rules, high, size=50)  # small: it forgets every 50 hands, and must still answer right
    hands = random_hands(seed=len(rules.id) + 1, count=200)
    for hand in [*hands, *hands[::-1], *hands]:
        assert memo(hand) == heaviest_worth(hand, rules, high), (" ".join(map(str, hand)), rules.id)


def test_a_memo_serves_only_the_rules_and_worths_it_was_made_for() -> None:
    israeli, seven = load_ruleset("israeli"), load_ruleset("seven-cards")
    memo = WorthMemo(israeli, swing_values(israeli, high=True))
    assert worth_memo(memo, israeli, tuple(swing_values(israeli, high=True))) is memo  # equal worths will do
    other = worth_memo(memo, seven, swing_values(seven, high=True))
    assert other is not memo and other.rules is seven
    low = worth_memo(other, seven, swing_values(seven, high=False))  # the jack swing's other table
    assert low is not other and low.worth == swing_values(seven, high=False)
    hand = parse_cards("JH JS 3C")
    assert other(hand) == heaviest_worth(hand, seven, swing_values(seven, high=True)) != low(hand)


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
    found, worth = heaviest_drop(cards, rules)
    assert found == tuple(parse_cards(drop))
    assert (found, worth) == scanned(cards, rules, lambda d: hand_value(d, rules))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.id)
def test_drops_and_rests_are_every_legal_drop_once_with_the_cards_it_leaves(rules: Ruleset) -> None:
    # The hard bot's list of plays: a hand with no joker and no card twice skips weeding out repeats, and must
    # give what weeding gives.
    for hand in random_hands(seed=len(rules.id) + 2, count=400):
        listed = drops_and_rests(hand, rules)
        wanted: dict[tuple[Card, ...], tuple[Card, ...]] = {}
        for drop in legal_drops(hand, rules):
            wanted.setdefault(tuple(sorted(drop)), drop)
        assert [drop for drop, _ in listed] == list(wanted.values()), (" ".join(map(str, hand)), rules.id)
        for drop, rest in listed:
            assert sorted([*drop, *rest]) == sorted(hand)


@pytest.mark.parametrize(
    ("rules", "hand", "drop"),
    [
        # A joker worth 5 stands for the 3 and the 4 inside a run whose jokers may not be its ends: 2 5 5 5 6.
        (Ruleset(joker_value=5, joker_ends=False), "2H 3H 4H 5H 6H JK JK", "2H JK JK 5H 6H"),
        # A jack worth less than nothing is left out of its run: a joker worth 0 stands for it.
        (Ruleset(jack_value=-50, joker_ends=False), "TC JC QC KC JK", "TC JK QC KC"),
        # Two sevens need two jokers worth -7 each to make a set of four: worth 0, less than a seven alone.
        (Ruleset(joker_value=-7, set_min=4, jokers_in_sets=True), "7D 7S JK JK", "7D"),
        # Aces worth -1 each: one of them is all a set of three takes beside the two jokers worth 5.
        (
            Ruleset(ace_value=-1, joker_value=5, set_min=3, jokers_in_sets=True, joker_set=False, jokers_in_runs=False),
            "AC AD AH AS JK JK",
            "AC JK JK",
        ),
    ],
)
def test_the_worth_of_a_drop_that_leaves_out_a_card_or_a_joker(rules: Ruleset, hand: str, drop: str) -> None:
    cards = parse_cards(hand)
    high = swing_values(rules, high=True)
    expected = sum(high[card.rank] for card in parse_cards(drop))
    assert sorted(heaviest_drop(cards, rules, high)[0]) == sorted(parse_cards(drop))
    assert heaviest_worth(cards, rules, high) == WorthMemo(rules, high)(cards) == expected
