"""An independent reading of /work/shared/RULES.md (the project's rules page), written from its words alone and not
from the engine's code: which cards make a legal drop, which cards of a drop the next player may take, what a hand
counts, and how a round is settled (Yaniv, Assaf, resets, knock-outs, the game's end).

Every function here works by brute force over the possibilities the rule text names (each place a run could start,
each seat in turn), so that it shares no arithmetic with the engine; `test_rules_oracle.py` compares the two. The
oracle reads the rule switches through the `Ruleset` fields only, as plain values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from yaniv_tui.engine import Card, Ruleset

JACK = 11
HIGHEST = 13  # the king: ace is low only, so no run goes past the king and none wraps round to the ace


def _naturals(cards: Sequence[Card]) -> list[Card]:
    return [c for c in cards if c.rank != 0]


def is_set(cards: Sequence[Card], rules: Ruleset) -> bool:
    """RULES.md: a set is 2 (`set_min`) or more cards of one rank; jokers stand in only where the keys say so; a
    group of jokers only is a set (where `joker_set`). Two decks: a set may hold two identical cards."""
    if len(cards) < max(2, rules.set_min):
        return False
    naturals = _naturals(cards)
    jokers = len(cards) - len(naturals)
    if not naturals:
        return rules.joker_set
    if len({c.rank for c in naturals}) != 1:
        return False
    return jokers == 0 or rules.jokers_in_sets


def run_starts(cards: Sequence[Card], rules: Ruleset) -> list[int]:
    """Every rank the cards, in some order, could start a run at: 3 (`run_min`) or more consecutive cards of one
    suit, ace low only, jokers standing in where `jokers_in_runs`; at least one (`run_min_natural`) natural card;
    no two identical cards (two decks); a joker at an end only where `joker_ends`. [] when they make no run."""
    n = len(cards)
    if n < max(2, rules.run_min):
        return []
    naturals = _naturals(cards)
    jokers = n - len(naturals)
    if len(naturals) < max(1, rules.run_min_natural):
        return []
    if jokers and not rules.jokers_in_runs:
        return []
    if len({c.suit for c in naturals}) != 1:
        return []
    ranks = [c.rank for c in naturals]
    if len(set(ranks)) != len(ranks):
        return []
    starts = []
    for start in range(1, HIGHEST + 1):
        end = start + n - 1
        if end > HIGHEST:
            break
        if not all(start <= r <= end for r in ranks):
            continue
        if not rules.joker_ends and (min(ranks) != start or max(ranks) != end):
            continue
        starts.append(start)
    return starts


def kinds(cards: Sequence[Card], rules: Ruleset) -> set[str]:
    """What the cards make as one drop: {"single"}, {"set"}, {"run"}, both of the last two, or nothing."""
    if not cards:
        return set()
    if len(cards) == 1:
        return {"single"}
    found = set()
    if is_set(cards, rules):
        found.add("set")
    if run_starts(cards, rules):
        found.add("run")
    return found


def _reads_as_run(cards: Sequence[Card]) -> bool:
    """Whether cards, in the order given, climb one rank a step (jokers anywhere), inside ace to king."""
    for start in range(1, HIGHEST - len(cards) + 2):
        if all(c.rank in (0, start + i) for i, c in enumerate(cards)):
            return True
    return False


def run_layout_ends(given: Sequence[Card], rules: Ruleset) -> set[Card]:
    """The two end cards of a run as it lies on the pile (RULES.md: "Where a joker could stand at either end of a
    run, it goes on the high end unless the player chose otherwise"; the variant `before_first`: a spare joker put
    before the first natural card is laid on the low end, otherwise on the high end)."""
    starts = run_starts(given, rules)
    assert starts, "not a run"
    n = len(given)
    naturals = _naturals(given)
    if rules.spare_joker == "as_laid" and (_reads_as_run(given) or _reads_as_run(list(given)[::-1])):
        return {given[0], given[-1]}
    lowest = min(c.rank for c in naturals)
    if rules.spare_joker == "before_first":
        spare = n - (max(c.rank for c in naturals) - lowest + 1)
        before = next(i for i, c in enumerate(given) if c.rank)
        wanted = lowest - min(before, spare)  # the spare jokers laid before the first natural card go low
        start = min(max(wanted, min(starts)), max(starts))  # as near that as the ace and the king allow
    else:
        start = max(starts)  # spare jokers on the high end, as far as the king allows
    by_rank = {c.rank: c for c in naturals}
    joker = next(c for c in given if c.rank == 0) if len(naturals) < n else None
    first = by_rank.get(start, joker)
    last = by_rank.get(start + n - 1, joker)
    assert first is not None and last is not None
    return {first, last}


def takeable_cards(given: Sequence[Card], kind: str, rules: Ruleset) -> set[Card]:
    """Which cards of the previous drop the next player may take: a single's card; of a set, its first or last
    card as dropped, or any (`take.from_set`); of a run, its two ends as laid, or any (`take.from_run`)."""
    if kind == "single":
        return {given[0]}
    rule = rules.take_from_set if kind == "set" else rules.take_from_run
    if rule == "any":
        return set(given)
    if kind == "set":
        return {given[0], given[-1]}
    return run_layout_ends(given, rules)


def hand_value(hand: Sequence[Card], rules: Ruleset) -> int:
    """RULES.md: ace 1, two to ten face value, jack, queen and king 10, joker 0, unless the preset says otherwise;
    the jack of 003: count every jack at its low value, and if the total is at most the Yaniv limit (or the swing's
    own limit) that is the hand, else every jack counts its high value."""
    per_rank = {0: rules.joker_value, 1: rules.ace_value, 11: rules.jack_value, 12: rules.queen_value}
    per_rank[13] = rules.king_value
    own = {Card(*_code_card(code)): value for code, value in rules.card_values}

    def plain(card: Card) -> int:
        if card in own:
            return own[card]
        return per_rank.get(card.rank, card.rank)

    if not rules.jack_swing:
        return sum(plain(c) for c in hand)
    swinging = [c for c in hand if c.rank == JACK and c not in own]
    rest = sum(plain(c) for c in hand if c not in swinging)
    low = rest + rules.jack_low * len(swinging)
    limit = rules.yaniv_limit if rules.jack_swing_up_to is None else rules.jack_swing_up_to
    return low if low <= limit else rest + rules.jack_high * len(swinging)


def _code_card(code: str) -> tuple[int, str]:
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
    text = code.upper()
    if text == "JK":
        return 0, ""
    return ranks.get(text[:-1]) or int(text[:-1]), text[-1]


@dataclass(frozen=True)
class Settled:
    """What the oracle says a round's call comes to."""

    assaf: bool
    added: tuple[int | None, ...]
    scores: tuple[int | None, ...]
    zeroed: frozenset[int]
    starter: int
    out: frozenset[int]
    game_over: bool
    winners: frozenset[int]


