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
#: `--resume` without an id: the newest game in progress.
NEWEST = "<newest>"
#: An unexpected error stopped the app (Textual's own code for it, too).
EXIT_CRASH = 1


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
        epilog="Other commands: 'yaniv saves' lists the games in progress; 'yaniv rulesets' the presets; "
        "'yaniv stats' every player's record; 'yaniv sim' pits bots against each other.",
    )
    parser.add_argument("--ruleset", metavar="ID|PATH", help="a preset id (see 'yaniv rulesets') or a .toml file")
    parser.add_argument(
        "--players",
        metavar="SEATS",
        help="seats in order, comma-separated: a name is a human, bot:LEVEL (or bot:LEVEL:NAME) a bot; "
        f"levels: {', '.join(levels())}",
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const=NEWEST,
        metavar="ID",
        help="go straight back to the newest game in progress, or to the game whose id starts with ID "
        "(see 'yaniv saves')",
    )
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
        if args.ruleset is not None and not args.ruleset.strip():
            raise UsageError("--ruleset needs a preset id or a .toml file (see 'yaniv rulesets')")
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


def saved_game(game_id: str | None = None) -> SavedGame:
    """The game `--resume [ID]` goes back to, locked to this process; UsageError (one line) when there is none,
    the id fits none or several, or it is open in another yaniv. Damaged saves met are moved aside."""
    from yaniv_tui.store import GameOpenElsewhere, SaveError, claim_game, find_save, scan_saves

    listing = scan_saves()
    for line in listing.problems:
        print(f"yaniv: {line}", file=sys.stderr)
    try:
        saved = find_save(listing, game_id or None)
    except SaveError as error:
        raise UsageError(str(error)) from None
    # Without an id, the newest game no other yaniv has open, as Continue on the setup screen offers.
    candidates = [saved] if game_id else list(listing.games)
    for candidate in candidates:
        try:
            return claim_game(candidate.game_id)
        except GameOpenElsewhere as error:
            if game_id:
                raise UsageError(str(error)) from None
        except SaveError as error:
            raise UsageError(str(error)) from None
    raise UsageError(_every_game_open(len(candidates)))


def _every_game_open(count: int) -> str:
    games = "the saved game is" if count == 1 else f"all {count} saved games are"
    return f"{games} open in another yaniv; finish one there, or start a new game with 'yaniv'"


def catch_up() -> list[str]:
    """Record finished games the history missed (kept as pending), each with one line on stderr."""
    from yaniv_tui.store.paths import legacy_save_path, saves_dir

    # No save at all (a first game, or every game finished and recorded): nothing to read, and the saves'
    # modules stay unimported until the first screen is up.
    try:
        if not legacy_save_path().exists() and not any(saves_dir().glob("*.json")):
            return []
    except OSError:
        pass  # the folder cannot be listed: the full look below says what is wrong
    from yaniv_tui.store import record_pending

    lines = record_pending()
    for line in lines:
        print(f"yaniv: {line}", file=sys.stderr)
    return lines


def _resume_id(argv: Sequence[str]) -> str | None:
    """What `--resume` was given: None without it, NEWEST alone, else the id. UsageError for a bad flag."""
    args = build_parser().parse_args(list(argv))
    resume: str | None = args.resume
    if resume is not None and not resume.strip():
        raise UsageError("--resume takes a game's id, or nothing for the newest game (see 'yaniv saves')")
    if resume is not None:
        # A saved game keeps its own seats, rules, limits and deal: a flag that would change them is refused.
        given = [flag for flag in _GAME_FLAGS if getattr(args, flag.lstrip("-").replace("-", "_")) is not None]
        if given:
            raise UsageError(
                f"--resume goes back to the saved game's own seats, rules and deal: leave out {', '.join(given)}"
            )
    return resume


#: The flags that say what game to start, which a resumed game already has.
_GAME_FLAGS = ("--players", "--ruleset", "--seed", "--yaniv-limit", "--end-score")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game from the command line; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    saved: SavedGame | None = None
    try:
        resume = _resume_id(args)
        options, prefill = options_from_args(args)
        notices = catch_up()
        if resume is not None:
            saved = saved_game(None if resume == NEWEST else resume)
        if notices:
            prefill["notices"] = notices
    except UsageError as error:
        print(f"yaniv: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as done:  # --help and --version print and stop
        return int(done.code or 0)
    # Textual is imported only now, so `yaniv rulesets` and a bad flag stay fast.
    from .app import YanivApp

    app = YanivApp(options, prefill, saved=saved)
    try:
        app.run()
    except Exception as error:  # one outside Textual's own handling (its start, its end): reported all the same
        app.crash_line = app.crash_line or app.report_crash(error)
    if app.crash_line is not None:
        print(f"yaniv: {app.crash_line}", file=sys.stderr)
        return app.return_code or EXIT_CRASH
    return app.return_code or 0
