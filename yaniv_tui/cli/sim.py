"""`yaniv sim`: the ruleset and seats its flags name, handed to the simulator, and the figures printed."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import TYPE_CHECKING, Any

from yaniv_tui.engine import BOT_LEVELS, Ruleset, RulesetError, check_ruleset

from .parser import UsageError

if TYPE_CHECKING:
    from yaniv_tui.sim import SimResult

#: Stopped by ctrl+c, as shells report a process ended by SIGINT.
EXIT_INTERRUPTED = 130
PROG = "yaniv sim"


def rules_of(args: argparse.Namespace) -> Ruleset:
    """The ruleset the flags name, with their limits, hand size and slap-down rule; UsageError (one line) if it
    cannot be."""
    from .rules import resolve_ruleset

    try:
        rules = resolve_ruleset(args.ruleset, PROG).with_choices(
            yaniv_limit=args.yaniv_limit, end_limit=args.end_limit, hand_size=args.hand_size
        )
    except (RulesetError, ValueError) as error:
        raise UsageError(str(error), PROG) from None
    if args.slap_down is not None:
        rules = dataclasses.replace(rules, slap_down=args.slap_down == "on")
        try:  # a hand emptied by a slap-down may have been the only hand that could call
            check_ruleset(rules, args.ruleset)
        except RulesetError as error:
            raise UsageError(f"{error} (with --slap-down {args.slap_down})", PROG) from None
    return rules


def levels_of(args: argparse.Namespace, rules: Ruleset) -> list[str]:
    """The bot level of each seat; UsageError for an unknown level or a count the ruleset does not seat."""
    levels = [part.strip() for part in args.seats.split(",")]
    bad = [level for level in levels if level not in BOT_LEVELS]
    if bad:
        raise UsageError(f"--seats: unknown bot level {bad[0]!r}: choose from {', '.join(BOT_LEVELS)}", PROG)
    if not rules.min_players <= len(levels) <= rules.max_players:
        raise UsageError(
            f"--seats: {rules.name} is for {rules.min_players} to {rules.max_players} players, not {len(levels)}", PROG
        )
    return levels


def run(args: argparse.Namespace) -> int:
    """Play the run the parsed flags ask for and print its figures; returns the exit status."""
    from yaniv_tui.sim import SimError, simulate

    rules = rules_of(args)
    levels = levels_of(args, rules)
    mode = "rounds" if args.rounds else "games"
    count = args.rounds or args.games or 100
    options: dict[str, Any] = {}
    if args.expert_ms is not None:
        options["budget_ms"] = args.expert_ms
    if args.expert_samples is not None:
        options["samples"] = args.expert_samples
    run_args: dict[str, Any] = {"mode": mode, "seed": args.seed, "bot_options": options, "jobs": args.jobs}
    try:
        if not args.json and sys.stdout.isatty() and count >= 20:
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task(f"playing {count} {mode}", total=count)
                result: SimResult = simulate(rules, levels, count, progress=lambda k: bar.advance(task, k), **run_args)
        else:
            result = simulate(rules, levels, count, **run_args)
    except SimError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: stopped (ctrl+c) before the run was done; nothing was printed", file=sys.stderr)
        return EXIT_INTERRUPTED
    _show(result, args.json)
    return 0


def _show(result: SimResult, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result.to_dict(), indent=2))
        return
    from rich.console import Console

    from yaniv_tui.sim import render_table

    Console().print(render_table(result))
