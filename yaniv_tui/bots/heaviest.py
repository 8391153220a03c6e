"""The heaviest drop of a hand: the legal drop that sheds the most points, found without listing every drop."""

from __future__ import annotations

from collections.abc import Sequence

from yaniv_tui.engine import JOKER, Card, Ruleset, hand_value, legal_drops, suit_runs

Drop = tuple[Card, ...]

#: Each string of suit codes seen (a hand's suits in order) -> (most cards of one suit, [(suit, cards)] in order).
_SUIT_COUNTS: dict[str, tuple[int, tuple[tuple[str, int], ...]]] = {}


def heaviest_drop(hand: Sequence[Card], rules: Ruleset, worth: Sequence[int] | None = None) -> tuple[Drop, int]:
    """The first drop of `legal_drops(hand)` worth the most points, the longest of those worth as much, and its worth.

    `worth` gives each rank's points (index 0 the joker); None weighs each drop by what it takes off the hand as
    the engine counts it, jack swing and cards of their own value all. An empty hand has no drop: ((), 0).
    The drop is the one scanning `legal_drops` finds, without listing every drop: singles, sets and runs are weighed
    in the same order, a hand with no two cards of a rank, no joker and no suit long enough for a
    run has only its singles, and a suit whose cards cannot reach the best worth so far is not laid out.
    """
    if worth is None:
        if not rules.plain_values:  # the jack swing, or cards with a value of their own
            return _by_listing(hand, rules)
        worth = rules.rank_values
    if not hand:
        return (), 0
    # One pass: the first single worth the most, the ranks held, the suits.
    top = hand[0]
    best_worth = worth[top[0]]
    held = 0  # bit r: a card of rank r is in the hand
    dup = 0  # bit r: two or more are
    suits = ""
    for card in hand:
        rank = card[0]
        if worth[rank] > best_worth:
            top, best_worth = card, worth[rank]
        bit = 1 << rank
        if held & bit:
            dup |= bit
        held |= bit
        suits += card[1]
    run_min = rules.run_min
    longest, suit_counts = _SUIT_COUNTS.get(suits) or _suit_counts(suits)
    if not held & 1 and (longest < run_min or not _plain_run_in(hand, suit_counts, run_min)):
        # No joker and no run: singles, and sets of the ranks held more than once.
        if not dup:
            return (top,), best_worth
        if not dup & (dup - 1):  # one rank held more than once: its best set against the best single
            return _one_rank(hand, rules, worth, dup.bit_length() - 1, top, best_worth)
    ranks = [card[0] for card in hand]
    jokers = ranks.count(0)
    best = _best_set(hand, ranks, jokers, bool(dup), rules, worth, ((top,), best_worth))
    run_jokers = jokers if rules.jokers_in_runs else 0
    if longest + run_jokers < run_min:
        return best
    return _best_run(hand, suit_counts, run_jokers, rules, worth, best)


def heaviest_worth(
    hand: Sequence[Card], rules: Ruleset, worth: Sequence[int], runs: dict[int, int] | None = None
) -> int:
    """The worth of `heaviest_drop(hand, rules, worth)`, found faster: from each set's and run's span, no drop laid out.

    The hard bot asks it of every hand each play would leave; a test holds it to `heaviest_drop`. A suit's best
    run depends only on the ranks the hand holds in it and the jokers it may use: `runs` (a `WorthMemo`'s, for
    these rules and worths) remembers it by those, so a long hand is weighed in one pass over its cards.
    """
    if not hand:
        return 0
    best = worth[hand[0][0]]
    jokers = 0
    ranks: dict[int, int] = {}
    suits: dict[str, int] = {}  # suit -> bit r set for each rank r held in it
    for rank, suit in hand:
        if worth[rank] > best:
            best = worth[rank]
        if rank == 0:
            jokers += 1
            continue
        ranks[rank] = ranks.get(rank, 0) + 1
        suits[suit] = suits.get(suit, 0) | 1 << rank
    if len(hand) < 2:
        return best
    return groups_worth(best, jokers, ranks, suits, len(hand), rules, worth, runs)


