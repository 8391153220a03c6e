"""The ladder: every bot level plays every other, and a Bradley-Terry fit turns the games and rounds into ratings.

How a result counts (the same for `yaniv sim --ladder --help` and the README): a pairing of levels A and B plays
its games heads-up (A B), or at four seats two of each, alternately (A B A B); the seats rotate a place a game, so
each starts in turn. A game counts as one win for the level whose seat won it (a shared win is split, and a win
shared by two seats of the same level is that level's); a round counts the same way for its winner. So at four
seats a game is one result between the two levels, never one per pair of seats. Bradley-Terry gives each level a
strength s, the chance A beats B being s_A / (s_A + s_B); a rating is 1000 + 400·log10(s / s_easy), so easy is
1000 and 400 points are odds of 10 to 1. The fit is Hunter's MM iteration, with half a win each way added to every
pairing so a clean sweep still rates finitely. The rating from rounds is the one shown (the setup screen, the
ratings file): between levels far apart whole games are clean sweeps, whose gap only that half win sets. The 95%
intervals are a seeded bootstrap: each pairing's games drawn again with replacement and the whole fit redone.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from yaniv_tui.engine import BOT_LEVELS, Ruleset
from yaniv_tui.ratings import RatingsTable
from yaniv_tui.sim import GameTask, play_each

#: The level rated 1000, when it plays; otherwise the first level is.
ANCHOR = "easy"
ANCHOR_RATING = 1000.0
#: Rating points for a factor e in strength: 400 points are odds of 10 to 1, as in Elo.
SCALE = 400 / math.log(10)
#: Wins added each way to every pairing that played, so a clean sweep still has a finite rating.
PRIOR = 0.5
#: The bootstrap's resamples.
RESAMPLES = 200
_MAX_STEPS = 5000
_TOLERANCE = 1e-10


@dataclass(frozen=True)
class Match:
    """One game of a pairing: the share of the game `first` won (0, ½ or 1), and each level's round wins."""

    first: str
    second: str
    game: float
    first_rounds: int
    second_rounds: int


@dataclass(frozen=True)
class Rating:
    """A level's ratings from games and from rounds, each with its 95% interval, and what they rest on."""

    level: str
    games: float
    games_low: float
    games_high: float
    rounds: float
    rounds_low: float
    rounds_high: float
    played: int
    game_wins: float


@dataclass
class Ladder:
    """A ladder run: its settings, every game's result, and the ratings fitted to them."""

    ruleset: str
    levels: tuple[str, ...]
    seats: int
    games: int
    seed: int
    options: dict[str, Any]
    matches: list[Match]
    ratings: list[Rating] = field(default_factory=list)
    seconds: float = 0.0


# -- the fit ----------------------------------------------------------------------------------


def anchor_of(levels: Sequence[str]) -> str:
    """The level rated 1000: easy if it plays, else the first."""
    return ANCHOR if ANCHOR in levels else levels[0]


#: A result between two levels: A, B, A's wins, B's wins.
Score = tuple[str, str, float, float]


def fit(levels: Sequence[str], scores: Iterable[Score], prior: float = PRIOR) -> dict[str, float]:
    """Each level's Bradley-Terry rating from `scores` (A, B, A's wins, B's wins), anchored with `anchor_of` at 1000.

    A level that met no other gets the anchor's rating: nothing says otherwise.
    """
    index = {level: i for i, level in enumerate(levels)}
    n = len(levels)
    wins = [[0.0] * n for _ in range(n)]
    for a, b, won_a, won_b in scores:
        wins[index[a]][index[b]] += won_a
        wins[index[b]][index[a]] += won_b
    for i in range(n):
        for j in range(i + 1, n):
            if wins[i][j] + wins[j][i] > 0:
                wins[i][j] += prior
                wins[j][i] += prior
    strength = [1.0] * n
    for _ in range(_MAX_STEPS):
        new = []
        for i in range(n):
            total = sum(wins[i])
            denominator = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in range(n) if j != i)
            new.append(total / denominator if denominator > 0 and total > 0 else strength[i])
        middle = math.exp(sum(math.log(s) for s in new) / n)
        new = [s / middle for s in new]
        moved = max(abs(math.log(s / t)) for s, t in zip(new, strength, strict=True))
        strength = new
        if moved < _TOLERANCE:
            break
    base = strength[index[anchor_of(levels)]]
    return {level: ANCHOR_RATING + SCALE * math.log(strength[index[level]] / base) for level in levels}


def game_scores(matches: Iterable[Match]) -> list[Score]:
    return [(m.first, m.second, m.game, 1 - m.game) for m in matches]


def round_scores(matches: Iterable[Match]) -> list[Score]:
    return [(m.first, m.second, float(m.first_rounds), float(m.second_rounds)) for m in matches]


