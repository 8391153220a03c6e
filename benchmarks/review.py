"""How long the expert's review of one seat of a long game takes (bots/review.py, `yaniv review`).

Run: python benchmarks/review.py [--seed N] [--rounds N] [--guesses K]

Four hard bots play a seeded game of the Israeli rules that lasts at least `--rounds` rounds (its end limit
raised until it does; the game is played to its end and recorded as the table records it), then seat 0 is reviewed
with `--guesses` guesses a decision (the shipped REVIEW_GUESSES by default). Prints the rounds, the decisions, the
marks and the time the review took. The target: a 20-round four-seat game in at most 60 s on a 2-core machine
(docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.bots import make_bot
from yaniv_tui.bots.review import REVIEW_GUESSES, review_seat
from yaniv_tui.codec.record import GameRecord, after_action, start_record
from yaniv_tui.engine import Game, Seat, load_ruleset

NAMES = ("Ann", "Bob", "Cy", "Di")


def long_game(seed: int, rounds: int) -> tuple[Game, GameRecord]:
    """A finished four-seat game of hard bots lasting at least `rounds` rounds, recorded."""
    base = load_ruleset("israeli")
    limit = base.end_limit
    while True:
        rules = dataclasses.replace(base, end_limit=limit, end_limit_choices=(limit,))
        game = Game.new(rules, list(NAMES), seed=seed)
        record = start_record(game, [Seat.bot("hard", name) for name in NAMES])
        bots = [make_bot("hard", seed + seat) for seat in range(len(NAMES))]
        while not game.is_over:
            seat = game.current
            action = bots[seat].choose(game.view(seat))
            game.apply(action)
            after_action(record, game, seat, action)
        if len(game.history) >= rounds:
            return game, record
        limit += 50


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--guesses", type=int, default=REVIEW_GUESSES)
    args = parser.parse_args()
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
