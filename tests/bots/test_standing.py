"""Each seat's chance to win from the scores: what the expert weighs a round's points by."""

from __future__ import annotations

import pytest

from yaniv_tui.bots.standing import GameSense, point_worth, win_chances
from yaniv_tui.engine import Card, Ruleset, load_ruleset, parse_cards, score_round

ISRAELI = load_ruleset("israeli")  # over 200 is out, the last left wins
SURSIS = load_ruleset("sursis")  # the first to reach 100 ends the game, the lowest wins


@pytest.mark.parametrize("scores", [(0, 0), (0, 0, 0, 0), (37, 37, 37)])
def test_an_even_table_gives_every_seat_the_same_chance(scores: tuple[int, ...]) -> None:
    chances = win_chances(ISRAELI, scores)
    assert chances == pytest.approx([1 / len(scores)] * len(scores))


@pytest.mark.parametrize("rules", [ISRAELI, SURSIS])
def test_chances_add_up_to_one_and_the_lowest_total_leads(rules: Ruleset) -> None:
    chances = win_chances(rules, (40, 10, 70, 25))
    assert sum(chances) == pytest.approx(1.0)
    assert chances[1] > chances[3] > chances[0] > chances[2]


def test_a_seat_out_of_the_game_or_not_at_the_table_has_no_chance() -> None:
    chances = win_chances(ISRAELI, (120, None, 60, 90), out=(False, False, True, False))
    assert chances[1] == chances[2] == 0.0
    assert chances[0] + chances[3] == pytest.approx(1.0)
    assert chances[3] > chances[0]


def test_under_elimination_a_point_costs_more_near_the_knockout() -> None:
    """Play safer near the knockout: at 180 of 200 a point is worth more of the game than at the start."""
    assert point_worth(ISRAELI, (180, 180, 180, 180), 0) > 2 * point_worth(ISRAELI, (0, 0, 0, 0), 0)


def test_under_first_to_limit_a_point_costs_more_as_the_end_nears() -> None:
    assert point_worth(SURSIS, (90, 90), 0) > 2 * point_worth(SURSIS, (10, 10), 0)


def test_a_lucky_reset_is_worth_far_more_than_its_points_alone() -> None:
    """Israeli: a total landing exactly on 100 resets to 50. Caught holding 10 at 90 is worth far more to the
    game than caught holding 9, though it adds a point more."""
    sense = GameSense(ISRAELI, (90, 90, 90, 90), 0)
    caller = "AS 2C 2D"
    on_the_reset = score_round(ISRAELI, sense.scores, hands("KH", caller, "9C 8C", "9D 8D"), 1)
    one_short = score_round(ISRAELI, sense.scores, hands("9H", caller, "9C 8C", "9D 8D"), 1)
    assert on_the_reset.scores[0] == 50 and one_short.scores[0] == 99
    assert sense.round_worth(on_the_reset) > sense.round_worth(one_short) + 25


def test_a_knockout_costs_the_whole_game() -> None:
    """Israeli: over 200 is out. At 190, caught with 11 ends this seat's game; caught with 1 it plays on."""
    sense = GameSense(ISRAELI, (190, 175, 180, 185), 0)
    caller = "AS 2C 2D"
    out = score_round(ISRAELI, sense.scores, hands("5H 6H", caller, "9C", "9D"), 1)
    stays = score_round(ISRAELI, sense.scores, hands("AH", caller, "9C", "9D"), 1)
    assert 0 in out.eliminated and 0 not in stays.eliminated
    assert sense.round_worth(out) == pytest.approx(-sense.chance / sense.point)
    assert sense.round_worth(out) < sense.round_worth(stays) - 5


def test_ending_the_game_as_its_winner_is_worth_the_rest_of_the_chance() -> None:
    sense = GameSense(SURSIS, (60, 95), 0)
    won = score_round(SURSIS, sense.scores, hands("AS 2C", "KH QH"), 0)
    assert won.game_over and won.winners == (0,)
    assert sense.round_worth(won) == pytest.approx((1 - sense.chance) / sense.point)


def hands(*texts: str) -> list[list[Card]]:
    return [parse_cards(text) for text in texts]