def settle(
    rules: Ruleset, scores: Sequence[int | None], hands: Sequence[Sequence[Card] | None], caller: int
) -> Settled:
    """A call of Yaniv by `caller`, settled as RULES.md says (no bonus, no jokers-held reset: the oracle leaves
    the keys it does not read at their defaults)."""
    n = len(hands)
    seats = [s for s in range(n) if hands[s] is not None]
    value = {s: hand_value(hands[s] or (), rules) for s in seats}
    opponents = [s for s in seats if s != caller]
    in_turn = [(caller + k) % n for k in range(1, n) if (caller + k) % n in opponents]
    added: dict[int, int] = {}
    own = value[caller]
    if not rules.assaf:
        # 003: no Assaf rule. The lowest hand(s) score 0, the rest add theirs (the caller too).
        low = min(value.values())
        zeroed = {s for s in seats if value[s] == low}
        for s in seats:
            added[s] = 0 if s in zeroed else value[s]
        order = [caller, *in_turn]
        starter = next(s for s in order if s in zeroed)
        assaf = caller not in zeroed
    else:
        undercut = [s for s in in_turn if value[s] < own or (rules.assaf_on_tie and value[s] == own)]
        assaf = bool(undercut)
        if not assaf:
            zeroed = {caller}
            for s in seats:
                added[s] = 0 if s == caller else value[s]
            starter = caller
        else:
            low = min(value[s] for s in opponents)
            lowest = [s for s in in_turn if value[s] == low]
            if rules.assaf_zero == "assafers":
                zeroed = set(undercut)
            elif rules.assaf_zero == "first_lowest":
                zeroed = {lowest[0]}
            elif rules.assaf_zero == "last_lowest":
                zeroed = {max(lowest)}  # the last seat at the table, however the turn runs from the caller
            else:
                zeroed = set(lowest)
            starter = max(lowest) if rules.assaf_zero == "last_lowest" else lowest[0]
            for s in opponents:
                added[s] = 0 if s in zeroed or not rules.assaf_others_score else value[s]
            penalty = rules.assaf_penalty + rules.assaf_penalty_per_extra * (len(undercut) - 1)
            added[caller] = penalty + (own if rules.assaf_caller_adds_hand else 0)
    totals: dict[int, int] = {}
    for s in seats:
        total = (scores[s] or 0) + added[s]
        penalised = assaf and rules.assaf and s == caller
        if added[s] > 0 and (rules.reset_with_penalty or not penalised):
            total = _reset_once(total, rules)
        totals[s] = total
    if rules.end_on == "above":
        past = {s for s in seats if totals[s] > rules.end_limit}
    else:
        past = {s for s in seats if totals[s] >= rules.end_limit}
    if rules.end_mode == "elimination":
        out = past
        left = [s for s in seats if s not in out]
        over = len(left) <= 1
        pool = left or seats
    else:
        out = set()
        over = bool(past)
        pool = seats
    winners: set[int] = set()
    if over:
        best = min(totals[s] for s in pool)
        winners = {s for s in pool if totals[s] == best}
    return Settled(
        assaf=assaf,
        added=tuple(added.get(s) for s in range(n)),
        scores=tuple(totals.get(s, scores[s]) for s in range(n)),
        zeroed=frozenset(zeroed),
        starter=starter,
        out=frozenset(out),
        game_over=over,
        winners=frozenset(winners),
    )


def _reset_once(total: int, rules: Ruleset) -> int:
    """RULES.md: a total landing exactly on a listed value drops to its target, once (no chain)."""
    listed = dict(rules.resets)
    if total in listed:
        return listed[total]
    if rules.reset_every and total > 0 and total % rules.reset_every == 0:
        return total - rules.reset_every_by
    return total
