"""How long a long game's record takes to read and replay, as `yaniv replay` and `yaniv review` read one.

Plays a seeded game of two easy bots to N finished rounds under the Israeli preset with no end in reach (end
score 100,000, no resets), records it as the table does, then times `read_record_text` (the record's text checked
and replayed through the engine) on its text, in CPU seconds of this process.

    python benchmarks/replay_time.py 300 900

A record over codec's MAX_RECORD_BYTES (8 MiB, some 860 rounds here) is replayed from its events directly
(`replay`), as only the reading refuses it: the time is the replay's all the same.
"""

from __future__ import annotations

import argparse
import json
import time
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", type=int, nargs="+", help="the finished rounds of each game timed")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    for rounds in args.rounds:
        text = long_record(rounds, args.seed)
        size = len(text.encode())
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
