"""`yaniv host`: a game whose remote seats are played from other machines, at this screen or headless."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ssl
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from yaniv_tui.engine import Game, Seat

from .parser import DEFAULT_AWAY_AFTER, NEWEST, UsageError
from .play import EXIT_USAGE, catch_up, options_from_args, resume_id, resumed_notices, saved_game

if TYPE_CHECKING:
    from yaniv_tui.engine.clock import TurnClock
    from yaniv_tui.net.host import TableHost
    from yaniv_tui.store import Claimed
    from yaniv_tui.table.launch_options import LaunchOptions
    from yaniv_tui.table.options import GameOptions
    from yaniv_tui.table.session import Session

    from .serve_ssh import SshServer, SshThread

#: How long a headless host stays up once the game is over, so every seat gets the final view.
LINGER = 2.0
#: The most minutes a headless host with `--ssh` waits, once the game is over, for its SSH sessions to end: their
#: screens (the game's end, its record) are processes of its own, and end with it.
SSH_LINGER_MINUTES = 10

#: Said at the start of a headless table where nothing plays for a player who leaves (held_up_line).
HELD_UP = (
    "a remote seat no one plays (its player gone, or never come) holds the table up until someone does: with no"
    " screen, no one can hand it to a bot (--away-bot LEVEL plays it once it is away or never taken, --turn-seconds N"
    " a taken seat's turn once its time runs out)"
)
#: The same, said at a timed table with no away bot: the clock times a seat someone holds, and waits for the others.
HELD_UP_UNTAKEN = (
    "a remote seat nobody has taken holds the table up until someone joins it (the turn clock times only a seat"
    " someone holds): with no screen, no one can hand it to a bot (--away-bot LEVEL plays it after --away-after"
    " SECONDS)"
)

#: Makes the host of a game, given the game, its seats and its id.
MakeHost = Callable[[Game, Sequence[Seat], str], "TableHost"]


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """The TLS context of `--cert` (and `--key`), or None without them; UsageError (one line) if they cannot serve."""
    if cert is None:
        if key is not None:
            raise UsageError("--key goes with --cert: give the certificate too", "yaniv host")
        return None
    for flag, path in (("--cert", cert), ("--key", key)):
        if path is not None:
            check_pem_file(flag, path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as error:
        reason = getattr(error, "strerror", None) or getattr(error, "reason", None) or error
        raise UsageError(
            f"--cert {_shown(cert)}: cannot be used as a TLS certificate and key ({reason})", "yaniv host"
        ) from None
    return context


def _shown(path: str) -> str:
    """A path given on the command line as a line shows it: its control characters escaped."""
    from yaniv_tui.engine.ruleset_read import printable

    return printable(path)


def check_pem_file(flag: str, path: str, prog: str = "yaniv host", use: str = "a TLS certificate and key") -> None:
    """UsageError (one line, of `prog`) unless `path` is a PEM file that can be read (join.read_pem_file)."""
    from .join import PemFileError, read_pem_file

    try:
        read_pem_file(path, use)
    except PemFileError as error:
        raise UsageError(f"{flag} {_shown(path)}: {error}", prog) from None


def host_factory(args: argparse.Namespace) -> MakeHost:
    """Makes the TableHost of a game, on the flags' address and port, with the table's room code and seat tokens
    again when the game is resumed (kept by store/tables.py)."""
    from yaniv_tui.net.host import DEFAULT_PORT, TableHost
    from yaniv_tui.store.tables import load_table
    from yaniv_tui.table.options import named_remote

    tls = tls_context(args.cert, args.key)

    def make(game: Game, seats: Sequence[Seat], game_id: str) -> TableHost:
        # TableFileError (one line) for a damaged one, or one whose tokens name seats no other machine plays.
        kept = load_table(game_id, remote={s for s, seat in enumerate(seats) if seat.is_remote})
        code, tokens = (kept.code, kept.tokens) if kept is not None else (None, None)
        # A new table's seats named by its host wait for their players; a resumed one's are those it kept (none in a
        # file from before they were kept: the names in its save may be its joiners').
        named = named_remote(seats) if kept is None else (kept.named or ())
        # A resumed table listens where it did, so its players' join command still finds it.
        port = args.port if args.port is not None else (kept.port if kept and kept.port else DEFAULT_PORT)
        public = args.public or bool(kept and kept.public)
        return TableHost(
            game,
            seats,
            host="0.0.0.0" if public else "127.0.0.1",
            port=port,
            code=code,
            tokens=tokens,
            away_bot=args.away_bot,
            away_after=DEFAULT_AWAY_AFTER if args.away_after is None else args.away_after,
            ssl_context=tls,
            trust_proxy=args.trust_proxy,
            watchers=not args.no_watchers,
            opens_seats=not args.headless,  # no screen: no seats screen to open one at
            named=named,
        )

    return make


def main(args: argparse.Namespace) -> int:
    """Run `yaniv host`; the exit status."""
    claimed: Claimed | None = None
    told: tuple[str, ...] = ()  # what a headless host prints after its join command
    game_args = argparse.Namespace(**{**vars(args), "command": None})
    try:
        if args.away_after is not None and args.away_bot is None:
            raise UsageError(
                "--away-after goes with --away-bot: without an away bot, an away player's turn waits", "yaniv host"
            )
        resume = resume_id(game_args, "yaniv host")
        if resume is not None:
            game_args.timeouts_to_bot = None  # the resumed table's own clock may be what it counts: resumed_clock
        options, launch = options_from_args(game_args, hosting=True)
        launch = replace(launch, notices=tuple(catch_up()))
        if resume is not None:
            claimed = saved_game(None if resume == NEWEST else resume, hosted=True, told=launch.notices)
            saved, lock = claimed
            launch = replace(launch, notices=resumed_notices(launch.notices, claimed))
            try:
                if not saved.is_table:
                    raise UsageError(
                        f"the game {saved.game_id[:8]} has no remote seat: "
                        f"'yaniv --resume {saved.game_id[:8]}' plays it",
                        "yaniv host",
                    )
                launch, clock_said = resumed_clock(launch, saved.game_id, args)
            except UsageError:
                if lock is not None:
                    lock.release()
                raise
            if args.headless:
                told = (clock_said,)
            else:
                launch = replace(launch, notices=(*launch.notices, clock_said))
        if args.headless and options is None and claimed is None:
            raise UsageError("--headless has no setup screen: give --players (or --resume)", "yaniv host")
        if options is not None and not any(seat.is_remote for seat in options.seats):
            raise UsageError("no seat is remote: give one as 'remote' in --players", "yaniv host")
        hosting = host_factory(args)
    except UsageError as error:
        print(f"{error.prog}: {error}", file=sys.stderr)
        return EXIT_USAGE
    ssh: SshThread | None = None
    said: tuple[str, ...] = told
    hosts: list[tuple[str, TableHost]] = []
    if args.ssh is not None:
        from .serve_ssh import SshError, open_ssh, ssh_line

        hosting = _kept(hosting, hosts)
        try:
            ssh = open_ssh(
                args.ssh,
                public=args.public,
                max_sessions=args.max_sessions,
                table=lambda: _at(hosts),
                cert=args.cert,
            )
        except SshError as error:
            if claimed is not None and claimed.lock is not None:
                claimed.lock.release()
            print(f"yaniv host: {error}", file=sys.stderr)
            return 1
        said = (*said, ssh_line(ssh.server, args.public))
    try:
        if args.headless:
            status = headless(options, claimed, hosting, launch, said)
            if ssh is not None and status == 0:
                until_sessions_end(ssh.server)
            return status
        from yaniv_tui.tui.launch import run_app

        return run_app(options, replace(launch, notices=(*launch.notices, *said)), claimed, hosting=hosting)
    finally:
        if ssh is not None:
            game_id = hosts[-1][0] if hosts else None
            ssh.stop(ended_line(game_id), keyless=ended_line(game_id, keyed=False))


def ended_line(game_id: str | None, *, keyed: bool = True) -> str:
    """What each SSH player is told as the host's table ends their session: the host ended it, and, for a game
    still in progress (its table kept, store/tables.py), that it is saved and how they come back to it: the same way
    with their key (its folder keeps their seat's token), or, not `keyed` (their seat's token went with the session),
    by asking the host to open their seat for them, which a join then takes afresh."""
    from yaniv_tui.store.tables import table_path

    if game_id is None or not table_path(game_id).exists():
        return "yaniv: the host ended the table."
    if not keyed:
        return (
            "yaniv: the host ended the table. The game is saved, but your seat went with this session (you came with"
            " no SSH key): once the host opens it again, ask them to open your seat for you (t at their table), then"
            " connect and join."
        )
    return (
        "yaniv: the host ended the table. The game is saved: once the host opens it again, connect the same way to"
        " come back to it."
    )


def resumed_clock(launch: LaunchOptions, game_id: str, args: argparse.Namespace) -> tuple[LaunchOptions, str]:
    """`launch` with the turn clock a resumed table is played with (table/hosted.resumed_clock: its own, each flag
    given again winning), and the line telling its host which. UsageError (one line) for `--timeouts-to-bot` where the
    table resumes with no clock."""
    from yaniv_tui.table.hosted import resumed_clock as table_clock
    from yaniv_tui.table.options import OptionsError

    try:
        seconds, to_bot, said = table_clock(game_id, args.turn_seconds, args.timeouts_to_bot)
    except OptionsError as error:
        raise UsageError(str(error), "yaniv host") from None
    return replace(launch, turn_seconds=seconds, timeouts_to_bot=to_bot), said


def _kept(make: MakeHost, hosts: list[tuple[str, TableHost]]) -> MakeHost:
    """`make`, keeping each host it makes in `hosts`, with its game's id (for `--ssh`: where the table is, and whether
    its game is saved when it ends)."""

    def making(game: Game, seats: Sequence[Seat], game_id: str) -> TableHost:
        host = make(game, seats, game_id)
        hosts.append((game_id, host))
        return host

    return making


def _at(hosts: list[tuple[str, TableHost]]) -> str | None:
    """The address of the newest table in `hosts` as its join command gives it (None before it listens): what an
    SSH session's `yaniv join` is given, on this machine."""
    if not hosts or hosts[-1][1].port == 0:
        return None
    return hosts[-1][1].join_address()


