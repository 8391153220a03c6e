"""A second look at a few plays: how good a hand each leaves after this seat's next drop and draw."""

from __future__ import annotations

import time
from collections import Counter

from yaniv_tui.engine import Card, Play, Ruleset, hand_value, swing_values

from .heaviest import WorthMemo, worth_memo
from .measures import Draw, Odds, deck_draw_cost, deck_draws, drops_and_rests

#: What a hand that may call at once is worth less than its value.
CALLABLE_GAIN = 8.0


class Lookahead:
    """Scores a play by the hand it leaves and by the best hand the turn after can make of it.

    The turn after is judged the hard bot's way: for each drop then, a deck draw
    averaged over the unseen cards, the hand's value less what its next drop
    sheds, with a bonus for a hand low enough to call on. A hand that may call at
    once is worth its value less `CALLABLE_GAIN`. A deck draw now is averaged over
    the unseen cards too (cards that cannot join a run of the hand count by rank).
    """

    __slots__ = ("_heaviest", "callable_bonus", "shed_weight")

    def __init__(self, *, shed_weight: float, callable_bonus: float) -> None:
        self.shed_weight = shed_weight
        self.callable_bonus = callable_bonus
        self._heaviest: WorthMemo | None = None

    def rerank(
        self,
        hand: tuple[Card, ...],
        plays: list[tuple[float, Play]],
        unseen: Counter[Card],
        odds: Odds,
        rules: Ruleset,
        deadline: float | None = None,
    ) -> list[Play]:
        """The plays (each with its first-look cost) best first by both looks; by the first alone once time is up."""
        if len(plays) < 2 or not odds.total:
            return [play for _, play in plays]
        worth = swing_values(rules, high=True)
        heaviest = self._heaviest = worth_memo(self._heaviest, rules, worth)
        draws = deck_draws(odds, worth)
        pool = list(unseen.items())
        memo: dict[tuple[Card, ...], float] = {}
        scored: list[tuple[float, int, Play]] = []
        for i, (cost, play) in enumerate(plays):
            if deadline is not None and time.perf_counter() > deadline:
                return [play for _, play in plays]
            rest = list(hand)
            for card in play.drop:
                rest.remove(card)
            if play.given is not None:  # the joker swap: the card given leaves, the joker joins
                rest.remove(play.given)
            if play.take is not None:
                later = self._next_turn([*rest, play.take], heaviest, draws, memo)
            else:
                later = self._after_draw(rest, pool, heaviest, draws, memo)
            scored.append((cost + later, i, play))
        scored.sort(key=lambda item: (item[0], item[1]))
        return [play for _, _, play in scored]

    def _after_draw(
        self,
        rest: list[Card],
        pool: list[tuple[Card, int]],
        heaviest: WorthMemo,
        draws: list[Draw],
        memo: dict[tuple[Card, ...], float],
    ) -> float:
        """The next turn's worth averaged over the deck's card; cards no run of `rest` can use are told by rank."""
        near = {(card[1], r) for card in rest if card[0] for r in range(card[0] - 2, card[0] + 3)}
        first: dict[tuple[int, str | None], Card] = {}
        counts: dict[tuple[int, str | None], int] = {}
        for card, count in pool:
            key: tuple[int, str | None] = card if (card[1], card[0]) in near else (card[0], None)
            if key in counts:
                counts[key] += count
            else:
                first[key] = card
                counts[key] = count
        total = 0.0
        weight = 0
        for key, count in counts.items():
            total += count * self._next_turn([*rest, first[key]], heaviest, draws, memo)
            weight += count
        return total / weight if weight else 0.0

    def _next_turn(
        self,
        hand: list[Card],
        heaviest: WorthMemo,
        draws: list[Draw],
        memo: dict[tuple[Card, ...], float],
    ) -> float:
        """The cost of the best drop of `hand` followed by a deck draw (lower is better)."""
        key = tuple(sorted(hand))
        known = memo.get(key)
        if known is not None:
            return known
        rules = heaviest.rules
        value = hand_value(hand, rules)
        if rules.may_call(value):
            memo[key] = value - CALLABLE_GAIN
            return memo[key]
        shed = self.shed_weight
        bonus = self.callable_bonus
        best = min(deck_draw_cost(rest, heaviest, draws, shed, bonus) for _, rest in drops_and_rests(hand, rules))
        memo[key] = best
        return best
