"""Hand values and drops: singles, sets and runs, and which cards of a drop may be taken."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Literal

from .cards import JACK, JOKER, Card, faces
from .ruleset import Ruleset

DropKind = Literal["single", "set", "run"]


class DropError(ValueError):
    """Cards that do not make a legal drop; the message says why."""


def hand_value(cards: Iterable[Card], rules: Ruleset) -> int:
    """What a hand counts: the sum of its cards, each at its own value where the rules give it one
    (`values.cards`), with the jack swing where the rules have it."""
    values = rules.rank_values
    if rules.plain_values:
        total = 0
        for card in cards:  # a plain loop: cheaper than sum() of a list comprehension on a hand of a few cards
            total += values[card[0]]
        return total
    own = rules.own_values
    swing = rules.jack_swing
    total = 0
    jacks = 0
    for card in cards:
        value = own.get(card)
        if value is not None:
            total += value
        elif swing and card[0] == JACK:
            jacks += 1
        else:
            total += values[card[0]]
    if not jacks:
        return total
    low = total + jacks * rules.jack_low
    return low if low <= rules.swing_up_to else total + jacks * rules.jack_high


def card_values(hand: Sequence[Card], rules: Ruleset) -> tuple[int, ...]:
    """Each card's part of the hand value, in hand order; they add up to `hand_value` (jacks swing together)."""
    values = [rules.value_of(card) for card in hand]
    jacks = [i for i, card in enumerate(hand) if card.rank == JACK and card not in rules.own_values]
    if rules.jack_swing and jacks:
        others = hand_value([c for i, c in enumerate(hand) if i not in jacks], rules)
        each = (hand_value(hand, rules) - others) // len(jacks)
        for i in jacks:
            values[i] = each
    return tuple(values)


def swing_values(rules: Ruleset, *, high: bool) -> tuple[int, ...]:
    """Each rank's value in a hand (index 0 the joker), a jack at the high or the low end of the jack swing
    where the rules have it: the two tables a hand's value lies between (without the swing, both `rank_values`)."""
    values = rules.rank_values
    if not rules.jack_swing:
        return values
    jack = rules.jack_high if high else rules.jack_low
    return (*values[:JACK], jack, *values[JACK + 1 :])


def _set_ok(cards: Sequence[Card], rules: Ruleset) -> bool:
    if len(cards) < rules.set_min:
        return False
    rank = -1
    jokers = 0
    for card in cards:
        if card.rank == 0:
            jokers += 1
        elif rank == -1:
            rank = card.rank
        elif card.rank != rank:
            return False
    if rank == -1:  # jokers only
        return rules.joker_set
    return jokers == 0 or rules.jokers_in_sets


def _run_span(cards: Sequence[Card], rules: Ruleset) -> tuple[int, int, int] | None:
    """For cards that can be laid out as a run: (lowest natural rank, highest, jokers)."""
    n = len(cards)
    if n < rules.run_min or n > 13:
        return None
    suit = ""
    ranks = set()
    jokers = 0
    for rank, card_suit in cards:
        if rank == 0:
            jokers += 1
            continue
        if suit and card_suit != suit:
            return None
        suit = card_suit
        if rank in ranks:
            return None
        ranks.add(rank)
    naturals = n - jokers
    if naturals < rules.run_min_natural or (jokers and not rules.jokers_in_runs):
        return None
    low, high = min(ranks), max(ranks)
    gaps = high - low + 1 - naturals
    if gaps > jokers or (gaps < jokers and not rules.joker_ends):
        return None
    return low, high, jokers


def drop_kind(cards: Sequence[Card], rules: Ruleset) -> DropKind | None:
    """What the cards make as one drop, in any order: a single, a set, a run, or None.

    A group that is both (one natural card and jokers, where jokers are wild in sets and runs: `JK 5H JK`) is a set,
    which decides what of it may be taken and what may be slapped down onto it: RULES.md leaves it open, and
    `docs/rules-notes.md` says why this reading."""
    if len(cards) == 1:
        return "single"
    if not cards:
        return None
    if _set_ok(cards, rules):
        return "set"
    if _run_span(cards, rules) is not None:
        return "run"
    return None


