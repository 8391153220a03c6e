"""The expert's guesses at the hidden cards: they fit the view, and they read a player's not calling Yaniv."""

from __future__ import annotations

from yaniv_tui.bots import HardBot, make_bot
from yaniv_tui.bots.expert import ExpertBot, _last_turns
from yaniv_tui.bots.memory import Memory
from yaniv_tui.engine import Game, hand_value, load_ruleset
from yaniv_tui.engine.determinize import game_from_view


def late_round(seed: int) -> Game | None:
    """A heads-up round of hard bots played until the other seat has a low hand after a low drop, or None."""
    game = Game.new(load_ruleset("israeli"), ["A", "B"], seed=seed, first=0)
    bot = make_bot("hard")
    while not game.history:
        seat = game.current
        low_drop = game.log and game.log[-1].seat == 1 and hand_value(game.log[-1].drop, game.rules) <= 4
        if seat == 0 and low_drop and hand_value(game.hands[1] or [], game.rules) <= 14:
            return game
        game.apply(bot.choose(game.view(seat)))
    return None


def could_have_called(expert: ExpertBot, game: Game, tries: int) -> float:
    """The share of the expert's guesses in which seat 1 held a hand it could have called on at its last turn."""
    view = game.view(0)
    memory = Memory(view)
    last = _last_turns(view)[1]
    hits = 0
    for _ in range(tries):
        hands, deck = expert._sample(view, memory)
        game_from_view(view, hands, deck, seed=1)  # checks every card is where the view allows
        hand = list(hands[1] or [])
        taken = last.take if last.take is not None else hand[-1]
        hand.remove(taken)
        hits += hand_value([*hand, *last.drop], game.rules) <= game.rules.yaniv_limit
    return hits / tries


def test_guesses_fit_the_view_and_mostly_spare_a_player_who_did_not_call() -> None:
    games = [g for g in (late_round(seed) for seed in range(200)) if g is not None][:6]
    assert games
    trusting = ExpertBot(seed=3, budget_ms=None, samples=1, belief=1.0)
    naive = ExpertBot(seed=3, budget_ms=None, samples=1, belief=0.0)
    with_belief = sum(could_have_called(trusting, g, 150) for g in games)
    without = sum(could_have_called(naive, g, 150) for g in games)
    assert without > 0.05 * len(games)
    assert with_belief < without / 3


def test_a_lean_guesses_the_kept_cards_lower_and_still_fits_the_view() -> None:
    games = [g for g in (late_round(seed) for seed in range(200)) if g is not None][:6]
    assert games

    def mean_guess(expert: ExpertBot) -> float:
        total = 0
        for game in games:
            view = game.view(0)
            memory = Memory(view)
            for _ in range(300):
                hands, deck = expert._sample(view, memory)
                game_from_view(view, hands, deck, seed=1)  # checks every card is where the view allows
                total += hand_value(hands[1] or [], game.rules)
        return total / (300 * len(games))

    level = mean_guess(ExpertBot(seed=3, budget_ms=None, samples=1, sample_lean=0.0))
    leaned = mean_guess(ExpertBot(seed=3, budget_ms=None, samples=1, sample_lean=0.5))
    assert leaned < level - 0.5, (leaned, level)  # 9.1 against 9.9
    assert ExpertBot(budget_ms=None, samples=1).sample_lean > 0  # the default leans


def test_the_expert_decides_within_a_small_budget() -> None:
    game = Game.new(load_ruleset("israeli"), ["A", "B", "C"], seed=9, first=0)
    expert = ExpertBot(seed=1, budget_ms=5.0)
    others = make_bot("hard")
    while not game.history:
        seat = game.current
        bot = expert if seat == 0 else others
        action = bot.choose(game.view(seat))
        assert action in game.legal_actions()
        game.apply(action)


def test_the_expert_calls_a_little_sooner_than_the_hard_bot() -> None:
    """Where the hard bot finds a call worth slightly less than playing on, an expert given that slack calls; far
    less, it plays."""
    from yaniv_tui.bots.measures import Odds
    from yaniv_tui.engine import CallYaniv

    hard = make_bot("hard")
    ranker = ExpertBot(seed=1, budget_ms=None, samples=2).ranker
    weighing_alike = HardBot(lean=ranker.lean)  # a hard bot that weighs the call as the expert's ranker does
    near = far = 0
    for seed in range(40):
        game = Game.new(load_ruleset("israeli"), ["A", "B", "C", "D"], seed=seed, first=0)
        while not game.history:
            view = game.view(game.current)
            if view.phase == "turn" and view.hand_value <= game.rules.yaniv_limit:
                memory = Memory(view)
                short = ranker.margin_now(view) - ranker.call_worth(view, memory, Odds(memory.unseen, view.rules))
                expert = ExpertBot(seed=1, budget_ms=None, samples=2, call_slack=8.0, table_slack=8.0)
                if 0 < short < 8:
                    assert not isinstance(weighing_alike.choose(view), CallYaniv)
                    assert isinstance(expert.choose(view), CallYaniv)
                    near += 1
                elif short > 8:
                    assert not isinstance(expert.choose(view), CallYaniv)
                    far += 1
            game.apply(hard.choose(view))
    assert near and far
