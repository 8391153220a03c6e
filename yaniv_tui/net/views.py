"""A seat's view as the state message carries it, and back: what the engine's PlayerView shows, nothing more."""

from __future__ import annotations

from typing import Any

from yaniv_tui.codec import (
    Reader,
    SnapshotError,
    card_code,
    card_codes,
    read_card,
    read_card_or_none,
    read_name,
    read_round,
    read_turn,
    round_to_dict,
    ruleset_from_snapshot,
    ruleset_to_dict,
    turn_to_dict,
)
from yaniv_tui.codec.fields import fail, per_seat, read_bool, read_int, read_int_or_none
from yaniv_tui.engine import Card, PlayerView
from yaniv_tui.engine.actions import Phase
from yaniv_tui.engine.drops import DropKind

_KINDS: tuple[DropKind, ...] = ("single", "set", "run")
_PHASES: tuple[Phase, ...] = ("turn", "slap", "over")


def view_to_dict(view: PlayerView, players: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Every field of `view` as JSON-safe data (the protocol's VIEW), the seats named `players` if given."""
    return {
        "rules": ruleset_to_dict(view.rules),
        "players": list(players or view.players),
        "seat": view.seat,
        "hand": card_codes(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "deck_size": view.deck_size,
        "discards": card_codes(view.discards),
        "previous_drop": card_codes(view.previous_drop),
        "previous_kind": view.previous_kind,
        "takeable": card_codes(view.takeable),
        "current": view.current,
        "phase": view.phase,
        "slap_card": card_code(view.slap_card),
        "scores": list(view.scores),
        "out": list(view.out),
        "round_no": view.round_no,
        "log": [turn_to_dict(t) for t in view.seen],
        "history": [round_to_dict(r) for r in view.history],
    }


def _cards(r: Reader, key: str, limit: int = 1000) -> list[Card]:
    cards = r.list_(key, read_card)
    if len(cards) > limit:
        raise fail(r.path(key), f"at most {limit} cards")
    return cards


def _choice(r: Reader, key: str, choices: tuple[Any, ...]) -> Any:
    value = r.get(key)
    if value not in choices:
        raise fail(r.path(key), f"one of {', '.join(choices)}")
    return value


def view_from_dict(data: Any) -> PlayerView:
    """The view `view_to_dict` wrote, every field's type and shape checked (SnapshotError names the field).

    Whether the fields fit one game is checked when the mirror is built from it (`engine.determinize`).
    """
    r = Reader(data, "view")
    rules = ruleset_from_snapshot(r.get("rules"), "view.rules")
    players = r.list_("players", read_name)
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise fail("view.players", f"{rules.name} is for {rules.min_players} to {rules.max_players} players")

    def seats(key: str, item: Any) -> list[Any]:
        return per_seat(r.list_(key, item), r.path(key), n)

    return PlayerView.given(
        rules=rules,
        players=players,
        seat=r.int_("seat", 0, n - 1),
        hand=_cards(r, "hand", 64),
        hand_sizes=seats("hand_sizes", lambda v, w: None if v is None else read_int(v, w, 0, 64)),
        deck_size=r.int_("deck_size", 0, 1000),
        discards=_cards(r, "discards"),
        previous_drop=_cards(r, "previous_drop", 64),
        previous_kind=_choice(r, "previous_kind", _KINDS),
        takeable=_cards(r, "takeable", 64),
        scores=seats("scores", read_int_or_none),
        out=seats("out", read_bool),
        current=r.int_("current", 0, n - 1),
        phase=_choice(r, "phase", _PHASES),
        slap_card=read_card_or_none(r.get("slap_card"), "view.slap_card"),
        round_no=r.int_("round_no", 1),
        seen=r.list_("log", lambda v, w: read_turn(v, w, n)),
        history=r.list_("history", lambda v, w: read_round(v, w, n)),
    )


__all__ = ["SnapshotError", "view_from_dict", "view_to_dict"]