def _is_laid_run(cards: Sequence[Card]) -> bool:
    """Whether the cards as given climb one rank at a time, jokers standing for the gaps."""
    start = -1
    for i, card in enumerate(cards):
        if card.rank:
            if start == -1:
                start = card.rank - i
                if start < 1:
                    return False
            elif card.rank != start + i:
                return False
    return start != -1 and start + len(cards) - 1 <= 13


def arrange_run(cards: Sequence[Card], low_jokers: int | None = None) -> tuple[Card, ...]:
    """Lay out cards known to make a run: ascending, jokers in the gaps, spare jokers high.

    `low_jokers` puts that many spare jokers on the low end instead.
    """
    naturals = sorted((c for c in cards if c.rank), key=lambda c: c.rank)
    jokers = len(cards) - len(naturals)
    low, high = naturals[0].rank, naturals[-1].rank
    spare = jokers - (high - low + 1 - len(naturals))
    fits_high = 13 - high
    if low_jokers is None:
        low_jokers = max(0, spare - fits_high)
    low_jokers = max(0, min(low_jokers, spare, low - 1))
    high_jokers = spare - low_jokers
    if high_jokers > fits_high:
        low_jokers += high_jokers - fits_high
        high_jokers = fits_high
    by_rank = {c.rank: c for c in naturals}
    laid = [JOKER] * low_jokers
    laid.extend(by_rank.get(rank, JOKER) for rank in range(low, high + 1))
    laid.extend([JOKER] * high_jokers)
    return tuple(laid)


def arrange_drop(cards: Sequence[Card], rules: Ruleset) -> tuple[tuple[Card, ...], DropKind]:
    """The drop as it goes on the pile, and its kind; DropError says why it is not legal.

    A set keeps the order given. A run follows the rules' `spare_joker`: under "as_laid" it keeps the order
    given when that is a laid-out run (either way up), and is otherwise laid out with spare jokers on the high
    end; under "before_first" it is laid out ascending, the spare jokers given before its first natural card
    on the low end and the rest on the high end. Which end a spare joker takes decides the run's takeable ends.
    """
    drop = tuple(cards)
    kind = drop_kind(drop, rules)
    if kind is None:
        raise DropError(_why_not(drop, rules))
    if kind != "run":
        return drop, kind
    if rules.spare_joker == "before_first":
        before = next(i for i, card in enumerate(drop) if card.rank)  # a run holds a natural card
        return arrange_run(drop, low_jokers=before), kind
    if _is_laid_run(drop):
        return drop, kind
    backwards = drop[::-1]
    if _is_laid_run(backwards):
        return backwards, kind
    return arrange_run(drop), kind


def _why_not(cards: Sequence[Card], rules: Ruleset) -> str:
    text = faces(cards)
    if not cards:
        return "choose at least one card to drop"
    naturals = [c for c in cards if c.rank]
    jokers = len(cards) - len(naturals)
    if naturals and len({c.rank for c in naturals}) == 1:
        if jokers and not rules.jokers_in_sets:
            why = f"{text} is not a legal drop: jokers are not wild in sets under these rules"
            if len(naturals) == 1 < rules.run_min_natural and rules.jokers_in_runs and len(cards) >= rules.run_min:
                why += f", and a run needs at least {rules.run_min_natural} cards that are not jokers"
            return why
        return f"{text} is not a legal drop: a set needs at least {rules.set_min} cards"
    if not naturals:
        return f"{text} is not a legal drop: jokers alone are not a set under these rules"
    if len({c.suit for c in naturals}) > 1:
        return f"{text} is not a legal drop: a set needs one rank, a run one suit"
    if len(cards) < rules.run_min:
        return f"{text} is not a legal drop: a run needs at least {rules.run_min} cards"
    if jokers and not rules.jokers_in_runs:
        return f"{text} is not a legal drop: jokers are not wild in runs under these rules"
    if len(naturals) < rules.run_min_natural:
        return f"{text} is not a legal drop: a run needs at least {rules.run_min_natural} cards that are not jokers"
    ranks = [c.rank for c in naturals]
    if len(set(ranks)) < len(ranks):  # one suit: a rank twice is a card twice (two decks)
        return f"{text} is not a legal drop: a run may not hold the same card twice"
    if len(cards) > 13:
        return f"{text} is not a legal drop: a run holds at most 13 cards, ace to king"
    if not rules.joker_ends and max(ranks) - min(ranks) + 1 < len(cards):
        return f"{text} is not a legal drop: jokers only fill gaps inside a run under these rules, never its ends"
    low, high = min(naturals), max(naturals)
    missing = high.rank - low.rank + 1 - len(naturals)
    if jokers and missing > jokers:
        return (
            f"{text} is not a legal drop: a run's cards must follow each other, a joker standing for each card missing "
            f"({low.face()} to {high.face()} misses {missing}, with {jokers} joker{'s' if jokers > 1 else ''}; "
            "ace is low only)"
        )
    return f"{text} is not a legal drop: a run's cards must follow each other (ace is low only)"


