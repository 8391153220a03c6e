"""The simulator: bots play whole games or single rounds headless, and the figures that measure them.

It is given a `Ruleset`; `yaniv sim` (cli/sim.py) reads the flags and finds the ruleset.
"""

from __future__ import annotations

import dataclasses
import math
import random
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from yaniv_tui.bots import LEVELS, make_bot
from yaniv_tui.engine import Game, RoundScore, Ruleset, Seat, guards

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

    from yaniv_tui.bots import Bot
    from yaniv_tui.codec.record import GameRecord

Mode = Literal["games", "rounds"]


class SimError(RuntimeError):
    """A simulation that cannot go on: a round or a game past the guards' caps (engine/guards.py)."""


@dataclass
class Tally:
    """One player's figures over a run (a player keeps its level while seats rotate under it)."""

    level: str
    games: int = 0
    game_wins: float = 0.0  # a shared win counts its share
    rounds: int = 0
    round_wins: int = 0
    points: int = 0
    points_sq: int = 0
    calls: int = 0
    assafs: int = 0

    def add(self, other: Tally) -> None:
        for f in dataclasses.fields(self):
            if f.name != "level":
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


@dataclass
class SimResult:
    """What a run measured: one tally per player, and how much was played how fast."""

    ruleset: str
    levels: tuple[str, ...]
    mode: Mode
    seed: int
    tallies: list[Tally]
    games: int = 0
    rounds: int = 0
    turns: int = 0
    seconds: float = 0.0
    options: dict[str, Any] = field(default_factory=dict)

    def merge(self, other: SimResult) -> None:
        for mine, theirs in zip(self.tallies, other.tallies, strict=True):
            mine.add(theirs)
        self.games += other.games
        self.rounds += other.rounds
        self.turns += other.turns

    def rate(self, count: int) -> float:
        return count / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The figures as plain data (the `--json` output)."""
        return {
            "ruleset": self.ruleset,
            "mode": self.mode,
            "seed": self.seed,
            "options": self.options,
            "games": self.games,
            "rounds": self.rounds,
            "turns": self.turns,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.rate(self.games), 2),
            "rounds_per_second": round(self.rate(self.rounds), 2),
            "turns_per_second": round(self.rate(self.turns), 1),
            "players": [
                {"player": i + 1, "level": t.level, **figures(t, self.mode)} for i, t in enumerate(self.tallies)
            ],
        }


# -- intervals ------------------------------------------------------------------------------

Z95 = 1.959964


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(total: float, total_sq: float, n: int) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation) from a sum and a sum of squares."""
    if n <= 0:
        return (0.0, 0.0, 0.0)
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def _share(count: float, n: int) -> dict[str, float | int | None]:
    low, high = wilson(count, n)
    rate = count / n if n else None
    return {"count": count, "of": n, "rate": rate, "low": low if n else None, "high": high if n else None}


def figures(t: Tally, mode: Mode) -> dict[str, Any]:
    """A player's figures with their 95% intervals."""
    mean, low, high = mean_interval(t.points, t.points_sq, t.rounds)
    return {
        "game_wins": _share(t.game_wins, t.games) if mode == "games" else None,
        "round_wins": _share(t.round_wins, t.rounds),
        "points_per_round": {"mean": mean, "low": low, "high": high, "rounds": t.rounds},
        "yaniv_calls": _share(t.calls, t.rounds),
        "assafs_suffered": _share(t.assafs, t.calls),
    }


# -- playing ----------------------------------------------------------------------------------


def _seeds(seed: int, index: int, players: int) -> tuple[int, list[int]]:
    """The game's seed and each player's bot seed, fixed by the run's seed and the game's index."""
    rng = random.Random(f"yaniv-sim/{seed}/{index}")
    return rng.getrandbits(32), [rng.getrandbits(32) for _ in range(players)]


def seat_of(player: int, index: int, players: int) -> int:
    """Where a player sits in game number `index` of a run: seats rotate one place a game."""
    return (player + index) % players


def play_out(game: Game, bots: Sequence[Bot], record: GameRecord | None = None) -> Game:
    """Let `bots` (one for each seat) play `game` to its end, in place, each action added to `record` (when one is
    given) as the table adds it: the game, over."""
    if record is not None:
        from yaniv_tui.codec.record import after_action
    while not game.is_over:
        seat = game.current
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        if record is not None:
            after_action(record, game, seat, action)
    return game


