"""The expert's ranker on its own: a hard bot weighing hands as the expert does, against the plain hard bot.

Run: python benchmarks/ranker.py [--shed W] [--threat W] [--lean L] [--bonus B] [--call-margin M]
     [--second-look N] [--model FILE] [--rounds N] [--games N] [--seed N] [--jobs N]

The expert picks its candidate plays and its calls by the hard bot's measure
with its own weights (`SHED_WEIGHT`, `THREAT_WEIGHT` in bots/expert.py). This
plays those weights without any search, heads-up against the plain hard bot,
over single rounds and whole games, so a change of weights can be judged in a
minute or two rather than the hour an expert run takes. Seats rotate over
games; the same seed plays the same run. `--second-look N` ranks the best N
plays again by the expert's second look (bots/lookahead.py); `--model FILE`
plays a learned ranker instead (benchmarks/train_ranker.py, on the expert's
weights for its calls). Their figures: docs/bots.md, "What was tried".
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
from yaniv_tui.bots.lookahead import Lookahead
from yaniv_tui.bots.measures import Odds
from yaniv_tui.bots.memory import Memory
from yaniv_tui.engine import Play, PlayerView, load_ruleset
from yaniv_tui.sim import Mode, SimResult, figures

WEIGHTS: dict[str, float] = {}
MODEL: list[str] = []  # a learned ranker's file (benchmarks/train_ranker.py), if asked for
SECOND_LOOK: list[int] = []  # how many plays the expert's second look ranks again, if asked for


class SecondLook(HardBot):
    """The hard measure's best plays ranked again by the expert's second look (bots/lookahead.py), as the expert
    ranks them before its search."""

    def __init__(self, candidates: int, **weights: float) -> None:
        super().__init__(None, **weights)
        self.candidates = candidates
        self.lookahead = Lookahead(shed_weight=self.shed_weight, callable_bonus=self.callable_bonus)

    def best_plays(self, view: PlayerView, memory: Memory, odds: Odds, count: int) -> list[tuple[float, Play]]:
        ranked = super().best_plays(view, memory, odds, max(count, self.candidates))
        plays = self.lookahead.rerank(view.hand, ranked, memory.unseen, odds, view.rules)
        return [(float(place), play) for place, play in enumerate(plays[:count])]


def ranker_or_plain(level: str, seed: int | None = None, **options: Any) -> Any:
    """The simulator's bot maker, with the seat named "expert" played by a hard bot on the weights asked for."""
    if level == "expert":
        if MODEL:
            from benchmarks.train_ranker import load_model

            return load_model(MODEL[0])  # on the expert's weights for its calls; --shed etc. are not used
        if SECOND_LOOK:
            return SecondLook(SECOND_LOOK[0], **WEIGHTS)
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
    parser.add_argument("--lean", type=float, default=0.0, help="how much likelier low an opponent's kept card")
    parser.add_argument("--bonus", type=float, default=4.0, help="the bonus for a hand low enough to call on")
    parser.add_argument("--call-margin", type=float, default=0.0, help="the worth a call must beat (the expert's: -8)")
    parser.add_argument("--second-look", type=int, default=0, help="rank this many plays again by the second look")
    parser.add_argument("--model", help="a learned ranker's weights (JSON, benchmarks/train_ranker.py)")
    args = parser.parse_args()
    WEIGHTS.update(
        shed_weight=args.shed,
        threat_weight=args.threat,
        lean=args.lean,
        call_margin=args.call_margin,
        callable_bonus=args.bonus,
    )
    if args.model:
        from benchmarks.train_ranker import load_model

        try:
            load_model(args.model)
        except (OSError, ValueError, KeyError, TypeError) as error:
            parser.error(f"--model {args.model}: not a model written by benchmarks/train_ranker.py ({error})")
        MODEL.append(args.model)
    if args.second_look:
        SECOND_LOOK.append(args.second_look)
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
