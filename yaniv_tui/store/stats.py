"""The records the history database gives: each player's (a bot's by its level), and each person's against each
bot level, over every ruleset or one, as rows of text under their columns' headings (`yaniv stats` and the
stats screen lay them out)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from yaniv_tui.engine import BOT_LEVELS
from yaniv_tui.engine.names import name_key
from yaniv_tui.engine.ruleset_read import printable

from .games import of_ruleset, shown_name

__all__ = [
    "STATS_COLUMNS",
    "VERSUS_COLUMNS",
    "PlayerStats",
    "Versus",
    "read_rulesets",
    "read_stats",
    "read_versus",
]


def playing_as(human: int, level: str | None) -> str:
    """Who sat at the seat, in the words of `Seat.describe`: "human", "medium bot", or "remote"."""
    if level:
        return f"{printable(level)} bot"  # its control characters escaped, as a name's: it may be from an old file
    return "human" if human else "remote"


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's record: a name as a person, or a name as a bot of one level (a level is a player of its own)."""

    name: str
    playing_as: str  # "human", "remote", or "<level> bot"
    games: int  # finished games
    wins: int  # finished games won, a shared win included
    hinted_wins: int  # of those wins, the ones in which the player asked for a hint
    rounds: int
    points: int  # points added over those rounds (an Assaf penalty included, a bonus taken off)
    calls: int  # Yaniv calls
    calls_won: int  # calls that were not Assafed
    assafs_made: int
    assafs_suffered: int

    @property
    def average_points(self) -> float:
        """Average points added per round played."""
        return self.points / self.rounds if self.rounds else 0.0

    @property
    def call_success(self) -> float:
        """The share of Yaniv calls that were not Assafed, 0 to 1."""
        return self.calls_won / self.calls if self.calls else 0.0

    def cells(self) -> tuple[str, ...]:
        """The row under STATS_COLUMNS, as text (the name's control characters escaped: it may be from an old file)."""
        return (
            shown_name(self.name),
            self.playing_as,
            str(self.games),
            str(self.wins),
            str(self.hinted_wins) if self.hinted_wins else "–",
            f"{self.average_points:.1f}",
            str(self.calls),
            f"{self.call_success:.0%}" if self.calls else "–",
            str(self.assafs_made),
            str(self.assafs_suffered),
        )


#: The stats table's headings, shared by `yaniv stats` and the stats screen.
STATS_COLUMNS = (
    "player",
    "as",
    "games",
    "wins",
    "won with hints",
    "points / round",
    "Yaniv calls",
    "calls won",
    "Assafs made",
    "Assafed",
)


@dataclass(frozen=True, slots=True)
class Versus:
    """A person's record in the finished games they played with bots of one level at the table."""

    name: str
    level: str
    games: int
    wins: int
    hinted_wins: int
    rounds: int
    points: int

    @property
    def win_share(self) -> float:
        """The share of these games the person won, 0 to 1."""
        return self.wins / self.games if self.games else 0.0

    @property
    def average_points(self) -> float:
        """The person's average points added per round in these games."""
        return self.points / self.rounds if self.rounds else 0.0

    def cells(self) -> tuple[str, ...]:
        """The row under VERSUS_COLUMNS, as text."""
        won = f"{self.win_share:.0%}"
        if self.hinted_wins:
            won += f" ({self.hinted_wins} with hints)"
        level = printable(self.level)
        return (shown_name(self.name), f"{level} bots", str(self.games), won, f"{self.average_points:.1f}")


#: The headings of each person's record against each bot level.
VERSUS_COLUMNS = ("person", "against", "games", "win share", "points / round")

# The games of one ruleset (`games.of_ruleset`: by its id, or by its name when no game's ruleset has that id), or of
# all when :ruleset is NULL.
_CHOSEN = f"""
chosen AS (
    SELECT id, finished_at FROM games
    WHERE {of_ruleset("games")}
)"""

