"""The expert's ranker on its own: a hard bot weighing hands as the expert does, against the plain hard bot.

Run: python benchmarks/ranker.py [--shed W] [--threat W] [--rounds N] [--games N] [--seed N] [--jobs N]

The expert picks its candidate plays and its calls by the hard bot's measure
with its own weights (`SHED_WEIGHT`, `THREAT_WEIGHT` in bots/expert.py). This
plays those weights without any search, heads-up against the plain hard bot,
over single rounds and whole games, so a change of weights can be judged in a
minute or two rather than the hour an expert run takes. Seats rotate over
games; the same seed plays the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import yaniv_tui.sim as sim
from yaniv_tui.bots import HardBot, make_bot
from yaniv_tui.bots.expert import SHED_WEIGHT, THREAT_WEIGHT
from yaniv_tui.engine import load_ruleset
from yaniv_tui.sim import Mode, SimResult, figures

WEIGHTS: dict[str, float] = {}


def ranker_or_plain(level: str, seed: int | None = None, **options: Any) -> Any:
    """The simulator's bot maker, with the seat named "expert" played by a hard bot on the weights asked for."""
    if level == "expert":
        return HardBot(seed, **WEIGHTS)
    return make_bot(level, seed, **options)


def line(result: SimResult) -> str:
    ranked, plain = result.tallies
    f = figures(ranked, result.mode)
    rw, gw = f["round_wins"], f["game_wins"]
    edge = plain.points / plain.rounds - ranked.points / ranked.rounds
    games = f"games won {100 * gw['rate']:.1f}% ({100 * gw['low']:.1f}-{100 * gw['high']:.1f}), " if gw else ""
    return (
        f"{games}rounds won {100 * rw['rate']:.1f}% ({100 * rw['low']:.1f}-{100 * rw['high']:.1f}), "
        f"points a round {ranked.points / ranked.rounds:.2f} vs {plain.points / plain.rounds:.2f} "
        f"({abs(edge):.2f} {'fewer' if edge >= 0 else 'more'} for the ranker); "
        f"{result.rounds} rounds in {result.seconds:.0f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shed", type=float, default=SHED_WEIGHT, help="weight of the next drop")
    parser.add_argument("--threat", type=float, default=THREAT_WEIGHT, help="how much a threat lowers it")
    parser.add_argument("--rounds", type=int, default=20000, help="single rounds (default 20000)")
    parser.add_argument("--games", type=int, default=2000, help="whole games (default 2000)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ruleset", default="israeli")
    args = parser.parse_args()
    WEIGHTS.update(shed_weight=args.shed, threat_weight=args.threat)
    vars(sim)["make_bot"] = ranker_or_plain  # the worker processes are forked from this one and share it
    rules = load_ruleset(args.ruleset)
    print(f"hard with shed weight {args.shed:g} and threat weight {args.threat:g}, against plain hard ({rules.id}):")
    runs: tuple[tuple[Mode, int], ...] = (("rounds", args.rounds), ("games", args.games))
    for mode, count in runs:
        if count <= 0:
            continue
        started = time.perf_counter()
        result = sim.simulate(rules, ["expert", "hard"], count, mode=mode, seed=args.seed, jobs=args.jobs)
        result.seconds = time.perf_counter() - started
        print(f"  {count} {mode}: {line(result)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
