"""The engine against an independent reading of RULES.md (`rules_oracle.py`): every drop of 1 to 5 cards from a
small card universe (a suit's low and high ends, a second suit, a second deck's copy, two jokers) under every
preset's keys and each drop key's other values, then larger drops, hands and rounds with hypothesis."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
import rules_oracle as oracle
from hypothesis import given, settings
from hypothesis import strategies as st

from yaniv_tui.engine import (
    JOKER,
    Card,
    Ruleset,
    arrange_drop,
    drop_kind,
    hand_value,
    legal_drops,
    load_ruleset,
    preset_files,
    score_round,
    takeable,
)

PRESETS = sorted(preset_files())

#: A suit's low end (A 2 3 4) and high end (J Q K), a second suit's low end, a second deck's 2H, two jokers.
UNIVERSE: tuple[Card, ...] = (
    *(Card(r, "H") for r in (1, 2, 3, 4, 11, 12, 13)),
    *(Card(r, "S") for r in (1, 2, 3)),
    Card(2, "H"),
    JOKER,
    JOKER,
)


def _variants(rules: Ruleset) -> Iterator[Ruleset]:
    """The preset's rules, then each drop and take key changed to each of its other values."""
    yield rules
    others: dict[str, Sequence[object]] = {
        "jokers_in_sets": (True, False),
        "jokers_in_runs": (True, False),
        "joker_set": (True, False),
        "joker_ends": (True, False),
        "run_min_natural": (1, 2, 3),
        "set_min": (2, 3),
        "run_min": (3, 4),
        "spare_joker": ("as_laid", "before_first"),
        "take_from_set": ("ends", "any"),
        "take_from_run": ("ends", "any"),
    }
    for key, values in others.items():
        for value in values:
            if getattr(rules, key) == value:
                continue
            changed = dataclasses.replace(rules, **{key: value})  # type: ignore[arg-type]
            if changed.run_min_natural <= changed.run_min:
                yield changed


def _all_rules() -> list[tuple[str, Ruleset]]:
    cases = []
    for name in PRESETS:
        for i, rules in enumerate(_variants(load_ruleset(name))):
            cases.append((f"{name}-{i}", rules))
    return cases


ALL_RULES = _all_rules()


def _sub_multisets(cards: Sequence[Card], most: int) -> list[tuple[Card, ...]]:
    """Every distinct multiset of 1 to `most` cards out of `cards` (a card listed twice may be taken twice)."""
    found: set[tuple[Card, ...]] = set()
    for k in range(1, most + 1):
        for combo in itertools.combinations(sorted(cards), k):
            found.add(combo)
    return sorted(found)


DROPS = _sub_multisets(UNIVERSE, 5)


def _orders(cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    return sorted(set(itertools.permutations(cards)))


@pytest.mark.parametrize(("label", "rules"), ALL_RULES, ids=[label for label, _ in ALL_RULES])
def test_every_small_drop_is_legal_exactly_when_the_rules_say(label: str, rules: Ruleset) -> None:
    wrong = []
    for drop in DROPS:
        expected = oracle.kinds(drop, rules)
        kind = drop_kind(drop, rules)
        if (kind is None) != (not expected) or (kind is not None and kind not in expected):
            wrong.append(f"{' '.join(map(str, drop))}: engine {kind}, rules {sorted(expected) or 'illegal'}")
    assert not wrong, f"{len(wrong)} of {len(DROPS)} drops disagree, e.g. {wrong[:6]}"


@pytest.mark.parametrize(("label", "rules"), ALL_RULES, ids=[label for label, _ in ALL_RULES])
def test_every_small_drop_in_every_order_offers_the_cards_the_rules_say(label: str, rules: Ruleset) -> None:
    wrong = []
    for drop in DROPS:
        if len(drop) > 4 or not oracle.kinds(drop, rules):
            continue
        for order in _orders(drop):
            laid, kind = arrange_drop(order, rules)
            assert Counter(laid) == Counter(order), f"{order}: laid {laid} is not the cards dropped"
            expected = oracle.takeable_cards(order, kind, rules)
            got = set(takeable(laid, kind, rules))
            if got != expected:
                wrong.append(f"{' '.join(map(str, order))} ({kind}): engine {got}, rules {expected}")
    assert not wrong, f"{len(wrong)} disagree, e.g. {wrong[:6]}"


HANDS = [h for h in _sub_multisets(UNIVERSE, 5) if len(h) >= 3]


@pytest.mark.parametrize("name", PRESETS)
def test_every_small_hand_lists_exactly_its_legal_drops(name: str) -> None:
    rules = load_ruleset(name)
    wrong = []
    for hand in HANDS:
        expected = {d for d in _sub_multisets(hand, len(hand)) if oracle.kinds(d, rules)}
        got = {tuple(sorted(d)) for d in legal_drops(hand, rules)}
        if got != expected:
            wrong.append(f"{' '.join(map(str, hand))}: missing {expected - got}, extra {got - expected}")
    assert not wrong, f"{len(wrong)} of {len(HANDS)} hands disagree, e.g. {wrong[:4]}"


# -- larger drops: a whole suit, two decks --------------------------------------------------------------------------

TWO_DECKS = [Card(r, s) for s in "HS" for r in range(1, 14)] * 2 + [JOKER] * 4


@st.composite
def big_drops(draw: st.DrawFn) -> tuple[Card, ...]:
    """Drops of up to 14 cards, mostly from one suit so that runs are common."""
    suit = draw(st.sampled_from("HS"))
    ranks = draw(st.lists(st.integers(1, 13), min_size=0, max_size=13))
    jokers = draw(st.integers(0, 4))
    strays = draw(st.lists(st.sampled_from(TWO_DECKS), max_size=2))
    cards = [Card(r, suit) for r in ranks] + [JOKER] * jokers + strays
    cards = cards[:14] or [JOKER]
    return tuple(draw(st.permutations(cards)))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(drop=big_drops(), preset=st.sampled_from(PRESETS), key=st.integers(0, 40))
def test_large_drops_agree_with_the_rules(drop: tuple[Card, ...], preset: str, key: int) -> None:
    variants = list(_variants(load_ruleset(preset)))
    rules = variants[key % len(variants)]
    expected = oracle.kinds(drop, rules)
    kind = drop_kind(drop, rules)
    assert (kind is None) == (not expected)
    if kind is None:
        return
    assert kind in expected
    laid, kind = arrange_drop(drop, rules)
    assert Counter(laid) == Counter(drop)
    assert set(takeable(laid, kind, rules)) == oracle.takeable_cards(drop, kind, rules)


# -- a hand's value --------------------------------------------------------------------------------------------------

DECK = [Card(r, s) for s in "CDHS" for r in range(1, 14)] + [JOKER, JOKER]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    hand=st.lists(st.sampled_from(DECK), min_size=0, max_size=8),
    preset=st.sampled_from(PRESETS),
    limit=st.integers(0, 13),
    swing=st.booleans(),
)
def test_hand_values_agree_with_the_rules(hand: list[Card], preset: str, limit: int, swing: bool) -> None:
    rules = load_ruleset(preset)
    for variant in (rules, dataclasses.replace(rules, yaniv_limit=limit, jack_swing=swing or rules.jack_swing)):
        assert hand_value(hand, variant) == oracle.hand_value(hand, variant), (hand, preset)