# A player is a name as a person, as a remote player, or as a bot of one level; a name by its key (engine.names
# name_key: case, width and how an accent was saved do not count), shown as the player's newest game has it, so one
# person is one row however their name was typed or saved (the seats keep each name as it was), and a game in which
# an old version seated one name twice ('Ann' and 'ANN') counts once in their games and wins. A person who
# conceded left in round `left_in`: the rounds from it on were played by a bot, and are none of the person's figures.
# Only finished games count: the rounds of a game in progress wait for its end, so every figure is of the same games.
_STATS = f"""
WITH {_CHOSEN},
who AS (
    SELECT s.game_id, s.seat, s.name, name_key(s.name) AS person, s.human, coalesce(s.level, '') AS level, s.winner,
           s.hints, coalesce(s.conceded_round, 1 << 62) AS left_in, g.finished_at
    FROM seats s JOIN chosen g ON g.id = s.game_id AND g.finished_at IS NOT NULL
),
played AS (
    SELECT person, human, level, count(DISTINCT game_id) AS games,
           count(DISTINCT CASE WHEN winner THEN game_id END) AS wins,
           count(DISTINCT CASE WHEN winner AND hints > 0 THEN game_id END) AS hinted
    FROM who
    GROUP BY person, human, level
),
rounds_played AS (
    SELECT w.person, w.human, w.level, count(*) AS rounds, sum(rs.added) AS points, sum(rs.assafer) AS assafs_made
    FROM round_seats rs JOIN who w ON w.game_id = rs.game_id AND w.seat = rs.seat AND rs.round_no < w.left_in
    GROUP BY w.person, w.human, w.level
),
calls AS (
    SELECT w.person, w.human, w.level, count(*) AS calls, sum(1 - r.assaf) AS calls_won, sum(r.assaf) AS suffered
    FROM rounds r JOIN who w ON w.game_id = r.game_id AND w.seat = r.caller AND r.round_no < w.left_in
    GROUP BY w.person, w.human, w.level
),
players AS (
    SELECT person, human, level, name FROM (
        SELECT person, human, level, name,
               row_number() OVER (PARTITION BY person, human, level ORDER BY finished_at DESC, game_id DESC) AS nth
        FROM who
    ) WHERE nth = 1
)
SELECT p.name, p.human, p.level,
       coalesce(pl.games, 0), coalesce(pl.wins, 0), coalesce(pl.hinted, 0),
       coalesce(rp.rounds, 0), coalesce(rp.points, 0),
       coalesce(c.calls, 0), coalesce(c.calls_won, 0),
       coalesce(rp.assafs_made, 0), coalesce(c.suffered, 0)
FROM players p
LEFT JOIN played pl USING (person, human, level)
LEFT JOIN rounds_played rp USING (person, human, level)
LEFT JOIN calls c USING (person, human, level)
ORDER BY coalesce(pl.wins, 0) DESC, coalesce(pl.games, 0) DESC, p.name, p.human DESC, p.level
"""

# Each person (a seat with no bot level) against each level of bot at the table, over finished games; a person by
# the name's key, shown by the name of their newest game, as in _STATS.
_VERSUS = f"""
WITH {_CHOSEN},
pairs AS (
    SELECT DISTINCT h.game_id, h.seat, h.name, name_key(h.name) AS person, b.level, g.finished_at,
           coalesce(h.conceded_round, 1 << 62) AS left_in
    FROM seats h
    JOIN chosen g ON g.id = h.game_id AND g.finished_at IS NOT NULL
    JOIN seats b ON b.game_id = h.game_id AND b.level IS NOT NULL
    WHERE h.level IS NULL
),
results AS (
    SELECT p.person, p.level, count(DISTINCT p.game_id) AS games,
           count(DISTINCT CASE WHEN h.winner THEN p.game_id END) AS wins,
           count(DISTINCT CASE WHEN h.winner AND h.hints > 0 THEN p.game_id END) AS hinted
    FROM pairs p JOIN seats h ON h.game_id = p.game_id AND h.seat = p.seat
    GROUP BY p.person, p.level
),
points AS (
    SELECT p.person, p.level, count(*) AS rounds, sum(rs.added) AS points
    FROM pairs p JOIN round_seats rs ON rs.game_id = p.game_id AND rs.seat = p.seat AND rs.round_no < p.left_in
    GROUP BY p.person, p.level
),
shown AS (
    SELECT person, level, name FROM (
        SELECT person, level, name,
               row_number() OVER (PARTITION BY person, level ORDER BY finished_at DESC, game_id DESC) AS nth
        FROM pairs
    ) WHERE nth = 1
)
SELECT s.name, r.level, r.games, r.wins, r.hinted, coalesce(pt.rounds, 0), coalesce(pt.points, 0)
FROM results r JOIN shown s USING (person, level) LEFT JOIN points pt USING (person, level)
"""


def _person(name: str | bytes | int | float | None) -> str | bytes | int | float | None:
    """A name's key (engine.names.name_key) for SQL: one person however the name was typed or saved (an old version
    saved it decomposed); a value that is not text (a damaged row) stays itself."""
    return name_key(name) if isinstance(name, str) else name


def _knowing_names(db: sqlite3.Connection) -> sqlite3.Connection:
    db.create_function("name_key", 1, _person, deterministic=True)
    return db


def read_stats(db: sqlite3.Connection, ruleset: str | None = None) -> list[PlayerStats]:
    """Every player's record (of one ruleset's games, by id or name), most wins first."""
    return [
        PlayerStats(name, playing_as(human, level or None), *figures)
        for name, human, level, *figures in _knowing_names(db).execute(_STATS, {"ruleset": ruleset})
    ]


def _level_order(level: str) -> int:
    return BOT_LEVELS.index(level) if level in BOT_LEVELS else len(BOT_LEVELS)


def read_versus(db: sqlite3.Connection, ruleset: str | None = None) -> list[Versus]:
    """Each person's record against each bot level (of one ruleset's games), by name, then weakest level first."""
    rows = [Versus(*row) for row in _knowing_names(db).execute(_VERSUS, {"ruleset": ruleset})]
    return sorted(rows, key=lambda v: (v.name, _level_order(v.level), v.level))


def read_rulesets(db: sqlite3.Connection) -> list[str]:
    """The rulesets with finished games in the history (the only ones the stats count), by id, most games first."""
    query = (
        "SELECT ruleset_id FROM games WHERE finished_at IS NOT NULL "
        "GROUP BY ruleset_id ORDER BY count(*) DESC, ruleset_id"
    )
    return [str(row[0]) for row in db.execute(query)]