def groups_worth(
    best: int,
    jokers: int,
    ranks: dict[int, int],
    suits: dict[str, int],
    size: int,
    rules: Ruleset,
    worth: Sequence[int],
    runs: dict[int, int] | None,
) -> int:
    """`heaviest_worth` of a hand of `size` cards (two or more) from its best single's worth and its parts: the
    best of that and its sets and runs."""
    set_min = rules.set_min
    set_jokers = jokers if rules.jokers_in_sets else 0
    for rank, count in ranks.items():
        if count + set_jokers >= set_min:
            total = set_worth(worth[rank], count, set_jokers, set_min, worth[0])
            if total > best:
                best = total
    return runs_worth(best, jokers, suits, size, rules, worth, runs)


def set_worth(value: int, count: int, set_jokers: int, set_min: int, joker_worth: int) -> int:
    """The heaviest set of a rank worth `value` held `count` times, with up to `set_jokers` jokers (enough of both
    to make a set): all its cards, unless they are worth less than nothing (then as few as a set takes); every
    joker it may hold when they are worth more than nothing, else only the jokers it needs."""
    if value >= 0:
        if joker_worth > 0:
            return count * value + set_jokers * joker_worth
        return count * value + (0 if count >= set_min else (set_min - count) * joker_worth)
    best = NO_RUN
    for k in (count, set_min, set_min - set_jokers):
        k = min(count, max(1, k))
        total = k * value + (set_jokers if joker_worth > 0 else max(0, set_min - k)) * joker_worth
        if total > best:
            best = total
    return best


def runs_worth(
    best: int,
    jokers: int,
    suits: dict[str, int],
    size: int,
    rules: Ruleset,
    worth: Sequence[int],
    runs: dict[int, int] | None,
) -> int:
    """`best`, or more: the set of jokers alone, and each suit's best run (`runs` remembers them)."""
    best = joker_set_worth(best, jokers, rules, worth)
    if size >= rules.run_min:
        run_jokers = jokers if rules.jokers_in_runs else 0
        if runs is None:
            runs = {}
        for held in suits.values():
            run = run_worth(held, run_jokers, rules, worth, runs)
            if run > best:
                best = run
    return best


def joker_set_worth(best: int, jokers: int, rules: Ruleset, worth: Sequence[int]) -> int:
    """`best`, or the set of the hand's `jokers` alone if it makes one worth more."""
    if rules.joker_set and jokers >= rules.set_min and jokers * worth[0] > best:
        return jokers * worth[0]
    return best


def run_worth(held: int, run_jokers: int, rules: Ruleset, worth: Sequence[int], runs: dict[int, int]) -> int:
    """The best run of one suit's ranks `held` (bit r for rank r) with up to `run_jokers` jokers (NO_RUN: none),
    remembered in `runs` by those."""
    if held.bit_count() + run_jokers < rules.run_min:
        return NO_RUN
    key = held | run_jokers << 14  # ranks are bits 1 to 13
    run = runs.get(key)
    if run is None:
        if len(runs) >= 100_000:
            runs.clear()
        run = runs[key] = _best_run_worth(held, run_jokers, rules, worth)
    return run


