"""Determinism: all chance comes from the game's own seeded generator, so a seed and the actions replay a game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Action, Game, load_ruleset

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")


def views(game: Game) -> list[dict[str, Any]]:
    """Every seat's view, as plain values."""
    out = []
    for seat in range(len(game.players)):
        view = game.view(seat)
        out.append(
            {
                "hand": view.hand,
                "hand_sizes": view.hand_sizes,
                "deck_size": view.deck_size,
                "previous_drop": view.previous_drop,
                "takeable": view.takeable,
                "scores": view.scores,
                "current": view.current,
                "phase": view.phase,
                "seen": view.seen,
                "history": view.history,
                "legal_actions": view.legal_actions,
            }
        )
    return out


def play(
    preset: str, players: int, seed: int, chooser_seed: int, state: Callable[[Game], dict[str, Any]]
) -> tuple[Game, list[Action], list[Any]]:
    """A whole game of plain bots with a random player at seat 0, recording every action and state."""
    game = Game.new(load_ruleset(preset), [f"P{s}" for s in range(players)], seed=seed)
    rng = random.Random(chooser_seed)
    bot = MediumBot()
    actions: list[Action] = []
    states = [state(game)]
    while not game.is_over:
        legal = game.legal_actions()
        action = rng.choice(legal) if game.current == 0 and rng.random() < 0.5 else bot.choose(game.view(game.current))
        actions.append(action)
        game.apply(action)
        states.append(state(game))
    return game, actions, states


@pytest.mark.parametrize("preset", PRESETS)
def test_same_seed_and_actions_give_the_same_game(preset: str, state: Callable[[Game], dict[str, Any]]) -> None:
    """Replaying a seed's actions gives the same game at every step: views, log, history, deck and pile."""
    original, actions, states = play(preset, players=4, seed=2024, chooser_seed=9, state=state)
    # Whatever the process-wide generator holds must not matter.
    random.seed(12345)
    replay = Game.new(load_ruleset(preset), [f"P{s}" for s in range(4)], seed=2024)
    assert state(replay) == states[0]
    for action, expected in zip(actions, states[1:], strict=True):
        replay.apply(action)
        assert state(replay) == expected
    assert views(replay) == views(original)
    assert replay.history == original.history and replay.winners == original.winners
    assert replay.deck == original.deck and replay.pile == original.pile


def test_an_unseeded_game_records_its_seed() -> None:
    """A game started without a seed picks one and keeps it, so it can be dealt again."""
    rules = load_ruleset("israeli")
    game = Game.new(rules, ["A", "B", "C"])
    again = Game.new(rules, ["A", "B", "C"], seed=game.seed)
    assert views(again) == views(game) and again.deck == game.deck


def test_different_seeds_deal_different_games() -> None:
    """Different seeds give different deals (and so different games)."""
    rules = load_ruleset("israeli")
    deals = {tuple(Game.new(rules, ["A", "B"], seed=seed).deck) for seed in range(30)}
    assert len(deals) == 30
    first = Game.new(rules, ["A", "B"], seed=1)
    second = Game.new(rules, ["A", "B"], seed=2)
    assert views(first) != views(second)


def test_a_clone_plays_on_identically(state: Callable[[Game], dict[str, Any]]) -> None:
    """A clone carries the generator too: the same actions from it give the same game, reshuffles included."""
    game = Game.new(load_ruleset("yanivo"), ["A", "B", "C"], seed=77)
    bot = MediumBot()
    for _ in range(15):
        game.apply(bot.choose(game.view(game.current)))
    twin = game.clone()
    while not game.is_over:
        action = bot.choose(game.view(game.current))
        game.apply(action)
        twin.apply(action)
        assert state(twin) == state(game)
    assert game.reshuffles + len(game.history) > 0


def test_a_clone_given_a_generator_plays_on_as_a_game_seeded_with_it(state: Callable[[Game], dict[str, Any]]) -> None:
    """`clone(rng)` is the same game with its chance from `rng`: a searching bot's copy of one guessed world."""
    rules = load_ruleset("israeli")
    game = Game.new(rules, ["A", "B"], seed=5)
    bot = MediumBot()
    copies = [game.clone(random.Random(99)), game.clone(random.Random(99))]
    for copy in copies:
        assert copy.rng is not game.rng and copy.hands == game.hands and copy.hands[0] is not game.hands[0]
    while not copies[0].is_over:
        action = bot.choose(copies[0].view(copies[0].current))
        for copy in copies:
            copy.apply(action)
        assert state(copies[1]) == state(copies[0])
    # Every round after the first was dealt from the generator given, the same in both copies.
    assert len(copies[0].history) > 1
    assert game.turns == 0 and not game.history  # the original is untouched
