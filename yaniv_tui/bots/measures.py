"""Measures the strong bots share: what a deck draw leaves, an opponent's likely hand value, the worth of a call."""

from __future__ import annotations

import math
from collections import Counter
from itertools import repeat
from operator import add, mul

from yaniv_tui.engine import JOKER, Card, PlayerView, Ruleset, hand_value, legal_drops, swing_values

from .heaviest import WorthMemo
from .memory import Memory


def drops_and_rests(hand: list[Card] | tuple[Card, ...], rules: Ruleset) -> list[tuple[tuple[Card, ...], list[Card]]]:
    """Each distinct legal drop of `hand` (in any order of its cards), with the cards it leaves."""
    found: list[tuple[tuple[Card, ...], list[Card]]] = []
    if JOKER not in hand and len(set(hand)) == len(hand):
        # No joker and no card twice: no two drops hold the same cards (a set is of one rank, a run of several),
        # so none needs weeding out.
        for drop in legal_drops(hand, rules):
            rest = list(hand)
            for card in drop:
                rest.remove(card)
            found.append((drop, rest))
        return found
    tried: set[tuple[Card, ...]] = set()
    for drop in legal_drops(hand, rules):
        key = tuple(sorted(drop))
        if key in tried:
            continue
        tried.add(key)
        rest = list(hand)
        for card in drop:
            rest.remove(card)
        found.append((drop, rest))
    return found


#: A deck card by rank: (rank, chance, worth), for `deck_draw_cost`.
Draw = tuple[int, float, int]


def deck_draws(odds: Odds, worth: tuple[int, ...]) -> list[Draw]:
    """The deck's top card by rank, as `deck_draw_cost` takes it: each rank unseen, its chance and its worth."""
    total = odds.total
    if not total:
        return []
    return [(rank, k / total, worth[rank]) for rank, k in enumerate(odds.unseen_by_rank) if k]


def deck_draw_cost(
    rest: list[Card],
    heaviest: WorthMemo,
    draws: list[Draw],
    shed: float,
    bonus: float,
) -> float:
    """The hard bot's measure of `rest` plus a deck card, averaged over `draws` (`deck_draws`, under the worths of
    `heaviest`).

    The measure: the hand's value less `shed` times what its next drop sheds (`heaviest`, under its rules
    and worths; a drawn card can make a set with the hand), less `bonus` if the hand may call.
    """
    rules = heaviest.rules
    ranks: dict[int, int] = {}
    for card in rest:
        rank = card[0]
        ranks[rank] = ranks.get(rank, 0) + 1
    return draw_cost(hand_value(rest, rules), ranks, heaviest(rest), rules, draws, shed, bonus)


def draw_cost(
    base: int, ranks: dict[int, int], shed_now: int, rules: Ruleset, draws: list[Draw], shed: float, bonus: float
) -> float:
    """`deck_draw_cost` of a hand worth `base`, holding `ranks` (each rank's count; the jokers' may be left out), whose
    heaviest drop sheds `shed_now`."""
    set_min = rules.set_min
    room = rules.call_room(base)  # a card worth this much or less leaves a hand that may call
    cost = float(base)
    for rank, p, w in draws:
        sheds = shed_now if shed_now > w else w
        if rank in ranks:
            together = ranks[rank] + 1
            if together >= set_min and rank:
                together *= w
                if together > sheds:
                    sheds = together
        part = w - shed * sheds
        if w <= room:
            part -= bonus
        cost += p * part
    return cost


