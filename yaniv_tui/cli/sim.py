"""`yaniv sim`: the ruleset and seats its flags name, handed to the simulator, and the figures printed."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from yaniv_tui.engine import BOT_LEVELS, Ruleset, RulesetError, check_ruleset
from yaniv_tui.table.options import level_word

from .parser import DEFAULT_SIM_SEATS, LADDER_EXPERT_SAMPLES, LADDER_GAMES, LADDER_WRITE_DEFAULT, UsageError

if TYPE_CHECKING:
    from pathlib import Path

    from yaniv_tui.sim import Records, SimResult

#: Stopped by ctrl+c, as shells report a process ended by SIGINT.
EXIT_INTERRUPTED = 130
PROG = "yaniv sim"

T = TypeVar("T")


def with_progress(work: Callable[[Callable[[int], None] | None], T], label: str, total: int, *, shown: bool) -> T:
    """`work(progress)`, with a transient progress bar of `total` steps on the terminal when `shown`."""
    if not shown:
        return work(None)
    from rich.progress import Progress

    with Progress(transient=True) as bar:
        task = bar.add_task(label, total=total)
        return work(lambda steps: bar.advance(task, steps))


def rules_of(args: argparse.Namespace) -> Ruleset:
    """The ruleset the flags name, with their limits, hand size and slap-down rule; UsageError (one line) if it
    cannot be."""
    from .rules import resolve_ruleset

    try:
        rules = resolve_ruleset(args.ruleset, PROG).with_choices(
            yaniv_limit=args.yaniv_limit, end_limit=args.end_score, hand_size=args.hand_size
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
    levels = _level_list(DEFAULT_SIM_SEATS if args.seats is None else args.seats, "--seats")
    if not rules.min_players <= len(levels) <= rules.max_players:
        raise UsageError(
            f"--seats: {rules.name} is for {rules.min_players} to {rules.max_players} players, not {len(levels)}", PROG
        )
    return levels


def _level_list(text: str, flag: str) -> list[str]:
    if not text.strip():
        raise UsageError(f"{flag} needs bot levels, comma separated: choose from {', '.join(BOT_LEVELS)}", PROG)
    typed = [part.strip() for part in text.split(",")]
    levels = [level_word(part) for part in typed]
    bad = [part for part, level in zip(typed, levels, strict=True) if level not in BOT_LEVELS]
    if bad:
        raise UsageError(f"{flag}: unknown bot level {bad[0]!r}: choose from {', '.join(BOT_LEVELS)}", PROG)
    return levels


def _ladder_flags_alone(args: argparse.Namespace) -> None:
    """UsageError for a ladder's flag without --ladder, or a single run's flag with it."""
    if not args.ladder:
        given = [flag for flag, value in _LADDER_ONLY if getattr(args, value) is not None]
        if given:
            raise UsageError(f"{given[0]} goes with --ladder", PROG)
        return
    if args.seats is not None:
        raise UsageError("--seats is for a single run: a ladder's levels are --levels", PROG)
    if args.rounds is not None:
        raise UsageError("--rounds is for a single run: a ladder plays whole games (--games, a pairing's)", PROG)
    if args.record is not None:
        raise UsageError("--record is for a single run of whole games, not a ladder", PROG)


def records_of(args: argparse.Namespace, rules: Ruleset) -> Records | None:
    """Where `--record DIR` writes this run's records: the folder (made if need be, its owner's alone) and the run's
    name, so the files sort by run and game and two runs never share one, each written its owner's alone (a record
    holds every hand); UsageError (one line) when it cannot be. The temporary records a killed run left there are
    cleared, and no other file of the folder (the user's)."""
    if args.record is None:
        return None
    if args.rounds:
        raise UsageError("--record writes whole games: leave out --rounds", PROG)
    import datetime
    import itertools
    from pathlib import Path

    from yaniv_tui.engine.ruleset_read import printable
    from yaniv_tui.sim import Records
    from yaniv_tui.store.files import clear_stale_temps, private_folder, write_new

    folder = Path(args.record)
    try:
        private_folder(folder)
    except FileExistsError:
        raise UsageError(f"--record: {printable(args.record)} is not a folder", PROG) from None
    except OSError as error:
        raise UsageError(f"--record: cannot make the folder {printable(args.record)}: {error.strerror}", PROG) from None
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    run = f"{_RUN}-{stamp}-{_name_part(rules.id)}-seed{args.seed}"
    try:
        taken = {entry.name.rsplit("-game", 1)[0] for entry in folder.iterdir() if entry.name.startswith(run)}
    except OSError as error:
        raise UsageError(f"--record: cannot read the folder {printable(args.record)}: {error.strerror}", PROG) from None
    # Another run of the same second, ruleset and seed (other seats, a script's loop) has its files here: a name of
    # its own, so that neither run's records meet.
    names = (run if n == 1 else f"{run}-{n}" for n in itertools.count(1))
    clear_stale_temps([folder], of=f"{_RUN}-*-game{'[0-9]' * 6}.jsonl")
    return Records(str(folder / next(name for name in names if name not in taken)), write_new)


#: How a run's records are named first (`sim-<time>-<ruleset>-seed<seed>`, then `-game<index>.jsonl`).
_RUN = "sim"
#: The most characters of a ruleset's id in a record's file name: a name stays far under the 255 bytes a file name
#: takes (with the seed, whole: `--seed` takes at most table.options.MAX_SEED_DIGITS digits).
_ID_CHARS = 40


def _name_part(ruleset_id: str) -> str:
    """A ruleset's id as a file name takes it on any system: ASCII letters, digits and hyphens, at most _ID_CHARS (an
    id from a file's name may hold spaces, accents or 200 characters)."""
    import re
    import unicodedata

    plain = unicodedata.normalize("NFKD", ruleset_id).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9_]+", "-", plain).strip("-")[:_ID_CHARS].strip("-") or "rules"