def until_sessions_end(server: SshServer, minutes: float = SSH_LINGER_MINUTES) -> None:
    """Once a headless game is over, while `server` still has SSH sessions: wait for them to end (at most `minutes`;
    Ctrl+C ends them now), saying so in one line. Their players still read the game's end on screens this process
    draws."""
    if server.sessions == 0:
        return
    print(
        "yaniv: the game is over: waiting for the players over SSH to leave "
        f"(at most {minutes:g} minutes; ctrl+c ends their sessions now)",
        file=sys.stderr,
        flush=True,
    )
    deadline = time.monotonic() + minutes * 60
    with contextlib.suppress(KeyboardInterrupt):
        while server.sessions > 0 and time.monotonic() < deadline:
            time.sleep(0.2)


def held_up_line(host: TableHost, clock: TurnClock | None) -> str | None:
    """HELD_UP, when a remote seat no one plays would hold up a headless table at `host` (timed by `clock`): no away
    bot plays it, and the seats screen (`t`, which hands a seat to a bot) is a screen's; HELD_UP_UNTAKEN where the
    clock plays a turn whose time runs out, which it does only of a seat someone holds."""
    if host.away_bot is not None:
        return None
    return HELD_UP_UNTAKEN if clock is not None and clock.on else HELD_UP


