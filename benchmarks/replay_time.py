"""How long a long game's record takes to read and replay, as `yaniv replay` and `yaniv review` read one.

Plays a seeded game of two easy bots to N finished rounds under the Israeli preset with no end in reach (end
score 100,000, no resets), records it as the table does, then times `read_record_text` (the record's text checked
and replayed through the engine) on its text, in CPU seconds of this process.

    python benchmarks/replay_time.py 300 900

A record over codec's MAX_RECORD_BYTES (8 MiB, some 860 rounds here) is replayed from its events directly
(`replay`), as only the reading refuses it: the time is the replay's all the same.

With `--steps`, the replay screen's steps of each record (tui/screens/replay_steps.py, `steps_of`) instead: the
CPU seconds to make them as the screen opens, the most memory Python held while making them (tracemalloc, in a
second run, as it slows what it traces), and the wall time of stepping to each step, forward through every one
from the first, then back through every one from the last, and to 2,000 steps picked at random:

    python benchmarks/replay_time.py 850 --steps
"""

from __future__ import annotations

import argparse
import json
import random
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import replace

from yaniv_tui.bots import make_bot
from yaniv_tui.codec.record import (
    MAX_RECORD_BYTES,
    after_action,
    read_record_text,
    record_from_events,
    record_text,
    replay,
    start_record,
)
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.engine.seats import Seat


def long_record(rounds: int, seed: int) -> str:
    """The record of a seeded two-seat game of easy bots played to `rounds` finished rounds."""
    end = 100_000
    rules = replace(load_ruleset("israeli"), end_limit=end, end_limit_choices=(end,), reset_every=0, resets=())
    game = Game.new(rules, ["Ann", "Bob"], seed=seed)
    record = start_record(game, [Seat.bot("easy"), Seat.bot("easy")])
    bots = [make_bot("easy", seed=seed + seat) for seat in range(2)]
    while len(game.history) < rounds and not game.is_over:
        seat = game.current
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    return record_text(record)


def _step_times(steps: Sequence[object], order: Sequence[int]) -> tuple[float, float]:
    """The mean and the longest wall time, in milliseconds, to get each step of `order` in turn (as the screen shows
    one: `steps[i]`, its game read)."""
    longest = 0.0
    started = time.perf_counter()
    for index in order:
        one = time.perf_counter()
        steps[index]
        longest = max(longest, time.perf_counter() - one)
    return (time.perf_counter() - started) / max(len(order), 1) * 1000, longest * 1000


def time_steps(text: str) -> None:
    """Print what the replay screen's steps of the record `text` cost: making them, memory, stepping."""
    from yaniv_tui.tui.screens.replay_steps import steps_of

    record = record_from_events([json.loads(line) for line in text.splitlines()])
    started = time.process_time()
    steps = steps_of(record)
    made = time.process_time() - started
    count = len(steps)
    forward = _step_times(steps, range(count))
    back = _step_times(steps, range(count - 1, -1, -1))
    picked = _step_times(steps, random.Random(1).choices(range(count), k=2000))
    del steps
    tracemalloc.start()
    steps_of(record)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(
        f"  {len(record.events):,} events, {count:,} steps: made in {made:.2f} s of CPU, at most "
        f"{peak / 2**20:,.1f} MiB held; a step {forward[0]:.2f} ms forward (longest {forward[1]:.1f}), "
        f"{back[0]:.2f} ms back (longest {back[1]:.1f}), {picked[0]:.2f} ms at random (longest {picked[1]:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", type=int, nargs="+", help="the finished rounds of each game timed")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--steps", action="store_true", help="time and measure the replay screen's steps instead")
    args = parser.parse_args()
    for rounds in args.rounds:
        text = long_record(rounds, args.seed)
        size = len(text.encode())
        if args.steps:
            print(f"{rounds} rounds, {size / 1024:,.0f} KiB:")
            time_steps(text)
            continue
        started = time.process_time()
        if size <= MAX_RECORD_BYTES:
            read_record_text(text, "benchmark")
            how = "read and replayed"
        else:
            replay(record_from_events([json.loads(line) for line in text.splitlines()]))
            how = "replayed (over the reading limit)"
        seconds = time.process_time() - started
        print(f"{rounds} rounds, {size / 1024:,.0f} KiB: {how} in {seconds:.2f} s of CPU")


if __name__ == "__main__":
    main()
