"""A seat's view: its own hand and every public fact, never another seat's cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from yaniv_tui.engine import Game, PlayerView, load_ruleset

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")
PUBLIC = (
    "seat",
    "players",
    "rules",
    "hand",
    "hand_sizes",
    "deck_size",
    "previous_drop",
    "previous_kind",
    "takeable",
    "scores",
    "out",
    "current",
    "phase",
    "slap_card",
    "round_no",
    "seen",
    "history",
    "discards",
    "hand_value",
    "is_my_turn",
    "legal_actions",
)


def public(view: PlayerView) -> dict[str, Any]:
    return {name: getattr(view, name) for name in PUBLIC}


def hide_differently(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card `seat` cannot see dealt again among the other hands and the deck."""
    other = game.clone()
    seats = [s for s, hand in enumerate(other.hands) if hand is not None and s != seat]
    hidden = [c for s in seats for c in other.hands[s] or []] + other.deck
    rng.shuffle(hidden)
    for s in seats:
        size = len(other.hands[s] or [])
        other.hands[s], hidden = hidden[:size], hidden[size:]
    other.deck = hidden
    return other


def played(preset: str, players: int, seed: int, steps: int) -> Game:
    """A game some random legal actions in, possibly across rounds."""
    rng = random.Random(seed)
    game = Game.new(load_ruleset(preset), [f"P{s}" for s in range(players)], seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("preset", PRESETS)
def test_a_view_does_not_depend_on_hidden_cards(preset: str) -> None:
    """Shuffling every card a seat cannot see (other hands, the deck) leaves that seat's view unchanged."""
    rng = random.Random(preset)
    for seed in range(12):
        game = played(preset, players=2 + seed % 4, seed=seed, steps=rng.randrange(0, 60))
        for seat in range(len(game.players)):
            other = hide_differently(game, seat, rng)
            assert public(game.view(seat)) == public(other.view(seat))


@pytest.mark.parametrize("preset", PRESETS)
def test_only_the_current_seat_has_legal_actions(preset: str) -> None:
    """`legal_actions` of a view is empty unless it is that seat's turn; then it is the game's own list."""
    for seed in range(6):
        game = played(preset, players=3, seed=seed, steps=seed * 7)
        for seat in range(3):
            view = game.view(seat)
            if seat == game.current and not game.is_over:
                assert view.is_my_turn and view.legal_actions == game.legal_actions()
            else:
                assert not view.is_my_turn and view.legal_actions == []


def test_a_view_holds_its_own_hand_and_no_game() -> None:
    """A view's hand is its seat's hand; nothing in it leads back to the game (and so to other hands)."""
    game = played("israeli", players=4, seed=3, steps=10)
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == tuple(game.hands[seat] or ())
        for name in PlayerView.__slots__:
            value = getattr(view, name)
            assert not isinstance(value, Game)
            assert value is not game.hands and value is not game.deck
        assert not hasattr(view, "hands") and not hasattr(view, "deck")


def test_no_view_for_a_seat_not_at_the_table() -> None:
    game = played("israeli", players=2, seed=1, steps=0)
    with pytest.raises(ValueError, match="no seat 2: seats are 0 to 1"):
        game.view(2)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_view_without_its_hand_is_what_every_seat_knows(preset: str) -> None:
    """`without_hand` leaves out the seat's own cards (its hand, the card it drew) and keeps every public fact:
    the same as any other seat's view of the table, bar whose view it is."""
    for seed in range(8):
        game = played(preset, players=3, seed=seed, steps=seed * 9)
        for seat in range(3):
            hidden = public(game.view(seat).without_hand())
            assert hidden["hand"] == () and hidden["slap_card"] is None and hidden["legal_actions"] == []
            assert hidden["phase"] != "slap"
            other = public(game.view((seat + 1) % 3))
            for name in ("seat", "hand", "hand_value", "slap_card", "is_my_turn", "legal_actions", "phase"):
                del hidden[name], other[name]
            assert hidden == other


@pytest.mark.parametrize("preset", PRESETS)
def test_the_winners_and_standings_of_a_view_are_the_games(preset: str) -> None:
    """Read from the finished rounds every seat saw: () and no winner while the game goes on."""
    for seed in range(4):
        game = played(preset, players=3, seed=seed, steps=4000)
        assert game.is_over
        for seat in range(3):
            view = game.view(seat)
            assert view.winners == game.winners and view.standings() == game.standings()
    going = played(preset, players=3, seed=1, steps=3)
    assert going.view(0).winners == () and going.view(0).standings() == going.standings()


@pytest.mark.parametrize("preset", PRESETS)
def test_the_watchers_view_is_every_public_fact_and_no_seats_cards(preset: str) -> None:
    """`Game.watcher_view`: what every seat's view shows of the table, no hand, no drawn card, no turn to play,
    and no slap phase (whether the card drawn matches is the drawer's secret until it acts)."""
    for seed in range(12):
        game = played(preset, players=3, seed=seed, steps=seed * 7)
        watcher = game.watcher_view()
        assert not watcher.hand_shown and all(game.view(seat).hand_shown for seat in range(3))
        assert watcher.hand == () and watcher.slap_card is None and watcher.legal_actions == []
        assert not watcher.is_my_turn and watcher.phase != "slap"
        shown = public(watcher)
        other = public(game.view((game.current + 1) % 3))
        for name in ("seat", "hand", "hand_value", "slap_card", "is_my_turn", "legal_actions", "phase"):
            del shown[name], other[name]
        assert shown == other
        assert watcher.phase == ("turn" if game.phase == "slap" else game.phase)
