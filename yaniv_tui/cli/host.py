"""`yaniv host`: a game whose remote seats are played from other machines, at this screen or headless."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from yaniv_tui.engine import Game, Seat

from .parser import NEWEST, UsageError
from .play import EXIT_USAGE, catch_up, options_from_args, resume_id, saved_game

if TYPE_CHECKING:
    from yaniv_tui.store import SavedGame
    from yaniv_tui.tui.options import GameOptions
    from yaniv_tui.tui.remote import Host, HostFactory
    from yaniv_tui.tui.session import Session

#: How long a headless host stays up once the game is over, so every seat gets the final view.
LINGER = 2.0


def tables_dir() -> Path:
    """Where a host keeps each table's room code and seat tokens, for `yaniv host --resume`."""
    from yaniv_tui.store.paths import data_dir

    return data_dir() / "tables"


def _table_file(game_id: str) -> Path:
    return tables_dir() / f"{re.sub(r'[^0-9a-zA-Z-]', '', game_id)}.json"


def _read_table(game_id: str) -> tuple[str | None, dict[int, str] | None]:
    """The room code and seat tokens a table had (None, None for a new one or an unreadable file)."""
    try:
        data = json.loads(_table_file(game_id).read_text(encoding="utf-8"))
        tokens = {int(seat): str(token) for seat, token in data["tokens"].items()}
        return str(data["code"]), tokens
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None, None


def _write_table(game_id: str, host: Host) -> None:
    """Keep the room code and the tokens beside the saves; a folder that refuses only loses `--resume`'s tokens."""
    path = _table_file(game_id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"code": host.code, "tokens": host.tokens}), encoding="utf-8")
        path.chmod(0o600)
    except OSError as error:
        print(f"yaniv: the table's tokens are not kept ({error.strerror or error})", file=sys.stderr)


def host_factory(args: argparse.Namespace) -> HostFactory:
    """Makes net.TableHost for a game, on the flags' address and port, with the table's code and tokens again
    when the game is resumed."""
    net_host = importlib.import_module("yaniv_tui.net.host")

    def make(game: Game, seats: Sequence[Seat], game_id: str) -> Host:
        code, tokens = _read_table(game_id)
        host: Host = net_host.TableHost(
            game,
            seats,
            host="0.0.0.0" if args.public else "127.0.0.1",
            port=args.port,
            code=code,
            tokens=tokens,
            away_bot=args.away_bot,
            away_after=args.away_after,
        )
        _write_table(game_id, host)
        return host

    return make


def main(args: argparse.Namespace) -> int:
    """Run `yaniv host`; the exit status."""
    saved: SavedGame | None = None
    game_args = argparse.Namespace(**{**vars(args), "command": None})
    try:
        resume = resume_id(game_args)
        options, prefill = options_from_args(game_args, hosting=True)
        notices = catch_up()
        if resume is not None:
            saved = saved_game(None if resume == NEWEST else resume)
        if args.headless and options is None and saved is None:
            raise UsageError("--headless has no setup screen: give --players (or --resume)", "yaniv host")
        if options is not None and not any(seat.is_remote for seat in options.seats):
            raise UsageError("no seat is remote: give one as 'remote' in --players", "yaniv host")
        if notices:
            prefill["notices"] = notices
        prefill["hosting"] = True
        hosting = host_factory(args)
    except UsageError as error:
        print(f"{error.prog}: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.headless:
        delay = prefill.get("bot_delay")
        return headless(options, saved, hosting, delay if isinstance(delay, float) else 0.8)
    from yaniv_tui.tui.launch import run_app

    return run_app(options, prefill, saved, hosting=hosting)


def headless(options: GameOptions | None, saved: SavedGame | None, hosting: HostFactory, bot_delay: float) -> int:
    """Serve the table with no screen until the game is over; Ctrl+C stops it (`--resume` brings it back)."""
    from yaniv_tui.tui import gc_pause
    from yaniv_tui.tui.session import Session

    gc_pause.resume()  # no first screen is coming
    if saved is not None:
        session = Session.resumed(saved, bot_delay, hosted=True)
    else:
        assert options is not None
        session = Session(options)
    if session.humans:
        session.close()
        print("yaniv host: --headless has no screen for a human: make every seat remote or a bot", file=sys.stderr)
        return EXIT_USAGE
    try:
        return asyncio.run(serve(session, hosting))
    except KeyboardInterrupt:
        print(f"yaniv: stopped; 'yaniv host --resume {session.meta.game_id[:8]}' opens the table again")
        return 130
    finally:
        session.close()


async def serve(session: Session, hosting: HostFactory) -> int:
    """Play the game through its host: remote seats from their machines, bots here; save after each move."""
    from yaniv_tui.store import History

    host = hosting(session.game, session.options.seats, session.meta.game_id)
    try:
        await host.start()
    except OSError as error:
        print(f"yaniv host: cannot open the table: {error.strerror or error}", file=sys.stderr)
        return 1
    session.host_with(host)
    print(host.join_command(), flush=True)
    history = History()
    try:
        rounds = len(session.game.history)
        while not session.game.is_over:
            told = await session.next_move(session.game.current)
            if told:
                print(f"yaniv: {told}", file=sys.stderr)
            problem = session.save(None)
            if problem:
                print(f"yaniv: not saved: {problem}", file=sys.stderr)
            if len(session.game.history) > rounds:
                rounds = len(session.game.history)
                session.record(history)
        await asyncio.sleep(LINGER)
    finally:
        await host.stop()
    winners = " and ".join(session.game.players[s] for s in session.game.winners)
    print(f"{winners} won after {len(session.game.history)} rounds.", flush=True)
    return 0
