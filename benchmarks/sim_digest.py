"""A seeded digest of `yaniv sim` over every preset and every bot level: a redesign must leave it unchanged.

Runs `yaniv sim --json` for each preset with all four levels at the table (whole games and single rounds,
slap-down on and off), drops the timings, and prints one SHA-256 per run and one over them all.

    python benchmarks/sim_digest.py            # about a minute on one core
    python benchmarks/sim_digest.py --quick    # one run per preset
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PRESETS = ("israeli", "seven-cards", "sursis", "yanivo")
TIMINGS = ("seconds", "games_per_second", "rounds_per_second", "turns_per_second")


def runs(quick: bool) -> list[list[str]]:
    """Every run's arguments to `yaniv sim`."""
    out: list[list[str]] = []
    for preset in PRESETS:
        base = ["--ruleset", preset, "--expert-samples", "8"]
        out.append([*base, "--seats", "easy,medium,hard,expert", "--games", "2", "--seed", "11"])
        if quick:
            continue
        out.append([*base, "--seats", "expert,hard,medium,easy", "--rounds", "30", "--seed", "5"])
        out.append([*base, "--seats", "easy,medium,hard", "--games", "3", "--seed", "2", "--slap-down", "on"])
        out.append([*base, "--seats", "medium,hard", "--rounds", "60", "--seed", "9", "--slap-down", "off"])
        out.append([*base, "--seats", "easy,easy,medium,medium,hard", "--rounds", "40", "--seed", "0"])
    return out


def longest_first(every: list[list[str]]) -> list[list[str]]:
    """The runs in the order that shares them best between workers: those with an expert at the table (nine
    tenths of the time) first, whole games before single rounds, more seats first; the others as they come."""
    return sorted(every, key=lambda args: ("expert" not in args[args.index("--seats") + 1], "--games" not in args))


def digest(args: list[str]) -> str:
    """The digest of `yaniv sim ARGS --json`, run in this process (the command line's own `main`, its output
    caught): a process started for each run cost a quarter of a second each of the runs' time."""
    from yaniv_tui.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["sim", *args, "--json"])
    if status != 0:
        raise SystemExit(f"yaniv sim {' '.join(args)} failed with status {status}")
    figures = json.loads(out.getvalue())
    for key in TIMINGS:
        figures.pop(key, None)
    return hashlib.sha256(json.dumps(figures, sort_keys=True).encode()).hexdigest()


def digests(quick: bool) -> Iterator[tuple[list[str], str]]:
    """Each run's arguments and digest, in order: the total digest is the SHA-256 over these digests."""
    for args in runs(quick):
        yield args, digest(args)


def total_of(each: list[str]) -> str:
    """The one digest over every run's digest."""
    total = hashlib.sha256()
    for one in each:
        total.update(one.encode())
    return total.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one run per preset")
    quick = parser.parse_args().quick
    each: list[str] = []
    for args, one in digests(quick):
        each.append(one)
        print(f"{one[:16]}  yaniv sim {' '.join(args)}", flush=True)
    print(f"digest {total_of(each)}")


if __name__ == "__main__":
    main()
