"""The history's rows of one game, as `History.record` writes them (store/history.py): the game and its seats, each
finished round and its seats, the game's record, and the game's end. Each runs in `History.record`'s transaction."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING

from yaniv_tui.engine import Game, RoundScore, Seat

from .meta import SaveMeta, now_iso

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord

__all__ = ["finish", "game_row", "insert_round", "keep_record", "seat_columns"]


def game_row(db: sqlite3.Connection, key: str, game: Game, seats: Sequence[Seat], started: str) -> int:
    """The game's row (its id), made with its seats' rows the first time it is recorded."""
    row = db.execute("SELECT id FROM games WHERE game_key = ?", (key,)).fetchone()
    if row:
        return int(row[0])
    cursor = db.execute(
        "INSERT INTO games (game_key, started_at, ruleset_id, ruleset_name, players) VALUES (?, ?, ?, ?, ?)",
        (key, started, game.rules.id, game.rules.name, len(game.players)),
    )
    game_id = int(cursor.lastrowid or 0)
    db.executemany(
        "INSERT INTO seats (game_id, seat, name, human, level) VALUES (?, ?, ?, ?, ?)",
        [
            (game_id, i, name, *seat_columns(seat))
            for i, (name, seat) in enumerate(zip(game.players, seats, strict=True))
        ],
    )
    return game_id


def seat_columns(seat: Seat) -> tuple[int, str | None]:
    """A seat as the `seats` table holds it, (human, level): a human is (1, None), a bot (0, its level), and a
    player on another machine (0, None)."""
    return int(seat.is_human), seat.level


def insert_round(db: sqlite3.Connection, game_id: int, round_no: int, score: RoundScore) -> None:
    """A finished round's row, and one for each seat that played it (its hand, its points, what befell it)."""
    db.execute(
        "INSERT INTO rounds (game_id, round_no, finished_at, caller, assaf, winner) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, round_no, now_iso(), score.caller, int(score.assaf), score.winner),
    )
    resets = {seat: before for seat, before, _after in score.resets}
    rows = []
    for seat, hand in enumerate(score.hands):
        if hand is None:
            continue  # out before this round
        rows.append(
            (
                game_id,
                round_no,
                seat,
                " ".join(card.code for card in hand),
                score.values[seat] or 0,
                score.added[seat] or 0,
                score.scores[seat] or 0,
                int(seat in score.assafers),
                int(seat in score.zeroed),
                resets.get(seat),
                int(seat in score.eliminated),
            )
        )
    db.executemany("INSERT INTO round_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


def keep_record(db: sqlite3.Connection, game_id: int, record: GameRecord) -> None:
    """Keep the finished game's record (`within_limit` already: a long game's as its last rounds)."""
    from yaniv_tui.codec.record import record_text

    db.execute(
        "INSERT OR IGNORE INTO records (game_id, partial, body) VALUES (?, ?, ?)",
        (game_id, int(record.partial), record_text(record)),
    )


def finish(db: sqlite3.Connection, game_id: int, game: Game, meta: SaveMeta) -> None:
    """The game's end: when it finished, and each seat's final score and whether it won (a seat that conceded never
    did: `SaveMeta.won`)."""
    db.execute("UPDATE games SET finished_at = ? WHERE id = ? AND finished_at IS NULL", (now_iso(), game_id))
    won = meta.won(game.winners)
    for seat, total in enumerate(game.scores):
        db.execute(
            "UPDATE seats SET final_score = ?, winner = ? WHERE game_id = ? AND seat = ?",
            (total, int(seat in won), game_id, seat),
        )