_LADDER_ONLY = (("--levels", "levels"), ("--seats-per-game", "seats_per_game"), ("--write", "write"))


def run(args: argparse.Namespace) -> int:
    """Play the run the parsed flags ask for and print its figures; returns the exit status."""
    from yaniv_tui.sim import SimError, simulate

    _ladder_flags_alone(args)
    rules = rules_of(args)
    if args.ladder:
        return run_ladder(args, rules)
    levels = levels_of(args, rules)
    records = records_of(args, rules)
    mode = "rounds" if args.rounds else "games"
    count = args.rounds or args.games or 100
    options: dict[str, Any] = {}
    if args.expert_ms is not None:
        options["budget_ms"] = args.expert_ms
    if args.expert_samples is not None:
        options["samples"] = args.expert_samples
    run_args: dict[str, Any] = {
        "mode": mode,
        "seed": args.seed,
        "bot_options": options,
        "jobs": args.jobs,
        "records": records,
    }
    try:
        result: SimResult = with_progress(
            lambda progress: simulate(rules, levels, count, progress=progress, **run_args),
            f"playing {count} {mode}",
            count,
            shown=not args.json and sys.stdout.isatty() and count >= 20,
        )
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


def _ladder_levels(args: argparse.Namespace) -> list[str]:
    if args.levels is None:
        return list(BOT_LEVELS)
    levels = _level_list(args.levels, "--levels")
    if len(set(levels)) < len(levels) or len(levels) < 2:
        raise UsageError(f"--levels: a ladder takes two or more different levels, not {args.levels!r}", PROG)
    if args.write is not None and set(levels) != set(BOT_LEVELS):
        raise UsageError("--write takes the whole ladder: leave out --levels", PROG)
    return sorted(levels, key=BOT_LEVELS.index)


