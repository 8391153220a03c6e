"""The engine tests' builders: cards from their codes, and a game built again from its state through
`Game.from_state` (the stacked first round is `playing.deal`). Imported by name, as `rules_oracle` is."""

from __future__ import annotations

from typing import Any

from yaniv_tui.engine import Card, Game, parse_cards

__all__ = ["DERIVED", "card", "cards", "rebuilt", "state_of"]

#: The fields `Game.from_state` works out from the finished rounds and the pile when they are left out.
DERIVED = ("scores", "out", "zero_wins", "round_no", "previous_kind", "takeable")


def cards(codes: str) -> tuple[Card, ...]:
    """`cards("5H JK 7H")`: the cards of these codes, in order."""
    return tuple(parse_cards(codes))


def card(code: str) -> Card:
    return parse_cards(code)[0]


def state_of(game: Game) -> dict[str, Any]:
    """Every argument of `Game.from_state` but the rules and the players, read off a game."""
    return {
        "hands": game.hands,
        "deck": game.deck,
        "pile": game.pile,
        "current": game.current,
        "phase": game.phase,
        "slap_card": game.slap_card,
        "log": game.log,
        "history": game.history,
        "scores": game.scores,
        "out": game.out,
        "zero_wins": game.zero_wins,
        "round_no": game.round_no,
        "previous_kind": game.previous_kind,
        "takeable": game.takeable,
        "seed": game.seed,
        "rng": game.rng,
        "turns": game.turns,
        "reshuffles": game.reshuffles,
        "dealer": game.dealer,
    }


def rebuilt(game: Game, *, derived: bool = False, **changes: Any) -> Game:
    """The game built again by `Game.from_state` from its state with `changes`, checked as a save's is. With
    `derived`, the fields it works out (`DERIVED`) are left out, so that working them out is checked too."""
    state = state_of(game)
    if derived:
        for name in DERIVED:
            del state[name]
    state.update(changes)
    return Game.from_state(game.rules, game.players, **state)
