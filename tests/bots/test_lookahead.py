"""The expert's second look at its plays: the turn after each, and what it does once time is up."""

from __future__ import annotations

import time
from collections import Counter

from yaniv_tui.bots.expert import ExpertBot
from yaniv_tui.bots.heaviest import WorthMemo
from yaniv_tui.bots.lookahead import CALLABLE_GAIN, Lookahead
from yaniv_tui.bots.measures import Odds, deck_draws
from yaniv_tui.engine import Card, Game, Play, load_ruleset, parse_cards, standard_deck, swing_values

RULES = load_ruleset("israeli")


def looker() -> Lookahead:
    return Lookahead(shed_weight=0.8, callable_bonus=4.0)


def unseen_besides(*held: str) -> Counter[Card]:
    unseen = Counter(standard_deck(2))
    for text in held:
        unseen.subtract(parse_cards(text))
    return +unseen


def next_turn(hand: str) -> float:
    unseen = unseen_besides(hand)
    odds = Odds(unseen, RULES)
    worth = swing_values(RULES, high=True)
    return looker()._next_turn(parse_cards(hand), WorthMemo(RULES, worth), deck_draws(odds, worth), {})


def test_a_pair_is_worth_more_the_turn_after_than_loose_cards_of_the_same_value() -> None:
    assert next_turn("9H 9S 2C 3D") < next_turn("9H 8S 2C 4D") - 3


def test_a_hand_that_may_call_is_its_value_less_the_gain() -> None:
    assert next_turn("2C 3D") == 5 - CALLABLE_GAIN
    assert next_turn("2C 3D") < next_turn("AC 2D 3S")  # worth 6: no call yet


def test_the_second_look_prefers_the_play_that_keeps_a_pair() -> None:
    hand = tuple(parse_cards("9H 9S 8C 2C 3D"))
    nine, eight, four = parse_cards("9H 8C 4D")
    loose = Play((nine,), four)  # keeps 9S 8C 2C 3D 4D
    paired = Play((eight,), four)  # keeps 9H 9S 2C 3D 4D
    unseen = unseen_besides("9H 9S 8C 2C 3D 4D")
    odds = Odds(unseen, RULES)
    order = looker().rerank(hand, [(0.0, loose), (0.0, paired)], unseen, odds, RULES)
    assert order == [paired, loose]
    # Once time is up it keeps the first look's order.
    late = looker().rerank(hand, [(0.0, loose), (0.0, paired)], unseen, odds, RULES, time.perf_counter() - 1)
    assert late == [loose, paired]


def test_an_expert_on_a_fixed_number_of_guesses_replays_the_same_round() -> None:
    def play(seed: int) -> list[object]:
        game = Game.new(RULES, ["A", "B", "C"], seed=seed, first=0)
        bots = [ExpertBot(seed=s, budget_ms=None, samples=3) for s in range(3)]
        actions: list[object] = []
        while not game.history:
            action = bots[game.current].choose(game.view(game.current))
            actions.append(action)
            game.apply(action)
        return actions

    assert play(4) == play(4)


def test_with_no_time_left_the_expert_plays_its_rankers_first_choice() -> None:
    from yaniv_tui.bots import HardBot
    from yaniv_tui.bots.memory import Memory
    from yaniv_tui.engine import CallYaniv

    ranker = ExpertBot(seed=1).ranker  # the hard bot's measure, its own weights
    hard = HardBot()
    checked = 0
    for seed in range(8):
        game = Game.new(RULES, ["A", "B"], seed=seed, first=0)
        while not game.history:
            view = game.view(game.current)
            action = ExpertBot(seed=1, budget_ms=1e-6).choose(view)
            if not isinstance(action, CallYaniv):
                memory = Memory(view)
                assert action == ranker.best_plays(view, memory, Odds(memory.unseen, RULES), 1)[0][1]
                checked += 1
            game.apply(hard.choose(view))
    assert checked > 20