def _ladder_command(args: argparse.Namespace, seats: int, games: int, options: dict[str, Any]) -> str:
    """The command that plays this ladder again (the ratings file notes it)."""
    words = ["yaniv sim --ladder", f"--ruleset {args.ruleset}", f"--seats-per-game {seats}", f"--games {games}"]
    words.append(f"--seed {args.seed}")
    if "samples" in options:
        words.append(f"--expert-samples {options['samples']}")
    if "budget_ms" in options:
        words.append(f"--expert-ms {options['budget_ms']:g}")
    return " ".join([*words, f"--jobs {args.jobs}", "--write"])


def run_ladder(args: argparse.Namespace, rules: Ruleset) -> int:
    """Play every level against every other, print the ratings and (--write) store them; the exit status."""
    import datetime

    from yaniv_tui.ladder import play_ladder, ratings_table, render, to_dict
    from yaniv_tui.ratings import RATINGS_FILE, DamagedRatings, write_table
    from yaniv_tui.sim import SimError

    levels = _ladder_levels(args)
    seats = args.seats_per_game or 2
    if not rules.min_players <= seats <= rules.max_players:
        raise UsageError(
            f"--seats-per-game: {rules.name} is for {rules.min_players} to {rules.max_players} players, not {seats}",
            PROG,
        )
    rule_flags = ("slap_down", "yaniv_limit", "end_score", "hand_size")
    changed = [flag for flag in rule_flags if getattr(args, flag) is not None]
    if args.write is not None and changed:
        raise UsageError(f"--write rates a ruleset as it stands: leave out --{changed[0].replace('_', '-')}", PROG)
    games = args.games or LADDER_GAMES
    options: dict[str, Any] = {}
    if args.expert_ms is not None:
        options["budget_ms"] = args.expert_ms
    if args.expert_samples is not None or args.expert_ms is None:
        options["samples"] = args.expert_samples or LADDER_EXPERT_SAMPLES
    run_args: dict[str, Any] = {"seats": seats, "seed": args.seed, "bot_options": options, "jobs": args.jobs}
    total = games * len(levels) * (len(levels) - 1) // 2
    try:
        ladder = with_progress(
            lambda progress: play_ladder(rules, levels, games, progress=progress, **run_args),
            f"playing {total} games",
            total,
            shown=not args.json and sys.stdout.isatty(),
        )
    except SimError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: stopped (ctrl+c) before the ladder was done; nothing was printed", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.json:
        print(json.dumps(to_dict(ladder), indent=2))
    else:
        from rich.console import Console

        Console().print(render(ladder))
    if args.write is not None:
        from pathlib import Path

        table = ratings_table(
            ladder, date=datetime.date.today().isoformat(), command=_ladder_command(args, seats, games, options)
        )
        from yaniv_tui.store.files import holding_folder, move_aside

        def tell(line: str) -> None:
            print(f"{PROG}: {line}", file=sys.stderr)

        try:
            # A file with a damaged table among sound ones is moved aside whole, and the ladder's run kept.
            path = None if args.write == LADDER_WRITE_DEFAULT else Path(args.write)
            where = write_table(
                table, path, write=_replace_whole, move_aside=move_aside, tell=tell, lock=holding_folder
            )
        except DamagedRatings as error:
            print(
                f"{PROG}: cannot write the ratings: {error.path} is damaged ({error}): it is left as it is; move it "
                "away, or give --write another file",
                file=sys.stderr,
            )
            return 1
        except OSError as error:  # the system's words name no file: the line does; ratings' own name theirs
            to = f" to {path or RATINGS_FILE}" if error.strerror else ""
            print(f"{PROG}: cannot write the ratings{to}: {error.strerror or error}", file=sys.stderr)
            return 1
        print(f"{PROG}: ratings written to {where}", file=sys.stderr)
    return 0


def _replace_whole(path: Path, data: bytes) -> None:
    """The ratings file replaced whole or not at all, in its own folder (never made here), its permissions kept (a new
    one its owner's alone, as every file yaniv makes); a link stays, and the file it names is replaced. The temporary
    files a killed write of it left beside it are cleared (`atomic_write`), and no other file of its folder."""
    from yaniv_tui.store.files import atomic_write

    atomic_write(path, data, make_folder=False, through_link=True)
