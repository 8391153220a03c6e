"""The JSON codecs of the game's values, one for each: cards, turns, rounds, actions, rulesets and a game's state.

Both the save (`store/`) and the wire (`net/`) write and read with these, so a card or a round is written the same
in a save file and in a frame; each format itself is documented where it lives: the save's in `store.saves` and
`store.game_format`, the messages' in `net/protocol.py`. Reading checks every field of untrusted data and raises
SnapshotError, one line naming the field. It imports only the engine: no Textual, no Rich, no sockets, and no
files but a game record's, read through the engine's safe file reading (`record.py`, the format of
docs/game-record.md; imported on its own, as `yaniv_tui.codec.record`).

    data = round_to_dict(score)              # JSON-safe data, `json.dumps` takes it as it is
    score = read_round(data, "history[0]", n)  # SnapshotError("history[0].caller: missing") when damaged
"""

from __future__ import annotations

from .fields import Reader, SnapshotError, fail, kind_of, read_card, read_card_or_none, read_int, read_name
from .game import state_from_dict, state_to_dict
from .rules import ruleset_from_snapshot, ruleset_to_dict
from .values import (
    ACTION_KEYS,
    action_from_dict,
    action_to_dict,
    card_code,
    card_codes,
    hand_codes,
    read_round,
    read_turn,
    round_to_dict,
    turn_to_dict,
)

__all__ = [
    "ACTION_KEYS",
    "Reader",
    "SnapshotError",
    "action_from_dict",
    "action_to_dict",
    "card_code",
    "card_codes",
    "fail",
    "hand_codes",
    "kind_of",
    "read_card",
    "read_card_or_none",
    "read_int",
    "read_name",
    "read_round",
    "read_turn",
    "round_to_dict",
    "ruleset_from_snapshot",
    "ruleset_to_dict",
    "state_from_dict",
    "state_to_dict",
    "turn_to_dict",
]
