"""The edge rules other Yaniv suites test most, each played through `Game` on a stacked deal and judged by the
words of RULES.md: a call at exactly the limit, Assaf on a tie per key, two Assafers, a call with an empty deck,
the deck running out, a joker taken from the pile, A-2-3 and Q-K-A, jokers alone, the first turn, the next
round's starter, totals landing on 100 and 200 or past the knockout, the last two players, slap-down timing; and
under every preset, a deck running out again and again in one round, an Assaf penalty landing on a reset, two
Assafers with the same lowest hand, and a hand as low as the caller's."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from builders import cards, rebuilt
from playing import deal, snapshot

from yaniv_tui.engine import (
    JOKER,
    CallYaniv,
    Card,
    Game,
    IllegalActionError,
    KeepCard,
    Play,
    Ruleset,
    SlapDown,
    load_ruleset,
    preset_paths,
    score_round,
)

ISRAELI = load_ruleset("israeli")
YANIVO = load_ruleset("yanivo")
SURSIS = load_ruleset("sursis")


def test_yaniv_may_be_called_at_exactly_the_limit_and_not_one_above() -> None:
    at_limit = deal(ISRAELI, ["AC AD AH 2C JK", "KC KD KH KS QC"], "9C")
    at_limit.apply(CallYaniv())  # 5: "the hand's value is at most the preset's limit"
    assert at_limit.history[-1].values[0] == 5 and not at_limit.history[-1].assaf
    above = deal(ISRAELI, ["AC AD AH 3C JK", "KC KD KH KS QC"], "9C")
    before = (list(above.hands[0] or []), above.round_no)
    with pytest.raises(IllegalActionError, match="the hand is worth 6: Yaniv may be called at 5 or less"):
        above.apply(CallYaniv())
    assert (above.hands[0], above.round_no) == before


@pytest.mark.parametrize(("rules", "assafed"), [(ISRAELI, False), (YANIVO, True), (SURSIS, True)])
def test_an_equal_hand_assafs_only_where_the_key_says(rules: Ruleset, assafed: bool) -> None:
    result = score_round(rules, [0, 0], [cards("AC 4C"), cards("2D 3D")], 0)
    assert result.assaf is assafed
    assert result.added == ((35, 0) if assafed else (0, 5))
    assert result.winner == (1 if assafed else 0)


def test_two_assafers_score_zero_under_yanivo_and_only_the_lowest_under_the_israeli_rules() -> None:
    hands = [
        cards("3C 3D"),
        cards("AC 5D"),
        cards("2C AD"),
        cards("KC"),
    ]  # caller 6; seats 1 (6) and 2 (3) are at or below
    yanivo = score_round(YANIVO, [0] * 4, hands, 0)
    assert yanivo.assafers == (1, 2) and set(yanivo.zeroed) == {1, 2}
    assert yanivo.added == (36, 0, 0, 10) and yanivo.winner == 2
    israeli = score_round(ISRAELI, [0] * 4, hands, 0)
    assert israeli.assafers == (2,) and israeli.zeroed == (2,)
    assert israeli.added == (36, 6, 0, 10) and israeli.winner == 2


def test_the_seed_000_example_166_plus_4_plus_30_is_200_which_resets_to_100() -> None:
    result = score_round(ISRAELI, [166, 40], [cards("AC 3C"), cards("AD 2D")], 0)
    assert result.assaf and result.added == (34, 0)
    assert result.resets == ((0, 200, 100),) and result.scores == (100, 40)


@pytest.mark.parametrize(
    ("rules", "before", "adds", "after", "out"),
    [
        (ISRAELI, 90, 10, 50, False),  # lands on 100: 50
        (ISRAELI, 190, 10, 100, False),  # lands on 200: 100
        (ISRAELI, 195, 10, 205, True),  # past 200: out
        (ISRAELI, 200, 0, 200, False),  # a round adding nothing resets nothing, and 200 is not above 200
        (YANIVO, 240, 10, 200, False),  # 250 drops to 200, exactly the knockout score: stays in
        (YANIVO, 195, 10, 205, True),
        (SURSIS, 90, 10, 50, False),  # the sursis before the end: 100 drops to 50
        (SURSIS, 95, 10, 105, True),  # first to reach 100 ends it
        (SURSIS, 45, 5, 25, False),
    ],
)
def test_totals_on_the_resets_and_past_the_knockout(
    rules: Ruleset, before: int, adds: int, after: int, out: bool
) -> None:
    loser = cards("AC 2C 3C 4C") if adds == 10 else cards("AC 4C") if adds == 5 else cards("JK")
    result = score_round(rules, [0, before, 0], [cards("JK"), loser, cards("KC KD KH")], 0)
    assert result.added[1] == adds and result.scores[1] == after
    if rules.end_mode == "elimination":
        assert (1 in result.eliminated) is out
    else:
        assert result.game_over is out


def test_the_last_two_players_one_knocked_out_ends_the_game_with_the_other_winning() -> None:
    result = score_round(ISRAELI, [150, 199, None], [cards("JK"), cards("KC KD"), None], 0)
    assert result.eliminated == (1,) and result.game_over and result.winners == (0,)


def test_with_an_empty_deck_a_player_may_call_or_must_take_from_the_previous_drop() -> None:
    # 3 seats of 17 cards and the card turned up use the whole 52-card deck: nothing is left to draw
    rules = dataclasses.replace(ISRAELI, jokers_per_deck=0, hand_size=17, yaniv_limit=60, max_players=3)
    low = "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C"  # 45
    middle = "5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9D"
    high = "9H 9S 10C 10D 10H 10S JC JD JH JS QC QD QH QS KC KD KH"
    game = deal(rules, [low, middle, high], "KS")
    assert game.deck == []
    with pytest.raises(IllegalActionError, match="the deck is empty"):
        game.apply(Play(cards("5C"), None))
    caller = game.clone()
    caller.apply(CallYaniv())
    assert caller.history[-1].values[0] == 45 and not caller.history[-1].assaf
    game.apply(Play(cards("5C"), Card(13, "S")))
    assert game.pile == [(), cards("5C")] and game.deck == []  # nothing under the group on top to shuffle


def test_the_deck_running_out_shuffles_all_but_the_group_on_top() -> None:
    game = Game.new(ISRAELI, ["A", "B"], seed=3, first=0)
    while len(game.deck) > 1:
        game.apply(Play((game.hand(game.current)[0],), None))
    pile = [card for group in game.pile for card in group]
    drop = (game.hand(game.current)[0],)
    game.apply(Play(drop, None))  # draws the last card: the pile but this drop becomes the deck
    assert game.reshuffles == 1 and game.pile == [drop]
    assert Counter(game.deck) == Counter(pile)
    assert game.cards_in_play() == Counter(game.full_deck())


def test_a_joker_at_the_end_of_a_run_may_be_taken_from_the_pile() -> None:
    game = deal(ISRAELI, ["2H 3H JK KC KD", "QC QD 9S 9D 8C"], "4S")
    game.apply(Play(cards("JK 2H 3H"), None))  # laid with the joker first: it stands for the ace, at the low end
    assert game.takeable == (JOKER, Card(3, "H"))
    game.apply(Play(cards("QC QD"), JOKER))
    assert JOKER in game.hand(1)


def test_a_run_from_the_ace_is_legal_and_one_over_the_king_is_not() -> None:
    game = deal(ISRAELI, ["AH 2H 3H QH KH", "QC QD 9S 9D 8C"], "AS")
    before = [list(h or []) for h in game.hands]
    with pytest.raises(IllegalActionError, match="ace is low only"):
        game.apply(Play(cards("QH KH AH"), None))
    assert game.hands == before
    game.apply(Play(cards("AH 2H 3H"), None))
    assert game.previous_kind == "run"


def test_jokers_alone_are_a_set_where_joker_set_is_on() -> None:
    rules = dataclasses.replace(ISRAELI, more_decks_from=())
    game = deal(rules, ["JK JK 5C 6D 7H", "QC QD 9S 9D 8C"], "AS")
    game.apply(Play((JOKER, JOKER), None))
    assert game.previous_kind == "set" and game.takeable == (JOKER,)
    off = deal(dataclasses.replace(rules, joker_set=False), ["JK JK 5C 6D 7H", "QC QD 9S 9D 8C"], "AS")
    with pytest.raises(IllegalActionError, match="jokers alone"):
        off.apply(Play((JOKER, JOKER), None))


def test_the_first_turn_may_take_the_card_turned_up_and_nothing_else_of_the_pile() -> None:
    game = deal(ISRAELI, ["KH QH 3C 4C 5S", "QC QD 9S 9D 8C"], "7D", "2S")
    with pytest.raises(IllegalActionError, match="cannot be taken"):
        game.apply(Play(cards("KH"), Card(2, "S")))
    game.apply(Play(cards("KH"), Card(7, "D")))
    assert Card(7, "D") in game.hand(0) and game.pile[-1] == cards("KH")


def test_without_a_card_turned_up_the_first_player_draws_from_the_deck() -> None:
    rules = dataclasses.replace(ISRAELI, turn_up=False)
    game = deal(rules, ["KH QH 3C 4C 5S", "QC QD 9S 9D 8C"], "", "7D")
    assert game.pile == [] and game.takeable == ()
    with pytest.raises(IllegalActionError, match="pile is empty"):
        game.apply(Play(cards("KH"), Card(7, "D")))
    game.apply(Play(cards("KH"), None))
    assert Card(7, "D") in game.hand(0)


@pytest.mark.parametrize(
    ("rules", "starter"),
    [(ISRAELI, 2), (YANIVO, 2), (load_ruleset("jdross"), 1), (load_ruleset("seven-cards"), 2)],
)
def test_the_next_round_is_started_by_the_winner_or_as_the_key_says(rules: Ruleset, starter: int) -> None:
    rules = dataclasses.replace(rules, hand_size=3)
    # seat 1 calls (3, or 5 with seven-cards' jokers at 2); seat 2 holds one less and Assafs (or is lowest)
    game = deal(rules, ["KH QH 3C", "AC 2C JK", "AD AH JK"], "9C", first=1)
    game.apply(CallYaniv())
    assert game.history[-1].winner == 2
    assert game.current == starter and game.round_no == 2


def test_a_slap_down_is_offered_only_for_the_card_just_drawn_and_only_at_once() -> None:
    rules = load_ruleset("bga")  # slap-down after a single
    game = deal(rules, ["7H KC QD 2C 3S", "QC QS 9S 9D 8C"], "AS", "7D QH")
    game.apply(Play(cards("7H"), None))  # draws 7D: the same rank as the single just dropped
    assert game.phase == "slap" and game.slap_card == Card(7, "D") and game.current == 0
    with pytest.raises(IllegalActionError, match="first slap down"):
        game.apply(CallYaniv())
    with pytest.raises(IllegalActionError, match="only 7♦, just drawn, may be slapped down"):
        game.apply(SlapDown(Card(12, "D")))
    game.apply(KeepCard())
    assert str(game.phase) == "turn" and game.current == 1
    with pytest.raises(IllegalActionError, match="only for the card just drawn"):
        game.apply(SlapDown(Card(7, "D")))
    game.apply(Play(cards("QC QS"), None))  # a set under bga: no slap after it, even with a matching draw (QH)
    assert Card(12, "H") in game.hand(1) and str(game.phase) == "turn" and game.current == 0


# -- every preset at the edges a real table meets ------------------------------------------------------------------

PRESET_IDS = tuple(sorted(preset_paths()))


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_a_deck_that_runs_out_again_and_again_is_made_each_time_from_the_pile_but_its_top(preset: str) -> None:
    """ "When the deck runs out, the discard pile, except the group on top, is shuffled to form a new deck", in the
    same round as often as it runs out: two players drop their highest card and draw from the deck (nobody calls)
    until it has run out three times; each time the new deck is the pile but the drop just made, which is left on
    its own, every card is in one place, and the state is one a save rebuilds."""
    game = Game.new(load_ruleset(preset), ["A", "B"], seed=5, first=0)
    while game.reshuffles < 3:
        pile = Counter(card for group in game.pile for card in group)
        drop = (max(game.hand(game.current)),)
        reshuffles = game.reshuffles
        game.apply(Play(drop, None))
        if game.phase == "slap":
            game.apply(KeepCard())
        assert game.cards_in_play() == Counter(game.full_deck())
        if game.reshuffles > reshuffles:
            assert game.pile == [drop] and Counter(game.deck) == pile
            rebuilt(game)
    assert game.round_no == 1 and not game.history


#: Seat 0 calls on 4 and seat 1 Assafs on 3, from the totals given: seat 0's total after the round, under each
#: preset. "Resets apply only when a round's addition (more than 0) lands a score exactly on the listed value",
#: the Assaf penalty included (the seed-000 example: 166 + 4 + 30 = 200, which resets to 100); applied once, before
#: the end is checked. None: the game is over.
ASSAFED_FROM = (16, 20, 66, 70, 116, 166)
ASSAFED_TO = {
    "bga": (50, 54, 50, 104, 150, 200),  # 100 drops to 50; 200 is not above the knockout
    "cpp-yaniv": (25, 54, 50, 104, 75, 100),  # multiples of 50 halve
    "fuzzymango": (0, 54, 50, None, 100, None),  # multiples of 50 drop by 50; past 100 ends it, 100 does not
    "israeli": (50, 54, 50, 104, 150, 100),  # 100 drops to 50, 200 to 100
    "jdross": (46, 0, 96, 50, None, None),  # a flat 30; 50 drops to 0, 100 to 50; above 100 is out
    "seven-cards": (20, 24, 70, 74, None, None),  # no Assaf: the caller adds 4; reaching 100 ends it
    "sursis": (25, 54, 50, None, None, None),  # 50 drops to 25, 100 to 50; reaching 100 ends it
    "yaniv-games": (0, 54, 50, 104, 100, 150),  # multiples of 50 drop by 50
    "yanivo": (0, 54, 50, 104, 100, 150),
}


def test_every_preset_has_its_totals_after_an_assaf() -> None:
    assert set(ASSAFED_TO) == set(PRESET_IDS)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_an_assaf_penalty_that_lands_on_a_reset_resets_under_every_preset(preset: str) -> None:
    rules = load_ruleset(preset)
    for before, after in zip(ASSAFED_FROM, ASSAFED_TO[preset], strict=True):
        result = score_round(rules, [before, 0], [cards("AC 3C"), cards("AD 2D")], 0)
        assert result.winner == 1 and result.scores[1] == 0
        assert (None if result.game_over else result.scores[0]) == after, before


#: Seat 0 calls on 4; seats 1 and 2 both hold 3, seat 3 holds 10: who scores 0 and what each adds, per preset.
TWO_LOWEST = {
    "bga": ((1, 2), (34, 0, 0, 10)),  # the lowest hands, each of them
    "cpp-yaniv": ((1, 2), (34, 0, 0, 10)),
    "fuzzymango": ((1,), (34, 0, 3, 10)),  # only the first lowest after the caller
    "israeli": ((1, 2), (34, 0, 0, 10)),
    "jdross": ((1, 2), (30, 0, 0, 0)),  # a flat 30, and nobody else scores
    "seven-cards": ((1, 2), (4, 0, 0, 10)),  # no Assaf: the lowest hands score 0, the caller adds 4
    "sursis": ((1, 2), (34, 0, 0, 10)),
    "yaniv-games": ((2,), (34, 3, 0, 10)),  # only the lowest in the later seat
    "yanivo": ((1, 2), (34, 0, 0, 10)),  # every player who Assafed
}


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_two_players_assaf_at_once_with_the_same_lowest_hand(preset: str) -> None:
    """ "Where several share it, each of them scores 0"; "every player who Assafed" (001); one Assafer where the
    preset says; the first of them in turn after the caller starts the next round, or the one scoring 0 where only
    the later seat does."""
    rules = load_ruleset(preset)
    hands = [cards("AC 3C"), cards("AD 2D"), cards("AH 2H"), cards("KC")]
    result = score_round(rules, [0] * 4, hands, 0)
    assert (result.zeroed, result.added) == TWO_LOWEST[preset]
    assert result.assafers == (1, 2) and result.winner == (2 if rules.assaf_zero == "last_lowest" else 1)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_a_hand_as_low_as_the_callers(preset: str) -> None:
    """A tie with the caller: no Assaf under 000 (the caller wins it), an Assaf where ties Assaf, and under 003 (no
    Assaf rule) both lowest hands score 0, the caller starting the next round."""
    rules = load_ruleset(preset)
    result = score_round(rules, [0] * 3, [cards("AC 2C"), cards("AD 2D"), cards("KC")], 0)
    if not rules.assaf:
        assert (result.zeroed, result.winner, result.added) == ((0, 1), 0, (0, 0, 10))
    elif not rules.assaf_on_tie:
        assert (result.assaf, result.winner, result.added) == (False, 0, (0, 3, 10))
    else:
        assert (result.assaf, result.assafers, result.zeroed, result.winner) == (True, (1,), (1,), 1)
        assert result.added[0] == (30 if not rules.assaf_caller_adds_hand else 33)
    assert [preset for preset in PRESET_IDS if not load_ruleset(preset).assaf_on_tie] == ["israeli", "seven-cards"]


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_without_a_card_turned_up_every_round_opens_on_an_empty_pile(preset: str) -> None:
    """The variant "a game that starts with no card turned up, so the first player of a round can only draw from the
    deck" (`deck.turn_up = false`) under every preset, in the first round and the next: the pile is empty, nothing
    may be taken (a take is refused in one line and changes nothing), every listed play draws from the deck."""
    rules = dataclasses.replace(load_ruleset(preset), turn_up=False, hand_size=4)
    game = deal(rules, ["AC AD AH AS", "KC KD KH KS", "QC QD QH QS"], "", "5C")
    for round_no in (1, 2):
        assert game.round_no == round_no and not game.log and game.pile == []
        view = game.view(game.current)
        assert view.previous_drop == () and view.takeable == ()
        plays = [action for action in game.legal_actions() if not isinstance(action, CallYaniv)]
        assert plays and all(isinstance(action, Play) and action.take is None for action in plays)
        hand = game.hand(game.current)
        before = rebuilt(game)
        with pytest.raises(IllegalActionError, match="the pile is empty, so draw from the deck"):
            game.apply(Play(hand[:1], hand[1]))
        assert snapshot(game) == snapshot(before)
        game.apply(CallYaniv() if round_no == 1 else Play(hand[:1], None))
    assert game.pile == [game.log[0].drop]


@pytest.mark.parametrize("preset", sorted(name for name in PRESET_IDS if load_ruleset(name).slap_down))
def test_a_slap_down_of_the_decks_last_card_lands_on_the_drop_left_on_top(preset: str) -> None:
    """The last card of the deck drawn after a single, of its rank: the pile but that single becomes the new deck,
    and the slap-down lands on the single, the group on top, which the next player may take from."""
    game = deal(preset, ["7H 7C QD 2C 3S", "QC QS 9S 9D 8C"], "AS", "7D")
    game.deck[:] = game.deck[-1:]  # the 7D alone is left; the other cards go under the turned-up AS
    buried = [c for c in game.full_deck() if c not in (*game.hand(0), *game.hand(1), *cards("7D AS"))]
    game.pile[:] = [tuple(buried), cards("AS")]
    game.apply(Play(cards("7H"), None))
    assert game.reshuffles == 1 and game.pile == [cards("7H")] and game.phase == "slap"
    assert Counter(game.deck) == Counter([*buried, *cards("AS")])
    game.apply(SlapDown(cards("7D")[0]))
    assert game.pile == [cards("7H 7D")] and game.previous_kind == "set" and game.current == 1
    assert game.view(1).takeable == cards("7H 7D")
    assert game.cards_in_play() == Counter(game.full_deck())
    rebuilt(game)


@pytest.mark.parametrize(("drawn", "assafed"), [("KD", False), ("3D", True)])
def test_an_assaf_counts_the_card_the_player_before_the_caller_just_drew(drawn: str, assafed: bool) -> None:
    """Every hand is revealed as it is at the call: the player who dropped and drew just before the caller holds the
    card it drew (a reading that weighed its hand as it stood at its drop would Assaf with 4 here every time)."""
    rules = dataclasses.replace(ISRAELI, yaniv_limit=10, yaniv_limit_choices=(10,))
    game = deal(rules, ["10H 10S AD AC 2D", "AS AH 2S 2H 3C"], "9C", drawn)
    game.apply(Play(tuple(cards("10H 10S")), None))  # P0 drops its tens and draws `drawn` from the deck
    assert game.hand(0) == (*cards("AD AC 2D"), *cards(drawn))
    game.apply(CallYaniv())  # P1 calls with 9
    result = game.history[-1]
    assert result.values == (4 + (10 if drawn == "KD" else 3), 9)
    assert result.assaf == assafed
    assert game.scores == ([0, 9 + 30] if assafed else [14, 0])


def test_the_call_threshold_counts_each_joker_at_its_value_under_seven_cards() -> None:
    """003: a joker is worth 2, in the hand's value and so in the call's threshold: JK JK AH AS AC AD JS is 4 + 4 - 2
    = 6 with its jack low, over the limit of 5, so its jack counts 15 and no Yaniv may be called (counted at 0, the
    jokers would let it call at 2)."""
    seven = load_ruleset("seven-cards")
    over = deal(seven, ["JK JK AH AS AC AD JS", "KS KH KD KC QS QH QD"], "9C")
    assert over.view(0).hand_value == 2 + 2 + 4 + 15
    with pytest.raises(IllegalActionError, match="Yaniv may be called at 5 or less"):
        over.apply(CallYaniv())
    under = deal(seven, ["JK JK AH AS AC JS JC", "KS KH KD KC QS QH QD"], "9C")
    assert under.view(0).hand_value == 2 + 2 + 3 - 2 - 2
    under.apply(CallYaniv())
    assert under.history[-1].values[0] == 3 and under.scores[0] == 0
