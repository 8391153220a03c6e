"""Settling a round: Yaniv or Assaf, what each seat adds, lucky resets, who is out, who won."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import JOKER, Card
from .drops import hand_value
from .ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The outcome of one round. Per-seat tuples hold None for seats already out."""

    caller: int
    hands: tuple[tuple[Card, ...] | None, ...]
    values: tuple[int | None, ...]
    #: The caller was undercut (or matched, where a tie Assafs).
    assaf: bool
    #: The opponents who Assafed the caller.
    assafers: tuple[int, ...]
    #: Seats that scored 0 as the round's low hands.
    zeroed: tuple[int, ...]
    #: Points each seat adds this round, before resets (a bonus is negative).
    added: tuple[int | None, ...]
    #: Totals after this round, resets applied.
    scores: tuple[int | None, ...]
    #: (seat, total before the reset, total after) for each lucky reset.
    resets: tuple[tuple[int, int, int], ...]
    #: Seats that took the zero-hand bonus this round: each seat of `zeroed` holding 0 won the round with 0.
    bonus: tuple[int, ...]
    #: Seats knocked out this round.
    eliminated: tuple[int, ...]
    #: The seat that starts the next round.
    winner: int
    game_over: bool
    #: The game's winners when it is over (equal lowest share the win), else ().
    winners: tuple[int, ...]
    #: Rounds each seat has won with a hand of 0, for the bonus.
    zero_wins: tuple[int, ...]


def _after(caller: int, seats: Sequence[int], n: int) -> list[int]:
    """Seats in turn order starting with the one after the caller."""
    return sorted(seats, key=lambda s: (s - caller - 1) % n)


def score_round(
    rules: Ruleset,
    scores: Sequence[int | None],
    hands: Sequence[Sequence[Card] | None],
    caller: int,
    *,
    zero_wins: Sequence[int] | None = None,
) -> RoundScore:
    """Settle a round called by `caller`, from the totals before it and every hand."""
    n = len(hands)
    if len(scores) != n:
        raise ValueError("scores and hands must have one entry per seat")
    active = [s for s in range(n) if hands[s] is not None]
    if caller not in active:
        raise ValueError(f"seat {caller} cannot call: it is out or not at the table")
    values: list[int | None] = [None if h is None else hand_value(h, rules) for h in hands]
    value = {s: v for s, v in enumerate(values) if v is not None}
    added: list[int | None] = [None if h is None else 0 for h in hands]
    # A hand emptied by a slap-down where that wins at once (no call ever leaves a hand empty there): nobody Assafs.
    at_once = rules.empty_hand == "wins_at_once" and not hands[caller]
    assaf, assafers, zeroed, winner = _settle_call(rules, value, caller, active, n, added, at_once=at_once)

    wins = list(zero_wins) if zero_wins is not None else [0] * n
    bonus: list[int] = []
    if rules.bonus_zero_wins and len(active) >= rules.bonus_min_players:
        # Every seat that shares the round's win (scores 0 as its low hand) won it; those holding 0 won with 0.
        for seat in sorted(s for s in zeroed if value[s] == 0):
            wins[seat] += 1
            if wins[seat] % rules.bonus_zero_wins == 0:
                bonus.append(seat)
                added[seat] = (added[seat] or 0) - rules.bonus_points

    penalised = caller if assaf and rules.assaf else None
    totals, resets = _totals(rules, scores, added, active, hands, penalised)
    eliminated, game_over, winners = _game_end(rules, totals, active)
    return RoundScore(
        caller=caller,
        hands=tuple(None if h is None else tuple(h) for h in hands),
        values=tuple(values),
        assaf=assaf,
        assafers=tuple(assafers),
        zeroed=tuple(zeroed),
        added=tuple(added),
        scores=tuple(totals),
        resets=tuple(resets),
        bonus=tuple(bonus),
        eliminated=tuple(eliminated),
        winner=winner,
        game_over=game_over,
        winners=tuple(winners),
        zero_wins=tuple(wins),
    )


def _settle_call(
    rules: Ruleset,
    value: dict[int, int],
    caller: int,
    active: list[int],
    n: int,
    added: list[int | None],
    *,
    at_once: bool = False,
) -> tuple[bool, list[int], list[int], int]:
    """Yaniv or Assaf: (whether an Assaf, the Assafers, the seats scoring 0, the round's winner); fills `added`.
    `at_once`: the caller's hand was emptied and wins outright."""
    own = value[caller]
    opponents = [s for s in active if s != caller]
    if at_once:
        for s in opponents:
            added[s] = value[s]
        return False, [], [caller], caller
    if not rules.assaf:
        low = min(value.values())
        zeroed = [s for s in _after(caller - 1, active, n) if value[s] == low]
        for s in active:
            if s not in zeroed:
                added[s] = value[s]
        return caller not in zeroed, [s for s in opponents if value[s] < own], zeroed, zeroed[0]
    assafers = [s for s in opponents if value[s] < own or (rules.assaf_on_tie and value[s] == own)]
    assaf = bool(assafers)
    if not assaf:
        zeroed = [caller]
        winner = caller
    else:
        low = min(value[s] for s in opponents)
        lowest = [s for s in _after(caller, opponents, n) if value[s] == low]
        winner = lowest[0]
        if rules.assaf_zero == "assafers":
            zeroed = assafers
        elif rules.assaf_zero == "first_lowest":
            zeroed = lowest[:1]
        elif rules.assaf_zero == "last_lowest":  # the last seat of the table, not counted from the caller
            winner = max(lowest)
            zeroed = [winner]
        else:
            zeroed = lowest
    for s in opponents:
        if s not in zeroed and (not assaf or rules.assaf_others_score):
            added[s] = value[s]
    if assaf:
        penalty = rules.assaf_penalty + rules.assaf_penalty_per_extra * (len(assafers) - 1)
        added[caller] = (own if rules.assaf_caller_adds_hand else 0) + penalty
    return assaf, assafers, zeroed, winner