class Odds:
    """The chances of the hidden cards, from a seat's memory: what a deck draw or an opponent's unknown card is worth.

    Values here are the jack swing's low value, because the odds are asked of
    low totals, where a jack counts low.
    """

    __slots__ = (
        "_held",
        "_leaned",
        "_nodes",
        "_steps",
        "_sums",
        "free",
        "low_worth",
        "shift",
        "total",
        "unseen_by_rank",
    )

    def __init__(self, unseen: Counter[Card], rules: Ruleset) -> None:
        low = swing_values(rules, high=False)
        self.low_worth = low
        by_rank = [0] * 14
        for card, count in unseen.items():
            by_rank[card[0]] += count
        self.unseen_by_rank = by_rank
        self.total = sum(by_rank)
        self.shift = -min(0, *low)
        # value -> count, for cards drawn from the whole unseen pool
        free: dict[int, float] = {}
        for rank, count in enumerate(by_rank):
            if count:
                free[low[rank]] = free.get(low[rank], 0) + count
        self.free = free
        self._leaned: dict[tuple[int, float], dict[int, float]] = {}
        #: A stretch of parts is a node, numbered from 1 (0: no part yet): (a stretch's node, the id of the part
        #: after it) -> the longer stretch's node. A number is one look-up, where a key of every part's id so far
        #: was hashed anew at each part (an opponent's hand of 20 cards: 20 keys of up to 20 ids).
        self._nodes: dict[tuple[int, int], int] = {}
        #: A stretch's node -> (the top sum worked out, the chance of each sum up to it, the highest reached).
        self._sums: dict[int, tuple[int, list[float], int]] = {}
        self._held: dict[int, dict[int, float]] = {}
        #: (a part's id, the top sum) -> its steps, largest first, and their total weight.
        self._steps: dict[tuple[int, int], list[tuple[int, float]]] = {}

    def value_counts(self, cap: int | None, lean: float = 0.0) -> dict[int, float]:
        """The unseen cards by value (weights, not always whole), as a card kept under `cap` would be.

        With `lean`, a kept card's value is likelier the lower it is, by a factor of
        e^(-lean × value): players keep their low cards and shed the rest, drop after drop.
        """
        if cap is None:
            return self.free
        key = (cap, lean)
        kept = self._leaned.get(key)
        if kept is None:
            kept = {v: k * math.exp(-lean * v) for v, k in self.free.items() if v <= cap} or self.free
            self._leaned[key] = kept
        return kept

    @staticmethod
    def mean(counts: dict[int, float]) -> float:
        total = sum(counts.values())
        return sum(v * k for v, k in counts.items()) / total if total else 0.0

    def chances_at_most(self, asks: list[tuple[list[dict[int, float]], int]]) -> list[float]:
        """`chance_at_most(parts, limit)` of each (parts, limit), in the order given, to the same figures: asked
        from the highest top sum down, so the sums worked out for one serve every lower one after it."""
        found = [0.0] * len(asks)
        shift = self.shift
        for i in sorted(range(len(asks)), key=lambda i: -(asks[i][1] + shift * len(asks[i][0]))):
            found[i] = self.chance_at_most(*asks[i])
        return found

    def chance_at_most(self, parts: list[dict[int, float]], limit: int) -> float:
        """P(the sum of one card from each of `parts` is at most `limit`), cards drawn independently.

        The sums are worked out part by part, and each stretch of parts already worked out (an opponent's hand is
        many copies of one or two `value_counts`) is remembered: the next opponent's starts from the longest
        stretch it shares, to the same figures. `parts` are not changed once asked of.
        """
        shift = self.shift
        top = limit + shift * len(parts)
        if top < 0:
            return 0.0
        nodes = self._nodes
        known = self._sums
        node = 0
        dist: list[float] = [1.0]
        reach = 0  # the highest sum the parts so far can make: dist is 0 above it
        done = 0
        for counts in parts:  # the longest stretch of parts remembered at this top or a higher one
            child = nodes.get((node, id(counts)))
            if child is None:
                break
            found = known[child]
            if found[0] < top:
                break
            node = child
            dist, reach = found[1], min(top, found[2])
            done += 1
        if len(dist) < top + 1:
            dist = dist + [0.0] * (top + 1 - len(dist))
        for counts in parts[done:]:
            part = id(counts)
            child = nodes.get((node, part))
            if child is None:
                child = nodes[(node, part)] = len(nodes) + 1
            node = child
            self._held[part] = counts  # its id stays its own while the sums keyed by it are remembered
            steps = self._steps.get((part, top))
            if steps is None:
                steps = self._steps[(part, top)] = _steps(counts, shift, top)
            if steps:
                # Each sum t gathers dist[s] * chance for s from low to high: the steps from the largest down,
                # each adding to every sum it reaches at once (a sum out of reach gathers only zeros).
                new = [0.0] * (top + 1)
                for step, q in steps:
                    end = min(top, reach + step) + 1
                    if end > step:
                        # a + p * q for each sum, the loop run in C (map stops at the shorter, as zip did).
                        new[step:end] = map(add, new[step:end], map(mul, dist, repeat(q)))
                reach = min(top, reach + steps[0][0])
                dist = new
            elif sum(counts.values()):
                dist = [0.0] * (top + 1)  # every value of the part is beyond the top: no sum up to it
            known[node] = (top, dist, reach)
        return min(1.0, sum(dist[: top + 1]))


def _step_size(step: tuple[int, float]) -> int:
    return step[0]


def _steps(counts: dict[int, float], shift: int, top: int) -> list[tuple[int, float]]:
    """A part's steps up to `top`: (its value shifted, its chance), largest first; none for a part of no weight."""
    total = sum(counts.values())
    if not total:
        return []
    steps = [(v + shift, k / total) for v, k in counts.items() if v + shift <= top]
    steps.sort(key=_step_size, reverse=True)
    return steps


def opponent_parts(
    view: PlayerView, memory: Memory, seat: int, odds: Odds, lean: float = 0.0
) -> tuple[int, list[dict[int, float]]]:
    """An opponent's hand as (the value of its known cards, one value distribution per unknown card).

    A card it kept through its last drop is taken to be worth at most that drop
    (players shed their highest), and, with `lean`, likelier low than high
    (`Odds.value_counts`); the card it last drew from the deck may be anything.
    """
    held = memory.known[seat]
    known_value = sum(odds.low_worth[c[0]] for c in held.elements())
    size = view.hand_sizes[seat] or 0
    unknown = max(0, size - sum(held.values()))
    cap = memory.cap[seat]
    parts: list[dict[int, float]] = []
    if unknown:
        fresh = 1 if memory.fresh[seat] or cap is None else 0
        capped = odds.value_counts(cap, lean)
        parts = [capped] * (unknown - fresh) + [odds.free] * fresh
    return known_value, parts


def after_reset(rules: Ruleset, score: int, add: int, *, penalised: bool = False, jokers: int = 0) -> int:
    """A total after adding `add` points, resets applied as the scoring applies them (`Ruleset.after_round`):
    `penalised` for an Assafed caller's, `jokers` the jokers held at the round's end."""
    total, target = rules.after_round(score, add, penalised=penalised, jokers=jokers)
    return total if target is None else target