def play_one(
    rules: Ruleset,
    levels: Sequence[str],
    index: int,
    *,
    seed: int = 1,
    mode: Mode = "games",
    bot_options: dict[str, Any] | None = None,
    records: Records | None = None,
) -> tuple[list[Tally], int]:
    """Play game (or single round) number `index` of a run; the players' tallies and the turns played.

    Seats rotate with the index: player p sits at seat (p + index) mod n and seat 0
    plays first, so over n games every player starts from every seat once. `records`: write the game's record
    (codec/record.py) to the file `record_path(records.run, index)`.
    """
    n = len(levels)
    game_seed, bot_seeds = _seeds(seed, index, n)
    options = bot_options or {}
    bots = [make_bot(level, bot_seeds[p], **options) for p, level in enumerate(levels)]
    player_at = [0] * n
    for p in range(n):
        player_at[seat_of(p, index, n)] = p
    tallies = [Tally(level) for level in levels]
    game = Game.new(rules, [f"P{player_at[s] + 1}" for s in range(n)], seed=game_seed, first=0)
    record = None
    if records is not None:
        from yaniv_tui.codec.record import after_action, start_record

        record = start_record(game, [Seat.bot(levels[player_at[s]], game.players[s]) for s in range(n)])
    done = 0
    round_start = game.turns
    most_rounds = guards.game_round_cap(rules.end_limit)
    # The hot loop: each seat's bot's choose, and the game's methods, looked up once.
    choose = [bots[player_at[s]].choose for s in range(n)]
    view = game.view
    apply = game.apply
    while True:
        seat = game.current
        action = choose[seat](view(seat))
        apply(action)
        if record is not None:
            after_action(record, game, seat, action)
        if len(game.history) > done:
            _tally_round(game.history[done], [tallies[p] for p in player_at])
            done += 1
            round_start = game.turns
            if mode == "rounds" or game.is_over:
                break
            why = guards.game_overrun(done, most_rounds)
            if why:
                raise SimError(f"a game of {', '.join(levels)} {why}")
        elif game.turns - round_start > guards.MAX_ROUND_TURNS:
            why = guards.round_overrun(game.turns - round_start)
            raise SimError(f"a round of {', '.join(levels)} {why}")
    if record is not None and records is not None:
        _write_record(records.write, record_path(records.run, index), record, game)
    if mode == "games":
        winners = game.winners
        for s in range(n):
            t = tallies[player_at[s]]
            t.games += 1
            if s in winners:
                t.game_wins += 1 / len(winners)
    return tallies, game.turns


@dataclass(frozen=True, slots=True)
class Records:
    """Where and how a run writes each game's record: `run`, a folder and the run's name (`record_path`), and
    `write`, which makes a new file of the bytes given, never over another run's, whole or not at all, its owner's
    alone since a record holds every hand (`store.files.write_new`, handed down by the command line: the simulator
    imports no store)."""

    run: str
    write: Callable[[Path, bytes], None]


def record_path(run: str, index: int) -> Path:
    """The file of game `index`'s record in a run whose records are `run` (a folder and the run's name): named
    so that a run's files sort in the order played and two runs never share one."""
    return Path(f"{run}-game{index:06d}.jsonl")


def _write_record(write: Callable[[Path, bytes], None], path: Path, record: GameRecord, game: Game) -> None:
    """Write the record of `game` (played already) as `yaniv replay` reads it: a long game's cut to its last rounds
    within the limit a record is read up to (`within_limit`)."""
    from yaniv_tui.codec.record import record_text, within_limit

    text = record_text(within_limit(record, game if game.is_over else None))
    try:
        write(path, text.encode("utf-8"))
    except OSError as error:
        raise SimError(f"cannot write the record {path}: {error.strerror or error}") from None


def _tally_round(result: RoundScore, by_seat: Sequence[Tally]) -> None:
    """Add a finished round to the tally of each player still in it (`by_seat`: each seat's player's tally)."""
    for s, t in enumerate(by_seat):
        if result.hands[s] is None:
            continue
        added = result.added[s] or 0
        t.rounds += 1
        t.points += added
        t.points_sq += added * added
        if result.winner == s:
            t.round_wins += 1
        if result.caller == s:
            t.calls += 1
            if result.assaf:
                t.assafs += 1


def _play_chunk(
    args: tuple[Ruleset, tuple[str, ...], list[int], int, Mode, dict[str, Any], Records | None],
) -> SimResult:
    rules, levels, indexes, seed, mode, options, records = args
    result = SimResult(rules.id, levels, mode, seed, [Tally(level) for level in levels])
    for index in indexes:
        tallies, turns = play_one(rules, levels, index, seed=seed, mode=mode, bot_options=options, records=records)
        for mine, theirs in zip(result.tallies, tallies, strict=True):
            mine.add(theirs)
        result.turns += turns
        result.games += mode == "games"
    # Every round has exactly one winner, so the round wins add up to the rounds played.
    result.rounds = sum(t.round_wins for t in result.tallies)
    return result