def test_every_hand_of_the_small_universe_counts_as_the_rules_say() -> None:
    for name in PRESETS:
        rules = load_ruleset(name)
        for hand in _sub_multisets(UNIVERSE, 5):
            assert hand_value(hand, rules) == oracle.hand_value(hand, rules), (name, hand)


# -- a round's scoring -----------------------------------------------------------------------------------------------

SCORING_KEYS: dict[str, Sequence[object]] = {
    "assaf_on_tie": (True, False),
    "assaf_zero": ("lowest", "assafers", "first_lowest", "last_lowest"),
    "assaf_others_score": (True, False),
    "assaf_caller_adds_hand": (True, False),
    "assaf_penalty_per_extra": (0, 20),
    "assaf": (True, False),
    "end_on": ("above", "reach"),
    "end_mode": ("elimination", "first_to_limit"),
    "reset_with_penalty": (True, False),
}


@st.composite
def rounds(draw: st.DrawFn) -> tuple[Ruleset, list[int | None], list[list[Card] | None], int]:
    rules = load_ruleset(draw(st.sampled_from(PRESETS)))
    for key, values in SCORING_KEYS.items():
        if draw(st.booleans()):
            rules = dataclasses.replace(rules, **{key: draw(st.sampled_from(values))})  # type: ignore[arg-type]
    n = draw(st.integers(2, 6))
    # scores near the resets and the limit, where the rules are most particular
    near = sorted({0, 1, 20, 25, 45, 46, 50, 70, 95, 96, 99, 100, 145, 166, 170, 195, 196, 199, 200})
    scores: list[int | None] = [draw(st.sampled_from(near)) for _ in range(n)]
    low_cards = [c for c in DECK if c.rank <= 5 or c.rank == 11]
    hands: list[list[Card] | None] = [
        draw(st.lists(st.sampled_from(low_cards), min_size=1, max_size=3)) for _ in scores
    ]
    out = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    for s in range(n):
        if out[s] and sum(h is not None for h in hands) > 2:
            hands[s] = None
            scores[s] = rules.end_limit + 1
    caller = draw(st.sampled_from([s for s in range(n) if hands[s] is not None]))
    return rules, scores, hands, caller


@settings(max_examples=800, deadline=None, derandomize=True)
@given(case=rounds())
def test_rounds_are_scored_as_the_rules_say(
    case: tuple[Ruleset, list[int | None], list[list[Card] | None], int],
) -> None:
    rules, scores, hands, caller = case
    expected = oracle.settle(rules, scores, hands, caller)
    got = score_round(rules, scores, hands, caller)
    assert got.assaf == expected.assaf
    assert got.added == expected.added
    assert got.scores == expected.scores
    assert set(got.zeroed) == expected.zeroed
    assert got.winner == expected.starter
    assert set(got.eliminated) == expected.out
    assert got.game_over == expected.game_over
    assert set(got.winners) == expected.winners
