"""The `yaniv` command line: one argparse parser, its flags for a game, and a subcommand each for the rest."""

from __future__ import annotations

import argparse
import ipaddress
import itertools
import re
import shlex
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from yaniv_tui import __version__
from yaniv_tui.engine import (
    BOT_LEVELS,
    DEFAULT_BOT_DELAY,
    DEFAULT_BOT_LEVEL,
    DEFAULT_RULESET,
)
from yaniv_tui.engine.clock import DEFAULT_TIMEOUTS_TO_BOT, TIMEOUTS_TO_BOT_RANGE, TURN_SECONDS_RANGE
from yaniv_tui.engine.names import quoted
from yaniv_tui.table.options import MAX_SEED_DIGITS, OptionsError, check_name, level_word, read_seed

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

#: The commands that only print a listing, and what each prints.
LISTINGS = {
    "rulesets": "the presets and your own rulesets, with any that cannot be loaded",
    "stats": "every player's record (a bot's by level) and each person's against each bot level",
    "saves": "the games in progress, to go back to with 'yaniv --resume ID'",
}
#: `--resume` without an id: the newest game in progress.
NEWEST = "<newest>"
#: The most guesses a move `--expert-samples` takes: at about a millisecond a guess, ten seconds a move.
MAX_EXPERT_SAMPLES = 10_000
#: The most processes `--jobs` starts: far more than cores only costs memory.
MAX_JOBS = 64
#: The biggest certificate or key file read (`yaniv host --cert/--key`, and a joiner pinning its host's
#: certificate): a PEM chain is a few kilobytes.
MAX_PEM_BYTES = 1 << 20
#: Where `yaniv host` listens, and `yaniv serve`.
DEFAULT_PORT = 7777
DEFAULT_SERVE_PORT = 8000
#: `yaniv serve`: the browsers served at once, and `--ssh`'s SSH sessions (each page's or session's `yaniv join`
#: is a process of about 44 MiB), and the most --max-sessions takes.
DEFAULT_MAX_SESSIONS = 8
MAX_SESSIONS = 256
#: `yaniv sim` without --seats.
DEFAULT_SIM_SEATS = f"{DEFAULT_BOT_LEVEL},{DEFAULT_BOT_LEVEL}"
#: `yaniv sim --ladder`: games a pairing, the expert's guesses a move, the seats a game it takes (one home:
#: yaniv_tui/ladder.py, repeated here so `yaniv --help` loads no simulator).
LADDER_GAMES = 60
LADDER_EXPERT_SAMPLES = 20
LADDER_SEATS = (2, 4)
#: `--write` with no file: the package's ratings file.
LADDER_WRITE_DEFAULT = "<package>"
#: How long a remote seat is away before `--away-bot` plays its turn.
DEFAULT_AWAY_AFTER = 60.0


class UsageError(Exception):
    """A bad flag or file: one line for stderr, `prog: message`, exit status 2."""

    def __init__(self, message: str, prog: str = "yaniv") -> None:
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    """argparse that raises UsageError instead of printing usage and exiting, so every error is one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)", self.prog)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # How argparse prints --help, --version and usage; its own drops a write error, this one lets it reach
        # main, which says it in one line with a non-zero status.
        if message:
            (file or sys.stderr).write(message)


# -- values -------------------------------------------------------------------------------------


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes a whole number, not {text[:30]!r}") from None


def _seed(text: str) -> int:
    try:
        return read_seed(text)
    except OptionsError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _seconds_up_to(most: int, example: str) -> Callable[[str], float]:
    """A flag's seconds, from 0 to `most`; `example` shows one in the message for text that is no number."""

    def check(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"takes seconds, like {example}, not {text[:30]!r}") from None
        if not 0 <= value <= most:
            raise argparse.ArgumentTypeError(f"must be from 0 to {most} seconds, not {text}")
        return value

    return check


_delay = _seconds_up_to(10, "0.5")
_seconds = _seconds_up_to(3600, "60")


def _whole_in(low: int, high: int, unit: str) -> Callable[[str], int]:
    """A flag's whole number from `low` to `high` (both allowed), counted in `unit`."""

    def check(text: str) -> int:
        value = _whole(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high} {unit}, not {value}")
        return value

    return check


