"""Two yaniv processes recording into one history at once. The same finished game recorded by two processes at the
same moment (two `yaniv join` of one user at one table keep the host's record under one id, `record_key`) read the
history before either wrote: both found no game and both wrote it, and the second's insert broke the history's
UNIQUE constraint. A broken constraint was taken for damage: the history was moved aside under the other process
(which then failed on "disk I/O error" or "readonly database") and a new, empty one started. Found with four
processes and a barrier: in three trials of four, the history was moved aside one to three times.

Now a recording reads and writes in one transaction that holds the database's write lock from its start (BEGIN
IMMEDIATE), so the second finds the game the first wrote; and a broken constraint is never damage: it is one line in
`History.problem`, nothing is moved, and the finished game waits in its save to be recorded again."""

from __future__ import annotations

import multiprocessing
import sqlite3
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

from playing import play_recorded

from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta

from .helpers import rounds_recorded

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
PROCESSES = 4
TRIALS = 3


def finished(seed: int) -> tuple[Game, Any]:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=seed)
    return game, play_recorded(game, SEATS)


def record_at_once(path: Path, key: str, seed: int, barrier: Barrier, answers: Any) -> None:
    """One process: a finished game, recorded in the history at `path` once every process is ready."""
    game, record = finished(seed)
    history = History(path, timeout=20)
    barrier.wait(timeout=60)
    done = history.record(game, SaveMeta(SEATS, game_id=key), record)
    answers.put((done, history.notice, history.problem))
    history.close()


def race(path: Path, keys: list[str], seeds: list[int]) -> list[tuple[bool, str | None, str | None]]:
    History(path).close()  # made first: the race is over recording, not over making the tables
    context = multiprocessing.get_context("fork")
    barrier, answers = context.Barrier(len(keys)), context.Queue()
    processes = [
        context.Process(target=record_at_once, args=(path, key, seed, barrier, answers))
        for key, seed in zip(keys, seeds, strict=True)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
    assert all(process.exitcode == 0 for process in processes), [process.exitcode for process in processes]
    return [answers.get(timeout=10) for _ in processes]


def test_one_game_recorded_by_processes_at_once_is_kept_once_and_nothing_is_moved(tmp_path: Path) -> None:
    game, _ = finished(4)
    for trial in range(TRIALS):
        path = tmp_path / str(trial) / "history.sqlite3"
        path.parent.mkdir()
        answers = race(path, ["0123456789abcdef0123456789abcdef"] * PROCESSES, [4] * PROCESSES)
        assert answers == [(True, None, None)] * PROCESSES, answers
        assert sorted(p.name for p in path.parent.iterdir()) == ["history.sqlite3"]
        assert rounds_recorded(path) == len(game.history)
        with History(path) as history:
            assert history.games_played() == 1 and history.problem is None


def test_different_games_recorded_by_processes_at_once_are_all_kept(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    seeds = list(range(4, 4 + PROCESSES))
    answers = race(path, [f"{seed:032x}" for seed in seeds], seeds)
    assert answers == [(True, None, None)] * PROCESSES, answers
    assert sorted(p.name for p in path.parent.iterdir()) == ["history.sqlite3"]
    assert rounds_recorded(path) == sum(len(finished(seed)[0].history) for seed in seeds)


def test_a_broken_constraint_is_one_line_and_moves_nothing(tmp_path: Path) -> None:
    """A constraint broken as a round is written (here by a trigger, as a bug or another program would) is not
    damage: the database stays where it is with every game it held, the game is not counted as recorded, and it is
    recorded once the constraint holds again."""
    path = tmp_path / "history.sqlite3"
    first, first_record = finished(4)
    with History(path) as history:
        assert history.record(first, SaveMeta(SEATS, game_id="a" * 32), first_record)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TRIGGER refuse BEFORE INSERT ON rounds BEGIN SELECT RAISE(ABORT, 'refused'); END")
    before = path.read_bytes()
    game, record = finished(5)
    history = History(path)
    assert not history.record(game, SaveMeta(SEATS, game_id="b" * 32), record)
    assert history.notice is None
    assert history.problem is not None and "\n" not in history.problem
    assert "refused" in history.problem and "could not record" in history.problem, history.problem
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]
    assert path.read_bytes() == before
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER refuse")
    assert history.record(game, SaveMeta(SEATS, game_id="b" * 32), record)
    assert history.problem is None and history.games_played() == 2
    history.close()
