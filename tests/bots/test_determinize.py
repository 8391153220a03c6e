"""Rebuilding a game from one seat's view and a guess at the hidden cards."""

from __future__ import annotations

import pytest

from yaniv_tui.bots import make_bot
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.engine.determinize import DeterminizeError, game_from_view


def mid_round(seats: int = 3) -> Game:
    game = Game.new(load_ruleset("israeli"), [f"P{s}" for s in range(seats)], seed=4, first=0)
    bots = [make_bot("medium") for _ in range(seats)]
    for _ in range(7):
        game.apply(bots[game.current].choose(game.view(game.current)))
    assert not game.history
    return game


def test_the_true_hidden_cards_rebuild_a_game_that_plays_on_the_same() -> None:
    game = mid_round()
    seat = game.current
    view = game.view(seat)
    copy = game_from_view(view, [list(h or []) for h in game.hands], list(game.deck), seed=1)
    assert copy.view(seat).hand == view.hand and copy.view(seat).seen == view.seen
    assert copy.hands == game.hands and copy.deck == game.deck and copy.pile[-1] == game.pile[-1]
    assert copy.legal_actions() == game.legal_actions()
    bots = [make_bot("medium") for _ in game.players]
    for _ in range(6):
        # Both games take the same plays the same way until the deck runs out (reshuffles use each game's own rng).
        action = bots[game.current].choose(game.view(game.current))
        assert action == bots[copy.current].choose(copy.view(copy.current))
        game.apply(action)
        copy.apply(action)
        assert copy.hands == game.hands and copy.scores == game.scores


def test_a_guess_that_does_not_fit_the_view_is_refused() -> None:
    game = mid_round()
    view = game.view(game.current)
    hands = [list(h or []) for h in game.hands]
    other = (game.current + 1) % 3
    with pytest.raises(DeterminizeError, match=f"seat {other} holds 5 cards, not 4"):
        game_from_view(view, [h[:4] if s == other else h for s, h in enumerate(hands)], game.deck, seed=1)
    with pytest.raises(DeterminizeError, match="the deck holds"):
        game_from_view(view, hands, game.deck[:-1], seed=1)
    swapped = [list(h) for h in hands]
    swapped[other][0] = hands[game.current][0]  # a card that is in the seat's own hand

    with pytest.raises(DeterminizeError, match="does not hold the game's cards"):
        game_from_view(view, swapped, game.deck, seed=1)
