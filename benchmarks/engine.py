"""Engine speed: `legal_drops` on 5-card hands, and a game loop of two plain bots.

Run: python benchmarks/engine.py [--hands N] [--games N] [--repeat N] [--ruleset ID]

Times are CPU time of this process (time.process_time), best of --repeat runs,
so other work on a shared machine disturbs them less than wall-clock time.
Targets (issue 2): legal_drops at most 10 µs a 5-card hand; at least 40,000 turns a second.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game, load_ruleset, standard_deck
from yaniv_tui.engine.drops import legal_drops


def bench_legal_drops(rules_id: str, hands: int, repeat: int) -> float:
    """Best per-hand time of legal_drops, in microseconds, over random 5-card hands."""
    rules = load_ruleset(rules_id)
    rng = random.Random(2024)
    deck = standard_deck(rules.jokers_per_deck)
    sample = [rng.sample(deck, 5) for _ in range(hands)]
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for hand in sample:
            legal_drops(hand, rules)
        best = min(best, (time.process_time() - start) / hands)
    return best * 1e6


def bench_game_loop(rules_id: str, games: int, repeat: int) -> tuple[float, int]:
    """Best turns per second of whole two-player games between plain bots, and the turns played."""
    rules = load_ruleset(rules_id)
    best = 0.0
    turns = 0
    for _ in range(repeat):
        turns = 0
        start = time.process_time()
        for seed in range(games):
            game = Game.new(rules, ["A", "B"], seed=seed)
            bots = (MediumBot(), MediumBot())
            while not game.is_over:
                seat = game.current
                game.apply(bots[seat].choose(game.view(seat)))
                turns += 1
        best = max(best, turns / (time.process_time() - start))
    return best, turns


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ruleset", default="israeli")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, ruleset {args.ruleset}")
    micro = bench_legal_drops(args.ruleset, args.hands, args.repeat)
    print(f"legal_drops, 5-card hand: {micro:.2f} µs (best of {args.repeat} x {args.hands} hands; target ≤ 10)")
    rate, turns = bench_game_loop(args.ruleset, args.games, args.repeat)
    print(f"game loop, two plain bots: {rate:,.0f} turns/s ({turns} turns in {args.games} games; target ≥ 40,000)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
