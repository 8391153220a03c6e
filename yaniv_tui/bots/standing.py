"""Each seat's chance to win the game from the scores alone: what a round's points are worth to the game."""

from __future__ import annotations

import math
from collections.abc import Sequence

from yaniv_tui.engine import RoundScore, Ruleset

#: The points a seat adds in an average round (the bots' games: about 9 a round at four seats, 6 heads-up),
#: and how much a seat's total moves from round to round, a lucky reset now and then included.
ROUND_POINTS = 8.0
ROUND_SPREAD = 12.0


def _outlasts(ahead: float, rounds: float) -> float:
    """The chance a lead of `ahead` points holds over `rounds` more rounds of two seats adding points."""
    spread = ROUND_SPREAD * math.sqrt(2.0 * max(0.5, rounds))
    return 0.5 * (1.0 + math.erf(ahead / (spread * math.sqrt(2.0))))


def win_chances(rules: Ruleset, scores: Sequence[int | None], out: Sequence[bool] = ()) -> list[float]:
    """Each seat's chance to win the game from these totals (0 for a seat out or not at the table).

    Under elimination a seat's room is how far its total is below the knockout: it wins by keeping
    room longest, and two seats' rooms stay apart by a spread that grows with the rounds left until
    the nearer one is out. Under first-to-limit the game ends when the highest total passes the end
    score, and the lowest total then wins. A seat's chance is its chance to beat every other seat,
    shared out so that the chances add up to 1. Beating every other seat is not the product of
    beating each (they all hang on the same seat's luck): a seat's odds against the field are the
    mean of its odds against each, squared at a table of three or more.
    """
    seats = [s for s, total in enumerate(scores) if total is not None and not (out and out[s])]
    chances = [0.0] * len(scores)
    if not seats:
        return chances
    if rules.end_mode == "elimination":
        seats = [s for s in seats if not rules.is_out(scores[s] or 0)] or seats
        stay = 1 if rules.end_on == "above" else 0
        room = {s: float(rules.end_limit - (scores[s] or 0) + stay) for s in seats}
        for s in seats:
            chances[s] = sum(
                _outlasts(room[s] - room[t], min(room[s], room[t]) / ROUND_POINTS) for t in seats if t != s
            )
    else:
        top = max(scores[s] or 0 for s in seats)
        rounds = (rules.end_limit - top) / ROUND_POINTS
        for s in seats:
            chances[s] = sum(_outlasts(float((scores[t] or 0) - (scores[s] or 0)), rounds) for t in seats if t != s)
    power = 2 if len(seats) > 2 else 1
    chances = [c**power for c in chances]
    total = sum(chances)
    return [c / total for c in chances] if total > 0 else chances


class GameSense:
    """What the game makes of points, for one seat at one moment: its chance to win, what a point on its total
    costs that chance, and a round's outcome counted in such points."""

    __slots__ = ("chance", "out", "point", "rules", "scores", "seat")

    def __init__(self, rules: Ruleset, scores: Sequence[int | None], seat: int, out: Sequence[bool] = ()) -> None:
        self.rules = rules
        self.scores = tuple(scores)
        self.seat = seat
        self.out = tuple(out)
        self.chance = win_chances(rules, scores, out)[seat]
        self.point = point_worth(rules, scores, seat, out)

    def round_worth(self, result: RoundScore) -> float:
        """A finished round's worth to this seat: how it moved the seat's chance to win, in points as they
        cost it now. A lucky reset, a knockout, a lead kept or lost weigh what they do to the game."""
        me = self.seat
        if result.game_over:
            after = 1.0 / len(result.winners) if me in result.winners else 0.0
        elif me in result.eliminated:
            after = 0.0
        else:
            out = [s in result.eliminated or (bool(self.out) and self.out[s]) for s in range(len(result.scores))]
            after = win_chances(self.rules, result.scores, out)[me]
        return (after - self.chance) / self.point


def point_worth(rules: Ruleset, scores: Sequence[int | None], seat: int, out: Sequence[bool] = ()) -> float:
    """How much of `seat`'s chance to win one more point on its total costs it now (at least a small floor).

    Dividing a change in the chance to win by this gives it in points as they count now, so a
    round's effect on the game can be weighed against a hand's value.
    """
    # A seat far behind still weighs a point: at least a tenth (heads-up) to a twentieth (four seats) of
    # what a point weighs at an even table, so a hopeless-looking game does not make every round a gamble.
    floor = 0.2 / (rules.end_limit * max(2, sum(1 for total in scores if total is not None)))
    now = win_chances(rules, scores, out)[seat]
    worse = list(scores)
    worse[seat] = (worse[seat] or 0) + 5
    if rules.end_mode == "elimination" and rules.is_out(worse[seat] or 0):
        better = list(scores)
        better[seat] = max(0, (better[seat] or 0) - 5)
        return max(floor, (win_chances(rules, better, out)[seat] - now) / 5)
    return max(floor, (now - win_chances(rules, worse, out)[seat]) / 5)
