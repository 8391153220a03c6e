"""A game's whole state as JSON-safe data and back, hidden hands and the random state included, every field checked.

Only a save holds this (a seat on the wire sees its view, never the game): `store.game_format` wraps it in the
save's format name and version. Rebuilt through `Game.from_state`, so an impossible state is refused.
"""

from __future__ import annotations

import math
import random
from typing import Any

from yaniv_tui.engine import Game, GameStateError

from .fields import (
    Reader,
    SnapshotError,
    fail,
    kind_of,
    per_seat,
    read_bool,
    read_card,
    read_card_or_none,
    read_cards,
    read_hand,
    read_int,
    read_name,
    read_seed,
)
from .rules import ruleset_from_snapshot, ruleset_to_dict
from .values import card_code, card_codes, hand_codes, read_round, read_turn, round_to_dict, turn_to_dict

__all__ = ["state_from_dict", "state_to_dict"]

_MT_WORDS = 624  # Mersenne Twister words in random.Random's state, plus one position


def state_to_dict(game: Game) -> dict[str, Any]:
    """The whole game, hidden hands and random state included, as data `json.dumps` takes as it is."""
    version, words, gauss = game.rng.getstate()
    return {
        "rules": ruleset_to_dict(game.rules),
        "players": list(game.players),
        "seed": game.seed,
        "rng": {"version": version, "state": list(words), "gauss_next": gauss},
        "scores": list(game.scores),
        "out": list(game.out),
        "hands": [hand_codes(h) for h in game.hands],
        "deck": card_codes(game.deck),
        "pile": [card_codes(group) for group in game.pile],
        "previous_kind": game.previous_kind,
        "takeable": card_codes(game.takeable),
        "current": game.current,
        "phase": game.phase,
        "slap_card": card_code(game.slap_card),
        "log": [turn_to_dict(t) for t in game.log],
        "history": [round_to_dict(score) for score in game.history],
        "zero_wins": list(game.zero_wins),
        "round_no": game.round_no,
        "turns": game.turns,
        "reshuffles": game.reshuffles,
        "dealer": game.dealer,
    }


def _read_rng(data: Any) -> random.Random:
    reader = Reader(data, "rng")
    version = reader.int_("version")
    words = reader.list_("state", lambda v, w: read_int(v, w, 0, 2**32 - 1))
    if len(words) != _MT_WORDS + 1:
        raise fail("rng.state", f"must hold {_MT_WORDS + 1} numbers, got {len(words)}")
    if words[-1] > _MT_WORDS:
        raise fail("rng.state", f"its last number is a position from 0 to {_MT_WORDS}, got {words[-1]}")
    gauss = reader.get("gauss_next")
    if gauss is not None and (not isinstance(gauss, float) or not math.isfinite(gauss)):
        raise fail("rng.gauss_next", f"must be null or a decimal number, got {kind_of(gauss)}")
    rng = random.Random()
    try:
        rng.setstate((version, tuple(words), gauss))
    except (ValueError, TypeError) as error:
        raise fail("rng", f"not a random generator state ({error})") from None
    return rng


def state_from_dict(data: Any) -> Game:
    """The game `state_to_dict` wrote; SnapshotError (one line) for anything that is not a possible game."""
    top = Reader(data)
    rules = ruleset_from_snapshot(top.get("rules"))
    players = tuple(top.list_("players", read_name))
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise fail("players", f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {n}")

    def seat(v: Any, w: str) -> int:
        return read_int(v, w, 0, n - 1)

    kind = top.get("previous_kind")
    if kind not in ("single", "set", "run"):
        raise fail("previous_kind", f'must be "single", "set" or "run", got {kind_of(kind)}')
    phase = top.get("phase")
    if phase not in ("turn", "slap", "over"):
        raise fail("phase", f'must be "turn", "slap" or "over", got {kind_of(phase)}')
    dealer = top.get("dealer")
    try:
        return Game.from_state(
            rules,
            players,
            seed=read_seed(top.get("seed"), top.path("seed")),
            rng=_read_rng(top.get("rng")),
            scores=per_seat(top.list_("scores", lambda v, w: read_int(v, w, 0)), "scores", n),
            out=per_seat(top.list_("out", read_bool), "out", n),
            hands=per_seat(top.list_("hands", read_hand), "hands", n),
            deck=top.list_("deck", read_card),
            pile=top.list_("pile", read_cards),
            previous_kind=kind,
            takeable=top.list_("takeable", read_card),
            current=top.int_("current", 0, n - 1),
            phase=phase,
            slap_card=read_card_or_none(top.get("slap_card"), "slap_card"),
            log=top.list_("log", lambda v, w: read_turn(v, w, n)),
            history=top.list_("history", lambda v, w: read_round(v, w, n)),
            zero_wins=per_seat(top.list_("zero_wins", lambda v, w: read_int(v, w, 0)), "zero_wins", n),
            round_no=top.int_("round_no", 1),
            turns=top.int_("turns", 0),
            reshuffles=top.int_("reshuffles", 0),
            dealer=None if dealer is None else seat(dealer, "dealer"),
        )
    except GameStateError as error:
        raise SnapshotError(str(error)) from None
