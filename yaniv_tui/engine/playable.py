"""Whether a ruleset plays to an end: some hand can call Yaniv, and scores can climb to the end score.

A round ends only when someone calls Yaniv, and a game only when a score passes the end score. Rules under
which either cannot happen would play forever, so they are refused with the reason, and so are rules under which
a call needs what play never brings together (`_practice_problems`); rules under which it can happen, however
rarely, are played, and the game guards (`guards.py`) stop the rare game that still runs on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .cards import JACK, standard_deck

if TYPE_CHECKING:
    from .cards import Card
    from .ruleset import Ruleset

#: Totals the walk of scores may look at before it gives up looking for a wall (and lets the rules play).
_WALK_STEPS = 300_000
#: The most cards of a set or run a hand is taken to gather in play: every player keeps their low cards and
#: drops their high ones, so a group longer than a dealt hand (a set of 16, a natural run of 13) never forms.
GATHERED_MOST = 5
#: The fewest of the lowest cards a hand made of them alone may rely on: each is drawn by a player who holds
#: other cards too and keeps it, so with one or two no hand of them alone forms (`yaniv sim` hangs at limit 0).
LOWEST_CARDS_NEEDED = 3


@dataclasses.dataclass(frozen=True, slots=True)
class Problem:
    """Why rules cannot play to an end: the file key at fault and one line saying why."""

    key: str
    message: str


def _card_values(rules: Ruleset, decks: int) -> tuple[list[int], int]:
    """The deck's values in hand, swinging jacks left out, sorted; and how many swinging jacks it holds (a jack
    with a value of its own, or any jack without the swing, is counted at its value)."""
    swinging = [card for card in standard_deck(0) if card.rank == JACK and card not in rules.own_values]
    swinging = swinging if rules.jack_swing else []
    values = [rules.value_of(card) for card in standard_deck(0) if card not in swinging] * decks
    values += [rules.joker_value] * (rules.jokers_per_deck * decks)
    return sorted(values), len(swinging) * decks


def hand_sizes(rules: Ruleset, decks: int, gathered: int = 14) -> set[int]:
    """Every number of cards a hand can hold at the start of a turn, from the deal on (with sets and runs of at
    most `gathered` cards: by default every one).

    A turn drops one group and draws one card, so a hand shrinks by a group's size less one; a slap-down
    after a single or a set takes one card more, and can empty a hand.
    """
    jokers = rules.jokers_per_deck * decks
    most_set = min(gathered, 4 * decks + (jokers if rules.jokers_in_sets else 0))
    sets = set(range(rules.set_min, most_set + 1))
    if rules.joker_set:
        sets |= set(range(rules.set_min, min(gathered, jokers) + 1))
    runs = set(range(rules.run_min, min(gathered, 13) + 1))  # a run lies within ace to king
    groups = {1} | sets | runs
    slapped = {1} | (sets if rules.slap_after == "single_or_set" else set()) | (runs if rules.slap_runs else set())
    sizes = {rules.hand_size}
    todo = [rules.hand_size]
    while todo:
        held = todo.pop()
        after = {held - k + 1 for k in groups if k <= held}
        if rules.slap_down:
            after |= {held - k for k in slapped if k < held or (k == held and rules.slap_last_card)}
        for size in after - sizes:
            sizes.add(size)
            todo.append(size)
    return sizes


def _lowest_of(size: int, rules: Ruleset, others: list[int], jacks: int, up_to: int) -> int | None:
    """The lowest value a hand of `size` cards can count (jacks swing low up to `up_to`), or None if no such hand."""
    if size == 0:
        return 0
    if not rules.jack_swing:
        return sum(others[:size]) if size <= len(others) else None
    best: int | None = None
    for j in range(min(size, jacks) + 1):
        rest = size - j
        if rest > len(others):
            continue
        low_sum = sum(others[:rest])
        high_sum = sum(others[len(others) - rest :]) if rest else 0
        options = []
        if j == 0:
            options.append(low_sum)
        else:
            if low_sum + j * rules.jack_low <= up_to:  # the jacks count low
                options.append(low_sum + j * rules.jack_low)
            # The jacks count high once the rest passes the swing; every sum between the extremes is taken
            # as possible, so a ruleset is refused only when no hand at all can call.
            least = max(low_sum, up_to - j * rules.jack_low + 1)
            if least <= high_sum:
                options.append(least + j * rules.jack_high)
        for value in options:
            best = value if best is None else min(best, value)
    return best


def lowest_hand(rules: Ruleset, limit: int | None = None) -> int:
    """The lowest value any hand can count under these rules, at a Yaniv limit (it moves the jack swing; by
    default the rules' own).

    Taken over the fewest decks the rules deal (for their fewest players) and every hand size a hand can shrink
    to. Hands a deal may hold but play cannot reach are counted too: the check refuses only the impossible.
    """
    return _lowest_with_size(rules, rules.yaniv_limit if limit is None else limit)[0]


def _lowest_with_size(rules: Ruleset, limit: int) -> tuple[int, int]:
    """The lowest hand value at a Yaniv limit, and the number of cards in that hand."""
    up_to = limit if rules.jack_swing_up_to is None else rules.jack_swing_up_to
    decks = rules.decks_for(rules.min_players)
    others, jacks = _card_values(rules, decks)
    found = [
        (value, size)
        for size in sorted(hand_sizes(rules, decks))
        if (value := _lowest_of(size, rules, others, jacks, up_to)) is not None
    ]
    return min(found)


def _call_problems(rules: Ruleset) -> Iterator[Problem]:
    for limit in sorted(rules.yaniv_limit_choices):
        low, size = _lowest_with_size(rules, limit)
        if low > limit:
            key = "yaniv.limit" if limit == rules.yaniv_limit else "yaniv.limit_choices"
            yield Problem(
                key,
                f"no hand can call Yaniv at {limit}: the lowest hand possible under these rules counts {low} "
                f"({size} card{'' if size == 1 else 's'}), so a round would never end; "
                f"allowed: a limit of at least {low}, lower card values, more jokers or decks",
            )


def _low_values(rules: Ruleset, decks: int) -> list[int]:
    """Every card's value in a low hand (jacks at `jack_low` under the jack swing), lowest first."""
    others, jacks = _card_values(rules, decks)
    return sorted([*others, *[rules.jack_low] * jacks])


def _lowest_alone(rules: Ruleset, limit: int, sizes: set[int], values: list[int]) -> Problem | None:
    """The problem of a limit that only a hand of the deck's lowest cards alone reaches, when there are too few
    of them (one or two jokers worth 0, all else worth 1 or more)."""
    low = values[0]
    count = values.count(low)
    if count >= LOWEST_CARDS_NEEDED or count == len(values) or (rules.slap_down and 0 in sizes and limit >= 0):
        return None
    alone = [size for size in sizes if 0 < size <= count and size * low <= limit]
    next_up = values[count]
    mixed = [size for size in sizes if size > 0 and sum(values[: size - 1]) + max(next_up, values[size - 1]) <= limit]
    if not alone or mixed:
        return None
    only_jokers = rules.jokers_per_deck > 0 and rules.joker_value == low and count == rules.jokers_per_deck
    cards = "jokers" if only_jokers else f"cards worth {low}"
    them = f"the {count} joker{'s' * (count > 1)}" if only_jokers else f"the {count} {cards}"
    return Problem(
        "yaniv.limit" if limit == rules.yaniv_limit else "yaniv.limit_choices",
        f"no hand can call Yaniv at {limit} in practice: only {cards} alone count {limit} or less (every other card "
        f"counts at least {next_up}), and a hand's last card is drawn: {them} of the deck, the lowest, "
        f"{'are' if count > 1 else 'is'} kept by whoever draws {'them' if count > 1 else 'it'} beside other "
        "cards, so no round ever ends; allowed: a limit of at least "
        f"{min(sum(values[: s - 1]) + next_up for s in sizes if s > 0)}, {LOWEST_CARDS_NEEDED} or more jokers "
        "(deck.jokers) or more decks, or the slap-down (drops.slap_down)",
    )


def _fair_share(rules: Ruleset, limit: int, values: list[int]) -> Problem | None:
    """The problem of a limit that no hand reaches while the fewest players share the deck's lowest cards, at the
    hand sizes sets and runs a hand gathers in play can shrink it to."""
    players = rules.min_players
    sizes = hand_sizes(rules, rules.decks_for(players), GATHERED_MOST)
    shares = {size: sum(values[: players * size]) / players for size in sizes if players * size <= len(values)}
    if not shares or min(shares.values()) <= limit:
        return None
    size = min(shares, key=lambda s: (shares[s], s))
    if sizes == {rules.hand_size}:
        how = (
            f"a hand never shrinks in play: a set of {rules.set_min} or a run of {rules.run_min} (drops.set_min, "
            f"drops.run_min) is more than the {GATHERED_MOST} cards a hand gathers, so hands stay at "
            f"{rules.hand_size} cards (deck.hand_size)"
        )
    else:
        how = f"hands shrink to {size} card{'s' * (size > 1)} at the fewest"
    return Problem(
        "yaniv.limit" if limit == rules.yaniv_limit else "yaniv.limit_choices",
        f"no hand can call Yaniv at {limit} in practice: {how}, and {players} players (players.min), each keeping "
        f"their low cards, share the deck's lowest: a hand counts {shares[size]:.1f} at best on average, so no "
        "round ever ends; allowed: a higher limit, fewer players, smaller sets or runs, lower card values",
    )


def _practice_problems(rules: Ruleset) -> Iterator[Problem]:
    """Limits some hand reaches but play never brings one to: a hand of one or two jokers alone, or a limit below
    what the fewest players' hands count when they share the lowest cards."""
    decks = rules.decks_for(rules.min_players)
    values = _low_values(rules, decks)
    sizes = hand_sizes(rules, decks)
    for limit in sorted(rules.yaniv_limit_choices):
        if lowest_hand(rules, limit) > limit:
            continue  # no hand at all: _call_problems says so
        problem = _lowest_alone(rules, limit, sizes, values) or _fair_share(rules, limit, values)
        if problem:
            yield problem


def mean_card(rules: Ruleset) -> float:
    """What a card of the deck counts on average (a jack as in a high hand, where the jack swing applies)."""
    values = [rules.jack_high if _swings(rules, card) else rules.value_of(card) for card in standard_deck(0)]
    jokers = rules.jokers_per_deck
    return (sum(values) + jokers * rules.joker_value) / (52 + jokers)


def _swings(rules: Ruleset, card: Card) -> bool:
    """Whether a card's value follows the jack swing: a jack with no value of its own, under the swing."""
    return rules.jack_swing and card.rank == JACK and card not in rules.own_values


def sinking_card(rules: Ruleset) -> tuple[int, int]:
    """The lowest card value (a jack as in a high hand under the jack swing), and the most the rest of a hand
    holding it can add: the hand's other cards at the deck's highest values."""
    deck = [rules.jack_high if _swings(rules, card) else rules.value_of(card) for card in standard_deck(0)]
    deck += [rules.joker_value] * rules.jokers_per_deck
    values = sorted(deck * rules.decks_for(rules.max_players))  # the most decks: the most high cards
    return values[0], sum(values[len(values) - (rules.hand_size - 1) :]) if rules.hand_size > 1 else 0


def most_added(rules: Ruleset) -> int:
    """An upper bound on what one player's score can rise by in one round."""
    top_card = max(10, rules.ace_value, rules.jack_value, rules.jack_low, rules.jack_high)
    top_card = max(top_card, rules.queen_value, rules.king_value, rules.joker_value, *rules.own_values.values())
    hand = rules.hand_size * top_card
    penalty = rules.assaf_penalty + rules.assaf_penalty_per_extra * max(0, rules.max_players - 2)
    if rules.assaf_caller_adds_hand:
        penalty += max(0, max(rules.yaniv_limit_choices))
    return max(hand, penalty if rules.assaf else 0, 1)


def highest_score(rules: Ruleset, goal: int) -> int:
    """The highest total (after resets) a score can reach, walking up from 0; stops once past `goal`.

    Every rise from 1 to `most_added` is taken as possible, so only resets that catch every total a round
    could land on make a wall.
    """
    step = most_added(rules)
    top = 0
    budget = _WALK_STEPS
    while top <= goal:
        best = top
        for total in range(top + step, top, -1):
            budget -= 1
            target = rules.reset_target(total)
            best = max(best, total if target is None else target)
            if target is None:  # the highest total with no reset: only resets above it can do better
                break
        if best <= top:
            return top
        if budget <= 0:  # too long a walk to decide: let the rules play (the game guards stop them)
            return goal + 1
        top = best
    return top


def _score_problems(rules: Ruleset) -> Iterator[Problem]:
    goal = max(rules.end_limit_choices)  # a score past the highest end score offered passes every other one
    # Hands count 0 or less on average and one card sinks any hand that holds it: a score (never below 0) falls
    # back almost every round and rises only on the rare hand without such a card. Where the rest of a hand
    # can outweigh every card, games end, if slowly (cards of -30 end a game in a few hundred rounds); the
    # game guards stop the slowest.
    hand = mean_card(rules) * rules.hand_size
    low, rest = sinking_card(rules)
    if hand <= 0 and low + rest <= 0:
        yield Problem(
            "values",
            f"no score can climb to the end score {goal}: a hand holding a card of {low} counts 0 or less whatever "
            f"else it holds (its other {rules.hand_size - 1} cards add at most {rest}) and a dealt hand counts "
            f"{hand:.1f} on average, so a score, never below 0, falls back almost every round; "
            "allowed: card values that let hands add points",
        )
        return
    if not (rules.resets or rules.reset_every):
        return
    reached = highest_score(rules, goal)
    if not (reached > goal if rules.end_on == "above" else reached >= goal):
        yield Problem(
            "resets.at" if rules.resets else "resets.every",
            f"no score can pass the end score {goal}: the resets send every total back below {reached + 1} "
            f"(a round adds at most {most_added(rules)}), so the game would never end; allowed: fewer resets",
        )


def playable_problems(rules: Ruleset) -> list[Problem]:
    """What keeps these rules from playing to an end ([] when nothing does): rounds that cannot end, or games."""
    return [*_call_problems(rules), *_practice_problems(rules), *_score_problems(rules)]
