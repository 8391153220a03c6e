"""`yaniv [flags]`: read the flags, check them against the ruleset, then open the game."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from yaniv_tui import __version__
from yaniv_tui.engine import GameSetupError, RulesetError, check_seed
from yaniv_tui.store import find_ruleset

from .options import GameOptions, OptionsError, check_seats, choose_limits, levels, parse_players

if TYPE_CHECKING:
    from yaniv_tui.store import SavedGame

EXIT_USAGE = 2


class UsageError(Exception):
    """A bad flag or file: one line for stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so every error is one line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message} (see yaniv --help)")


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes seconds, like 0.5, not {text!r}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"must be from 0 to 10 seconds, not {text}")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes a whole number, not {text[:30]!r}") from None


def _seed(text: str) -> int:
    try:
        return check_seed(_whole(text))
    except GameSetupError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="yaniv",
        description="Play Yaniv in the terminal. Without --players the setup screen opens.",
        epilog="Other commands: 'yaniv rulesets' lists the presets; 'yaniv sim' pits bots against each other.",
    )
    parser.add_argument("--ruleset", metavar="ID|PATH", help="a preset id (see 'yaniv rulesets') or a .toml file")
    parser.add_argument(
        "--players",
        metavar="SEATS",
        help="seats in order, comma-separated: a name is a human, bot:LEVEL (or bot:LEVEL:NAME) a bot; "
        f"levels: {', '.join(levels())}",
    )
    parser.add_argument("--resume", action="store_true", help="go straight back to the saved game")
    parser.add_argument("--seed", type=_seed, metavar="N", help="deal the same game again (0 or more)")
    parser.add_argument("--bot-delay", type=_delay, default=0.8, metavar="SECONDS", help="pause before a bot plays")
    parser.add_argument("--ascii", action="store_true", help="suits as S H D C instead of ♠ ♥ ♦ ♣")
    parser.add_argument("--yaniv-limit", type=_whole, metavar="N", help="call Yaniv at N or less")
    parser.add_argument("--end-score", type=_whole, metavar="N", help="the score that ends the game")
    parser.add_argument("--version", action="version", version=f"yaniv {__version__}")
    return parser


def utf8_terminal() -> bool:
    """Whether suit symbols can be printed: a non-UTF-8 terminal gets S H D C."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return encoding.startswith("utf")


def options_from_args(argv: Sequence[str]) -> tuple[GameOptions | None, dict[str, object]]:
    """The game to start at once (with --players), or None and what to pre-fill on the setup screen.

    UsageError for any bad flag, file, level or limit.
    """
    args = build_parser().parse_args(list(argv))
    try:
        rules = find_ruleset(args.ruleset or "israeli")
        rules = choose_limits(rules, args.yaniv_limit, args.end_score)
        ascii_cards = args.ascii or not utf8_terminal()
        prefill: dict[str, object] = {"ruleset": args.ruleset or "israeli", "seed": args.seed}
        if args.yaniv_limit is not None:
            prefill["yaniv_limit"] = args.yaniv_limit
        if args.end_score is not None:
            prefill["end_limit"] = args.end_score
        prefill["bot_delay"] = args.bot_delay
        prefill["ascii"] = ascii_cards
        if args.players is None:
            return None, prefill
        seats = parse_players(args.players)
        check_seats(seats, rules)
    except (RulesetError, OptionsError) as error:
        raise UsageError(str(error)) from None
    options = GameOptions(
        rules, seats, seed=args.seed, bot_delay=args.bot_delay, ascii=ascii_cards, ruleset_ref=args.ruleset or "israeli"
    )
    return options, prefill


def saved_game() -> SavedGame:
    """The game `--resume` goes back to; UsageError when there is none or it is damaged (then moved aside)."""
    from yaniv_tui.store import SaveError, load_save, save_path

    try:
        saved = load_save()
    except SaveError as error:
        raise UsageError(f"{error}; start a new game with 'yaniv'") from None
    if saved is None:
        raise UsageError(f"there is no saved game to resume (none at {save_path()}); start one with 'yaniv'")
    return saved


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game from the command line; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    saved: SavedGame | None = None
    try:
        if "--resume" in args:
            if "--players" in args or any(a.startswith("--players=") for a in args):
                raise UsageError("--resume goes back to the saved game's seats: leave out --players")
            options, prefill = options_from_args([a for a in args if a != "--resume"])
            saved = saved_game()
        else:
            options, prefill = options_from_args(args)
    except UsageError as error:
        print(f"yaniv: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as done:  # --help and --version print and stop
        return int(done.code or 0)
    # Textual is imported only now, so `yaniv rulesets` and a bad flag stay fast.
    from .app import YanivApp

    YanivApp(options, prefill, saved=saved).run()
    return 0
