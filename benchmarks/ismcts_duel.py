"""The ISMCTS bot (bots/ismcts.py) measured against the expert or the hard bot, as `yaniv sim` plays them.

Run: python benchmarks/ismcts_duel.py --seats ismcts,expert (--rounds N | --games N) [--ruleset ID] [--seed N]
     [--iterations N] [--horizon N] [--exploration C] [--search-call] [--expert-samples N] [--speed N]

`ismcts` is a level of this benchmark only: the run is the simulator's own (`yaniv_tui.sim.simulate`, one
process), the same seeds, seats and figures as `yaniv sim`, with the level `ismcts` made here. Each figure is
printed with its 95% Wilson interval. --speed N first times each bot's moves (CPU, ms a move) over N heads-up
positions of medium bots, so the two can be set to equal work.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui import sim
from yaniv_tui.bots import Bot, make_bot
from yaniv_tui.bots.ismcts import IsmctsBot
from yaniv_tui.engine import Game, PlayerView, load_ruleset


def positions(rules_id: str, count: int) -> list[PlayerView]:
    """Views at the current seat's turn of heads-up rounds of medium bots (as benchmarks/bots_speed.py takes)."""
    rules = load_ruleset(rules_id)
    views: list[PlayerView] = []
    seed = 0
    while len(views) < count:
        seed += 1
        game = Game.new(rules, ["P0", "P1"], seed=seed)
        bots = [make_bot("medium") for _ in range(2)]
        while not game.history and len(views) < count:
            view = game.view(game.current)
            views.append(view)
            game.apply(bots[game.current].choose(view))
    return views


def maker(args: argparse.Namespace) -> Any:
    def make(level: str, seed: int | None = None, **options: Any) -> Bot:
        if level == "ismcts":
            return IsmctsBot(
                seed,
                iterations=args.iterations,
                horizon=args.horizon,
                exploration=args.exploration,
                search_call=args.search_call,
                margin=args.margin,
            )
        return make_bot(level, seed, **options)

    return make


def pct(share: dict[str, Any]) -> str:
    return f"{100 * share['rate']:.1f}% ({100 * share['low']:.1f}-{100 * share['high']:.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="ismcts,expert")
    parser.add_argument("--ruleset", default="israeli")
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--games", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--horizon", type=int, default=2)
    parser.add_argument("--exploration", type=float, default=6.0)
    parser.add_argument("--search-call", action="store_true")
    parser.add_argument("--margin", type=float, help="leave the best ranked play only by this many standard errors")
    parser.add_argument("--expert-samples", type=int, default=20)
    parser.add_argument("--speed", type=int, default=0, help="time each bot on this many positions first")
    args = parser.parse_args()
    levels = args.seats.split(",")
    make = maker(args)
    options = {"samples": args.expert_samples}
    if args.speed:
        views = positions(args.ruleset, args.speed * 5)[::5]
        for level in dict.fromkeys(levels):
            bot = make(level, 1, **(options if level == "expert" else {}))
            start = time.process_time()
            for view in views:
                bot.choose(view)
            print(f"{level}: {(time.process_time() - start) * 1000 / len(views):.2f} ms a move (CPU, {len(views)})")
    if not (args.rounds or args.games):
        return 0
    # `ismcts` is this benchmark's level only: the simulator is told of it here, in this process alone.
    simulator = cast(Any, sim)
    simulator.make_bot = make
    simulator.LEVELS = (*simulator.LEVELS, "ismcts")
    mode: sim.Mode = "rounds" if args.rounds else "games"
    count = args.rounds or args.games
    started = time.perf_counter()
    result = sim.simulate(load_ruleset(args.ruleset), levels, count, mode=mode, seed=args.seed, bot_options=options)
    what = f"--rounds {count}" if args.rounds else f"--games {count}"
    bot = f"--iterations {args.iterations} --horizon {args.horizon} --exploration {args.exploration:g}"
    bot += (" --search-call" if args.search_call else "") + (f" --margin {args.margin:g}" if args.margin else "")
    print(
        f"python benchmarks/ismcts_duel.py --ruleset {args.ruleset} --seats {args.seats} {what} --seed {args.seed} "
        f"{bot} --expert-samples {args.expert_samples}"
    )
    for level, tally in zip(levels, result.tallies, strict=True):
        f = sim.figures(tally, mode)
        games = f"games {pct(f['game_wins'])}, " if mode == "games" else ""
        ppr = f["points_per_round"]
        print(
            f"  {level}: {games}rounds {pct(f['round_wins'])}, {ppr['mean']:.2f} points a round "
            f"({ppr['low']:.2f}-{ppr['high']:.2f}), Assafed {pct(f['assafs_suffered'])} of calls"
        )
    print(f"  ({time.perf_counter() - started:.0f} s wall)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
