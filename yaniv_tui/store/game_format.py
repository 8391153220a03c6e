"""The game inside a save: its format name and version around the game's state, written and read by the codecs.

    {"format": "yaniv-tui-game", "version": 1, "rules": {...}, "players": [...], "seed": 7, "rng": {...}, ...}

After the name and version come the game's fields as `codec.game.state_to_dict` writes them (every rule by its
field name, the hands, deck and pile as card codes, the round's log of turns, the finished rounds, the random
state), in that order. A save written by this version reads back only here; the wire never sends a game.
"""

from __future__ import annotations

from typing import Any

from yaniv_tui.codec import Reader, SnapshotError, fail, state_from_dict, state_to_dict
from yaniv_tui.engine import Game

__all__ = ["FORMAT", "VERSION", "SnapshotError", "game_from_dict", "game_to_dict"]

#: Names this data as a yaniv-tui game, so another JSON file is told apart from a damaged one.
FORMAT = "yaniv-tui-game"
#: Bumped whenever a field changes meaning; a snapshot of another version is refused, not guessed at.
VERSION = 1


def game_to_dict(game: Game) -> dict[str, Any]:
    """The whole game, hidden hands and random state included, as data `json.dumps` takes as it is."""
    return {"format": FORMAT, "version": VERSION, **state_to_dict(game)}


def game_from_dict(data: Any) -> Game:
    """The game `game_to_dict` wrote; SnapshotError (one line) for anything that is not a possible game."""
    top = Reader(data)
    if top.get("format") != FORMAT:
        raise fail("format", f"must be {FORMAT!r}: this is not a yaniv-tui game")
    version = top.get("version")
    if version != VERSION:
        raise fail("version", f"this yaniv-tui reads game version {VERSION}, the snapshot is version {version!r:.20}")
    return state_from_dict(data)