_turn_seconds = _whole_in(*TURN_SECONDS_RANGE, "seconds")
_timeouts_to_bot = _whole_in(*TIMEOUTS_TO_BOT_RANGE, "timeouts")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _at_most(most: int, unit: str) -> argparse._ActionType:
    def check(text: str) -> int:
        value = _positive(text)
        if value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most} {unit}, not {value}")
        return value

    return check


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of milliseconds: {text!r}") from None
    if not 0 < value <= 60_000:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 60000 ms, not {text}")
    return value


def _port(text: str) -> int:
    value = _whole(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"is a port from 1 to 65535 (0: any free port), not {value}")
    return value


def _web_port(text: str) -> int:
    """`yaniv serve`'s port: never 0, since the page's address is said before it serves (a port the system picked
    then could not be told)."""
    value = _whole(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            f"is a port from 1 to 65535 (the page's address is said before it serves), not {value}"
        )
    return value


def _sessions(text: str) -> int:
    value = _whole(text)
    if not 1 <= value <= MAX_SESSIONS:
        raise argparse.ArgumentTypeError(f"takes 1 to {MAX_SESSIONS} sessions at once, not {value}")
    return value


#: A page's address as browsers see it: http(s), a host (name, IPv4 or [IPv6]), an optional port and path.
_PUBLIC_URL = re.compile(
    r"https?://(?:[A-Za-z0-9][A-Za-z0-9.-]*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~%/-]*)?"
)


def _public_url(text: str) -> str:
    if not _PUBLIC_URL.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"takes the page's http:// or https:// address, e.g. https://yaniv.example.org, not {text[:60]!r}"
        )
    return text


def _ip_address(text: str) -> str:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"is the proxy's IP address as this machine sees it (e.g. 127.0.0.1), not {text!r}"
        ) from None


# -- the parser ---------------------------------------------------------------------------------


def _add_play_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ruleset", metavar="ID|PATH", help="a preset id, one of your own rulesets (see 'yaniv rulesets'), or a file"
    )
    parser.add_argument(
        "--players",
        metavar="SEATS",
        help="seats in order, comma-separated: a name is a human, bot:LEVEL (or bot:LEVEL:NAME) a bot, "
        f"and with 'yaniv host' remote (or remote:NAME) a player on another machine; levels: {', '.join(BOT_LEVELS)}",
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const=NEWEST,
        metavar="ID",
        help="go straight back to the newest game in progress, or to the game whose id starts with ID "
        "(see 'yaniv saves')",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        metavar="N",
        help=f"deal the same game again (0 or more, at most {MAX_SEED_DIGITS} digits)",
    )
    parser.add_argument(
        "--bot-delay", type=_delay, metavar="SECONDS", help=f"pause before a bot plays (default {DEFAULT_BOT_DELAY})"
    )
    parser.add_argument("--ascii", action="store_true", default=None, help="suits as S H D C instead of ♠ ♥ ♦ ♣")
    parser.add_argument("--quiet", action="store_true", help="no bell on your turn or on a Yaniv call")
    parser.add_argument(
        "--yaniv-limit", type=_whole, metavar="N", help="call Yaniv at N or less: a limit the ruleset offers"
    )
    parser.add_argument(
        "--end-score", type=_whole, metavar="N", help="the score that ends the game: one the ruleset offers"
    )
    parser.add_argument("--hand-size", type=_whole, metavar="N", help="deal N cards: a hand size the ruleset offers")
    low, high = TURN_SECONDS_RANGE
    parser.add_argument(
        "--turn-seconds",
        type=_turn_seconds,
        metavar="N",
        help=f"a clock on each person's turn: after N seconds ({low} to {high}) a bot plays it",
    )
    low, high = TIMEOUTS_TO_BOT_RANGE
    parser.add_argument(
        "--timeouts-to-bot",
        type=_timeouts_to_bot,
        metavar="K",
        help=f"with --turn-seconds: after K timeouts in a row ({low} to {high}; default {DEFAULT_TIMEOUTS_TO_BOT}) a "
        "bot plays the seat until its player acts again",
    )


