"""The expert at a table of four: warier calls than heads-up, and repeatable play."""

from __future__ import annotations

from yaniv_tui.bots import make_bot
from yaniv_tui.bots.expert import ExpertBot
from yaniv_tui.bots.measures import Odds
from yaniv_tui.bots.memory import Memory
from yaniv_tui.engine import CallYaniv, Game, load_ruleset


def short_of_calling(seats: int, low: float, high: float, tries: int = 40) -> list[Game]:
    """Turns of hard bots' rounds where the hard bot finds a call worth `low` to `high` short of playing on."""
    ranker = ExpertBot(seed=1, budget_ms=None, samples=2).ranker
    found: list[Game] = []
    for seed in range(tries):
        game = Game.new(load_ruleset("israeli"), [f"P{s}" for s in range(seats)], seed=seed, first=0)
        hard = make_bot("hard")
        while not game.history:
            view = game.view(game.current)
            if view.phase == "turn" and view.hand_value <= game.rules.yaniv_limit:
                memory = Memory(view)
                short = ranker.margin_now(view) - ranker.call_worth(view, memory, Odds(memory.unseen, view.rules))
                if low < short < high:
                    found.append(game.clone())
            game.apply(hard.choose(view))
    return found


def test_at_four_seats_the_expert_does_not_call_on_a_call_worth_less_than_playing_on() -> None:
    """An Assaf is likelier with three opponents: the heads-up slack (call though a little short) is not taken."""
    positions = short_of_calling(4, 0.5, 8.0)
    assert positions
    for game in positions:
        expert = ExpertBot(seed=1, budget_ms=None, samples=2)
        assert not isinstance(expert.choose(game.view(game.current)), CallYaniv)


def test_heads_up_the_expert_still_calls_a_little_short() -> None:
    positions = short_of_calling(2, 0.5, 8.0, tries=80)
    assert positions
    for game in positions:
        expert = ExpertBot(seed=1, budget_ms=None, samples=2)
        assert isinstance(expert.choose(game.view(game.current)), CallYaniv)


def test_the_expert_on_a_fixed_number_of_guesses_plays_a_four_seat_game_the_same_twice() -> None:
    def actions() -> list[object]:
        game = Game.new(load_ruleset("yanivo"), ["A", "B", "C", "D"], seed=5, first=0)
        bots = [ExpertBot(seed=7, budget_ms=None, samples=4), *(make_bot("hard") for _ in range(3))]
        played: list[object] = []
        while len(game.history) < 2 and not game.is_over:
            action = bots[game.current].choose(game.view(game.current))
            played.append(action)
            game.apply(action)
        return played

    assert actions() == actions()