def _interval(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    last = len(values) - 1
    return values[round(0.025 * last)], values[round(0.975 * last)]


def rate(levels: Sequence[str], matches: Sequence[Match], *, seed: int = 1, resamples: int = RESAMPLES) -> list[Rating]:
    """Each level's ratings from `matches`, with 95% intervals from `resamples` bootstrap draws seeded by `seed`."""
    by_pairing: dict[tuple[str, str], list[Match]] = {}
    for m in matches:
        by_pairing.setdefault((m.first, m.second), []).append(m)
    rng = random.Random(f"yaniv-ladder/{seed}")
    drawn: dict[str, tuple[list[float], list[float]]] = {level: ([], []) for level in levels}
    for _ in range(resamples):
        sample = [rng.choice(ms) for ms in by_pairing.values() for _ in ms]
        by_games, by_rounds = fit(levels, game_scores(sample)), fit(levels, round_scores(sample))
        for level in levels:
            drawn[level][0].append(by_games[level])
            drawn[level][1].append(by_rounds[level])
    by_games, by_rounds = fit(levels, game_scores(matches)), fit(levels, round_scores(matches))
    out = []
    for level in levels:
        games_low, games_high = _interval(drawn[level][0]) if resamples else (by_games[level],) * 2
        rounds_low, rounds_high = _interval(drawn[level][1]) if resamples else (by_rounds[level],) * 2
        mine = [m for m in matches if level in (m.first, m.second)]
        won = sum(m.game if m.first == level else 1 - m.game for m in mine)
        games, rounds = (by_games[level], games_low, games_high), (by_rounds[level], rounds_low, rounds_high)
        out.append(Rating(level, *games, *rounds, len(mine), won))
    return out


# -- playing ----------------------------------------------------------------------------------


def pairings(levels: Sequence[str]) -> list[tuple[str, str]]:
    """Every two levels, each pair once, in the levels' order."""
    return [(a, b) for i, a in enumerate(levels) for b in levels[i + 1 :]]


def seating(first: str, second: str, seats: int) -> tuple[str, ...]:
    """The levels of a pairing's game, in the players' order: alternately, so four seats are A B A B."""
    return tuple(first if s % 2 == 0 else second for s in range(seats))


def play_ladder(
    rules: Ruleset,
    levels: Sequence[str],
    games: int,
    *,
    seats: int = 2,
    seed: int = 1,
    bot_options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Ladder:
    """Play `games` games of every pairing of `levels` and rate them; the same for any `jobs`."""
    levels = tuple(levels)
    unknown = [level for level in levels if level not in BOT_LEVELS]
    if unknown:
        raise ValueError(f"unknown bot level {unknown[0]!r}: choose from {', '.join(BOT_LEVELS)}")
    if len(set(levels)) < 2 or len(set(levels)) < len(levels):
        raise ValueError("a ladder takes two or more different levels")
    if seats < 2 or seats % 2:
        raise ValueError(f"a ladder's games seat two levels alike, so an even number of seats, not {seats}")
    if not rules.min_players <= seats <= rules.max_players:
        raise ValueError(f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {seats}")
    options = dict(bot_options or {})
    pairs = pairings(levels)
    tasks: list[GameTask] = [
        (rules, seating(a, b, seats), index, seed, options) for a, b in pairs for index in range(games)
    ]
    started = time.perf_counter()
    played = play_each(tasks, jobs=jobs, progress=progress)
    matches = []
    for (_, table, _, _, _), tallies in zip(tasks, played, strict=True):
        a, b = table[0], table[1]
        matches.append(
            Match(
                a,
                b,
                sum(t.game_wins for t in tallies if t.level == a),
                sum(t.round_wins for t in tallies if t.level == a),
                sum(t.round_wins for t in tallies if t.level == b),
            )
        )
    ladder = Ladder(rules.id, levels, seats, games, seed, options, matches)
    ladder.ratings = rate(levels, matches, seed=seed)
    ladder.seconds = time.perf_counter() - started
    return ladder


# -- showing ----------------------------------------------------------------------------------


def to_dict(ladder: Ladder) -> dict[str, Any]:
    """The ladder as plain data (the `--json` output)."""
    return {
        "ruleset": ladder.ruleset,
        "levels": list(ladder.levels),
        "seats_per_game": ladder.seats,
        "games_per_pairing": ladder.games,
        "seed": ladder.seed,
        "options": ladder.options,
        "anchor": {anchor_of(ladder.levels): ANCHOR_RATING},
        "seconds": round(ladder.seconds, 3),
        "ratings": [
            {
                "level": r.level,
                "games": {"rating": r.games, "low": r.games_low, "high": r.games_high},
                "rounds": {"rating": r.rounds, "low": r.rounds_low, "high": r.rounds_high},
                "games_played": r.played,
                "game_wins": r.game_wins,
            }
            for r in ladder.ratings
        ],
        "pairings": [{"first": a, "second": b, **_pairing(ladder.matches, a, b)} for a, b in pairings(ladder.levels)],
    }


def _pairing(matches: Sequence[Match], a: str, b: str) -> dict[str, float | int]:
    mine = [m for m in matches if (m.first, m.second) == (a, b)]
    rounds = sum(m.first_rounds + m.second_rounds for m in mine)
    return {
        "games": len(mine),
        "first_game_wins": sum(m.game for m in mine),
        "rounds": rounds,
        "first_round_wins": sum(m.first_rounds for m in mine),
    }


def ratings_table(ladder: Ladder, *, date: str, command: str) -> RatingsTable:
    """The ladder's ratings as the package's ratings file holds them: from rounds, and from games beside them."""
    samples = ladder.options.get("samples")
    return RatingsTable(
        ruleset=ladder.ruleset,
        seats_per_game=ladder.seats,
        games_per_pairing=ladder.games,
        seed=ladder.seed,
        expert_samples=None if samples is None else int(samples),
        date=date,
        command=command,
        ratings={r.level: round(r.rounds, 1) for r in ladder.ratings},
        intervals={r.level: (round(r.rounds_low, 1), round(r.rounds_high, 1)) for r in ladder.ratings},
        game_ratings={r.level: round(r.games, 1) for r in ladder.ratings},
    )


def sweeps(matches: Sequence[Match], levels: Sequence[str], *, rounds: bool = False) -> list[tuple[str, str]]:
    """The pairings one level won every game (or every round) of: their gap comes from the prior alone."""
    won, of = ("first_round_wins", "rounds") if rounds else ("first_game_wins", "games")
    out = []
    for a, b in pairings(levels):
        p = _pairing(matches, a, b)
        if p[of] and p[won] in (0, p[of]):
            out.append((a, b))
    return out


def render(ladder: Ladder) -> Any:
    """The ratings (strongest first), how to read them, and the pairings, for a rich console."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    seats = "heads-up" if ladder.seats == 2 else f"{ladder.seats} seats a game (two of each level)"
    samples = ladder.options.get("samples")
    expert = f", the expert on {samples} guesses a move" if samples is not None and "expert" in ladder.levels else ""
    title = f"{ladder.ruleset} ladder: {seats}, {ladder.games} games a pairing, seed {ladder.seed}{expert}"
    ratings = Table()
    ratings.add_column("level", style="bold")
    ratings.add_column("rating (rounds)", justify="right")
    ratings.add_column("from games", justify="right")
    ratings.add_column("games won", justify="right")
    for r in sorted(ladder.ratings, key=lambda r: -r.rounds):
        ratings.add_row(
            r.level,
            f"{r.rounds:.0f} ({r.rounds_low:.0f}–{r.rounds_high:.0f})",
            f"{r.games:.0f} ({r.games_low:.0f}–{r.games_high:.0f})",
            f"{r.game_wins:g} of {r.played}",
        )
    notes = [
        f"{anchor_of(ladder.levels)} = {ANCHOR_RATING:.0f}; 400 points are odds of 10 to 1 (a round, or a game); "
        f"95% intervals in brackets, a bootstrap over games ({RESAMPLES} draws).",
        f"{len(ladder.matches)} games in {ladder.seconds:.1f} s.",
    ]
    for unit, swept in (
        ("rounds", sweeps(ladder.matches, ladder.levels, rounds=True)),
        ("games", sweeps(ladder.matches, ladder.levels)),
    ):
        if swept:
            names = ", ".join(f"{a} v {b}" for a, b in swept)
            notes.append(
                f"Clean sweeps of the {unit} ({names}): a rating from {unit} across one rests on the half win "
                "added each way, and its interval cannot show how wide it is."
            )
    pairs = Table(title="pairings: the first level's share")
    pairs.add_column("pairing", style="bold")
    pairs.add_column("games won", justify="right")
    pairs.add_column("rounds won", justify="right")
    for a, b in pairings(ladder.levels):
        p = _pairing(ladder.matches, a, b)
        games, rounds = p["games"], p["rounds"]
        pairs.add_row(
            f"{a} v {b}",
            f"{100 * p['first_game_wins'] / games:.1f}% of {games}" if games else "—",
            f"{100 * p['first_round_wins'] / rounds:.1f}% of {rounds}" if rounds else "—",
        )
    return Group(Text(title, style="bold"), ratings, Text("\n".join(notes), style="dim"), Text(""), pairs)
