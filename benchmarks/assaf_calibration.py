"""How well the bots' Assaf estimate is calibrated, and the `lean` that calibrates it best.

Run: python benchmarks/assaf_calibration.py [--ruleset NAME] [--seats N] [--games N] [--seed N]
                                            [--leans 0,0.1,0.2,0.3] [--guesses K]

Hard bots play whole seeded games. At every turn where the seat to move may
call Yaniv, the hard bot's chance that some opponent would Assaf the call (from
that seat's view only) is set beside the truth (the hidden hands at that moment),
once for each `lean`: how much likelier an opponent's kept card is taken to be
low than high (`Odds.value_counts`). It prints, for each lean, the log loss and
the Brier score over those turns and a reliability table (mean estimate, share
Assafed), and names the lean with the lowest log loss. With `--guesses K` it
also measures the expert's guesses at the hidden hands: the share of K guesses
in which some opponent would Assaf, for each lean as the guesses' lean
(`guess_hidden`). The same seed gives the same figures. The expert's leans
were chosen this way (docs/bots.md says with what).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.bots import HardBot
from yaniv_tui.bots.expert import guess_hidden
from yaniv_tui.bots.measures import Odds, opponent_parts
from yaniv_tui.bots.memory import Memory
from yaniv_tui.engine import Game, Ruleset, hand_value, load_ruleset

BINS = 10


class Tally:
    """One lean's estimates against the truth."""

    def __init__(self) -> None:
        self.count = 0
        self.log_loss = 0.0
        self.brier = 0.0
        self.bins = [[0, 0.0, 0] for _ in range(BINS)]  # turns, sum of estimates, Assafed

    def add(self, estimate: float, assafed: bool) -> None:
        p = min(1 - 1e-4, max(1e-4, estimate))
        self.count += 1
        self.log_loss -= math.log(p if assafed else 1 - p)
        self.brier += (estimate - assafed) ** 2
        row = self.bins[min(BINS - 1, int(estimate * BINS))]
        row[0] += 1
        row[1] += estimate
        row[2] += int(assafed)

    def line(self) -> str:
        rows = " ".join(f"{s / n:.2f}>{a / n:.2f}" for n, s, a in self.bins[:6] if n)
        loss, brier = self.log_loss / self.count, self.brier / self.count
        return f"log loss {loss:.4f}  Brier {brier:.4f}  estimate>Assafed by tenths: {rows}"


def measure(
    rules: Ruleset, seats: int, games: int, seed: int, leans: list[float], guesses: int
) -> tuple[list[Tally], list[Tally]]:
    """Per lean: the hard bot's estimates, and (with `guesses`) the expert's guesses', against the truth."""
    bot = HardBot()
    tallies = [Tally() for _ in leans]
    guessed = [Tally() for _ in leans]
    rngs = [random.Random(seed) for _ in leans]  # each lean's guesses drawn as a seeded expert draws them
    for index in range(games):
        game = Game.new(rules, [f"P{i + 1}" for i in range(seats)], seed=seed * 100_003 + index, first=0)
        while not game.is_over:
            seat = game.current
            view = game.view(seat)
            if view.phase == "turn" and view.may_call and view.hand:
                memory = Memory(view)
                odds = Odds(memory.unseen, rules)
                beats_at = view.hand_value if rules.assaf_on_tie else view.hand_value - 1
                opponents = memory.opponents(view)
                assafed = any(hand_value(game.hands[s] or [], rules) <= beats_at for s in opponents)
                for lean, tally in zip(leans, tallies, strict=True):
                    clear = 1.0
                    for other in opponents:
                        known, parts = opponent_parts(view, memory, other, odds, lean)
                        clear *= 1.0 - odds.chance_at_most(parts, beats_at - known)
                    tally.add(1.0 - clear, assafed)
                for lean, rng, tally in zip(leans, rngs, guessed, strict=True) if guesses else ():
                    hits = 0
                    for _ in range(guesses):
                        hands, _deck = guess_hidden(view, memory, rng, lean)
                        hits += any(hand_value(hands[s] or [], rules) <= beats_at for s in opponents)
                    tally.add(hits / guesses, assafed)
            game.apply(bot.choose(view))
    return tallies, guessed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="israeli", help="a preset's name (default israeli)")
    parser.add_argument("--seats", type=int, default=4, help="hard bots at the table (default 4)")
    parser.add_argument("--games", type=int, default=300, help="whole games (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--leans", default="0,0.1,0.15,0.2,0.3", help="leans to try, comma-separated")
    parser.add_argument("--guesses", type=int, default=0, help="the expert's guesses a turn to measure (default 0)")
    args = parser.parse_args()
    try:
        leans = [float(text) for text in args.leans.split(",")]
    except ValueError:
        parser.error(f"--leans takes numbers separated by commas, not {args.leans!r}")
    if not 2 <= args.seats <= 8 or args.games < 1 or args.guesses < 0:
        parser.error("--seats is 2 to 8, --games at least 1, --guesses 0 or more")
    rules = load_ruleset(args.ruleset)
    if not rules.assaf:
        parser.error(f"{args.ruleset} plays without Assaf: there is nothing to calibrate")
    started = time.perf_counter()
    tallies, guessed = measure(rules, args.seats, args.games, args.seed, leans, args.guesses)
    seconds = time.perf_counter() - started
    print(
        f"{args.ruleset}, {args.seats} hard bots, {args.games} games, seed {args.seed}: "
        f"{tallies[0].count} turns that may call ({seconds:.0f} s)"
    )
    for lean, tally in zip(leans, tallies, strict=True):
        print(f"lean {lean:<5} {tally.line()}")
    if args.guesses:
        print(f"the expert's guesses, {args.guesses} a turn:")
        for lean, tally in zip(leans, guessed, strict=True):
            print(f"guesses' lean {lean:<5} {tally.line()}")
    best = min(zip(leans, tallies, strict=True), key=lambda pair: pair[1].log_loss)[0]
    print(f"best lean by log loss: {best}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
