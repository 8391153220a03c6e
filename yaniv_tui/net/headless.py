"""A hosted table with no screen: bots and remote seats play, the game saved after every move (`host --headless`)."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable, Sequence
from typing import Protocol

from yaniv_tui.bots import Bot, make_bot
from yaniv_tui.engine import Game, Seat, is_name
from yaniv_tui.store import History, SavedGame, SaveError, SaveMeta, remove_save, save_game
from yaniv_tui.store.tables import load_table, remove_table, save_table

from .host import DEFAULT_PORT, TableHost


def host_from_save(
    saved: SavedGame,
    *,
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    away_bot: str | None = None,
    away_after: float = 60.0,
    ssl_context: ssl.SSLContext | None = None,
) -> TableHost:
    """The table of a saved hosted game, with its room code and seat tokens (`yaniv host --resume`), so every
    player rejoins with the same command. TableFileError (store.tables) if its table file is damaged."""
    kept = load_table(saved.game_id)
    code, tokens = (kept.code, kept.tokens) if kept is not None else (None, None)
    seats = tuple(seat.named(name) for name, seat in zip(saved.game.players, saved.meta.seats, strict=True))
    return TableHost(
        saved.game,
        seats,
        host=host,
        port=port,
        code=code,
        tokens=tokens,
        away_bot=away_bot,
        away_after=away_after,
        ssl_context=ssl_context,
    )


class KeptTable(Protocol):
    """What `keep_table` needs of a host: its room code, its seats' tokens and the names joiners gave."""

    code: str
    tokens: dict[int, str]
    names: list[str]
    port: int

    @property
    def public(self) -> bool: ...


def keep_table(host: KeptTable, game: Game, meta: SaveMeta) -> str | None:
    """Save the game and the table's code and tokens, with the names joiners gave; the one-line problem, if any."""
    names = tuple(host.names)
    if names != game.players and all(is_name(name) for name in names):
        game.players = names
    try:
        save_game(game, meta)
        save_table(meta.game_id, host.code, host.tokens, port=host.port, public=host.public)
    except SaveError as error:
        return str(error)
    except OSError as error:
        return f"cannot save the table: {error.strerror or error}"
    return None


async def serve_headless(
    host: TableHost,
    game: Game,
    seats: Sequence[Seat],
    *,
    meta: SaveMeta | None = None,
    bot_delay: float = 0.0,
    history: History | None = None,
    say: Callable[[str], None] | None = None,
) -> Game:
    """Play `game` at `host` until it is over: bots play the bot seats, `host.action_for` the remote ones;
    after each action every connected seat gets its view, the game is saved (with `meta`, or a new SaveMeta of
    `seats`) and its finished rounds recorded in `history` (the user's, unless given). `say` hears one line
    for each problem (a save that fails). Once the game is over and recorded, its save goes. The host must be
    started; it is not stopped here. Returns the finished game.
    """
    if any(seat.is_human for seat in seats):
        raise ValueError("a table with no screen has no seat for a human here: make it a remote seat")
    meta = meta or SaveMeta(tuple(seats))
    bots: dict[int, Bot] = {
        i: make_bot(seat.level, game.seed + 1000 * (i + 1)) for i, seat in enumerate(seats) if seat.level is not None
    }
    history = history or History()
    tell = say or (lambda line: None)

    def keep() -> None:
        problem = keep_table(host, game, meta)
        if problem is not None:
            tell(problem)

    previous = host.on_status

    def status_changed() -> None:  # a seat taken is a token to keep for `host --resume`
        keep()
        if previous is not None:
            previous()

    host.on_status = status_changed
    try:
        host.publish(game)
        keep()
        while not game.is_over:
            seat = game.current
            if seat in bots:
                action = await asyncio.to_thread(bots[seat].choose, game.view(seat))
                if bot_delay:
                    await asyncio.sleep(bot_delay)
            else:
                action = await host.action_for(seat)
            game.apply(action)
            host.publish(game)
            keep()
            history.record(game, meta)
    finally:
        host.on_status = previous
    if history.record(game, meta):
        with contextlib.suppress(OSError):
            remove_save(meta.game_id)
            remove_table(meta.game_id)
    return game
