"""`yaniv [flags]`: check a game's flags against the ruleset, find a saved game to resume, then open the game."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from yaniv_tui.engine import DEFAULT_BOT_DELAY, DEFAULT_RULESET, RulesetError
from yaniv_tui.engine.clock import DEFAULT_TIMEOUTS_TO_BOT
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import GameOptions, OptionsError, check_seats, choose_limits, parse_players

from .parser import NEWEST, UsageError, parse
from .rules import resolve_ruleset

if TYPE_CHECKING:
    from yaniv_tui.store import Claimed

EXIT_USAGE = 2
#: The flags that say what game to start, which a resumed game already has.
GAME_FLAGS = ("--players", "--ruleset", "--seed", "--yaniv-limit", "--end-score")

__all__ = ["EXIT_USAGE", "UsageError", "catch_up", "main", "options_from_args", "saved_game"]


def _parsed(argv: Sequence[str] | argparse.Namespace) -> argparse.Namespace:
    args = argv if isinstance(argv, argparse.Namespace) else parse(argv)
    if args.command is not None:
        raise UsageError(f"'yaniv {args.command}' is a command of its own, not a game")
    return args


#: Set (to "1") by `yaniv serve` in a page's process: its `yaniv join` is a browser's, draws suits whatever the
#: server's locale (utf8_terminal), and remembers the table it joined in that browser's own settings (cli/join.py),
#: put back at the next page it opens. Here, not in browsers.py, whose imports every start of `yaniv` would pay.
PAGE_ENV = "YANIV_BROWSER_PAGE"

#: The locale's variables that name the terminal's character set, the first one set deciding (POSIX's order).
LOCALE_VARIABLES = ("LC_ALL", "LC_CTYPE", "LANG")
#: Whether the terminal writes UTF-8 ("1") or not ("0"), as told by whoever knows better than this machine's locales:
#: `yaniv serve --ssh`, from the locale its client sent (serve_ssh.session_locale), which this server may not have
#: (a server with C.UTF-8 alone, a player's he_IL.UTF-8): Python then starts in C, which says nothing of the player's.
TERMINAL_UTF8_ENV = "YANIV_TERMINAL_UTF8"


def _is_utf8(codeset: str) -> bool:
    return codeset.lower().replace("-", "").replace("_", "") == "utf8"


def locale_is_utf8(environment: Mapping[str, str], *, python_chose_utf8: bool) -> bool:
    """Whether the locale `environment` names writes UTF-8, as a terminal program reads it: the first of LC_ALL,
    LC_CTYPE and LANG that is set and not empty; none, C or POSIX is ASCII, and a locale without a codeset
    (`en_US`) its language's own, never UTF-8. `python_chose_utf8`: Python found the C locale at its start and
    turned its UTF-8 mode on by itself (PEP 540), having set LC_CTYPE to C.UTF-8 for its own sake (PEP 538)."""
    if python_chose_utf8:
        return False
    name = next((environment[key] for key in LOCALE_VARIABLES if environment.get(key)), "C")
    name = name.split("@", 1)[0]  # a modifier (`sr_RS.UTF-8@latin`) says nothing of the codeset
    if name in ("C", "POSIX"):
        return False
    return _is_utf8(name.rpartition(".")[2]) if "." in name else _is_utf8(name)


def _python_chose_utf8() -> bool:
    """Python's UTF-8 mode is on and nobody asked for it (PYTHONUTF8, -X utf8): the locale it started in was C."""
    return bool(sys.flags.utf8_mode) and "PYTHONUTF8" not in os.environ and "utf8" not in sys._xoptions


