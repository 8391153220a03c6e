"""The hard bot (and the expert, which weighs a call with it) reads the keys of a call's cost as the scoring does:
what a call Assafed would do to its total under `resets.with_penalty` and `resets.jokers_held`
(`Ruleset.after_round`), and under `assaf.penalty_per_extra`."""

from __future__ import annotations

from typing import Any

from yaniv_tui.bots import HardBot
from yaniv_tui.bots.measures import Odds
from yaniv_tui.bots.memory import Memory
from yaniv_tui.engine import PlayerView, Ruleset, parse_cards, ruleset_from_dict, score_round


def rules_with(resets: dict[str, Any]) -> Ruleset:
    """The Israeli table's scoring (Assaf +30 on the hand, 100 resets to 50) with these reset keys."""
    return ruleset_from_dict({"resets": {"at": {"100": 50, "200": 100}, **resets}}, ruleset_id="house")


def view_of(rules: Ruleset, hand: str, score: int) -> PlayerView:
    """Seat 0 to play with `hand` on `score`, against one player of five unseen cards on 0."""
    up = tuple(parse_cards("9C"))
    return PlayerView.given(
        rules=rules,
        players=["A", "B"],
        seat=0,
        hand=parse_cards(hand),
        hand_sizes=[len(hand.split()), 5],
        deck_size=40,
        discards=(),
        previous_drop=up,
        previous_kind="single",
        takeable=up,
        scores=[score, 0],
        out=[False, False],
        current=0,
        phase="turn",
        slap_card=None,
        round_no=1,
        seen=(),
        history=(),
    )


def call_worth(view: PlayerView) -> float:
    memory = Memory(view)
    return HardBot().call_worth(view, memory, Odds(memory.unseen, view.rules))


def test_a_call_whose_assaf_penalty_lands_on_a_reset_is_worth_less_where_that_total_stays() -> None:
    """66 + 4 + 30 = 100: a reset to 50 by default, a total of 100 under `with_penalty = false`. Before, the bot
    counted on the reset under both, so it called as eagerly where an Assaf would cost it 34 points as where it
    would take 16 off."""
    kept, stays = rules_with({}), rules_with({"with_penalty": False})
    assaf = score_round(stays, [66, 0], [parse_cards("AC 3D"), parse_cards("AS 2S")], 0)
    assert assaf.scores == (100, 0)  # the scoring keeps the total the penalty brought to 100
    assert call_worth(view_of(stays, "AC 3D", 66)) < call_worth(view_of(kept, "AC 3D", 66))


def test_a_call_holding_the_jokers_that_reset_a_total_is_worth_more() -> None:
    """Under `jokers_held = 2` a hand holding both jokers at the round's end takes its total to 0, Assafed or not.
    Before, the bot weighed the call as if the total went on to 183 when Assafed."""
    plain, jokers = rules_with({}), rules_with({"jokers_held": 2})
    assaf = score_round(jokers, [150, 0], [parse_cards("JK JK 3D"), parse_cards("AS")], 0)
    assert assaf.assaf and assaf.scores[0] == 0
    assert call_worth(view_of(jokers, "JK JK 3D", 150)) > call_worth(view_of(plain, "JK JK 3D", 150))


def test_the_bots_totals_after_a_round_are_the_scorings() -> None:
    """`after_reset` (the bot's) and `score_round` (the scoring) agree on the caller's total, Assafed or not,
    under every reading of the reset keys."""
    from yaniv_tui.bots.measures import after_reset

    for resets in (
        {},
        {"with_penalty": False},
        {"jokers_held": 2},
        {"on_zero_added": True, "every": 50, "every_by": 50, "at": {}},
    ):
        rules = rules_with(resets)
        for score, caller, other in (
            (66, "AC 3D", "AS 2S"),
            (150, "JK JK 3D", "AS"),
            (96, "AC 3D", "9S 9D"),
            (100, "2C", "9S"),
        ):
            result = score_round(rules, [score, 0], [parse_cards(caller), parse_cards(other)], 0)
            jokers = caller.split().count("JK")
            expected = after_reset(rules, score, result.added[0] or 0, penalised=result.assaf, jokers=jokers)
            assert result.scores[0] == expected, (resets, score, caller, other)


def test_a_call_against_several_players_weighs_the_extra_penalty_for_each_further_assafer() -> None:
    """Under `assaf.penalty_per_extra` each Assafer past the first adds to the caller's penalty (as `score_round`
    does). Before, the bot weighed an Assaf at the flat penalty however many players were likely to make it."""
    flat = ruleset_from_dict({}, ruleset_id="flat")
    extra = ruleset_from_dict({"assaf": {"penalty_per_extra": 20}}, ruleset_id="extra")
    hands = [parse_cards("4C 3D"), parse_cards("AS"), parse_cards("2S"), parse_cards("AH")]
    assert score_round(extra, [0] * 4, hands, 0).added[0] == 7 + 30 + 2 * 20  # the scoring's reading

    def worth(rules: Ruleset) -> float:
        up = tuple(parse_cards("9C"))
        view = PlayerView.given(
            rules=rules,
            players=["A", "B", "C", "D"],
            seat=0,
            hand=parse_cards("4C 3D"),
            hand_sizes=[2, 2, 2, 2],
            deck_size=40,
            discards=(),
            previous_drop=up,
            previous_kind="single",
            takeable=up,
            scores=[0, 0, 0, 0],
            out=[False] * 4,
            current=0,
            phase="turn",
            slap_card=None,
            round_no=1,
            seen=(),
            history=(),
        )
        return call_worth(view)

    assert worth(extra) < worth(flat)
