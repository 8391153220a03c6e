"""The history's finished games, newest first (the stats screen's list): when each finished, its ruleset, its
players with their final scores and the winners, its rounds, and whether it has a record (a game finished before
records were kept has none, and is still counted in the figures)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from yaniv_tui.engine.names import SAVED_NAME, name_cells, unstacked
from yaniv_tui.engine.ruleset_read import printable

__all__ = ["GAMES_COLUMNS", "GameRow", "of_ruleset", "read_games", "shown_name"]

#: The list's headings.
GAMES_COLUMNS = ("finished", "ruleset", "players and final scores", "rounds", "record")


def shown_name(name: str) -> str:
    """A name read from the history as a listing shows it: its control characters escaped (an old file may hold
    them), and, wider than any yaniv-tui took (SAVED_NAME cells) or with more accents on a letter than a terminal
    shows, cut (a hand at the database may have written 10,000 cells, which printed hundreds of lines), its length
    said."""
    text = printable(name)
    kept = unstacked(text)
    if kept == text and name_cells(text) <= SAVED_NAME:
        return text
    cut = ""
    for character in kept:
        if name_cells(cut + character) > SAVED_NAME:
            break
        cut += character
    return f"{cut}… ({len(name)} characters)"


@dataclass(frozen=True, slots=True)
class GameRow:
    """One finished game of the history."""

    game_id: str
    #: When it finished (ISO 8601, as the history keeps it).
    finished: str
    ruleset: str
    #: Each seat's name and final score (None: out of the game), in seat order.
    seats: tuple[tuple[str, int | None], ...]
    winners: tuple[str, ...]
    rounds: int
    has_record: bool
    #: The record's first line (its header), when it has one: enough to tell a damaged record while listing.
    header: str | None = None

    def players_text(self, between: str = ", ") -> str:
        """The players and their final scores, `between` each (a line each with ",\n"), a winner's name starred."""
        won = set(self.winners)
        return between.join(
            f"{'★' if name in won else ''}{shown_name(name)} {'out' if score is None else score}"
            for name, score in self.seats
        )

    def cells(self) -> tuple[str, ...]:
        """The row under GAMES_COLUMNS, as text (names' control characters escaped: they may be from an old file);
        a winner's name is marked with a star."""
        return (
            self.finished[:16].replace("T", " "),
            printable(self.ruleset),
            self.players_text(),
            str(self.rounds),
            "replay" if self.has_record else "no record",
        )


def of_ruleset(games: str) -> str:
    """The SQL condition on the row `games` (the table or its alias) choosing the games of one ruleset, the query's
    `:ruleset`: by its id when a game's ruleset has that id, else by its name, any case (NULL: every game). The one
    filter of the stats and the list of games: a user's copy of a preset keeps the preset's name ("Israeli") under
    another id, and is another ruleset."""
    return (
        f"(:ruleset IS NULL OR {games}.ruleset_id = :ruleset OR ({games}.ruleset_name = :ruleset COLLATE NOCASE "
        "AND NOT EXISTS (SELECT 1 FROM games same WHERE same.ruleset_id = :ruleset)))"
    )


# The finished games (of one ruleset: `of_ruleset`), newest first; a record's first line as its bytes (a damaged one's
# may not be UTF-8: one game's damage, which the listing finds, not the listing's).
_GAMES = f"""
SELECT g.game_key, g.finished_at, g.ruleset_name,
       (SELECT count(*) FROM rounds r WHERE r.game_id = g.id),
       EXISTS (SELECT 1 FROM records rec WHERE rec.game_id = g.id),
       g.id,
       (SELECT CAST(substr(rec.body, 1, instr(rec.body || char(10), char(10)) - 1) AS BLOB) FROM records rec
        WHERE rec.game_id = g.id)
FROM games g
WHERE g.finished_at IS NOT NULL
  AND {of_ruleset("g")}
ORDER BY g.finished_at DESC, g.id DESC
"""

_SEATS = "SELECT seat, name, final_score, winner FROM seats WHERE game_id = ? ORDER BY seat"


def read_games(db: sqlite3.Connection, ruleset: str | None = None) -> list[GameRow]:
    """Every finished game (of one ruleset's, by id or name), newest first."""
    games = []
    for key, finished, name, rounds, recorded, row_id, header in db.execute(_GAMES, {"ruleset": ruleset}).fetchall():
        seats = db.execute(_SEATS, (row_id,)).fetchall()
        games.append(
            GameRow(
                printable(str(key)),  # the game writes ids that are printable; a hand at the database may not
                printable(str(finished)),
                str(name),
                tuple((str(seat_name), None if score is None else int(score)) for _, seat_name, score, _ in seats),
                tuple(str(seat_name) for _, seat_name, _, winner in seats if winner),
                int(rounds),
                bool(recorded),
                None if header is None else bytes(header).decode("utf-8", "replace"),
            )
        )
    return games
