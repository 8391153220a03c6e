"""`legal_drops` lists every legal drop of a hand exactly once, checked against a brute-force reference."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest

from yaniv_tui.engine import JOKER, Card, Ruleset, drop_kind, legal_drops, load_ruleset, parse_cards, ruleset_from_dict
from yaniv_tui.engine.cards import SUITS

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")

#: House-rule variants from RULES.md's "Variants seen in other Yaniv games".
VARIANTS: dict[str, dict[str, Any]] = {
    "two-naturals": {"drops": {"run_min_natural": 2, "jokers_in_sets": True}},
    "no-joker-pairs": {"drops": {"joker_set": False}},
    "sets-of-three": {"drops": {"set_min": 3, "run_min": 4, "jokers_in_sets": True}},
    "no-wild-jokers": {"drops": {"jokers_in_runs": False, "jokers_in_sets": False}},
}


def all_rules() -> list[Ruleset]:
    presets = [load_ruleset(p) for p in PRESETS]
    return presets + [ruleset_from_dict(data, ruleset_id=name) for name, data in VARIANTS.items()]


def sub_hands(hand: Sequence[Card]) -> set[tuple[Card, ...]]:
    """Every distinct non-empty part of a hand, as a sorted tuple (equal cards of two decks are one choice)."""
    cards = sorted(hand)
    return {combo for k in range(1, len(cards) + 1) for combo in combinations(cards, k)}


def run_layouts(cards: Sequence[Card]) -> set[tuple[Card, ...]]:
    """Every way to lay the cards out as an ascending run, ace low, jokers standing in anywhere."""
    naturals = [c for c in cards if c.rank]
    jokers = len(cards) - len(naturals)
    layouts = set()
    for start in range(1, 14 - len(cards) + 1):
        line = range(start, start + len(cards))
        by_rank = {c.rank: c for c in naturals}
        if len(by_rank) != len(naturals) or not all(c.rank in line for c in naturals):
            continue
        layout = tuple(by_rank.get(rank, JOKER) for rank in line)
        if layout.count(JOKER) == jokers:
            layouts.add(layout)
    return layouts


def reference_kind(cards: Sequence[Card], rules: Ruleset) -> str | None:
    """What RULES.md says the cards make, written out plainly and independently of the engine."""
    if len(cards) == 1:
        return "single"
    naturals = [c for c in cards if c.rank]
    jokers = len(cards) - len(naturals)
    if len(cards) >= rules.set_min and len({c.rank for c in naturals}) <= 1:
        if not naturals and rules.joker_set:
            return "set"
        if naturals and (jokers == 0 or rules.jokers_in_sets):
            return "set"
    if (
        naturals
        and len(cards) >= rules.run_min
        and len(naturals) >= rules.run_min_natural
        and (jokers == 0 or rules.jokers_in_runs)
        and len({c.suit for c in naturals}) == 1
        and run_layouts(cards)
    ):
        return "run"
    return None


def expected_drops(hand: Sequence[Card], rules: Ruleset) -> Counter[tuple[object, ...]]:
    """Each legal drop once: a single or set by its cards, a run by each of its layouts."""
    expected: Counter[tuple[object, ...]] = Counter()
    for part in sub_hands(hand):
        kind = reference_kind(part, rules)
        assert drop_kind(part, rules) == kind, (part, rules.id)
        if kind == "run":
            for layout in run_layouts(part):
                expected[("run", *layout)] += 1
        elif kind is not None:
            expected[("group", *sorted(part))] += 1
    return expected


def listed_drops(hand: Sequence[Card], rules: Ruleset) -> Counter[tuple[object, ...]]:
    listed: Counter[tuple[object, ...]] = Counter()
    for drop in legal_drops(hand, rules):
        kind = drop_kind(drop, rules)
        assert kind is not None, drop
        listed[("run", *drop) if kind == "run" else ("group", *sorted(drop))] += 1
    return listed


def dense_pool() -> list[Card]:
    """Two decks of few ranks and two suits, plus four jokers: hands full of sets, runs and twins."""
    ranks = [1, 2, 3, 4, 5, 6, 11, 12, 13]
    return [Card(r, s) for r in ranks for s in "HS"] * 2 + [JOKER] * 4


def random_hands(seed: int, count: int) -> list[list[Card]]:
    rng = random.Random(seed)
    full = [Card(r, s) for s in SUITS for r in range(1, 14)] * 2 + [JOKER] * 4
    pool = dense_pool()
    hands = []
    for i in range(count):
        source = pool if i % 3 else full
        hands.append(rng.sample(source, rng.randint(1, 7)))
    return hands


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.id)
def test_legal_drops_match_brute_force(rules: Ruleset) -> None:
    """Every part of the hand that is a legal drop is listed once; runs once per layout; nothing else."""
    for hand in random_hands(seed=len(rules.id), count=400):
        assert listed_drops(hand, rules) == expected_drops(hand, rules), (" ".join(map(str, hand)), rules.id)


@pytest.mark.parametrize(
    ("preset", "hand"),
    [
        ("yanivo", "5H JK JK 9C 9D"),  # one natural and jokers: a set under 001, not also a run
        ("israeli", "5H JK JK 9C 9D"),
        ("israeli", "5H 5H 6H 7H JK"),  # two decks: twins in a set, never in a run
        ("seven-cards", "AH 2H 3H 4H 5H JK JK"),
        ("yanivo", "JK JK JK JK QH"),
    ],
)
def test_legal_drops_hand_picked(preset: str, hand: str) -> None:
    """Hands that once tripped the listing: no drop missing, none twice."""
    rules = load_ruleset(preset)
    cards = parse_cards(hand)
    assert listed_drops(cards, rules) == expected_drops(cards, rules)
    drops = legal_drops(cards, rules)
    assert len(drops) == len(set(drops))


def test_runs_are_listed_laid_out() -> None:
    """Runs come in their laid-out order, a joker at each place it can stand."""
    rules = load_ruleset("israeli")
    runs = {d for d in legal_drops(parse_cards("5H 6H JK"), rules) if drop_kind(d, rules) == "run"}
    assert runs == {tuple(parse_cards("5H 6H JK")), tuple(parse_cards("JK 5H 6H"))}
    runs = {d for d in legal_drops(parse_cards("QH KH JK"), rules) if drop_kind(d, rules) == "run"}
    assert runs == {tuple(parse_cards("JK QH KH"))}  # nothing above the king
