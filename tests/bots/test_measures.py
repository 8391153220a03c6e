"""The hard bot's cost of a deck draw, the fast way, is the plain sum over the deck's ranks, to the last bit."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from yaniv_tui.bots.heaviest import WorthMemo, heaviest_worth
from yaniv_tui.bots.measures import Odds, deck_draw_cost, deck_draws
from yaniv_tui.engine import Card, Ruleset, hand_value, load_ruleset, standard_deck, swing_values

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")


def plain_cost(rest: list[Card], rules: Ruleset, odds: Odds, shed: float, bonus: float) -> float:
    """The measure as first written: each rank's chance and worth, a Counter of the ranks held, `may_call` asked."""
    worth = swing_values(rules, high=True)
    draws = [(rank, k / odds.total) for rank, k in enumerate(odds.unseen_by_rank) if k]
    base = hand_value(rest, rules)
    ranks = Counter([c[0] for c in rest])
    shed_now = heaviest_worth(rest, rules, worth)
    cost = float(base)
    for rank, p in draws:
        w = worth[rank]
        sheds = shed_now if shed_now > w else w
        if rank and ranks[rank] + 1 >= rules.set_min:
            together = (ranks[rank] + 1) * w
            if together > sheds:
                sheds = together
        part = w - shed * sheds
        if rules.may_call(base + w):
            part -= bonus
        cost += p * part
    return cost


@pytest.mark.parametrize("preset", PRESETS)
def test_a_deck_draws_cost_is_the_plain_sum(preset: str) -> None:
    rules = load_ruleset(preset)
    worth = swing_values(rules, high=True)
    memo = WorthMemo(rules, worth)
    rng = random.Random(len(preset))
    deck = standard_deck(rules.jokers_per_deck) * 2
    for _ in range(500):
        cards = rng.sample(deck, rng.randint(1, 9))
        rest, seen = cards[: rng.randint(0, 6)], cards
        unseen = Counter(deck)
        unseen.subtract(seen)
        odds = Odds(+unseen, rules)
        shed, bonus = rng.choice([(0.8, 4.0), (1.0, 4.0), (0.35, 0.0)])
        fast = deck_draw_cost(rest, memo, deck_draws(odds, worth), shed, bonus)
        # Equal to the last bit: the sum is taken in the same order, so a bot's ties break the same way.
        assert fast == plain_cost(rest, rules, odds, shed, bonus), (preset, rest)


def plain_chance(odds: Odds, parts: list[dict[int, float]], limit: int) -> float:
    """P(one card from each part sums to at most `limit`), as first written: each reachable sum, part after part."""
    shift = odds.shift
    top = limit + shift * len(parts)
    if top < 0:
        return 0.0
    dist = [1.0] + [0.0] * top
    for counts in parts:
        total = sum(counts.values())
        if not total:
            continue
        steps = [(v + shift, k / total) for v, k in counts.items() if v + shift <= top]
        new = [0.0] * (top + 1)
        for s, p in enumerate(dist):
            if p:
                for step, q in steps:
                    if s + step <= top:
                        new[s + step] += p * q
        dist = new
    return min(1.0, sum(dist))


@pytest.mark.parametrize("preset", [*PRESETS, "crowd"])
def test_the_chance_of_a_low_hand_is_the_plain_sum_asked_in_any_order(preset: str) -> None:
    # The hard bot asks it of every opponent, each hand many copies of one or two value tables: what one opponent
    # worked out serves the next, at a Yaniv limit up to 100 and hands up to 20 cards, to the last bit.
    rules = Ruleset(jack_swing=True, joker_value=-5) if preset == "crowd" else load_ruleset(preset)
    rng = random.Random(len(preset))
    deck = standard_deck(rules.jokers_per_deck) * 2
    for _ in range(30):
        unseen = Counter(rng.sample(deck, rng.randint(0, len(deck))))
        odds = Odds(unseen, rules)
        for _ in range(40):
            tables = [odds.value_counts(rng.choice([None, -3, 2, 5, 10]), rng.choice([0.0, 0.2])) for _ in range(2)]
            many = rng.randint(0, 20)
            parts = [tables[0]] * many + [tables[1]] * rng.randint(0, 1)
            if rng.random() < 0.2:
                parts = [rng.choice(tables) for _ in range(many)]
            limit = rng.randint(-10, 100)
            assert odds.chance_at_most(parts, limit) == plain_chance(odds, parts, limit), (preset, many, limit)
        # The hard bot asks of every opponent at once: highest first, each answer in its place, the same figures.
        asks = [(parts, rng.randint(-10, 100)) for parts in ([odds.free] * rng.randint(0, 20) for _ in range(6))]
        fresh = Odds(unseen, rules)
        assert fresh.chances_at_most(asks) == [plain_chance(fresh, parts, limit) for parts, limit in asks], preset
