"""The expert's targets of issue 15: whole games at four seats and heads-up against hard, each against its target.

Run: python benchmarks/expert_targets.py [--only NAME ...] [--scale F] [--samples N] [--seed N] [--jobs N]

Each run is a seeded `yaniv sim` run with the expert on a fixed number of
guesses a move (--samples, default 20), so the same seed plays the same games
on any machine; the line under each run is the `yaniv sim` command that plays
it. --scale shrinks every run's number of games (0.25: a quarter), for a quick
look; the targets are judged at scale 1 (600 games at four seats, 1,200
heads-up). Full size is long: about 1.3 s a heads-up game and 2 s a four-seat
game on two cores, some three hours in all; run one --only at a time.

Names: table-israeli, table-yanivo (expert and three hard bots: at least 36% of
games, fewer points a round than every hard seat, Assafed on no more of its
calls than any hard seat), duel-israeli (at least 60% of games), duel-yanivo,
duel-sursis, duel-seven-cards (at least 56%). Hard against three medium bots
and the expert's time budget are measured by benchmarks/bots.py and
benchmarks/bots_speed.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.engine import load_ruleset
from yaniv_tui.sim import SimResult, figures, simulate


@dataclass(frozen=True)
class Target:
    name: str
    ruleset: str
    seats: tuple[str, ...]
    games: int
    share: float  # the least share of games the expert (player 1) must win


TARGETS = (
    Target("table-israeli", "israeli", ("expert", "hard", "hard", "hard"), 600, 0.36),
    Target("table-yanivo", "yanivo", ("expert", "hard", "hard", "hard"), 600, 0.36),
    Target("duel-israeli", "israeli", ("expert", "hard"), 1200, 0.60),
    Target("duel-yanivo", "yanivo", ("expert", "hard"), 1200, 0.56),
    Target("duel-sursis", "sursis", ("expert", "hard"), 1200, 0.56),
    Target("duel-seven-cards", "seven-cards", ("expert", "hard"), 1200, 0.56),
)


def pct(share: dict[str, float]) -> str:
    return f"{100 * share['rate']:.1f}% ({100 * share['low']:.1f}-{100 * share['high']:.1f})"


def judge(target: Target, result: SimResult) -> list[str]:
    """One line per figure, each with its target and whether it is met."""
    seats = [figures(t, "games") for t in result.tallies]
    expert = seats[0]
    lines = []
    wins = expert["game_wins"]
    met = wins["rate"] >= target.share
    lines.append(f"    games won {pct(wins)}: target >= {100 * target.share:.0f}%: {'MET' if met else 'NOT MET'}")
    if len(seats) > 2:
        ppr = [s["points_per_round"]["mean"] for s in seats]
        others = ", ".join(f"{p:.2f}" for p in ppr[1:])
        met = all(ppr[0] < p for p in ppr[1:])
        lines.append(
            f"    points a round {ppr[0]:.2f} "
            f"({expert['points_per_round']['low']:.2f}-{expert['points_per_round']['high']:.2f}), "
            f"hard {others}: target fewer than every hard seat: {'MET' if met else 'NOT MET'}"
        )
        assaf = [s["assafs_suffered"] for s in seats]
        others = ", ".join(f"{100 * (a['rate'] or 0):.1f}%" for a in assaf[1:])
        met = (assaf[0]["rate"] or 0) <= min(a["rate"] or 0 for a in assaf[1:])
        lines.append(
            f"    Assafed on {pct(assaf[0])} of its calls, hard {others}: "
            f"target no higher than hard's: {'MET' if met else 'NOT MET'}"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="run only these targets")
    parser.add_argument("--scale", type=float, default=1.0, help="a share of each run's games (default 1)")
    parser.add_argument("--samples", type=int, default=20, help="the expert's guesses a move (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    for target in TARGETS:
        if args.only and target.name not in args.only:
            continue
        games = max(1, round(target.games * args.scale))
        started = time.perf_counter()
        result = simulate(
            load_ruleset(target.ruleset),
            target.seats,
            games,
            seed=args.seed,
            bot_options={"samples": args.samples},
            jobs=args.jobs,
        )
        print(f"{target.name}: {target.ruleset}, {' against '.join([target.seats[0], ','.join(target.seats[1:])])}")
        print(
            f"    yaniv sim --ruleset {target.ruleset} --seats {','.join(target.seats)} --games {games} "
            f"--seed {args.seed} --expert-samples {args.samples} --jobs {args.jobs}"
        )
        print("\n".join(judge(target, result)))
        print(f"    ({time.perf_counter() - started:.0f} s wall)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
