"""Bot strength: the issue's head-to-head targets, measured with the simulator's library functions.

Run: python benchmarks/bots.py [--only NAME ...] [--rounds N] [--table-games N]
                               [--expert-ms MS | --expert-samples N] [--expert-games N]
                               [--expert-game-samples N] [--jobs N] [--seed N] [--ruleset ID]

Each match prints its figures, whether the target is met, and the `yaniv sim`
command that plays the same run. Seats rotate over games so no player gains
from starting. The expert searches on a fixed number of guesses a move here
(--expert-samples, default 60: about 90 ms a move on this project's machine,
less than its 200 ms default budget in play buys), so the same seed plays the
same run on any machine; --expert-ms MS gives it a clock budget instead, which
does not repeat exactly. Whole games of expert against hard are long, and
showing a game edge takes hundreds of them: that match takes 600 games on 20
guesses a move by default (--expert-games, --expert-game-samples; about 35
minutes on two cores). The runs are spread over --jobs processes (default 2).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.engine import load_ruleset
from yaniv_tui.sim import SimResult, figures, simulate, wilson


@dataclass
class Match:
    name: str
    levels: list[str]
    mode: str  # "rounds" or "games"
    count: int
    target: str
    check: Callable[[SimResult], bool]


def round_rate(result: SimResult, player: int = 0) -> float:
    t = result.tallies[player]
    return t.round_wins / t.rounds


def ppr(result: SimResult, player: int) -> float:
    t = result.tallies[player]
    return t.points / t.rounds


def game_rate(result: SimResult, player: int = 0) -> float:
    t = result.tallies[player]
    return t.game_wins / t.games


def matches(args: argparse.Namespace) -> list[Match]:
    r, g = args.rounds, args.expert_games
    return [
        Match(
            "medium-easy",
            ["medium", "easy"],
            "rounds",
            r,
            "medium wins >= 90% of rounds",
            lambda res: round_rate(res) >= 0.90,
        ),
        Match(
            "hard-medium",
            ["hard", "medium"],
            "rounds",
            r,
            "hard wins >= 57% of rounds and scores >= 2 points a round fewer",
            lambda res: round_rate(res) >= 0.57 and ppr(res, 1) - ppr(res, 0) >= 2,
        ),
        Match(
            "expert-hard",
            ["expert", "hard"],
            "rounds",
            r,
            "expert wins >= 53% of rounds, points a round no worse",
            lambda res: round_rate(res) >= 0.53 and ppr(res, 0) <= ppr(res, 1),
        ),
        Match(
            "expert-hard-games",
            ["expert", "hard"],
            "games",
            g,
            "expert wins more whole games than hard (to the preset's end), beyond the 95% interval",
            lambda res: wilson(res.tallies[0].game_wins, res.tallies[0].games)[0] > 0.5,
        ),
        Match(
            "hard-3-medium",
            ["hard", "medium", "medium", "medium"],
            "games",
            args.table_games,
            "hard wins >= 30% of four-seat games",
            lambda res: game_rate(res) >= 0.30,
        ),
    ]


def describe(result: SimResult) -> str:
    lines = []
    for i, t in enumerate(result.tallies):
        f = figures(t, result.mode)
        rw, pp = f["round_wins"], f["points_per_round"]
        gw = f["game_wins"]
        games = f"  games {100 * gw['rate']:.1f}% ({100 * gw['low']:.1f}-{100 * gw['high']:.1f})" if gw else ""
        lines.append(
            f"    P{i + 1} {t.level:<7} rounds won {100 * rw['rate']:.1f}% "
            f"({100 * rw['low']:.1f}-{100 * rw['high']:.1f})"
            f"  points a round {pp['mean']:.2f} ({pp['low']:.2f}-{pp['high']:.2f})"
            f"  Assafed {t.assafs}/{t.calls} calls{games}"
        )
    lines.append(
        f"    {result.games} games, {result.rounds} rounds, {result.turns} turns in {result.seconds:.1f} s "
        f"({result.rate(result.turns):,.0f} turns/s over the processes)"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="run only these matches")
    parser.add_argument("--rounds", type=int, default=2000, help="single rounds per heads-up match (default 2000)")
    parser.add_argument("--expert-games", type=int, default=600, help="whole games, expert against hard (default 600)")
    parser.add_argument(
        "--expert-game-samples",
        type=int,
        default=20,
        help="the expert's guesses a move in whole games, unless --expert-samples or --expert-ms (default 20)",
    )
    parser.add_argument("--table-games", type=int, default=600, help="four-seat games of hard and 3 medium")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--expert-ms", type=float, help="the expert thinks this long a move (ms) instead")
    budget.add_argument("--expert-samples", type=int, help="the expert takes this many guesses a move (default 60)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="israeli")
    args = parser.parse_args()
    rules = load_ruleset(args.ruleset)
    # Whole games take --expert-game-samples unless a number of guesses or a clock budget was asked for.
    game_samples = args.expert_game_samples if args.expert_ms is None and args.expert_samples is None else None
    if args.expert_ms is None and args.expert_samples is None:
        args.expert_samples = 60
    met_all = True
    for match in matches(args):
        if args.only and match.name not in args.only:
            continue
        expert = "expert" in match.levels
        options: dict[str, float | int] = {}
        samples = args.expert_samples
        if match.mode == "games" and game_samples is not None:
            samples = game_samples
        if expert:
            options = {"samples": samples} if samples else {"budget_ms": args.expert_ms}
        started = time.perf_counter()
        result = simulate(
            rules,
            match.levels,
            match.count,
            mode="rounds" if match.mode == "rounds" else "games",
            seed=args.seed,
            bot_options=options,
            jobs=args.jobs,
        )
        met = match.check(result)
        met_all &= met
        flag = ""
        if expert:
            flag = f" --expert-samples {samples}" if samples else f" --expert-ms {args.expert_ms:g}"
        print(f"{match.name}: {match.target}: {'MET' if met else 'NOT MET'}")
        print(
            f"    yaniv sim --ruleset {args.ruleset} --seats {','.join(match.levels)} "
            f"--{match.mode} {match.count} --seed {args.seed}{flag} --jobs {args.jobs}"
        )
        print(describe(result))
        print(f"    ({time.perf_counter() - started:.0f} s wall)", flush=True)
    return 0 if met_all else 1


if __name__ == "__main__":
    raise SystemExit(main())
