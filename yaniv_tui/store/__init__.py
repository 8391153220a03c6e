"""What outlives a game: saves to resume, the history database, and the user's own rulesets.

How the app uses it:

    saved = load_save()                    # SavedGame | None; SaveError: damaged, already moved aside
    meta = SaveMeta(seats, screen_seat=0)  # a new game: who plays each seat
    undo = UndoStack()
    undo.checkpoint(game)                  # just before a human's action
    game.apply(action)
    save_game(game, meta, undo)            # after every action; SaveError if the disk refuses
    history.record(meta.game_id, game, meta.seats, meta.started_at)   # never raises; see history.problem
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .history import History, PlayerStats, print_stats, stats_table
    from .paths import config_dir, data_dir, history_path, save_path, user_rulesets_dir
    from .saves import (
        SavedGame,
        SaveError,
        SaveMeta,
        Seat,
        UndoError,
        UndoStack,
        load_save,
        move_aside,
        read_save,
        remove_save,
        save_game,
    )
    from .userrules import RulesetEntry, all_rulesets, find_ruleset, print_rulesets, save_user_ruleset

#: Where each name lives. The modules are imported when a name is first used, not with the package:
#: `yaniv` opens its first screen sooner without the history's SQLite or the saves' game snapshots.
_HOME = {
    **dict.fromkeys(("History", "PlayerStats", "print_stats", "stats_table"), "history"),
    **dict.fromkeys(("config_dir", "data_dir", "history_path", "save_path", "user_rulesets_dir"), "paths"),
    **dict.fromkeys(
        (
            "SavedGame",
            "SaveError",
            "SaveMeta",
            "Seat",
            "UndoError",
            "UndoStack",
            "load_save",
            "move_aside",
            "read_save",
            "remove_save",
            "save_game",
        ),
        "saves",
    ),
    **dict.fromkeys(
        ("RulesetEntry", "all_rulesets", "find_ruleset", "print_rulesets", "save_user_ruleset"), "userrules"
    ),
}


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "History",
    "PlayerStats",
    "RulesetEntry",
    "SaveError",
    "SaveMeta",
    "SavedGame",
    "Seat",
    "UndoError",
    "UndoStack",
    "all_rulesets",
    "config_dir",
    "data_dir",
    "find_ruleset",
    "history_path",
    "load_save",
    "move_aside",
    "print_rulesets",
    "print_stats",
    "read_save",
    "remove_save",
    "save_game",
    "save_path",
    "save_user_ruleset",
    "stats_table",
    "user_rulesets_dir",
]
