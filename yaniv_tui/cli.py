"""The `yaniv` command: parse the arguments, then start the game, the simulator or a listing."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from yaniv_tui.engine import RulesetError, load_ruleset, preset_paths

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad flag in one line and exits with status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"yaniv: {message} (see yaniv --help)\n")


def _fail(message: str) -> int:
    print(f"yaniv: {message}", file=sys.stderr)
    return EXIT_USAGE


def print_rulesets() -> int:
    """`yaniv rulesets`: the presets as a table."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Yaniv rulesets")
    table.add_column("id", style="bold")
    table.add_column("name")
    table.add_column("players")
    table.add_column("call at", justify="right")
    table.add_column("end")
    table.add_column("description")
    for ruleset_id, path in preset_paths().items():
        try:
            rules = load_ruleset(path)
        except RulesetError as error:
            table.add_row(ruleset_id, "[red]invalid[/]", "", "", "", str(error))
            continue
        end = (
            ("out above " if rules.end_on == "above" else "out at ") if rules.end_mode == "elimination" else "ends at "
        )
        table.add_row(
            ruleset_id,
            rules.name,
            f"{rules.min_players}–{rules.max_players}",
            f"≤ {rules.yaniv_limit}",
            f"{end}{rules.end_limit}",
            rules.description,
        )
    Console().print(table)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `yaniv` command; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["rulesets"]:
        if len(args) > 1:
            return _fail(f"'yaniv rulesets' takes no arguments, got {' '.join(args[1:])}")
        return print_rulesets()
    if args[:1] == ["sim"]:
        from yaniv_tui.sim import main as sim_main

        return sim_main(args[1:])
    from yaniv_tui.tui.launch import main as play_main

    return play_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
