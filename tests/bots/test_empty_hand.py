"""A hand emptied by a slap-down calls Yaniv on its next turn: every bot level knows it, in thousands of games.

RULES.md, the slap-down (seed 002): a card drawn from the deck that matches the drop may be dropped at
once. Dropped with the last card of a hand, it leaves no hand at all; the engine then offers only the call.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from playing import deal

from yaniv_tui.bots import LEVELS, Bot, make_bot
from yaniv_tui.bots.hard import HardBot
from yaniv_tui.bots.lookahead import Lookahead
from yaniv_tui.bots.measures import Odds
from yaniv_tui.bots.memory import Memory
from yaniv_tui.engine import CallYaniv, Game, Play, SlapDown, load_ruleset, parse_cards

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")
#: A game that has not ended after this many turns is a hang, not a long game.
TURN_CAP = 20_000


def emptied_by_a_slap_down() -> Game:
    """P0 drops three fives and slaps down the fourth, then two nines and slaps down the third: no hand left."""
    rules = dataclasses.replace(load_ruleset("israeli"), slap_down=True)
    game = deal(rules, ["5S 5H 5D 9C 9H", "2C 3C 8D KD QS"], up="AS", deck="5C 4D 9S 6H")
    game.apply(Play(tuple(parse_cards("5S 5H 5D")), None))
    game.apply(SlapDown(parse_cards("5C")[0]))
    game.apply(Play(tuple(parse_cards("KD")), None))
    game.apply(Play(tuple(parse_cards("9C 9H")), None))
    game.apply(SlapDown(parse_cards("9S")[0]))
    game.apply(Play(tuple(parse_cards("QS")), None))
    assert game.current == 0 and game.phase == "turn" and game.hand(0) == ()
    return game


def test_the_engine_offers_an_empty_hand_only_the_call() -> None:
    assert emptied_by_a_slap_down().legal_actions() == [CallYaniv()]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_calls_yaniv_with_an_empty_hand(level: str) -> None:
    game = emptied_by_a_slap_down()
    for seed in range(20):  # the easy bot's whims, the expert's guesses: every seed calls
        bot = make_bot(level, seed=seed, samples=4)
        assert bot.choose(game.view(0)) == CallYaniv(), f"seed {seed}"


def test_a_hard_bot_that_would_rather_play_on_still_calls_with_no_cards() -> None:
    # However wary of an Assaf, a player with no cards has nothing to drop.
    game = emptied_by_a_slap_down()
    wary = HardBot(call_margin=1000.0)
    assert wary.choose(game.view(0)) == CallYaniv()


def test_the_expert_s_helpers_take_an_empty_hand() -> None:
    game = emptied_by_a_slap_down()
    view = game.view(0)
    cautious = HardBot(call_margin=1000.0)
    memory = Memory(view)
    odds = Odds(memory.unseen, view.rules)
    assert cautious.best_plays(view, memory, odds, 4) == []
    look = Lookahead(shed_weight=1.0, callable_bonus=4.0)
    assert look.rerank((), [], memory.unseen, odds, view.rules) == []


def play_out(game: Game, bots: list[Bot]) -> int:
    """Play the game to its end with `bots`, checking each action is legal; how many turns met an empty hand."""
    empty = 0
    for _ in range(TURN_CAP):
        if game.is_over:
            return empty
        seat = game.current
        legal = game.legal_actions()
        if game.phase == "turn" and not game.hand(seat):
            empty += 1
            assert legal == [CallYaniv()]
        action = bots[seat].choose(game.view(seat))
        assert action in legal, f"{bots[seat].name} at seat {seat} chose {action}, not legal now"
        game.apply(action)
    raise AssertionError(f"the game did not end in {TURN_CAP} turns")


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "mixed"])
def test_thousands_of_slap_down_games_never_stop_a_bot(level: str) -> None:
    """Whole games, slap-down on, every preset, 2 to 8 seats; a short game (end at 50) so there are many."""
    rng = random.Random(f"slap-down {level}")
    games = {"easy": 1400, "medium": 700, "hard": 280, "mixed": 280}[level]
    empty = 0
    for number in range(games):
        rules = load_ruleset(PRESETS[number % len(PRESETS)])
        rules = dataclasses.replace(rules, slap_down=True, end_limit=50)
        seats = rules.min_players + number % (rules.max_players - rules.min_players + 1)
        levels = [level if level != "mixed" else rng.choice(LEVELS[:3]) for _ in range(seats)]
        bots = [make_bot(name, seed=rng.getrandbits(32)) for name in levels]
        game = Game.new(rules, [f"P{seat}" for seat in range(seats)], seed=rng.getrandbits(32))
        empty += play_out(game, bots)
    assert empty, "some hand was emptied by a slap-down, so the bots met it"


def test_expert_slap_down_games_never_stop_it() -> None:
    """A few whole games with experts on a small number of guesses, among the other levels."""
    rng = random.Random("slap-down expert")
    for number in range(14):
        rules = load_ruleset(PRESETS[number % len(PRESETS)])
        rules = dataclasses.replace(rules, slap_down=True, end_limit=30)
        seats = rules.min_players + number % (rules.max_players - rules.min_players + 1)
        levels = ["expert", *(rng.choice(LEVELS) for _ in range(seats - 1))]
        bots = [make_bot(name, seed=rng.getrandbits(32), samples=2) for name in levels]
        game = Game.new(rules, [f"P{seat}" for seat in range(seats)], seed=rng.getrandbits(32))
        play_out(game, bots)
