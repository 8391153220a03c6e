"""The ladder's fit (yaniv_tui/ladder.py) on results made up from known strengths, and a tiny real ladder."""

from __future__ import annotations

import math
import random

import pytest

from yaniv_tui.engine import load_ruleset
from yaniv_tui.ladder import Match, fit, pairings, play_ladder, rate, seating, sweeps

LEVELS = ("easy", "medium", "hard", "expert")
TRUE = {"easy": 1000.0, "medium": 1200.0, "hard": 1350.0, "expert": 1450.0}


def chance(a: str, b: str, true: dict[str, float] = TRUE) -> float:
    """The chance `a` beats `b` when the ratings are `true` (400 points: 10 to 1)."""
    return 1 / (1 + 10 ** ((true[b] - true[a]) / 400))


def made_up(games: int, seed: int = 7, rounds: int = 10, true: dict[str, float] = TRUE) -> list[Match]:
    """`games` games of every pairing, each game and each of its rounds won with the true chances."""
    rng = random.Random(seed)
    out = []
    for a, b in pairings(LEVELS):
        p = chance(a, b, true)
        for _ in range(games):
            won = sum(rng.random() < p for _ in range(rounds))
            out.append(Match(a, b, 1.0 if rng.random() < p else 0.0, won, rounds - won))
    return out


def test_the_fit_finds_the_true_ratings_and_the_stronger_player_rates_higher() -> None:
    matches = made_up(400)
    by_games = fit(LEVELS, [(m.first, m.second, m.game, 1 - m.game) for m in matches])
    by_rounds = fit(LEVELS, [(m.first, m.second, m.first_rounds, m.second_rounds) for m in matches])
    assert sorted(LEVELS, key=by_rounds.__getitem__) == list(LEVELS)
    assert sorted(LEVELS, key=by_games.__getitem__) == list(LEVELS)
    for level in LEVELS:
        assert by_rounds[level] == pytest.approx(TRUE[level], abs=25)
        assert by_games[level] == pytest.approx(TRUE[level], abs=60)


def test_turned_round_the_results_turn_the_ratings_round() -> None:
    upside_down = {level: TRUE[LEVELS[-1 - i]] for i, level in enumerate(LEVELS)}
    ratings = {r.level: r.rounds for r in rate(LEVELS, made_up(100, true=upside_down), resamples=0)}
    assert sorted(LEVELS, key=ratings.__getitem__) == list(reversed(LEVELS))


def test_easy_is_anchored_at_1000_wherever_it_is_listed() -> None:
    matches = made_up(50)
    for levels in (LEVELS, ("expert", "hard", "easy", "medium")):
        for r in rate(levels, matches, resamples=20):
            if r.level == "easy":
                assert (r.games, r.rounds) == (1000.0, 1000.0)
                assert (r.games_low, r.games_high, r.rounds_low, r.rounds_high) == (1000.0,) * 4
            else:
                assert r.rounds > 1000.0


def test_without_easy_the_first_level_is_the_anchor() -> None:
    matches = [m for m in made_up(50) if "easy" not in (m.first, m.second)]
    ratings = {r.level: r.rounds for r in rate(("medium", "hard", "expert"), matches, resamples=0)}
    assert ratings["medium"] == 1000.0 and ratings["expert"] > ratings["hard"] > 1000.0


def test_intervals_shrink_with_more_games() -> None:
    def widths(games: int) -> dict[str, tuple[float, float]]:
        return {
            r.level: (r.games_high - r.games_low, r.rounds_high - r.rounds_low)
            for r in rate(LEVELS, made_up(games), seed=3, resamples=100)
        }

    few, many = widths(40), widths(640)
    for level in LEVELS[1:]:
        assert 0 < many[level][0] < few[level][0] / 2
        assert 0 < many[level][1] < few[level][1] / 2


def test_the_interval_holds_the_rating() -> None:
    for r in rate(LEVELS, made_up(60), seed=2, resamples=100):
        assert r.games_low <= r.games <= r.games_high and r.rounds_low <= r.rounds <= r.rounds_high


def test_the_same_seed_gives_the_same_intervals_and_another_seed_others() -> None:
    matches = made_up(60)
    assert rate(LEVELS, matches, seed=5, resamples=50) == rate(LEVELS, matches, seed=5, resamples=50)
    assert rate(LEVELS, matches, seed=5, resamples=50) != rate(LEVELS, matches, seed=6, resamples=50)


def test_a_clean_sweep_still_rates_finitely_and_is_named() -> None:
    matches = [Match("easy", "hard", 0.0, 0, 12) for _ in range(30)]
    ratings = rate(("easy", "hard"), matches, resamples=10)
    hard = next(r for r in ratings if r.level == "hard")
    # With half a win added each way, 30 wins to none are odds of 30.5 to 0.5.
    assert hard.games == pytest.approx(1000 + 400 * math.log10(30.5 / 0.5), abs=0.5)
    assert hard.rounds == pytest.approx(1000 + 400 * math.log10(360.5 / 0.5), abs=0.5)
    assert sweeps(matches, ("easy", "hard")) == [("easy", "hard")]
    assert sweeps(matches, ("easy", "hard"), rounds=True) == [("easy", "hard")]
    shared = [*matches, Match("easy", "hard", 0.5, 6, 6)]
    assert sweeps(shared, ("easy", "hard")) == [] == sweeps(shared, ("easy", "hard"), rounds=True)
    assert sweeps([*matches, Match("easy", "hard", 0.0, 1, 11)], ("easy", "hard"), rounds=True) == []


def test_four_seats_seat_two_of_each_level_alternately() -> None:
    assert seating("easy", "hard", 2) == ("easy", "hard")
    assert seating("easy", "hard", 4) == ("easy", "hard", "easy", "hard")


@pytest.mark.parametrize("seats", [2, 4])
def test_a_real_ladder_counts_each_game_once_and_is_the_same_over_two_processes(seats: int) -> None:
    rules = load_ruleset("israeli")
    one = play_ladder(rules, ("easy", "medium"), 4, seats=seats, seed=9, jobs=1)
    two = play_ladder(rules, ("easy", "medium"), 4, seats=seats, seed=9, jobs=2)
    assert one.matches == two.matches and one.ratings == two.ratings
    assert len(one.matches) == 4
    assert all(m.game in (0.0, 0.5, 1.0) and m.first_rounds + m.second_rounds > 0 for m in one.matches)


def test_a_ladder_refuses_one_level_and_an_odd_table() -> None:
    rules = load_ruleset("israeli")
    with pytest.raises(ValueError, match="two or more different levels"):
        play_ladder(rules, ("easy", "easy"), 1)
    with pytest.raises(ValueError, match="even number of seats"):
        play_ladder(rules, ("easy", "hard"), 1, seats=3)