def simulate(
    rules: Ruleset,
    levels: Sequence[str],
    count: int,
    *,
    mode: Mode = "games",
    seed: int = 1,
    bot_options: dict[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    records: Records | None = None,
) -> SimResult:
    """Play `count` games (or single rounds) of bots at `levels`; the run's figures.

    `jobs` > 1 spreads the games over that many processes; the figures are the
    same as from one process, only faster. `progress` is called with the number of
    games just finished. `records`: each game's record is written to `record_path(records.run, index)`.
    """
    levels = tuple(levels)
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise ValueError(f"unknown bot level {unknown[0]!r}: choose {', '.join(LEVELS)}")
    if not rules.min_players <= len(levels) <= rules.max_players:
        raise ValueError(f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {len(levels)}")
    options = dict(bot_options or {})
    total = SimResult(rules.id, levels, mode, seed, [Tally(level) for level in levels], options=options)
    step = 1 if jobs <= 1 else max(1, min(20, count // (jobs * 8) or 1))
    chunks = [
        (rules, levels, list(range(i, min(count, i + step))), seed, mode, options, records)
        for i in range(0, count, step)
    ]
    started = time.perf_counter()
    if jobs > 1 and len(chunks) > 1:
        with _pool(jobs) as pool:
            for part in pool.imap_unordered(_play_chunk, chunks):
                total.merge(part)
                if progress:
                    progress(part.games or part.rounds)
    else:
        for chunk in chunks:
            part = _play_chunk(chunk)
            total.merge(part)
            if progress:
                progress(part.games or part.rounds)
    total.seconds = time.perf_counter() - started
    return total


#: One game to play: the ruleset, the levels in their seats' order, the game's index, the run's seed, the bots'
#: options (as `play_one` takes them).
GameTask = tuple[Ruleset, tuple[str, ...], int, int, dict[str, Any]]


def _play_task(task: GameTask) -> list[Tally]:
    rules, levels, index, seed, options = task
    return play_one(rules, levels, index, seed=seed, bot_options=options)[0]


def play_each(
    tasks: Sequence[GameTask], *, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> list[list[Tally]]:
    """Play each task's whole game; each game's tallies (one per player), in the tasks' order.

    Each game is fixed by its task alone, so the tallies are the same however many `jobs` play them;
    `progress` is called with 1 as each game finishes. (`yaniv sim --ladder` plays every pairing's games in one
    pool this way, and keeps each game's result.)
    """
    if jobs <= 1 or len(tasks) <= 1:
        done = []
        for task in tasks:
            done.append(_play_task(task))
            if progress:
                progress(1)
        return done
    out: list[list[Tally]] = []
    with _pool(jobs) as pool:
        for tallies in pool.imap(_play_task, tasks, chunksize=1):
            out.append(tallies)
            if progress:
                progress(1)
    return out


def _pool(jobs: int) -> Pool:
    """A pool of `jobs` worker processes that leave Ctrl+C to this one.

    Ctrl+C is held back while the workers start: one pressed before a worker has said it ignores Ctrl+C would
    otherwise stop that worker with a traceback, and the pool would wait for it. Held, it reaches this process
    once the pool is up, and stops the run.
    """
    import multiprocessing

    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    held = hasattr(signal, "pthread_sigmask")
    if held:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return context.Pool(jobs, initializer=_worker_ignores_ctrl_c)
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _worker_ignores_ctrl_c() -> None:
    # Ctrl+C reaches every process of the terminal: the workers leave it to the main process, which stops
    # the pool and says so in one line, rather than each printing its own traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # forked while the main process held Ctrl+C back (see _pool)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


# -- showing -----------------------------------------------------------------------------------


def _pct(share: dict[str, Any] | None) -> str:
    if share is None or share["rate"] is None:
        return "—"
    return f"{100 * share['rate']:.1f}%\n({100 * share['low']:.0f}–{100 * share['high']:.0f})"


def render_table(result: SimResult) -> Any:
    """The figures as a rich table, one row per player."""
    from rich.table import Table

    unit = "games" if result.mode == "games" else "single rounds"
    table = Table(
        title=f"{result.ruleset}: {result.games or result.rounds} {unit}, seed {result.seed}",
        caption=(
            f"{result.games} games, {result.rounds} rounds, {result.turns} turns in {result.seconds:.2f} s: "
            f"{result.rate(result.games):.1f} games/s, {result.rate(result.rounds):.1f} rounds/s, "
            f"{result.rate(result.turns):,.0f} turns/s; 95% intervals in brackets"
        ),
    )
    table.add_column("player", style="bold")
    table.add_column("game wins", justify="right")
    table.add_column("round wins", justify="right")
    table.add_column("points a round", justify="right")
    table.add_column("Yaniv calls a round", justify="right")
    table.add_column("calls Assafed", justify="right")
    for i, t in enumerate(result.tallies):
        f = figures(t, result.mode)
        ppr = f["points_per_round"]
        table.add_row(
            f"P{i + 1} {t.level}",
            _pct(f["game_wins"]),
            _pct(f["round_wins"]),
            f"{ppr['mean']:.2f}\n({ppr['low']:.1f}–{ppr['high']:.1f})",
            _pct(f["yaniv_calls"]),
            _pct(f["assafs_suffered"]),
        )
    return table
