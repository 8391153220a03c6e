"""Bot speed: how long each level takes to decide a move, and turns a second with two medium bots.

Run: python benchmarks/bots_speed.py [--positions N] [--expert-moves N] [--expert-ms MS] [--expert-samples N]
     [--hints N] [--games N] [--repeat N] [--ruleset ID]

Decision times are CPU time of this process (time.process_time) for each level's
`choose(view)` over the same positions, taken from games of medium bots (each
position is a view at the seat whose turn it is). The expert is timed on fewer
positions with its default 200 ms budget, wall clock, since its budget is a
wall-clock deadline; with --expert-samples N it is timed instead on N guesses a
move (CPU time, no budget): the work of a move fixed, so a faster search shows as
fewer ms a move. Turns a second: whole games of two medium bots in one
process, the simulator's own loop (yaniv_tui.sim.simulate), CPU time, best of
--repeat runs (default 3) so other work on a shared machine disturbs it less;
the line gives the range of the runs too. With --hints N, a hint (`hint.suggest`, as the table
asks it) is timed by the wall clock on the first N positions, seeded 1.
Targets (issue 4): hard under 1 ms a move; expert within its budget; at least
50,000 turns a second with two medium bots.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.bots import DEFAULT_BUDGET_MS, LEVELS, make_bot
from yaniv_tui.bots.hint import HINT_BUDGET_MS, HINT_SAMPLES, suggest
from yaniv_tui.engine import Game, PlayerView, Ruleset, load_ruleset
from yaniv_tui.sim import simulate


def positions(rules: Ruleset, count: int, seats: int = 2, level: str = "medium") -> list[PlayerView]:
    """Views at the current seat's turn, from seeded games of `level` bots played to their first round's end (at
    most 2,000 moves a game: a round under extreme house rules may run long)."""
    views: list[PlayerView] = []
    seed = 0
    while len(views) < count:
        seed += 1
        game = Game.new(rules, [f"P{s}" for s in range(seats)], seed=seed)
        bots = [make_bot(level) for _ in range(seats)]
        for _ in range(2000):
            if game.history or len(views) >= count:
                break
            view = game.view(game.current)
            views.append(view)
            game.apply(bots[game.current].choose(view))
    return views


def time_level(
    level: str, views: list[PlayerView], budget_ms: float | None = None, samples: int | None = None
) -> list[float]:
    """Milliseconds each decision took (the expert on a budget by the wall clock, else CPU time)."""
    bot = make_bot(level, seed=1, budget_ms=budget_ms, samples=samples)
    clock = time.perf_counter if level == "expert" and samples is None else time.process_time
    times = []
    for view in views:
        start = clock()
        bot.choose(view)
        times.append((clock() - start) * 1000)
    return times


def time_hints(views: list[PlayerView]) -> list[float]:
    """Milliseconds each hint took, by the wall clock (a hint's budget is a wall-clock deadline)."""
    times = []
    for view in views:
        start = time.perf_counter()
        suggest(view, seed=1)
        times.append((time.perf_counter() - start) * 1000)
    return times


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"mean {statistics.fmean(times):.3f} ms, median {statistics.median(times):.3f} ms, "
        f"95th percentile {p95:.3f} ms, max {ordered[-1]:.3f} ms over {len(times)} moves"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3000, help="positions for easy, medium and hard")
    parser.add_argument("--expert-moves", type=int, default=40, help="positions for the expert (default 40)")
    parser.add_argument("--expert-ms", type=float, default=DEFAULT_BUDGET_MS, help="the expert's budget (default 200)")
    parser.add_argument(
        "--expert-samples", type=int, help="time the expert on this many guesses a move, no budget (CPU time)"
    )
    parser.add_argument("--hints", type=int, default=0, help="time a hint on this many positions (wall clock)")
    parser.add_argument("--games", type=int, default=300, help="medium-vs-medium games for turns a second")
    parser.add_argument("--repeat", type=int, default=3, help="simulator runs for turns a second; the best counts")
    parser.add_argument("--ruleset", default="israeli")
    args = parser.parse_args()

    views = positions(load_ruleset(args.ruleset), args.positions)
    for level in LEVELS:
        if level == "expert" and args.expert_samples:
            times = time_level(level, views[: args.expert_moves], None, args.expert_samples)
            print(f"expert ({args.expert_samples} guesses a move, CPU): {summary(times)}")
        elif level == "expert":
            times = time_level(level, views[: args.expert_moves], args.expert_ms)
            within = sum(t <= args.expert_ms * 1.05 for t in times)
            print(f"expert ({args.expert_ms:g} ms budget): {summary(times)}; {within}/{len(times)} within budget +5%")
        else:
            print(f"{level}: {summary(time_level(level, views))}")
    if args.hints:
        hints = time_hints(views[: args.hints])
        print(f"hint ({HINT_SAMPLES} guesses, at most {HINT_BUDGET_MS:g} ms): {summary(hints)}")

    rules = load_ruleset(args.ruleset)
    runs = []
    for _ in range(args.repeat):
        start = time.process_time()
        result = simulate(rules, ["medium", "medium"], args.games, seed=1)
        runs.append((time.process_time() - start, result))
    cpu, result = min(runs, key=lambda run: run[0])
    rates = sorted(result.turns / seconds for seconds, _ in runs)
    print(
        f"medium vs medium, {args.ruleset}: {result.games} games, {result.rounds} rounds, {result.turns} turns "
        f"in {cpu:.2f} s CPU: {result.turns / cpu:,.0f} turns/s (best of {args.repeat}; runs "
        f"{rates[0]:,.0f} to {rates[-1]:,.0f}; wall-clock of the best {result.rate(result.turns):,.0f})"
    )
    print(f"  same run: yaniv sim --ruleset {args.ruleset} --seats medium,medium --games {args.games} --seed 1")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