def takeable(drop: Sequence[Card], kind: DropKind, rules: Ruleset) -> tuple[Card, ...]:
    """The distinct cards of a previous drop the next player may take, in the drop's order."""
    if kind == "single":
        return (drop[0],)
    rule = rules.take_from_set if kind == "set" else rules.take_from_run
    cards = drop if rule == "any" else (drop[0], drop[-1])
    return tuple(dict.fromkeys(cards))


def slap_matches(drop: Sequence[Card], card: Card, *, jokers: bool = True) -> bool:
    """Whether `card` is of the rank of the single or set `drop`, as a slap-down needs: a joker matches jokers
    unless `jokers` is false (the rules' `slap_jokers`: a slap-down then matches natural ranks only)."""
    ranks = {c.rank for c in drop if c.rank} or {0}
    return ranks == {card.rank} and (jokers or card.rank != 0)


def _run_start(run: Sequence[Card]) -> int:
    """The rank a laid-out run (ascending, jokers in place) starts at."""
    i, natural = next((i, c) for i, c in enumerate(run) if c.rank)
    return natural.rank - i


def joker_swaps(drop: Sequence[Card], kind: DropKind, rules: Ruleset) -> dict[Card, int]:
    """Under the joker swap (`take.joker_swap`), the natural cards the next player may give for a joker of the
    previous drop `drop` (laid out, of `kind`), each with the place of the joker it stands for: a joker inside a run,
    never its first or last card; {} without the rule or after a single or a set."""
    if kind != "run" or not rules.joker_swap or JOKER not in drop[1:-1]:
        return {}
    start = _run_start(drop)
    suit = next(c.suit for c in drop if c.rank)
    return {Card(start + i, suit): i for i in range(1, len(drop) - 1) if drop[i] == JOKER}


def _run_end(run: Sequence[Card], card: Card) -> str:
    """Which end of a laid-out run a natural `card` of its suit extends: "low", "high", or "" for neither."""
    suit = next(c.suit for c in run if c.rank)
    if card.rank == 0 or card.suit != suit:
        return ""
    start = _run_start(run)
    return "low" if card.rank == start - 1 else "high" if card.rank == start + len(run) else ""


def may_slap(drop: Sequence[Card], kind: DropKind, card: Card, rules: Ruleset) -> bool:
    """Whether `card`, just drawn from the deck after dropping `drop` (laid out, of `kind`), may be slapped down onto
    it under the rules' slap-down readings (whether the hand may be emptied is the game's to say)."""
    if kind == "run":
        return rules.slap_runs and _run_end(drop, card) != ""
    if kind == "set" and rules.slap_after == "single":
        return False
    return slap_matches(drop, card, jokers=rules.slap_jokers)


def slapped_group(drop: Sequence[Card], card: Card, kind: DropKind) -> tuple[Card, ...]:
    """The group on the pile once `card` is slapped down onto `drop`: a run's card at the end it extends."""
    if kind == "run" and _run_end(drop, card) == "low":
        return (card, *drop)
    return (*drop, card)


