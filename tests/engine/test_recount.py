"""`deck.recount` (rulesets/README.md): each round is dealt from the decks the players still in need; off, from the
decks of the game's start. Every ruleset the checks accept deals every round a knockout can leave, and a reshuffle
keeps the round's cards."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from playing import deal

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import CallYaniv, RulesetError, load_ruleset, ruleset_from_dict
from yaniv_tui.engine.deal import deal as deal_round


@st.composite
def deck_keys(draw: st.DrawFn) -> dict[str, Any]:
    """The keys that shape a deal, drawn where a table's decks change with its count (big hands, a deck joining at a
    few players), under an elimination game with the recount."""
    least = draw(st.integers(2, 7))
    return {
        "players": {"min": least, "max": draw(st.integers(least, least + 3))},
        "deck": {
            "decks": draw(st.integers(1, 2)),
            "more_decks_from": draw(st.lists(st.integers(2, 8), max_size=2, unique=True)),
            "jokers": draw(st.integers(0, 4)),
            "hand_size": draw(st.integers(8, 20)),
            "turn_up": draw(st.booleans()),
            "recount": True,
        },
    }


@settings(max_examples=300, deadline=None, derandomize=True)
@given(deck_keys())
def test_every_round_a_knockout_can_leave_is_dealt(keys: dict[str, Any]) -> None:
    """Knockouts leave any count of players from the seats down to two: under the recount each such round is dealt
    from the decks that count needs, and a ruleset whose decks cannot is refused with the key named (a table of
    four at two decks from 4, a hand of 18: three left need 56 cards and one deck holds 54; it was accepted and its
    first round after a knockout raised IndexError)."""
    try:
        rules = ruleset_from_dict(keys, ruleset_id="drawn")
    except RulesetError as error:
        assert "\n" not in str(error)
        return
    for seats in range(rules.min_players, rules.max_players + 1):
        for playing in range(2, seats + 1):
            out = [seat >= playing for seat in range(seats)]
            hands, deck, pile = deal_round(rules, out, random.Random(0))
            dealt = [card for hand in hands if hand is not None for card in hand] + deck
            dealt += [card for group in pile for card in group]
            assert len(dealt) == rules.decks_for(playing) * (52 + rules.jokers_per_deck)
            assert deck, "a card is left to draw"


def test_israeli_with_the_recount_goes_from_two_decks_to_one_at_three_and_a_reshuffle_keeps_one() -> None:
    """israeli deals two decks from 4 players (RULES.md); with `recount = true` a table of four down to three is
    dealt one deck (RULES.md: 1 for 2-3 players), and the deck made again from the pile holds that round's cards."""
    # A limit of 0 makes rounds long enough to empty the deck; four jokers (two decks) call it.
    rules = dataclasses.replace(
        load_ruleset("israeli"), deck_recount=True, yaniv_limit=0, yaniv_limit_choices=(0,), hand_size=4
    )
    game = deal(rules, ["JK JK JK JK", "KS KD 9C 9H", "QS QD 2C 3C", "KH 2D 3D 4D"], "7D")
    assert sum(game.cards_in_play().values()) == 108
    game.scores = [0, 0, 0, 195]
    game.apply(CallYaniv())
    assert game.out == [False, False, False, True]
    assert game.cards_in_play() == Counter(game.full_deck()) and len(game.full_deck()) == 54
    bot = MediumBot()
    round_no = game.round_no
    while game.round_no == round_no and not game.reshuffles:
        game.apply(bot.choose(game.view(game.current)))
    assert game.reshuffles and game.round_no == round_no, "the round reached a reshuffle"
    assert game.cards_in_play() == Counter(game.full_deck()) and len(game.full_deck()) == 54