def _add_sim_flags(sim: argparse.ArgumentParser) -> None:
    sim.add_argument(
        "--ruleset",
        default=DEFAULT_RULESET,
        metavar="ID|PATH",
        help=f"a preset id, one of your own rulesets, or a .toml file (default {DEFAULT_RULESET})",
    )
    sim.add_argument(
        "--seats",
        metavar="LEVELS",
        help=f"bot levels, one per seat, comma separated ({', '.join(BOT_LEVELS)}); default {DEFAULT_SIM_SEATS}",
    )
    count = sim.add_mutually_exclusive_group()
    count.add_argument(
        "--games",
        type=_positive,
        metavar="N",
        help=f"play this many whole games (default 100; with --ladder, a pairing's, default {LADDER_GAMES})",
    )
    count.add_argument("--rounds", type=_positive, metavar="N", help="play this many single rounds instead of games")
    sim.add_argument(
        "--seed",
        type=_seed,
        default=1,
        metavar="N",
        help=f"the run's seed, 0 or more, at most {MAX_SEED_DIGITS} digits (default 1)",
    )
    sim.add_argument("--json", action="store_true", help="print the figures as JSON")
    sim.add_argument(
        "--record",
        metavar="DIR",
        help="write each game's record to this folder, one JSON Lines file a game (see docs/game-record.md)",
    )
    sim.add_argument("--slap-down", choices=("on", "off"), help="turn the slap-down rule on or off")
    sim.add_argument("--yaniv-limit", type=int, metavar="N", help="a Yaniv limit the ruleset offers")
    sim.add_argument(
        "--end-score", type=_whole, metavar="N", help="the score that ends the game: one the ruleset offers"
    )
    sim.add_argument("--end-limit", type=_whole, dest="end_score", metavar="N", help="the old name of --end-score")
    sim.add_argument("--hand-size", type=_whole, metavar="N", help="deal N cards: a hand size the ruleset offers")
    sim.add_argument(
        "--expert-ms", type=_budget, metavar="MS", help="the expert's thinking time a move, in ms (default 200)"
    )
    sim.add_argument(
        "--expert-samples",
        type=_at_most(MAX_EXPERT_SAMPLES, "guesses a move"),
        metavar="N",
        help=f"the expert takes this many guesses a move (at most {MAX_EXPERT_SAMPLES}) instead of a time budget: "
        "the run repeats exactly",
    )
    sim.add_argument(
        "--jobs",
        type=_at_most(MAX_JOBS, "processes"),
        metavar="N",
        default=1,
        help=f"processes to spread the games over (default 1, at most {MAX_JOBS})",
    )
    _add_ladder_flags(sim)


def _add_ladder_flags(sim: argparse.ArgumentParser) -> None:
    ladder = sim.add_argument_group(
        "the ladder",
        "--ladder plays every level against every other and prints each level's rating: a Bradley-Terry fit of "
        "the rounds (and, beside it, of the whole games), easy = 1000, 400 points = odds of 10 to 1, with 95% "
        "intervals from a seeded bootstrap over games. A pairing A, B plays heads-up (A B) or at four seats two of "
        "each, alternately (A B A B), the seats rotating a place a game; a game counts as one win for the level whose "
        "seat won it (a shared win is split), a round the same for its winner. Unless told otherwise the expert "
        f"takes {LADDER_EXPERT_SAMPLES} guesses a move, so the ladder repeats exactly.",
    )
    ladder.add_argument("--ladder", action="store_true", help="rate every level against every other")
    ladder.add_argument(
        "--levels",
        metavar="LEVELS",
        help=f"the levels the ladder rates, comma separated (default all: {','.join(BOT_LEVELS)})",
    )
    ladder.add_argument(
        "--seats-per-game",
        type=_whole,
        choices=LADDER_SEATS,
        metavar="2|4",
        help="heads-up games, or four seats two of each level (default 2)",
    )
    ladder.add_argument(
        "--write",
        nargs="?",
        const=LADDER_WRITE_DEFAULT,
        metavar="FILE",
        help="store the ratings in the package's ratings file (the setup screen shows the israeli heads-up table), "
        "or in FILE",
    )


