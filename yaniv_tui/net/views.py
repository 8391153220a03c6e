"""A seat's view as the state message carries it, and back: what the engine's PlayerView shows, nothing more; a
watcher's (`Game.watcher_view`, no seat's hand) with no seat."""

from __future__ import annotations

from collections import Counter
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
from yaniv_tui.engine.deal import full_deck_of
from yaniv_tui.engine.drops import DropKind

_KINDS: tuple[DropKind, ...] = ("single", "set", "run")
_PHASES: tuple[Phase, ...] = ("turn", "slap", "over")


def view_to_dict(view: PlayerView, players: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Every field of `view` as JSON-safe data (the protocol's VIEW), the seats named `players` if given; a view
    without its hand (`PlayerView.hand_shown` false: a watcher's) has no seat."""
    return {
        "rules": ruleset_to_dict(view.rules),
        "players": list(players or view.players),
        "seat": view.seat if view.hand_shown else None,
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


def _cards(r: Reader, key: str, limit: int) -> list[Card]:
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
    """The view `view_to_dict` wrote, every field's type and shape checked, and the fields checked to fit one
    another (`_check_fits`); SnapshotError names the field."""
    r = Reader(data, "view")
    rules = ruleset_from_snapshot(r.get("rules"), "view.rules")
    players = r.list_("players", read_name)
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise fail("view.players", f"{rules.name} is for {rules.min_players} to {rules.max_players} players")

    def seats(key: str, item: Any) -> list[Any]:
        return per_seat(r.list_(key, item), r.path(key), n)

    current = r.int_("current", 0, n - 1)
    most = rules.deck_size_for(n)  # every card of the table's decks (fewer under `deck.recount` once seats are out)
    watching = r.data.get("seat") is None
    view = PlayerView.given(
        rules=rules,
        players=players,
        seat=current if watching else r.int_("seat", 0, n - 1),
        hand=_cards(r, "hand", 64),
        hand_sizes=seats("hand_sizes", lambda v, w: None if v is None else read_int(v, w, 0, 64)),
        deck_size=r.int_("deck_size", 0, most),
        discards=_cards(r, "discards", most),
        previous_drop=_cards(r, "previous_drop", 64),
        previous_kind=_choice(r, "previous_kind", _KINDS),
        takeable=_cards(r, "takeable", 64),
        scores=seats("scores", read_int_or_none),
        out=seats("out", read_bool),
        current=current,
        phase=_choice(r, "phase", _PHASES),
        slap_card=read_card_or_none(r.get("slap_card"), "view.slap_card"),
        round_no=r.int_("round_no", 1),
        seen=r.list_("log", lambda v, w: read_turn(v, w, n)),
        history=r.list_("history", lambda v, w: read_round(v, w, n)),
    )
    if watching:
        if view.hand or view.slap_card is not None or view.phase == "slap":
            raise fail("view.seat", "a view with no seat (a watcher's) shows no hand, no drawn card, no slap-down")
        view = view.without_hand()
    return _check_fits(view)


def _check_fits(view: PlayerView) -> PlayerView:
    """`view`, once its fields are checked to fit one another as every view of a real game does: the slap phase
    only at the drawer's own view, the round and the finished rounds, the seats in and their hands, the cards
    (none more often than the game's cards hold them, and every card somewhere), a take from the previous drop.

    A client builds no game from a view, so what only a whole game shows is not checked here: the turn order,
    each hand's size against its turns, a card taken from the pile still held, each round's scoring.
    """
    mine = view.hand_shown and view.current == view.seat
    if view.phase == "slap" and not mine:
        raise fail("view.phase", "a slap-down is shown only to the seat that drew the card")
    if (view.slap_card is not None) != (view.phase == "slap"):
        raise fail("view.slap_card", "a card only in the slap phase, and none in any other")
    over = view.phase == "over"
    if len(view.history) != (view.round_no if over else view.round_no - 1):
        raise fail("view.round_no", f"round {view.round_no} does not fit {len(view.history)} finished rounds")
    rules = view.rules
    # Under `deck.recount` a round is dealt for the seats holding a hand in it, not for every seat.
    full = full_deck_of(rules, len(view.players), sum(1 for size in view.hand_sizes if size is not None))
    shown = Counter((*view.hand, *view.discards, *view.previous_drop))
    extra = shown - Counter(full)
    if extra:
        raise fail("view", f"{next(iter(extra))} more often than the game's cards hold it")
    if Counter(view.takeable) - Counter(view.previous_drop):
        raise fail("view.takeable", "only cards of the previous drop can be taken")
    if over:
        return view
    seats_in = [s for s, out in enumerate(view.out) if not out]
    if len(seats_in) < 2 or view.out[view.current]:
        raise fail("view.out", "a game going on has at least two seats in, the one to play among them")
    for seat, size in enumerate(view.hand_sizes):
        if (size is None) != view.out[seat] or (size or 0) > rules.hand_size:
            raise fail(f"view.hand_sizes[{seat}]", f"at most {rules.hand_size} cards for a seat in, none for one out")
    if view.hand_shown and view.hand_sizes[view.seat] != (None if view.out[view.seat] else len(view.hand)):
        raise fail("view.hand", "must hold as many cards as its seat's hand size says")
    hidden = sum(size or 0 for seat, size in enumerate(view.hand_sizes) if seat != view.seat or not view.hand_shown)
    if shown.total() + hidden + view.deck_size != len(full):
        raise fail("view.deck_size", f"the hands, the deck and the pile must hold the game's {len(full)} cards")
    return view


__all__ = ["SnapshotError", "view_from_dict", "view_to_dict"]
