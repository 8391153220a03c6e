"""RULES.md read line by line against the engine: the keys and combinations no other test pinned under a value
other than its default (the slap-down under the jack swing, the bonus's points and fewest players, a queen's and
a king's own values)."""

from __future__ import annotations

import dataclasses

import pytest
from builders import card
from playing import deal

from yaniv_tui.engine import (
    CallYaniv,
    Game,
    IllegalActionError,
    KeepCard,
    Play,
    SlapDown,
    hand_value,
    load_ruleset,
    parse_cards,
    ruleset_from_dict,
    score_round,
)

# -- the slap-down with the jack swing (003's jacks, with the slap-down turned on) ------------------------------


def _jacks_dropped() -> Game:
    """Seven-cards with the slap-down: P0 drops a pair of jacks and draws the third jack from the deck. The five
    small cards left count 7; with a jack they count 7 - 2 = 5, at the Yaniv limit, so the jack counts -2."""
    rules = dataclasses.replace(load_ruleset("seven-cards"), slap_down=True)
    game = deal(
        rules,
        ["JH JC AC 2C AD 2D AH", "KS KH KD QS QH QD 9C"],
        up="4H",
        deck="JS 8S 7S 6S",
    )
    game.apply(Play(parse_cards("JH JC")))
    assert game.phase == "slap" and game.slap_card == card("JS")
    return game


def test_a_jack_kept_under_the_swing_counts_low_and_the_hand_may_call() -> None:
    game = _jacks_dropped()
    game.apply(KeepCard())
    assert hand_value(game.hand(0), game.rules) == 5
    game.apply(Play(parse_cards("9C")))  # P1 drops and draws 8S
    game.apply(CallYaniv())
    result = game.history[-1]
    assert result.caller == 0 and result.values[0] == 5 and not result.assaf


def test_a_jack_slapped_down_under_the_swing_leaves_a_hand_too_high_to_call() -> None:
    """Slapping the drawn jack onto the pair empties no hand but loses the jack's -2: 7 is above 003's limit of 5."""
    game = _jacks_dropped()
    game.apply(SlapDown(card("JS")))
    assert game.pile[-1] == tuple(parse_cards("JH JC JS"))
    assert hand_value(game.hand(0), game.rules) == 7
    game.apply(Play(parse_cards("9C"), take=card("JS")))  # P1 takes the slapped jack: it swings in P1's hand too
    assert hand_value(game.hand(1), game.rules) == 6 * 10 + 15
    with pytest.raises(IllegalActionError, match=r"^the hand is worth 7: Yaniv may be called at 5 or less"):
        game.apply(CallYaniv())


# -- bonus.points and bonus.min_players (000's house bonus, at other values) ------------------------------------


def test_the_bonus_takes_off_the_points_the_file_names() -> None:
    rules = ruleset_from_dict({"bonus": {"zero_hand_wins": 2, "points": 15}})
    result = score_round(
        rules, [50, 0, 0], [parse_cards("JK"), parse_cards("KS"), parse_cards("QS")], 0, zero_wins=[1, 0, 0]
    )
    assert result.bonus == (0,) and result.added == (-15, 10, 10) and result.scores == (35, 10, 10)


def test_the_bonus_needs_the_fewest_players_the_file_names() -> None:
    hands = [parse_cards("JK"), parse_cards("KS")]
    heads_up = ruleset_from_dict({"bonus": {"zero_hand_wins": 2, "min_players": 2}})
    result = score_round(heads_up, [50, 0], hands, 0, zero_wins=[1, 0])
    assert result.bonus == (0,) and result.scores == (30, 10)
    four = ruleset_from_dict({"bonus": {"zero_hand_wins": 2, "min_players": 4}})
    three = [*hands, parse_cards("QS")]
    result = score_round(four, [50, 0, 0], three, 0, zero_wins=[1, 0, 0])
    assert result.bonus == () and result.zero_wins == (1, 0, 0) and result.scores == (50, 10, 10)
    result = score_round(four, [50, 0, 0, 0], [*three, parse_cards("QH")], 0, zero_wins=[1, 0, 0, 0])
    assert result.bonus == (0,) and result.scores == (30, 10, 10, 10)


# -- values.queen and values.king ("jack/queen/king 10 ... unless the preset says otherwise") --------------------


def test_a_queen_and_a_king_count_the_values_the_file_gives_them() -> None:
    rules = ruleset_from_dict({"values": {"queen": 12, "king": 13}})
    assert hand_value(parse_cards("QS KH JD"), rules) == 12 + 13 + 10
    result = score_round(rules, [0, 0], [parse_cards("AS"), parse_cards("QS KH")], 0)
    assert result.added == (0, 25)