def _best_run_worth(held: int, run_jokers: int, rules: Ruleset, worth: Sequence[int]) -> int:
    """The most a run of one suit's ranks `held` (bit r for rank r) with up to `run_jokers` jokers is worth
    under `worth`, or a worth below any hand's when they make no run.

    A run is a stretch of ranks, each place a natural card held or a joker: jokers fill the places not held, and
    those left over stand for the held cards they outweigh (a joker worth 5 for a 3 inside a run), the cards a
    run needs as naturals kept, and, without `joker_ends`, its first and last card natural.
    """
    best = NO_RUN
    run_min = rules.run_min
    min_natural = max(1, rules.run_min_natural)
    joker_worth = worth[0]
    inner_only = not rules.joker_ends
    for low in range(1, 14):
        if inner_only and not held >> low & 1:
            continue
        total = 0
        naturals: list[int] = []  # the worths of the held cards from `low` to `high`
        gaps = 0
        for high in range(low, 14):
            if held >> high & 1:
                naturals.append(worth[high])
                total += worth[high]
            else:
                gaps += 1
                if gaps > run_jokers:
                    break
                total += joker_worth
                if inner_only:
                    continue
            if high - low + 1 < run_min or len(naturals) < min_natural:
                continue
            # The spare jokers stand for the held cards they outweigh most, ends kept natural where they must be.
            spare = min(run_jokers - gaps, len(naturals) - min_natural)
            gain = 0
            if spare > 0:
                swappable = naturals[1:-1] if inner_only else naturals
                gains = sorted([joker_worth - w for w in swappable if w < joker_worth], reverse=True)
                gain = sum(gains[:spare])
            if total + gain > best:
                best = total + gain
    return best


#: Below the worth of any drop: a suit whose cards make no run.
NO_RUN = -(10**9)


class WorthMemo:
    """`heaviest_worth` under one ruleset and one table of worths, remembered hand by hand.

    The expert's play-outs ask it of the same hands again and again (about three asks in five repeat a hand
    already weighed, cards in the same order): a repeat is one look-up. At most `size` hands are remembered,
    then all forgotten at once. Call `for_rules` to get one that fits the rules and worths in hand.
    """

    __slots__ = ("_known", "_size", "rules", "runs", "worth")

    def __init__(self, rules: Ruleset, worth: tuple[int, ...], size: int = 20_000) -> None:
        self.rules = rules
        self.worth = worth
        self._known: dict[tuple[Card, ...], int] = {}
        self.runs: dict[int, int] = {}  # each suit's best run, for `heaviest_worth`
        self._size = size

    def fits(self, rules: Ruleset, worth: tuple[int, ...]) -> bool:
        """Whether this memo weighs hands under `rules` and `worth`."""
        return rules is self.rules and (worth is self.worth or worth == self.worth)

    def __call__(self, hand: Sequence[Card]) -> int:
        key = tuple(hand)
        known = self._known.get(key)
        if known is None:
            if len(self._known) >= self._size:
                self._known.clear()
            known = self._known[key] = heaviest_worth(key, self.rules, self.worth, self.runs)
        return known


def worth_memo(memo: WorthMemo | None, rules: Ruleset, worth: tuple[int, ...]) -> WorthMemo:
    """`memo` when it fits `rules` and `worth`, else a new one."""
    return memo if memo is not None and memo.fits(rules, worth) else WorthMemo(rules, worth)


def _by_listing(hand: Sequence[Card], rules: Ruleset) -> tuple[Drop, int]:
    """Under the jack swing a jack's worth depends on the whole hand: every drop weighed by what it takes off the
    hand as the engine counts it (a jack in a hand counted high sheds its high value, whatever it is alone)."""
    best: Drop = ()
    best_worth = 0
    whole = hand_value(hand, rules)
    for drop in legal_drops(hand, rules):
        rest = list(hand)
        for card in drop:
            rest.remove(card)
        worth = whole - hand_value(rest, rules)
        if not best or worth > best_worth or (worth == best_worth and len(drop) > len(best)):
            best, best_worth = drop, worth
    return best, best_worth


def _one_rank(
    hand: Sequence[Card], rules: Ruleset, worth: Sequence[int], rank: int, top: Card, top_worth: int
) -> tuple[Drop, int]:
    """With no joker and no run, and one rank held twice or more: that rank's best set, or the best single."""
    same = sorted([card for card in hand if card[0] == rank])
    value = worth[rank]
    # Without jokers its sets take set_min to all of its cards, smallest first: the first worth
    # the most is all of them when a card is worth 0 or more (more cards, more or equal worth).
    size = len(same) if value >= 0 else rules.set_min
    total = size * value
    if len(same) >= rules.set_min and (total > top_worth or (total == top_worth and size > 1)):
        return tuple(same[:size]), total
    return (top,), top_worth