def _add_ssh_flags(parser: argparse.ArgumentParser, *, sessions: str) -> None:
    parser.add_argument(
        "--ssh",
        type=_port,
        metavar="PORT",
        help="also let friends join with nothing installed: 'ssh -p PORT NAME@HOST' opens the join screen",
    )
    parser.add_argument(
        "--max-sessions",
        type=_sessions,
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=f"the most {sessions} served at once (default {DEFAULT_MAX_SESSIONS}); past it one line says so",
    )


def _add_host_flags(host: argparse.ArgumentParser) -> None:
    _add_play_flags(host)
    host.add_argument(
        "--port",
        type=_port,
        metavar="N",
        help=f"the port to listen on (default {DEFAULT_PORT}; a resumed table's own)",
    )
    host.add_argument(
        "--public",
        action="store_true",
        help="listen on every network of this machine (0.0.0.0); without it, on this machine only (127.0.0.1)",
    )
    host.add_argument(
        "--headless", action="store_true", help="serve the table with no screen: every seat remote or a bot"
    )
    host.add_argument(
        "--cert",
        metavar="FILE",
        help="serve the table over TLS (wss://) with this certificate (PEM); give --key too unless it holds the key",
    )
    host.add_argument("--key", metavar="FILE", help="the certificate's private key (PEM), for --cert")
    host.add_argument(
        "--trust-proxy",
        type=_ip_address,
        metavar="ADDRESS",
        help="the reverse proxy in front of the table: its X-Forwarded-For says each player's address, so a "
        "guesser behind it does not slow the others",
    )
    host.add_argument(
        "--away-bot",
        type=level_word,
        choices=BOT_LEVELS,
        metavar="LEVEL",
        help="a bot of LEVEL plays an away player's turns",
    )
    host.add_argument(
        "--away-after",
        type=_seconds,
        metavar="SECONDS",
        help=f"with --away-bot: how long an away player's turn waits before the away bot plays it "
        f"(default {DEFAULT_AWAY_AFTER:g})",
    )
    host.add_argument(
        "--no-watchers", action="store_true", help="refuse watchers ('yaniv watch'): only the players see the table"
    )
    _add_ssh_flags(host, sessions="SSH sessions (with --ssh)")


def _add_table_flags(command: argparse.ArgumentParser) -> None:
    """What `yaniv join` and `yaniv watch` both take: the table's address and code (a screen asks for what is not
    given) and the cards' suits."""
    command.add_argument(
        "address",
        nargs="?",
        metavar="HOST[:PORT]",
        help=f"the host's address (port {DEFAULT_PORT}); wss://HOST:PORT for a table over TLS",
    )
    command.add_argument("code", nargs="?", metavar="CODE", help="the room code the host shows")
    command.add_argument("--ascii", action="store_true", default=None, help="suits as S H D C instead of ♠ ♥ ♦ ♣")