def utf8_terminal() -> bool:
    """Whether suit symbols can be printed: a terminal whose locale is not UTF-8 (or whose output Python writes in
    another encoding) gets S H D C. Windows has no locale variables: its console's encoding decides there; and a
    browser's page (`yaniv serve`) is a terminal of its own (xterm.js, UTF-8) whatever the server's locale."""
    if os.environ.get(PAGE_ENV) == "1":
        return True
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    if not encoding.startswith("utf"):
        return False
    told = os.environ.get(TERMINAL_UTF8_ENV)
    if told in ("0", "1"):
        return told == "1"
    return os.name == "nt" or locale_is_utf8(os.environ, python_chose_utf8=_python_chose_utf8())


def options_from_args(
    argv: Sequence[str] | argparse.Namespace, *, hosting: bool = False
) -> tuple[GameOptions | None, LaunchOptions]:
    """The game to start at once (with --players), or None; and the options the app is launched with (what to
    fill in on the setup screen, the bot delay, the cards' look, the bell).

    UsageError for any bad flag, file, level or limit, and for a remote seat unless `hosting` (`yaniv host`), its
    line named by the command given (`yaniv host:` when `hosting`).
    """
    args = _parsed(argv)
    prog = "yaniv host" if hosting else "yaniv"
    ruleset_ref = args.ruleset or DEFAULT_RULESET
    bot_delay = DEFAULT_BOT_DELAY if args.bot_delay is None else args.bot_delay
    ascii_cards = bool(args.ascii) or not utf8_terminal()
    if args.timeouts_to_bot is not None and args.turn_seconds is None:
        raise UsageError("--timeouts-to-bot counts the turn clock's timeouts: give --turn-seconds too", prog)
    turn_seconds: int | None = args.turn_seconds
    to_bot = DEFAULT_TIMEOUTS_TO_BOT if args.timeouts_to_bot is None else int(args.timeouts_to_bot)
    launch = LaunchOptions(
        ruleset=ruleset_ref,
        yaniv_limit=args.yaniv_limit,
        end_limit=args.end_score,
        hand_size=args.hand_size,
        seed=args.seed,
        bot_delay=bot_delay,
        ascii=ascii_cards,
        quiet=bool(args.quiet),
        turn_seconds=turn_seconds,
        timeouts_to_bot=to_bot,
    )
    given = (args.ruleset, args.yaniv_limit, args.end_score, args.hand_size, args.players)
    if given == (None,) * len(given):
        return None, launch  # nothing to check: the setup screen reads the rulesets itself, each once
    try:
        rules = choose_limits(resolve_ruleset(args.ruleset, prog), args.yaniv_limit, args.end_score, args.hand_size)
        if args.players is None:
            return None, launch
        seats = parse_players(args.players)
        check_seats(seats, rules)
        if not hosting and any(seat.is_remote for seat in seats):
            raise OptionsError("a remote seat is played from another machine: open the table with 'yaniv host'")
    except (RulesetError, OptionsError) as error:
        raise UsageError(str(error), prog) from None
    options = GameOptions(
        rules,
        seats,
        seed=args.seed,
        bot_delay=bot_delay,
        ascii=ascii_cards,
        ruleset_ref=ruleset_ref,
        turn_seconds=turn_seconds,
        timeouts_to_bot=to_bot,
    )
    return options, launch


