"""Weighing every hand a drop leaves, and each with a card taken, from the hand's parts: the hard bot's hot path."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from yaniv_tui.engine import Card

from .heaviest import NO_RUN, WorthMemo, groups_worth, joker_set_worth, run_worth, set_worth
from .measures import drops_and_rests

#: A rank (int) or a suit (str).
K = TypeVar("K", int, str)


class Parts:
    """A hand as `heaviest_worth` weighs it (its jokers, each rank's count, each suit's ranks as bits, its size),
    kept so that the hand a drop leaves, and that hand with a card taken, are weighed from it without going over
    their cards again: the hard bot weighs every drop of a hand of up to 20 cards, each with every take."""

    __slots__ = ("cards", "jokers", "ranks", "size", "suits")

    def __init__(self, jokers: int, ranks: dict[int, int], suits: dict[str, int], size: int) -> None:
        self.jokers = jokers
        self.ranks = ranks
        self.suits = suits
        self.size = size
        #: Each card's count, filled for a hand made by `of` (a hand a drop leaves needs only its hand's).
        self.cards: dict[Card, int] = {}

    @classmethod
    def of(cls, hand: Sequence[Card]) -> Parts:
        jokers = 0
        ranks: dict[int, int] = {}
        suits: dict[str, int] = {}
        cards: dict[Card, int] = {}
        for card in hand:
            cards[card] = cards.get(card, 0) + 1
            rank, suit = card
            if rank == 0:
                jokers += 1
                continue
            ranks[rank] = ranks.get(rank, 0) + 1
            suits[suit] = suits.get(suit, 0) | 1 << rank
        parts = cls(jokers, ranks, suits, len(hand))
        parts.cards = cards
        return parts

    def without(self, drop: Sequence[Card]) -> Parts:
        """The hand less `drop` (cards it holds; this one must have been made by `of`)."""
        jokers = self.jokers
        ranks = dict(self.ranks)
        suits = dict(self.suits)
        cards = self.cards
        for card in drop:
            rank, suit = card
            if rank == 0:
                jokers -= 1
                continue
            left = ranks[rank] - 1
            if left:
                ranks[rank] = left
            else:
                del ranks[rank]
            if cards[card] <= drop.count(card):  # no card of this rank and suit left
                held = suits.get(suit, 0) & ~(1 << rank)  # a card twice in the drop comes here twice
                if held:
                    suits[suit] = held
                else:
                    suits.pop(suit, None)
        return Parts(jokers, ranks, suits, self.size - len(drop))

    def plus(self, card: Card) -> Parts:
        """The hand with `card` added."""
        rank, suit = card
        if rank == 0:
            return Parts(self.jokers + 1, self.ranks, self.suits, self.size + 1)
        ranks = dict(self.ranks)
        ranks[rank] = ranks.get(rank, 0) + 1
        suits = dict(self.suits)
        suits[suit] = suits.get(suit, 0) | 1 << rank
        return Parts(self.jokers, ranks, suits, self.size + 1)


#: A hand of at most this many cards is weighed whole (`WorthMemo`), which is quicker for so few.
SMALL = 8


class Weigher:
    """`heaviest_worth` of each hand a drop from one hand leaves, and of that hand with a card taken, to the same
    figures, without going over the other cards again: the best single and set of the ranks the drop and the take
    leave alone are the hand's own, sorted once (for each count of jokers the hand left may hold), and so are the
    best runs of the suits they leave alone; only the ranks and suits they change are weighed anew."""

    __slots__ = ("_hand", "_known", "_lefts", "_memo", "_parts", "_runs", "_sets", "_singles", "drops", "small")

    def __init__(self, memo: WorthMemo, hand: list[Card] | tuple[Card, ...]) -> None:
        self._memo = memo
        self._hand = hand
        self._parts: Parts | None = None
        #: Each distinct legal drop of the hand (`drops_and_rests`) and the cards it leaves.
        self.drops = drops_and_rests(hand, memo.rules)
        #: Whether the hand is weighed whole, hand by hand (`WorthMemo`), which is quicker for a few cards.
        self.small = len(hand) <= SMALL
        self._lefts: dict[int, Parts] = {}
        #: (a drop's place in `drops`, the card taken or None) -> the heaviest drop of the hand they leave.
        self._known: dict[tuple[int, Card | None], int] = {}
        #: (worth, rank) of each rank held, best first.
        self._singles: list[tuple[int, int]] | None = None
        #: By the jokers a set may hold: (worth, rank) of each rank's heaviest set, where it makes one, best first.
        self._sets: dict[int, list[tuple[int, int]]] = {}
        #: By the jokers a run may hold: (worth, suit) of each suit's best run, best first.
        self._runs: dict[int, list[tuple[int, str]]] = {}

    @property
    def parts(self) -> Parts:
        """The hand's parts, made when first asked for."""
        if self._parts is None:
            self._parts = Parts.of(self._hand)
        return self._parts

    def ranks(self, place: int) -> dict[int, int]:
        """Each rank's count in the hand that `drops[place]` leaves (the jokers' left out)."""
        if self.small:
            ranks: dict[int, int] = {}
            for card in self.drops[place][1]:
                rank = card[0]
                if rank:
                    ranks[rank] = ranks.get(rank, 0) + 1
            return ranks
        return self._left(place).ranks

    def _left(self, place: int) -> Parts:
        left = self._lefts.get(place)
        if left is None:
            left = self._lefts[place] = self.parts.without(self.drops[place][0])
        return left

    def _ranked_sets(self, set_jokers: int) -> list[tuple[int, int]]:
        ranked = self._sets.get(set_jokers)
        if ranked is None:
            worth = self._memo.worth
            set_min = self._memo.rules.set_min
            ranked = self._sets[set_jokers] = sorted(
                [
                    (set_worth(worth[rank], count, set_jokers, set_min, worth[0]), rank)
                    for rank, count in self.parts.ranks.items()
                    if count + set_jokers >= set_min
                ],
                reverse=True,
            )
        return ranked

    def _ranked_runs(self, run_jokers: int) -> list[tuple[int, str]]:
        ranked = self._runs.get(run_jokers)
        if ranked is None:
            memo = self._memo
            ranked = self._runs[run_jokers] = sorted(
                [
                    (run_worth(held, run_jokers, memo.rules, memo.worth, memo.runs), suit)
                    for suit, held in self.parts.suits.items()
                ],
                reverse=True,
            )
        return ranked

    def worth(self, place: int, take: Card | None = None) -> int:
        """The heaviest drop of the hand that `drops[place]` leaves, with `take` added to it when one is named."""
        key = (place, take)
        known = self._known.get(key)
        if known is None:
            drop, rest = self.drops[place]
            if self.small:
                known = self._memo(rest if take is None else [*rest, take])
            else:
                known = self.weigh(self._left(place), drop, take)
            self._known[key] = known
        return known

    def weigh(self, left: Parts, drop: Sequence[Card], take: Card | None = None) -> int:
        """The heaviest drop of the hand less `drop` (`left`: `self.parts.without(drop)`), with `take` added to it
        when one is named."""
        memo = self._memo
        rules = memo.rules
        if take is not None and not take[0]:  # a joker taken: one joker more, no rank or suit changed
            left, take = left.plus(take), None
        size = left.size if take is None else left.size + 1
        if size < 2:
            return weigh(memo, left if take is None else left.plus(take))
        worth = memo.worth
        ranks = left.ranks
        jokers = left.jokers
        changed = {card[0] for card in drop}
        if take is not None:
            changed.add(take[0])
        singles = self._singles
        if singles is None:
            singles = self._singles = sorted([(worth[rank], rank) for rank in self.parts.ranks], reverse=True)
        best = _first_left(singles, changed, worth[0] if jokers else NO_RUN)
        set_jokers = jokers if rules.jokers_in_sets else 0
        best = _first_left(self._ranked_sets(set_jokers), changed, best)
        set_min = rules.set_min
        for rank in changed:
            count = ranks.get(rank, 0)
            if take is not None and rank == take[0]:
                count += 1
            if count:
                if worth[rank] > best:
                    best = worth[rank]
                if count + set_jokers >= set_min:
                    total = set_worth(worth[rank], count, set_jokers, set_min, worth[0])
                    if total > best:
                        best = total
        best = joker_set_worth(best, jokers, rules, worth)
        if size >= rules.run_min:
            run_jokers = jokers if rules.jokers_in_runs else 0
            changed_suits = {card[1] for card in drop if card[0]}
            if take is not None:
                changed_suits.add(take[1])
            best = _first_left(self._ranked_runs(run_jokers), changed_suits, best)
            for suit in changed_suits:
                held = left.suits.get(suit, 0)
                if take is not None and suit == take[1]:
                    held |= 1 << take[0]
                if held:
                    run = run_worth(held, run_jokers, rules, worth, memo.runs)
                    if run > best:
                        best = run
        return best


def _first_left(ranked: list[tuple[int, K]], changed: set[K], best: int) -> int:
    """`best`, or the worth of the first of `ranked` (best first) whose rank or suit is not `changed`, if more."""
    for worth, key in ranked:
        if key not in changed:
            return worth if worth > best else best
    return best


def weigh(memo: WorthMemo, parts: Parts) -> int:
    """`memo(hand)` of the hand `parts` holds, to the same figure, worked out from its parts (not remembered)."""
    size = parts.size
    if not size:
        return 0
    worth = memo.worth
    ranks = parts.ranks
    best = max([worth[rank] for rank in ranks]) if ranks else worth[0]
    if parts.jokers and worth[0] > best:
        best = worth[0]
    if size < 2:
        return best
    return groups_worth(best, parts.jokers, ranks, parts.suits, size, memo.rules, worth, memo.runs)
