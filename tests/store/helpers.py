"""Games for the store tests: played by plain bots to a chosen point, so every state is a real one."""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

from playing import play

from yaniv_tui.engine import Game, Ruleset, load_ruleset

__all__ = ["new_game", "play", "rounds_recorded", "slap_rules"]


def slap_rules() -> Ruleset:
    """The Israeli rules with the slap-down rule, so the "slap" phase turns up in play."""
    return dataclasses.replace(load_ruleset("israeli"), slap_down=True)


def new_game(ruleset: str | Ruleset = "israeli", players: int = 3, seed: int = 7) -> Game:
    rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return Game.new(rules, [f"Player {i + 1}" for i in range(players)], seed=seed)


def rounds_recorded(path: Path) -> int:
    """The rounds the history database at `path` holds, of finished games and of games in progress alike (the
    stats count finished games only)."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        return int(db.execute("SELECT count(*) FROM rounds").fetchone()[0])


def in_two(work: Any, *args: Any) -> list[Any]:
    """`work(which, barrier, *args)` in two processes at once (which: 0 and 1; each waits at the barrier for the
    other before its part): their answers, in that order. Bounded: each answer within 60 s, each process's end 30."""
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    answers = context.Queue()

    def run(which: int) -> None:
        answers.put((which, work(which, barrier, *args)))

    workers = [context.Process(target=run, args=(which,)) for which in (0, 1)]
    for worker in workers:
        worker.start()
    got = dict(answers.get(timeout=60) for _ in workers)
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    return [got[0], got[1]]
