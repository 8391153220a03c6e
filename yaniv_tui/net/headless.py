"""The host of a saved hosted game, with its room code and seat tokens again (`yaniv host --resume`); the game
itself is played by the table's runner (table/headless.py)."""

from __future__ import annotations

import ssl

from yaniv_tui.store import SavedGame
from yaniv_tui.store.tables import load_table

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
    seats = tuple(seat.named(name) for name, seat in zip(saved.game.players, saved.meta.seats, strict=True))
    kept = load_table(saved.game_id, remote={s for s, seat in enumerate(seats) if seat.is_remote})
    code, tokens, named = (kept.code, kept.tokens, kept.named or ()) if kept is not None else (None, None, ())
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
        named=named,
    )