def legal_drops(hand: Iterable[Card], rules: Ruleset) -> list[tuple[Card, ...]]:
    """Every distinct legal drop of a hand: singles, sets, then runs in their laid-out order."""
    cards = hand if isinstance(hand, (list, tuple)) else list(hand)
    drops: list[tuple[Card, ...]] = [(c,) for c in cards]
    if len(cards) < 2:
        return drops
    if len(set(cards)) < len(cards):
        drops = list(dict.fromkeys(drops))
    jokers = 0
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, list[Card]] = {}
    for card in cards:
        rank = card[0]
        if rank:
            if rank in by_rank:
                by_rank[rank].append(card)
            else:
                by_rank[rank] = [card]
            suit = card[1]
            if suit in by_suit:
                by_suit[suit].append(card)
            else:
                by_suit[suit] = [card]
        else:
            jokers += 1

    set_min = rules.set_min
    if jokers and rules.joker_set and jokers >= set_min:
        drops.extend((JOKER,) * n for n in range(set_min, jokers + 1))
    set_jokers = jokers if rules.jokers_in_sets else 0
    for same in by_rank.values():
        n = len(same)
        if n + set_jokers < set_min:
            continue
        if n == 2 and not set_jokers and set_min == 2:
            drops.append((same[0], same[1]) if same[0] <= same[1] else (same[1], same[0]))
            continue
        same.sort()
        seen: set[tuple[Card, ...]] = set()
        for k in range(1, n + 1):
            for combo in combinations(same, k):
                if combo in seen:
                    continue
                seen.add(combo)
                for j in range(max(0, set_min - k), set_jokers + 1):
                    drops.append(combo + (JOKER,) * j if j else combo)

    run_jokers = jokers if rules.jokers_in_runs else 0
    run_min = rules.run_min
    for same in by_suit.values():
        if len(same) + run_jokers < run_min:
            continue
        drops.extend(suit_runs({c[0]: c for c in same}, run_jokers, rules))
    return drops


def suit_runs(card_of: dict[int, Card], jokers: int, rules: Ruleset) -> list[tuple[Card, ...]]:
    """Every run the cards of one suit (`card_of`: rank -> card) make with up to `jokers` jokers, laid out,
    in `legal_drops` order. `jokers` counts only jokers the rules let into runs."""
    runs: list[tuple[Card, ...]] = []
    ranks = sorted(card_of)
    if jokers:
        _add_runs(runs, ranks, card_of, jokers, rules)
    else:
        _add_plain_runs(runs, ranks, card_of, rules.run_min)
    return runs


def _add_plain_runs(drops: list[tuple[Card, ...]], ranks: list[int], card_of: dict[int, Card], run_min: int) -> None:
    """Runs without jokers: every stretch of `run_min` or more consecutive ranks."""
    start = 0
    m = len(ranks)
    for i in range(1, m + 1):
        if i == m or ranks[i] != ranks[i - 1] + 1:
            if i - start >= run_min:
                stretch = [card_of[r] for r in ranks[start:i]]
                for a in range(len(stretch) - run_min + 1):
                    for b in range(a + run_min, len(stretch) + 1):
                        drops.append(tuple(stretch[a:b]))
            start = i


def _add_runs(
    drops: list[tuple[Card, ...]],
    ranks: list[int],
    card_of: dict[int, Card],
    jokers: int,
    rules: Ruleset,
) -> None:
    """Runs with jokers: every choice of natural cards, jokers in the gaps and at either end."""
    m = len(ranks)
    run_min = rules.run_min
    min_natural = rules.run_min_natural
    for size in range(max(1, min_natural), m + 1):
        for chosen in combinations(ranks, size):
            low, high = chosen[0], chosen[-1]
            span = high - low + 1
            gaps = span - size
            if gaps > jokers:
                continue
            if gaps:
                middle = tuple(card_of[r] if r in chosen else JOKER for r in range(low, high + 1))
            else:
                middle = tuple(card_of[r] for r in chosen)
            spare_jokers = jokers - gaps if rules.joker_ends else 0
            for extra in range(max(0, run_min - span), spare_jokers + 1):
                if span + extra > 13:
                    break
                if size == 1 and rules.jokers_in_sets and 1 + extra >= rules.set_min:
                    continue  # one natural card and jokers make a set here (drop_kind), listed with the sets
                for below in range(extra + 1):
                    above = extra - below
                    if low - below < 1 or high + above > 13:
                        continue
                    drops.append((JOKER,) * below + middle + (JOKER,) * above)
