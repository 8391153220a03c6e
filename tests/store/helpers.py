"""Games for the store tests: played by plain bots to a chosen point, so every state is a real one."""

from __future__ import annotations

import dataclasses

from yaniv_tui.bots import PlainBot
from yaniv_tui.engine import Game, Ruleset, load_ruleset


def slap_rules() -> Ruleset:
    """The Israeli rules with the slap-down rule, so the "slap" phase turns up in play."""
    return dataclasses.replace(load_ruleset("israeli"), slap_down=True)


def play(game: Game, actions: int | None = None, *, rounds: int | None = None) -> Game:
    """Let plain bots play `actions` actions, or until `rounds` rounds are finished, or to the end."""
    bot = PlainBot()
    done = 0
    while not game.is_over and (actions is None or done < actions):
        if rounds is not None and len(game.history) >= rounds:
            break
        game.apply(bot.choose(game.view(game.current)))
        done += 1
    return game


def new_game(ruleset: str | Ruleset = "israeli", players: int = 3, seed: int = 7) -> Game:
    rules = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return Game.new(rules, [f"Player {i + 1}" for i in range(players)], seed=seed)
