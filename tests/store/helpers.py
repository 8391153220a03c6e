"""Games for the store tests: played by plain bots to a chosen point, so every state is a real one."""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
from pathlib import Path

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
