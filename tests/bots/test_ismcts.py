"""The ISMCTS bot (bots/ismcts.py): it sees only its seat's view, repeats for a seed and a number of iterations,
plays only legal actions on every preset, and counts an action's tries over the worlds it was legal in."""

from __future__ import annotations

import random
import time

import pytest
from test_view_only import positions, reshuffled_hidden

from yaniv_tui.bots.ismcts import IsmctsBot, Node
from yaniv_tui.engine import CallYaniv, Game, Play, load_ruleset, parse_cards


def bot() -> IsmctsBot:
    return IsmctsBot(seed=11, iterations=24)


@pytest.mark.parametrize(("preset", "seats"), [("israeli", 2), ("yanivo", 4)])
def test_a_choice_depends_only_on_the_view(preset: str, seats: int) -> None:
    rng = random.Random(7)
    for game, seat in positions("ismcts", seats, preset, 4):
        before = bot().choose(game.view(seat))
        other = reshuffled_hidden(game, seat, rng)
        assert bot().choose(other.view(seat)) == before


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis", "seven-cards"])
def test_it_plays_a_round_with_legal_actions_only(preset: str) -> None:
    game = Game.new(load_ruleset(preset), ["A", "B"], seed=3)
    players = [IsmctsBot(seed=1, iterations=8), IsmctsBot(seed=2, iterations=8, horizon=3)]
    while not game.history:
        view = game.view(game.current)
        action = players[game.current].choose(view)
        assert action in view.legal_actions
        game.apply(action)


def test_the_same_seed_and_iterations_play_the_same() -> None:
    views = [game.view(seat) for game, seat in positions("ismcts", 2, "israeli", 5)]
    first = [bot().choose(view) for view in views]
    assert [bot().choose(view) for view in views] == first


def test_an_action_counts_its_tries_over_the_worlds_it_was_legal_in() -> None:
    """UCB1 with availability (the ISMCTS paper): an action legal in few worlds is weighed against how often it
    could have been chosen, not against every visit of its parent."""
    node = Node()
    drop_a, drop_b = Play(tuple(parse_cards("KS")), None), Play(tuple(parse_cards("QS")), None)
    call = CallYaniv()
    assert node.pick([drop_a, drop_b], 1.0)[0] == drop_a  # the untried, best ranked first
    node.children[drop_a].visits, node.children[drop_a].total = 1, 1.0
    assert node.pick([drop_a, drop_b], 1.0)[0] == drop_b
    node.children[drop_b].visits, node.children[drop_b].total = 1, 0.0
    assert node.pick([drop_a, call], 1.0)[0] == call  # new where it is legal
    node.children[call].visits, node.children[call].total = 1, 0.5
    assert [node.children[a].available for a in (drop_a, drop_b, call)] == [3, 1, 1]
    for _ in range(5):
        node.pick([drop_a, drop_b], 1.0)
    assert node.children[call].available == 1  # not legal in those worlds, so not counted as passed over
    # drop_a (mean 1, available 9 times) beats drop_b (mean 0, available 7 times) on UCB1.
    assert node.pick([drop_a, drop_b], 1.0)[0] == drop_a


def test_on_a_clock_it_stops_at_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no number of iterations, its clock alone ends the search: each reading of the injected clock moves
    it 10 ms, so a 100 ms budget holds a handful of iterations, never an endless search."""
    now = [0.0]

    def tick() -> float:
        now[0] += 0.01
        return now[0]

    monkeypatch.setattr(time, "perf_counter", tick)
    views = [game.view(seat) for game, seat in positions("ismcts", 2, "israeli", 5)]
    for view in views:
        started = now[0]
        action = IsmctsBot(seed=1, iterations=None, budget_ms=100.0).choose(view)
        assert action in view.legal_actions
        assert now[0] - started <= 0.15


def test_it_needs_iterations_or_a_budget() -> None:
    with pytest.raises(ValueError, match="iterations"):
        IsmctsBot(iterations=None, budget_ms=None)


def test_with_a_margin_it_leaves_the_best_ranked_play_only_for_a_clearly_better_one() -> None:
    first, second = Play(tuple(parse_cards("KS")), None), Play(tuple(parse_cards("QS")), None)

    def root(worths: dict[Play, list[float]]) -> Node:
        node = Node()
        for action, values in worths.items():
            child = node.children[action] = Node()
            child.visits, child.total = len(values), sum(values)
            child.squares = sum(v * v for v in values)
        return node

    noisy = root({first: [0.0, 2.0, -2.0, 0.0], second: [5.0, -3.0, 4.0, -2.0]})  # mean 1 against 0: noise
    assert IsmctsBot._clearly_best(noisy, [first, second], 2.0) == first
    clear = root({first: [0.0, 1.0, -1.0, 0.0], second: [5.0, 6.0, 5.0, 6.0]})
    assert IsmctsBot._clearly_best(clear, [first, second], 2.0) == second
