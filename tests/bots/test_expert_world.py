"""The expert's guessed worlds carry the dealer its seat's view knows: under `left_of_last_first` (the deal moving
round the table) a search past a round's end starts the next round where the real game does."""

from __future__ import annotations

import dataclasses

import pytest

from yaniv_tui.bots import MediumBot
from yaniv_tui.bots.expert import guessed_world
from yaniv_tui.engine import Game, load_ruleset

RULES = dataclasses.replace(load_ruleset("israeli"), next_first="left_of_last_first")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("turns_in", [0, 1, 5])
def test_a_guessed_world_starts_the_next_round_where_the_game_does(players: int, turns_in: int) -> None:
    differs = 0
    for seed in range(12):
        game = Game.new(RULES, [f"P{s}" for s in range(players)], seed=seed)
        bot = MediumBot()
        while len(game.history) < 1 + seed % 3 and not game.is_over:
            game.apply(bot.choose(game.view(game.current)))
        for _ in range(turns_in):
            game.apply(bot.choose(game.view(game.current)))
        if game.is_over or game.phase != "turn":
            continue
        rounds = len(game.history)
        view = game.view(game.current)
        # The guess is the truth: the world is the game, but for what its seat's view cannot see.
        world = guessed_world(view, [None if h is None else list(h) for h in game.hands], list(game.deck), seed=seed)
        while len(game.history) == rounds:
            action = bot.choose(game.view(game.current))
            game.apply(action)
            world.apply(action)
        if game.is_over:
            continue
        assert world.current == game.current, f"seed {seed}"
        differs += game.current != game.history[-1].winner
    assert differs  # where the winner would start, a world with no dealer started there