def _add_network_commands(commands: argparse._SubParsersAction[_Parser]) -> None:
    host = commands.add_parser(
        "host",
        help="open a table that friends join from other machines",
        description="Open a table with seats played from other machines: it prints, and shows, the command they "
        "join with. Without --players the setup screen opens (a seat's kind cycles to Remote).",
    )
    _add_host_flags(host)
    join = commands.add_parser(
        "join",
        help="sit at a friend's table on another machine",
        description="Sit at a table opened with 'yaniv host'. Without the address and code a screen asks for them "
        "(with the address alone, for the code).",
    )
    _add_table_flags(join)
    join.add_argument("--name", metavar="NAME", help="your name at the table")
    join.add_argument("--quiet", action="store_true", help="no bell on your turn or on a Yaniv call")
    watch = commands.add_parser(
        "watch",
        help="watch a friend's table on another machine, with no seat",
        description="Watch a table opened with 'yaniv host': every hand face down, the pile, the log, the scores "
        "and each round's reveal. A watcher never plays. Without the address and code a screen asks for them.",
    )
    _add_table_flags(watch)
    watch.add_argument("--quiet", action="store_true", help="no bell on a Yaniv call")
    serve = commands.add_parser(
        "serve",
        help="serve 'yaniv join' (with --play, the whole game) to web browsers (textual-serve)",
        description="Serve 'yaniv join' to web browsers: a friend opens the page, types the address, the code "
        "and a name, and plays. With --play each page is the whole game instead, as 'yaniv' in a terminal: "
        "its own saves, history and settings, kept for that browser.",
    )
    serve.add_argument(
        "--play",
        action="store_true",
        help="serve the whole game ('yaniv': bots, one keyboard, Continue, saved games, stats, replays) instead "
        "of 'yaniv join'; each browser keeps its own saves",
    )
    serve.add_argument(
        "--port",
        type=_web_port,
        default=DEFAULT_SERVE_PORT,
        metavar="N",
        help=f"the web port (default {DEFAULT_SERVE_PORT})",
    )
    serve.add_argument(
        "--public", action="store_true", help="serve every network of this machine; without it, this machine only"
    )
    serve.add_argument(
        "--public-url",
        type=_public_url,
        metavar="URL",
        help="the page's http(s) address as browsers see it (behind a proxy); without it, the address they used",
    )
    serve.add_argument(
        "--trust",
        metavar="CERT",
        help="trust this certificate (PEM: a TLS table's own, self-signed, as 'yaniv host --cert' serves it) beside "
        "the system's for the tables the pages (and, with --ssh, the SSH sessions) join, as 'SSL_CERT_FILE=CERT yaniv "
        "join' does in a terminal: a guest cannot; the address typed must be a name or address the certificate is "
        "made out to",
    )
    _add_ssh_flags(serve, sessions="browsers, and the most SSH sessions,")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: a game's flags with no subcommand, and `sim`, `host`, `join`, `watch`, `serve`, `export`,
    `replay`, `review`, `rulesets`, `stats`, `saves`."""
    parser = _Parser(
        prog="yaniv",
        usage="%(prog)s [flags of a game]\n       %(prog)s COMMAND [its flags]",
        description="Play Yaniv in the terminal. Without --players the setup screen opens.",
        epilog="Each command has its own --help, e.g. 'yaniv sim --help'.",
    )
    _add_play_flags(parser)
    parser.add_argument("--version", action="version", version=f"yaniv {__version__}")
    commands = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND", prog="yaniv")
    sim = commands.add_parser(
        "sim",
        help="bots play Yaniv headless, and their figures are printed",
        description="Bots play Yaniv headless; prints each player's figures with 95% intervals.",
    )
    _add_sim_flags(sim)
    _add_network_commands(commands)
    export = commands.add_parser(
        "export",
        help="write a finished game's record to a file",
        description="Writes the record of a finished game of your history: every deal and every move, one JSON "
        "line each (docs/game-record.md).",
    )
    export.add_argument(
        "id",
        metavar="ID",
        help="the game's id, or enough of its start to name one game; - alone: the newest finished game's record to "
        "the output",
    )
    export.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="where to write it (default yaniv-<id>.jsonl here, or in the folder given; - for the output)",
    )
    replay = commands.add_parser(
        "replay",
        help="step through a finished game, every hand face up",
        description="Steps through a finished game with every hand face up: the newest finished game of your "
        "history, one by its id, or a record file (yaniv export writes one).",
    )
    replay.add_argument(
        "game",
        metavar="ID|FILE",
        nargs="?",
        help="the game's id (or enough of its start to name one game), or a record file (.jsonl)",
    )
    review = commands.add_parser(
        "review",
        help="the expert's review of a finished game: each poor move marked",
        description="The expert judges each decision of a seat from what that seat could see, and marks the moves "
        "that cost points (docs/review.md). Only a finished game is reviewed.",
    )
    review.add_argument(
        "game",
        metavar="ID|FILE",
        nargs="?",
        help="a game's id (or enough of its start), or a record file (default: the newest finished game)",
    )
    review.add_argument(
        "--seat", metavar="NAME|N", help="the seat to review, by its name or number (default: every person's seat)"
    )
    listings = {
        name: commands.add_parser(name, help=f"list {what}", description=f"Lists {what}.")
        for name, what in LISTINGS.items()
    }
    listings["stats"].add_argument(
        "--ruleset", metavar="NAME", help="only the games of this ruleset (its id, as 'israeli', or its name)"
    )
    listings["stats"].add_argument(
        "--games",
        action="store_true",
        help="list the finished games instead, newest first, with the ids 'yaniv replay', 'review' and 'export' take",
    )
    return parser


def _mistyped_flag(parser: argparse.ArgumentParser, argv: list[str], error: UsageError) -> UsageError | None:
    """The error for a flag of a game that `yaniv` does not know, given with its value after it and no command
    (`yaniv --tabel x.toml`): argparse leaves the flag aside and says its value is no command, naming the value and
    not the flag. None for any other error."""
    if error.prog != "yaniv" or not str(error).startswith("argument COMMAND: invalid choice"):
        return None
    known = parser._option_string_actions  # argparse's own table of the flags it takes
    for at, arg in enumerate(argv[:-1]):
        if arg.startswith("-") and arg != "-" and "=" not in arg and not any(flag.startswith(arg) for flag in known):
            shown = " ".join(argv[at : at + 2])
            return UsageError(f"unrecognized arguments: {shown} (see yaniv --help)")
    return None


def _dashed_name(parser: argparse.ArgumentParser, argv: list[str], error: UsageError) -> UsageError | None:
    """The error for `yaniv join --name -x`: the name rule takes a name starting with '-', but argparse reads it as a
    flag and says `--name` has no value. The line names the form it is taken in (`--name=-x`), or says what the name
    rule refuses in it. None for any other error, and for `--name` followed by a flag `yaniv join` takes (no name was
    given)."""
    if error.prog != "yaniv join" or not str(error).startswith("argument --name: expected one argument"):
        return None
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    known = commands.choices["join"]._option_string_actions  # argparse's own table of the flags `yaniv join` takes
    for arg, value in itertools.pairwise(argv):
        flag = value.split("=", 1)[0]
        if arg == "--" or len(arg) < 3 or not "--name".startswith(arg) or not value.startswith("-"):
            continue
        if any(known_flag.startswith(flag) for known_flag in known):
            return None
        try:
            check_name(value)
        except OptionsError as refused:
            return UsageError(str(refused), "yaniv join")
        fix = shlex.quote(f"--name={value}")
        return UsageError(
            f"--name {quoted(value)}: a name starting with '-' reads as a flag: give it as {fix}", "yaniv join"
        )
    return None


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The parsed command line; UsageError (one line) for anything it does not take."""
    argv = list(argv)
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
    except UsageError as error:
        raise _mistyped_flag(parser, argv, error) or _dashed_name(parser, argv, error) or error from None
    command: str | None = args.command
    if command is None:
        if extra:
            raise UsageError(f"unrecognized arguments: {' '.join(extra)} (see yaniv --help)")
        return args
    before = [arg for arg in argv[: argv.index(command)] if arg.startswith("-")]
    if before:  # a game's flag, which the command would silently drop
        raise UsageError(f"{before[0]} is a flag of a game, not of 'yaniv {command}' (see yaniv --help)")
    if extra and command in LISTINGS:
        takes = "only --ruleset NAME and --games" if command == "stats" else "no arguments"
        more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
        raise UsageError(f"'yaniv {command}' takes {takes}, got {quoted(extra[0])}{more}")
    asked_to_watch = [arg for arg in extra if arg in _WATCH_FLAGS]
    if command == "join" and asked_to_watch:  # watching is a command of its own
        table = " ".join(given for given in (args.address, args.code) if given) or "HOST[:PORT] CODE"
        raise UsageError(
            f"unrecognized arguments: {asked_to_watch[0]}: to watch with no seat, 'yaniv watch {table}'", "yaniv join"
        )
    if extra:
        raise UsageError(f"unrecognized arguments: {' '.join(extra)} (see yaniv {command} --help)", f"yaniv {command}")
    return args


#: The flags a friend may guess `yaniv join` watches with: they are told it is `yaniv watch`.
_WATCH_FLAGS = ("--watch", "--watcher", "-w")
