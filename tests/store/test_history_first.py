"""The history's first creation by two or more yanivs at once (the first games of two terminals ending at the same
moment, no database yet): each makes or finds the same database, none takes another's half-made one for damage
and moves it aside, and every game is kept in it."""

from __future__ import annotations

import multiprocessing
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta

from .test_history_race import SEATS, finished

PROCESSES = 4
TRIALS = 4


def create_and_record(path: Path, key: str, seed: int, barrier: Barrier, answers: Any) -> None:
    game, record = finished(seed)
    barrier.wait(timeout=60)
    history = History(path, timeout=20)  # made here, at the same moment as the others
    done = history.record(game, SaveMeta(SEATS, game_id=key), record)
    answers.put((done, history.notice, history.problem))
    history.close()


def test_processes_making_the_history_at_once_keep_one_database_with_every_game(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    for trial in range(TRIALS):
        path = tmp_path / str(trial) / "history.sqlite3"
        barrier, answers = context.Barrier(PROCESSES), context.Queue()
        processes = [
            context.Process(target=create_and_record, args=(path, f"first{trial}{n}", 4 + n, barrier, answers))
            for n in range(PROCESSES)
        ]
        for process in processes:
            process.start()
        got = [answers.get(timeout=120) for _ in processes]
        for process in processes:
            process.join(timeout=60)
            assert process.exitcode == 0
        assert got == [(True, None, None)] * PROCESSES, (trial, got)
        assert sorted(p.name for p in path.parent.iterdir()) == ["history.sqlite3"]
        with History(path) as history:
            assert history.games_played() == PROCESSES and history.problem is None
