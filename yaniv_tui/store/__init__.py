"""What outlives a game: saves to resume, the history database, and the user's own rulesets.

How the app uses it:

    lines = record_pending()               # at start: finished games the history missed, recorded now
    listing = scan_saves()                 # one save per game: .games newest first, .problems (moved aside)
    saved = find_save(listing, "3f2a")     # by a unique id prefix (None: the newest); SaveError in one line
    saved, lock = claim_game(saved.game_id)  # locked, then read afresh; GameOpenElsewhere: another process plays it
    meta = SaveMeta(seats, screen_seat=0)  # a new game: who plays each seat, and a fresh id
    undo = UndoStack()
    undo.checkpoint(game)                  # just before a human's action
    game.apply(action)
    save_game(game, meta, undo)            # after every action, the last one too; SaveError if the disk refuses
    if history.record(game, meta) and game.is_over:  # who sat where, hints, who conceded: all from the meta
        remove_save(meta.game_id)          # only once the history holds it; else it waits as pending
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yaniv_tui.engine.lazy import lazy_exports

if TYPE_CHECKING:
    from yaniv_tui.engine import Seat

    from .files import move_aside
    from .history import History, PlayerStats
    from .library import (
        Claimed,
        GameGone,
        Listing,
        claim_game,
        claim_newest,
        delete_game,
        find_save,
        record_pending,
        scan_saves,
        short_ids,
    )
    from .locks import GameLock, GameOpenElsewhere, is_open_elsewhere, lock_game, take_lock
    from .meta import SaveMeta
    from .paths import config_dir, data_dir, history_path, legacy_save_path, save_path, saves_dir, user_rulesets_dir
    from .round_notes import timed_out_turns, took_this_round
    from .saves import (
        SavedGame,
        SaveError,
        load_save,
        read_save,
        remove_save,
        save_game,
    )
    from .undo import UndoError, UndoStack
    from .userrules import RulesetEntry, all_rulesets, find_ruleset, save_user_ruleset

#: Where each name lives. The modules are imported when a name is first used, not with the package:
#: `yaniv` opens its first screen sooner without the history's SQLite or the saves' game snapshots.
_HOME = {
    **dict.fromkeys(("History", "PlayerStats"), "history"),
    "move_aside": "files",
    **dict.fromkeys(
        ("config_dir", "data_dir", "history_path", "legacy_save_path", "save_path", "saves_dir", "user_rulesets_dir"),
        "paths",
    ),
    **dict.fromkeys(
        (
            "Claimed",
            "GameGone",
            "Listing",
            "claim_game",
            "claim_newest",
            "delete_game",
            "find_save",
            "record_pending",
            "scan_saves",
            "short_ids",
        ),
        "library",
    ),
    **dict.fromkeys(("GameLock", "GameOpenElsewhere", "is_open_elsewhere", "lock_game", "take_lock"), "locks"),
    **dict.fromkeys(("SaveMeta", "Seat"), "meta"),
    **dict.fromkeys(
        (
            "SavedGame",
            "SaveError",
            "load_save",
            "read_save",
            "remove_save",
            "save_game",
        ),
        "saves",
    ),
    "timed_out_turns": "round_notes",
    "took_this_round": "round_notes",
    **dict.fromkeys(("UndoError", "UndoStack"), "undo"),
    **dict.fromkeys(("RulesetEntry", "all_rulesets", "find_ruleset", "save_user_ruleset"), "userrules"),
}


__getattr__ = lazy_exports(__name__, _HOME, globals())


__all__ = [
    "Claimed",
    "GameGone",
    "GameLock",
    "GameOpenElsewhere",
    "History",
    "Listing",
    "PlayerStats",
    "RulesetEntry",
    "SaveError",
    "SaveMeta",
    "SavedGame",
    "Seat",
    "UndoError",
    "UndoStack",
    "all_rulesets",
    "claim_game",
    "claim_newest",
    "config_dir",
    "data_dir",
    "delete_game",
    "find_ruleset",
    "find_save",
    "history_path",
    "is_open_elsewhere",
    "legacy_save_path",
    "load_save",
    "lock_game",
    "move_aside",
    "read_save",
    "record_pending",
    "remove_save",
    "save_game",
    "save_path",
    "save_user_ruleset",
    "saves_dir",
    "scan_saves",
    "short_ids",
    "take_lock",
    "timed_out_turns",
    "took_this_round",
    "user_rulesets_dir",
]