def headless(
    options: GameOptions | None,
    claimed: Claimed | None,
    hosting: MakeHost,
    launch: LaunchOptions,
    said: Sequence[str] = (),
) -> int:
    """Serve the table with no screen until the game is over, printing `said` after its join command; Ctrl+C stops
    it (`--resume` brings it back)."""
    from yaniv_tui.table import gc_pause
    from yaniv_tui.table.session import Session

    gc_pause.resume()  # no first screen is coming
    if claimed is not None:
        session = Session.resumed(
            claimed.saved,
            launch.bot_delay,
            hosted=True,
            lock=claimed.lock,
            turn_seconds=launch.turn_seconds,
            timeouts_to_bot=launch.timeouts_to_bot,
        )
    else:
        assert options is not None
        session = Session(options)
    if session.humans:
        session.close()
        print("yaniv host: --headless has no screen for a human: make every seat remote or a bot", file=sys.stderr)
        return EXIT_USAGE
    try:
        return asyncio.run(serve(session, hosting, said))
    except KeyboardInterrupt:
        print(f"yaniv: stopped; 'yaniv host --resume {session.meta.game_id[:8]}' opens the table again")
        return 130
    finally:
        session.close()


async def serve(session: Session, hosting: MakeHost, said: Sequence[str] = ()) -> int:
    """Play the game through its host with the table's runner (table/headless.py): remote seats from their
    machines, bots here, saved after each move and recorded as it goes."""
    from yaniv_tui.store.tables import TableFileError
    from yaniv_tui.table.headless import run_headless
    from yaniv_tui.table.hosted import HostedSession

    try:
        host = hosting(session.game, session.options.seats, session.meta.game_id)
    except TableFileError as error:
        print(f"yaniv host: the table's room code and tokens cannot be read: {error}", file=sys.stderr)
        return 1
    try:
        await host.start()
    except OSError as error:
        print(f"yaniv host: cannot open the table: {error.strerror or error}", file=sys.stderr)
        return 1
    print(host.join_command(), flush=True)
    for line in said:
        print(f"yaniv: {line}", flush=True)
    held_up = held_up_line(host, session.clock)
    if held_up is not None:
        print(f"yaniv: {held_up}", file=sys.stderr, flush=True)
    stopping: list[bool] = []

    def say(line: str) -> None:
        if not stopping:  # the host closing every connection is no player leaving
            print(f"yaniv: {line}", file=sys.stderr)

    try:
        hosted = HostedSession.taking_over(session, host)
        game = await run_headless(hosted, say=say)
        await asyncio.sleep(LINGER)
    finally:
        stopping.append(True)
        await host.stop()
    print(winner_line([game.players[s] for s in game.winners], len(game.history)), flush=True)
    return 0


def winner_line(winners: Sequence[str], rounds: int) -> str:
    """A headless table's last line: who won, after how many rounds."""
    from yaniv_tui.table.words import subject

    return f"{subject(winners, start=True)} won after {rounds} round{'s' if rounds != 1 else ''}."
