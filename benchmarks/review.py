"""How long the expert's review of one seat of a long game takes (bots/review.py, `yaniv review`).

Run: python benchmarks/review.py [--seed N] [--rounds N] [--guesses K]
     python benchmarks/review.py --wide [--decisions N] [--seed N] [--guesses K]

Four hard bots play a seeded game of the Israeli rules that lasts at least `--rounds` rounds (its end limit
raised until it does; the game is played to its end and recorded as the table records it), then seat 0 is reviewed
with `--guesses` guesses a decision (the shipped REVIEW_GUESSES by default). Prints the rounds, the decisions, the
marks and the time the review took. The target: a 20-round four-seat game in at most 60 s on a 2-core machine
(docs/benchmarks.md).

With `--wide`, the widest house rules instead (8 seats, eight decks of eight jokers, hands of 20: `WIDE`): eight
hard bots play a seeded game to its end, and seat 0's first `--decisions` decisions are each judged alone (`judge`,
as `review_seat` judges them), timed in CPU time. One line a decision gives its time, its mark and its expected
points, then the mean and a digest of every verdict (the same digest before and after a change that must not change
what the review says).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.bots import make_bot
from yaniv_tui.bots.review import REVIEW_GUESSES, decisions_of, judge, review_seat
from yaniv_tui.codec.record import GameRecord, start_record
from yaniv_tui.engine import Game, Ruleset, Seat, load_ruleset, ruleset_from_dict
from yaniv_tui.sim import play_out

NAMES = ("Ann", "Bob", "Cy", "Di")


def long_game(seed: int, rounds: int) -> tuple[Game, GameRecord]:
    """A finished four-seat game of hard bots lasting at least `rounds` rounds, recorded."""
    base = load_ruleset("israeli")
    limit = base.end_limit
    while True:
        rules = dataclasses.replace(base, end_limit=limit, end_limit_choices=(limit,))
        game = Game.new(rules, list(NAMES), seed=seed)
        record = start_record(game, [Seat.bot("hard", name) for name in NAMES])
        play_out(game, [make_bot("hard", seed + seat) for seat in range(len(NAMES))], record)
        if len(game.history) >= rounds:
            return game, record
        limit += 50


#: The widest house rules a review meets: 8 seats, eight decks of eight jokers, hands of 20.
WIDE = {"players": {"min": 2, "max": 8}, "deck": {"decks": 8, "jokers": 8, "hand_size": 20}}


def played(rules: Ruleset, seats: int, seed: int) -> GameRecord:
    """A finished game of `seats` hard bots under `rules`, recorded."""
    names = [f"P{seat}" for seat in range(seats)]
    game = Game.new(rules, names, seed=seed)
    record = start_record(game, [Seat.bot("hard", name) for name in names])
    play_out(game, [make_bot("hard", seed + seat) for seat in range(seats)], record)
    return record


def wide(seed: int, decisions: int, guesses: int) -> None:
    """Seat 0's first `decisions` decisions of a game under `WIDE`, each judged and timed alone."""
    record = played(ruleset_from_dict(WIDE, ruleset_id="wide"), 8, seed)
    verdicts = hashlib.sha256()
    times = []
    for turn, view, action in decisions_of(record, 0)[:decisions]:
        started = time.process_time()
        decision = judge(view, action, turn=turn, rng=random.Random(f"review {seed} {turn}"), guesses=guesses)
        times.append(time.process_time() - started)
        verdict = (decision.mark, decision.played_points, decision.best_points, str(decision.best), decision.note)
        verdicts.update(repr(verdict).encode())
        print(f"decision at action {turn}: {times[-1]:.2f} s, {decision.mark or 'unmarked'}, {verdict[1:4]}")
    print(
        f"{len(times)} decisions, {sum(times) / len(times):.2f} s each on average; verdicts {verdicts.hexdigest()[:16]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--guesses", type=int, default=REVIEW_GUESSES)
    parser.add_argument("--wide", action="store_true", help="single decisions under the widest house rules")
    parser.add_argument("--decisions", type=int, default=8, help="with --wide: how many decisions (default 8)")
    args = parser.parse_args()
    if args.wide:
        wide(args.seed, args.decisions, args.guesses)
        return
    game, record = long_game(args.seed, args.rounds)
    started = time.perf_counter()
    review = review_seat(record, 0, guesses=args.guesses)
    seconds = time.perf_counter() - started
    print(
        f"{len(game.history)} rounds, {len(review.decisions)} decisions of seat 0 reviewed with {args.guesses} guesses "
        f"each: {len(review.marked)} marked, {review.cost:.1f} points lost, accuracy {review.accuracy:.0f}%, "
        f"in {seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