def saved_game(game_id: str | None = None, *, hosted: bool = False, told: Sequence[str] = ()) -> Claimed:
    """The game `--resume [ID]` goes back to, locked to this process: its save and its lock. UsageError (one line)
    when there is none, the id fits none or several, or it is open in another yaniv; without an id, a game deleted
    or finished in another yaniv meanwhile is passed over for the next. Damaged saves met are moved
    aside, each said in a line unless `told` holds it (`catch_up` said it: a save left where it is is met again)."""
    from yaniv_tui.store import GameGone, SaveError, claim_game, claim_newest, find_save, is_open_elsewhere, scan_saves
    from yaniv_tui.store.library import ONLY_TABLES, resumable

    prog = "yaniv host" if hosted else "yaniv"
    listing = scan_saves()
    for line in listing.problems:
        if line not in told:
            print(f"yaniv: {line}", file=sys.stderr)
    try:
        saved = find_save(listing, game_id or None)
    except SaveError as error:
        raise UsageError(str(error), prog) from None
    # Without an id, the newest game no other yaniv has open that this command plays, as Continue on the setup screen
    # offers: a table under `yaniv host` (a game of this screen alone is no table anyone could join), any other game
    # under `yaniv` (a table's remote seats are `yaniv host`'s).
    candidates = [saved] if game_id else resumable(listing.games, hosted=hosted)
    if not candidates:
        raise UsageError(
            "no saved game has a remote seat: 'yaniv --resume' plays a game of this screen alone"
            if hosted
            else ONLY_TABLES,
            prog,
        )
    try:
        # Without an id, the games open elsewhere are waited for once in all (a delete holds its lock a moment).
        claimed = (
            claim_game(saved.game_id, hosted=hosted)
            if game_id
            else claim_newest([candidate.game_id for candidate in candidates], hosted=hosted)
        )
    except GameGone as error:  # without an id, every game listed was finished or deleted in another yaniv since
        raise UsageError(str(error) if game_id else f"{error}; start a new game with '{prog}'", prog) from None
    except SaveError as error:  # GameOpenElsewhere too: the game named is open in another yaniv
        raise UsageError(str(error), prog) from None
    if claimed is None:  # the games gone meanwhile passed over: those still open in another yaniv are counted
        still_open = sum(is_open_elsewhere(candidate.game_id) for candidate in candidates)
        raise UsageError(_every_game_open(still_open or len(candidates)), prog)
    # A damaged record the listings left (the game was open in another yaniv then), met by the claim: its line as the
    # listing says it; `resumed_notices` puts it at the table too.
    for said in (claimed.saved.record_damage, unprotected(claimed)):
        if said:
            print(f"yaniv: {said}", file=sys.stderr)
    return claimed


def resumed_notices(notices: tuple[str, ...], claimed: Claimed) -> tuple[str, ...]:
    """The start's notices, with the line of a damaged record the claim of the game resumed met (`saved_game`)."""
    damage = claimed.saved.record_damage
    return (*notices, damage) if damage and damage not in notices else notices


def unprotected(claimed: Claimed | None) -> str | None:
    """The line saying a claimed game is played unlocked (its lock file cannot be opened), or None."""
    return None if claimed is None or claimed.lock is None else claimed.lock.unprotected


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


def resume_id(args: argparse.Namespace, prog: str = "yaniv") -> str | None:
    """What `--resume` was given: None without it, NEWEST alone, else the id. UsageError (of `prog`) for a bad
    flag."""
    resume: str | None = args.resume
    if resume is not None and not resume.strip():
        raise UsageError("--resume takes a game's id, or nothing for the newest game (see 'yaniv saves')", prog)
    if resume is not None:
        # A saved game keeps its own seats, rules, limits and deal: a flag that would change them is refused.
        given = [flag for flag in GAME_FLAGS if getattr(args, flag.lstrip("-").replace("-", "_")) is not None]
        if given:
            raise UsageError(
                f"--resume goes back to the saved game's own seats, rules and deal: leave out {', '.join(given)}",
                prog,
            )
    return resume


def main(argv: Sequence[str] | argparse.Namespace | None = None) -> int:
    """Run the game from the command line (a game's flags, no command); returns the exit status."""
    claimed: Claimed | None = None
    try:
        args = _parsed(sys.argv[1:] if argv is None else argv)
        resume = resume_id(args)
        options, launch = options_from_args(args)
        launch = replace(launch, notices=tuple(catch_up()))
        if resume is not None:
            claimed = saved_game(None if resume == NEWEST else resume, told=launch.notices)
            launch = replace(launch, notices=resumed_notices(launch.notices, claimed))
    except UsageError as error:
        print(f"{error.prog}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as done:  # --help and --version print and stop
        return int(done.code or 0)
    from yaniv_tui.tui.launch import run_app

    return run_app(options, launch, claimed)