def _totals(
    rules: Ruleset,
    scores: Sequence[int | None],
    added: list[int | None],
    active: list[int],
    hands: Sequence[Sequence[Card] | None],
    penalised: int | None,
) -> tuple[list[int | None], list[tuple[int, int, int]]]:
    """The totals after the round, resets applied (`Ruleset.after_round`), and (seat, total, reset to) for each
    reset."""
    totals: list[int | None] = list(scores)
    resets: list[tuple[int, int, int]] = []
    for s in active:
        jokers = (hands[s] or ()).count(JOKER) if rules.reset_jokers_held else 0
        total, target = rules.after_round(scores[s] or 0, added[s] or 0, penalised=s == penalised, jokers=jokers)
        if target is not None:
            resets.append((s, total, target))
            total = target
        totals[s] = total
    return totals, resets


def _game_end(rules: Ruleset, totals: list[int | None], active: list[int]) -> tuple[list[int], bool, list[int]]:
    """(The seats knocked out, whether the game is over, its winners: equal lowest share the win)."""
    eliminated: list[int] = []
    winners: list[int] = []
    if rules.end_mode == "elimination":
        eliminated = [s for s in active if rules.is_out(totals[s] or 0)]
        left = [s for s in active if s not in eliminated]
        game_over = len(left) <= 1
        if game_over:
            pool = left or eliminated
            best = min(totals[s] or 0 for s in pool)
            winners = [s for s in pool if totals[s] == best]
    else:
        game_over = any(rules.is_out(totals[s] or 0) for s in active)
        if game_over:
            best = min(totals[s] or 0 for s in active)
            winners = [s for s in active if totals[s] == best]
    return eliminated, game_over, winners


def next_first(rules: Ruleset, result: RoundScore, out: Sequence[bool], dealer: int | None) -> tuple[int, int | None]:
    """The seat that starts the round after `result` (`out`: who is out now) and the dealer from then on.

    Under `next_first`: the round's winner, its caller, or (`left_of_last_first`, the deal moving round the table)
    the seat after the one that started it, the dealer then being that seat. A seat out passes the start on to the
    next seat in.
    """
    n = len(out)

    def from_seat(seat: int) -> int:
        seat %= n
        while out[seat]:
            seat = (seat + 1) % n
        return seat

    if rules.next_first == "left_of_last_first" and dealer is not None:
        played = [s for s, hand in enumerate(result.hands) if hand is not None]
        started = min(played, key=lambda s: (s - dealer - 1) % n)  # the first seat that played after the dealer
        return from_seat(started + 1), started
    return from_seat(result.caller if rules.next_first == "caller" else result.winner), dealer


def is_game_over(rules: Ruleset, scores: Sequence[int | None]) -> bool:
    """Whether a game is over with these totals (each seat's, after resets; None for a seat not at the table).

    Under elimination a seat past the end score is out, and the game is over once at most one seat is left;
    under first-to-limit it is over once any seat passes the end score. `Ruleset.is_out` says what passes it.
    """
    totals = list(scores)
    seats = [s for s, total in enumerate(totals) if total is not None]
    return _game_end(rules, totals, seats)[1]


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's place in a game's final standings."""

    seat: int
    #: 1 for the best; seats that stand equal share a place, and the next place skips past them (1, 1, 3).
    place: int
    score: int
    winner: bool
    out: bool


def knocked_out_in(history: Sequence[RoundScore], seats: int) -> tuple[int | None, ...]:
    """The round (from 1) each of `seats` was knocked out in, by the finished rounds `history`; None: not out."""
    rounds: list[int | None] = [None] * seats
    for number, result in enumerate(history, 1):
        for seat in result.eliminated:
            rounds[seat] = number
    return tuple(rounds)


def final_standings(
    scores: Sequence[int | None],
    winners: Sequence[int],
    out: Sequence[bool] = (),
    out_in: Sequence[int | None] = (),
) -> tuple[Standing, ...]:
    """Every seat in order, best first: the game's winners, then the seats still in by score (lowest first), then
    those knocked out (`out_in`: the round each went out in, `knocked_out_in`), the later out the better and by
    score within a round; seats standing equal (both winners or neither, out in the same round or not out, the
    same score) share a place, in seat order. The presets' sources say only that the last left wins: a seat that
    stayed in longer outlasted one that went out before it, whatever their totals."""
    won = set(winners)
    gone = list(out) + [False] * (len(scores) - len(out))
    rounds = list(out_in) + [None] * (len(scores) - len(out_in))

    def rank(seat: int) -> tuple[bool, bool, int, int]:
        went = rounds[seat]
        return seat not in won, went is not None, -(went or 0), scores[seat] or 0

    order = sorted(range(len(scores)), key=lambda s: (*rank(s), s))
    standings: list[Standing] = []
    for i, seat in enumerate(order):
        place = standings[-1].place if i and rank(order[i - 1]) == rank(seat) else i + 1
        standings.append(Standing(seat, place, scores[seat] or 0, seat in won, gone[seat]))
    return tuple(standings)