def _best_set(
    hand: Sequence[Card],
    ranks: list[int],
    jokers: int,
    pairs: bool,
    rules: Ruleset,
    worth: Sequence[int],
    best: tuple[Drop, int],
) -> tuple[Drop, int]:
    """The heavier of `best` and every set, in `legal_drops` order: jokers alone, then each rank with k of its
    cards and j jokers."""
    drop, best_worth = best
    best_len = len(drop)
    joker_worth = worth[0]
    set_min = rules.set_min
    if jokers >= set_min and rules.joker_set:
        for size in range(set_min, jokers + 1):
            total = size * joker_worth
            if total > best_worth or (total == best_worth and size > best_len):
                drop, best_worth, best_len = (JOKER,) * size, total, size
    set_jokers = jokers if rules.jokers_in_sets else 0
    if pairs or set_jokers:
        for rank in dict.fromkeys(ranks):
            count = ranks.count(rank)
            if not rank or count + set_jokers < set_min:
                continue
            value = worth[rank]
            chosen = 0
            for k in range(1, count + 1):
                for j in range(max(0, set_min - k), set_jokers + 1):
                    total = k * value + j * joker_worth
                    if total > best_worth or (total == best_worth and k + j > best_len):
                        best_worth, best_len, chosen = total, k + j, k
            if chosen:
                same = sorted([card for card in hand if card[0] == rank])
                drop = tuple(same[:chosen]) + (JOKER,) * (best_len - chosen)
    return drop, best_worth


def _best_run(
    hand: Sequence[Card],
    suit_counts: tuple[tuple[str, int], ...],
    run_jokers: int,
    rules: Ruleset,
    worth: Sequence[int],
    best: tuple[Drop, int],
) -> tuple[Drop, int]:
    """The heavier of `best` and every run, suit by suit; a suit whose cards and jokers cannot reach it is skipped."""
    drop, best_worth = best
    best_len = len(drop)
    joker_bound = run_jokers * max(worth[0], 0)
    for suit, count in suit_counts:
        if count + run_jokers < rules.run_min:
            continue
        card_of: dict[int, Card] = {}
        bound = joker_bound  # at most what a run of this suit can be worth (a twin counted twice only raises it)
        for card in hand:
            if card[1] == suit and card[0]:
                card_of[card[0]] = card
                if worth[card[0]] > 0:
                    bound += worth[card[0]]
        if not card_of or bound < best_worth:
            continue
        for run in suit_runs(card_of, run_jokers, rules):
            total = 0
            for card in run:
                total += worth[card[0]]
            if total > best_worth or (total == best_worth and len(run) > best_len):
                drop, best_worth, best_len = run, total, len(run)
    return drop, best_worth


def _suit_counts(suits: str) -> tuple[int, tuple[tuple[str, int], ...]]:
    """How many cards of each suit a hand holds, suits in the order they first come; memoized."""
    known = _SUIT_COUNTS.get(suits)
    if known is None:
        counts = tuple((suit, suits.count(suit)) for suit in dict.fromkeys(suits))
        known = (max([count for _, count in counts], default=0), counts)
        if len(_SUIT_COUNTS) >= 100_000:
            _SUIT_COUNTS.clear()
        _SUIT_COUNTS[suits] = known
    return known


def _plain_run_in(hand: Sequence[Card], suit_counts: tuple[tuple[str, int], ...], run_min: int) -> bool:
    """Whether some suit holds `run_min` cards of consecutive ranks (a run without jokers)."""
    for suit, count in suit_counts:
        if count < run_min:
            continue
        ranks = 0
        for card in hand:
            if card[1] == suit:
                ranks |= 1 << card[0]
        for _ in range(run_min - 1):
            ranks &= ranks >> 1
        if ranks:
            return True
    return False


def swapped(rest: Sequence[Card], given: Card) -> list[Card]:
    """The hand `rest` once it gives `given` for a joker (the joker swap)."""
    new = list(rest)
    new.remove(given)
    new.append(JOKER)
    return new
