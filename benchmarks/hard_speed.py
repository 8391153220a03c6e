"""The hard bot's speed at every table: each preset at 2, 4 and its most seats, and extreme house rules.

Run: python benchmarks/hard_speed.py [--positions N] [--only NAME]

For each table, the hard bot's `choose(view)` is timed (CPU time of this process) over N views at the seat whose
turn it is (default 150), taken from seeded games of hard bots, and one line gives the mean, the 95th percentile and
the most a move took. The extreme tables are the ends of the keys' ranges that make a move the most work: hands of
20 at 16 seats (eight decks of eight jokers), Yaniv called up to 100 (every opponent's chance of an Assaf weighed at
every turn), runs of two, jokers in sets, the jack swing, negative card values. Target (issue 4, "hard stays
fast"): under 1 ms a move on average.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bots_speed import positions, summary
from yaniv_tui.bots import make_bot
from yaniv_tui.engine import PlayerView, Ruleset, load_ruleset, preset_paths, ruleset_from_dict

#: Hands of 20 at 16 seats: the most cards a hand and a table may hold.
_CROWD: dict[str, Any] = {"players": {"min": 2, "max": 16}, "deck": {"decks": 8, "jokers": 8, "hand_size": 20}}
#: The extreme tables, by name: each is the crowd with the keys named.
EXTREMES: dict[str, dict[str, Any]] = {
    "crowd": {},
    "crowd, yaniv.limit 100": {"yaniv": {"limit": 100, "limit_choices": [100]}},
    "crowd, runs of 2, jokers in sets": {"drops": {"run_min": 2, "jokers_in_sets": True}},
    "crowd, jack swing, joker 5": {"values": {"jack_swing": True, "joker": 5}, "drops": {"jokers_in_sets": True}},
    "crowd, joker -5, ace -3, runs of 2": {
        "values": {"joker": -5, "ace": -3},
        "drops": {"run_min": 2, "jokers_in_sets": True},
    },
}


def extreme(name: str) -> Ruleset:
    """The extreme table `name` (EXTREMES)."""
    data = {table: dict(keys) for table, keys in _CROWD.items()}
    for table, keys in EXTREMES[name].items():
        data.setdefault(table, {}).update(keys)
    return ruleset_from_dict(data, ruleset_id="extreme")


def time_hard(views: list[PlayerView]) -> list[float]:
    """Milliseconds of CPU time the hard bot took to choose at each view."""
    bot = make_bot("hard")
    times = []
    for view in views:
        start = time.process_time()
        bot.choose(view)
        times.append((time.process_time() - start) * 1000)
    return times


def tables() -> list[tuple[str, Ruleset, int]]:
    """Every table timed: (its name, its rules, its seats)."""
    found: list[tuple[str, Ruleset, int]] = []
    for ruleset_id in preset_paths():
        rules = load_ruleset(ruleset_id)
        for seats in sorted({2, min(4, rules.max_players), rules.max_players}):
            found.append((ruleset_id, rules, seats))
    for name in EXTREMES:
        rules = extreme(name)
        found.extend([(name, rules, 2), (name, rules, 16)])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=150, help="views timed at each table (default 150)")
    parser.add_argument("--only", help="only the tables whose name holds this text")
    args = parser.parse_args()
    for name, rules, seats in tables():
        if args.only and args.only not in name:
            continue
        print(
            f"{name}, {seats} seats: {summary(time_hard(positions(rules, args.positions, seats, level='hard')))}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
