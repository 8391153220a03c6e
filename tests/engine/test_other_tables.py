"""The rules other Yaniv programs and rule pages play that a ruleset file can now say (issue 31): each a scenario
under the rule and under its default, naming the program or page it comes from, and each key's bad values refused
in one line naming the key and what is allowed."""

from __future__ import annotations

import dataclasses

import pytest
from builders import card
from playing import deal, play, snapshot

from yaniv_tui.engine import (
    JOKER,
    PRESET_GROUPS,
    CallYaniv,
    Game,
    IllegalActionError,
    KeepCard,
    Play,
    Ruleset,
    RulesetError,
    SlapDown,
    drop_kind,
    hand_value,
    legal_drops,
    load_ruleset,
    parse_cards,
    preset_group,
    preset_paths,
    ruleset_from_dict,
    score_round,
)
from yaniv_tui.engine.checks import check_state


def checked(game: Game) -> Game:
    """The game as a save would rebuild it: its state checked (what play reaches must pass the check)."""
    return check_state(Game(**snapshot(game)))


def refused(data: dict[str, object], message: str) -> None:
    with pytest.raises(RulesetError) as error:
        ruleset_from_dict(data, source="house.toml")
    text = str(error.value)
    assert "\n" not in text and message in text, text


# -- 1. values.cards: a card's own value --------------------------------------------------------------------


def test_the_king_of_hearts_counts_nothing() -> None:
    """yaniv.co's house rules: "THE KING OF HEARTS COUNTS AS 0"; the Nepali Dhumbal tables play the same."""
    rules = ruleset_from_dict({"values": {"cards": {"KH": 0}}})
    hand = parse_cards("KH AS 2C JK 2D")
    assert hand_value(hand, rules) == 5
    assert hand_value(hand, Ruleset()) == 15
    assert hand_value(parse_cards("KS KD"), rules) == 20
    game = deal(rules, ["KH AS 2C JK 2D", "9C 9H 8D KD QS"], up="4S")
    assert CallYaniv() in game.legal_actions()
    game.apply(CallYaniv())
    assert game.history[-1].values == (5, 46) and game.scores == [0, 46]
    assert CallYaniv() not in deal(Ruleset(), ["KH AS 2C JK 2D", "9C 9H 8D KD QS"], up="4S").legal_actions()


def test_a_card_of_its_own_value_does_not_swing() -> None:
    """A jack given its own value keeps it under the jack swing; the other jacks still swing."""
    rules = ruleset_from_dict({"values": {"jack_swing": True, "cards": {"JH": 7}}, "deck": {"jokers": 2}})
    assert hand_value(parse_cards("JH AS"), rules) == 8
    assert hand_value(parse_cards("JH JS AS"), rules) == 23  # with JS low, 7 - 2 + 1 = 6 is above 5: JS counts 15
    assert hand_value(parse_cards("JS AS"), rules) == -1


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ({"ZZ": 0}, "values.cards: 'ZZ' is not a card"),
        ({"KH": 99}, "values.cards: KH must be a whole number from -50 to 50, got 99"),
        ({"KH": "0"}, 'values.cards: KH must be a whole number from -50 to 50, got "0"'),
        ({"JK": 3}, "values.cards: JK: a joker's value is values.joker"),
        ({"KH": 0, "kh": 1}, "values.cards: kh names KH again"),
        ("KH", 'values.cards: must be a table like { KH = 0 }, got "KH"'),
    ],
)
def test_bad_card_values_are_refused(cards: object, message: str) -> None:
    refused({"values": {"cards": cards}}, message)


def test_card_values_are_read_in_any_spelling_and_kept_by_code() -> None:
    rules = ruleset_from_dict({"values": {"cards": {"k♥": 0, "TS": 3}}})
    assert rules.card_values == (("10S", 3), ("KH", 0))


# -- 2. resets.jokers_held ----------------------------------------------------------------------------------


def test_both_jokers_held_at_the_end_of_a_round_reset_the_total() -> None:
    """maxfriedrich/yaniv: a player who ends a round holding both jokers has their total reset to 0."""
    hands = [parse_cards("AS 2C"), parse_cards("JK JK 9D")]
    rules = ruleset_from_dict({"resets": {"jokers_held": 2}})
    result = score_round(rules, [40, 60], hands, 0)
    assert result.scores == (40, 0) and result.resets == ((1, 69, 0),)
    assert score_round(Ruleset(), [40, 60], hands, 0).scores == (40, 69)
    assert score_round(rules, [40, 60], [parse_cards("AS 2C"), parse_cards("JK 9D 9C")], 0).scores == (40, 78)


# -- 3. resets.on_zero_added and resets.with_penalty ----------------------------------------------------------


def test_a_total_that_adds_nothing_resets_again_when_the_table_says_so() -> None:
    """fuzzymango/yaniv2 (ADR-0009) and Board Game Arena's reset options: a 50 that wins the round adds 0."""
    base = {"resets": {"every": 50, "every_by": 50}}
    hands = [parse_cards("AS 2C"), parse_cards("9D 9C")]
    assert score_round(ruleset_from_dict(base), [50, 10], hands, 0).scores == (50, 28)
    rules = ruleset_from_dict({"resets": {**base["resets"], "on_zero_added": True}})
    result = score_round(rules, [50, 10], hands, 0)
    assert result.scores == (0, 28) and result.resets == ((0, 50, 0),)


def test_a_total_landing_on_a_reset_through_an_assaf_penalty_stays_when_the_table_says_so() -> None:
    """The seed-000 example (166 + 4 + 30 = 200 resets to 100), and fuzzymango/yaniv2's choice not to reset it."""
    hands = [parse_cards("AS 3C"), parse_cards("2D AC")]
    at = {"at": {"100": 50, "200": 100}}
    assert score_round(ruleset_from_dict({"resets": at}), [166, 0], hands, 0).scores == (100, 0)
    rules = ruleset_from_dict({"resets": {**at, "with_penalty": False}})
    result = score_round(rules, [166, 0], hands, 0)
    assert result.scores == (200, 0) and result.resets == ()
    # Only the penalty's landing is kept: another seat's total still resets.
    assert score_round(rules, [0, 97], [parse_cards("AS 2C"), parse_cards("2D AC")], 0).scores == (0, 50)


# -- 4. yaniv.empty_hand --------------------------------------------------------------------------------------


def _emptied(rules: Ruleset) -> Game:
    """P0, two cards left, drops a pair of nines, draws the third nine and slaps it down: an empty hand."""
    game = deal(rules, ["9C 9H", "KS QS"], up="AS", deck="9S 4D 5D 6H")
    game.apply(Play(parse_cards("9C 9H")))
    assert game.phase == "slap"
    return game.apply(SlapDown(card("9S")))


def test_an_emptied_hand_calls_yaniv_on_its_next_turn_by_default() -> None:
    """Board Game Arena: "If a slapdown decreases hand size to 0, the player must call Yaniv next turn"."""
    game = _emptied(Ruleset(hand_size=2, slap_down=True))
    assert game.hand(0) == () and game.current == 1 and not game.history


def test_an_emptied_hand_wins_the_round_at_once_when_the_table_says_so() -> None:
    """goyaniv and maxfriedrich/yaniv: a player whose hand is emptied wins the round at once, with a hand of 0."""
    rules = Ruleset(hand_size=2, slap_down=True, empty_hand="wins_at_once")
    game = checked(_emptied(rules))
    result = game.history[-1]
    assert (result.caller, result.winner, result.assaf, result.values) == (0, 0, False, (0, 20))
    assert game.scores == [0, 20] and game.round_no == 2 and game.current == 0


def test_an_emptied_hand_wins_even_against_a_hand_as_low() -> None:
    """Nobody Assafs a hand emptied at once, though a tie Assafs a call."""
    rules = Ruleset(hand_size=2, slap_down=True, empty_hand="wins_at_once", assaf_on_tie=True, joker_value=0)
    result = score_round(rules, [0, 0], [(), (JOKER, JOKER)], 0)
    assert (result.assaf, result.winner, result.scores) == (False, 0, (0, 0))


# -- 5. drops.slap_after, drops.slap_runs, drops.slap_last_card -------------------------------------------------


def _pair_then_match(rules: Ruleset) -> Game:
    game = deal(rules, ["9C 9H 8D KD 2H", "2C 3C 8S KS QS"], up="AS", deck="9S 4D 9D 6H")
    return game.apply(Play(parse_cards("9C 9H")))


def test_a_slap_down_only_after_a_single_when_the_table_says_so() -> None:
    """Board Game Arena's slapdown option: a drawn card of the rank of "the single card they have just discarded"."""
    assert _pair_then_match(Ruleset(slap_down=True)).phase == "slap"
    rules = Ruleset(slap_down=True, slap_after="single")
    game = checked(_pair_then_match(rules))
    assert game.phase == "turn" and game.current == 1
    single = deal(rules, ["9C 4H 8D KD 2H", "2C 3C 8S KS QS"], up="AS", deck="9S 4D 9D 6H")
    assert single.apply(Play(parse_cards("9C"))).phase == "slap"


def _run_then_draw(rules: Ruleset, drawn: str) -> Game:
    game = deal(rules, ["3H 4H 5H KD 2C", "2S 3C 8S KS QS"], up="AS", deck=f"{drawn} 4D 9D 6C")
    return game.apply(Play(parse_cards("3H 4H 5H")))


@pytest.mark.parametrize(("drawn", "group"), [("6H", "3H 4H 5H 6H"), ("2H", "2H 3H 4H 5H")])
def test_a_card_that_extends_the_run_just_dropped_may_be_slapped_onto_it(drawn: str, group: str) -> None:
    """jdross/yaniv's run continuation: a drawn card extending the run at either end slaps down onto it."""
    assert _run_then_draw(Ruleset(slap_down=True), drawn).phase == "turn"
    rules = Ruleset(slap_down=True, slap_runs=True)
    game = _run_then_draw(rules, drawn)
    assert game.phase == "slap" and game.slap_card == card(drawn)
    checked(game).apply(SlapDown(card(drawn)))
    game.apply(SlapDown(card(drawn)))
    assert game.previous_drop == tuple(parse_cards(group)) and game.previous_kind == "run"
    assert game.takeable == (parse_cards(group)[0], parse_cards(group)[-1])
    checked(game)


@pytest.mark.parametrize("drawn", ["7H", "6S", "JK"])
def test_a_card_that_does_not_extend_the_run_is_not_slapped(drawn: str) -> None:
    assert _run_then_draw(Ruleset(slap_down=True, slap_runs=True), drawn).phase == "turn"


def test_no_slap_down_onto_the_last_card_when_the_table_says_so() -> None:
    """jdross/yaniv: a slap-down is "not on your last card": it may not empty the hand."""
    assert _emptied(Ruleset(hand_size=2, slap_down=True)).hand(0) == ()
    rules = Ruleset(hand_size=2, slap_down=True, slap_last_card=False)
    game = deal(rules, ["9C 9H", "KS QS"], up="AS", deck="9S 4D 5D 6H")
    game.apply(Play(parse_cards("9C 9H")))
    assert game.phase == "turn" and game.hand(0) == (card("9S"),)
    checked(game)
    # With more cards in hand the slap-down stands.
    assert _pair_then_match(dataclasses.replace(rules, hand_size=5)).phase == "slap"


def _jacks_dropped() -> Game:
    """Seven-cards (003's jack swing) with the slap-down: P0 drops a pair of jacks and draws the third from the deck.
    The five small cards left count 7; with a jack they count 7 - 2 = 5, at the Yaniv limit, so the jack counts -2."""
    rules = dataclasses.replace(load_ruleset("seven-cards"), slap_down=True)
    game = deal(rules, ["JH JC AC 2C AD 2D AH", "KS KH KD QS QH QD 9C"], up="4H", deck="JS 8S 7S 6S")
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


# -- 6. drops.joker_ends ---------------------------------------------------------------------------------------


def test_jokers_only_fill_gaps_when_the_table_says_so() -> None:
    """Several rule pages (CPP-Yaniv: a joker "in place of a missing number (ex. 4H J 6H)"): no joker at a run's end."""
    rules = Ruleset(joker_ends=False)
    assert drop_kind(parse_cards("5H 6H JK"), Ruleset()) == "run"
    assert drop_kind(parse_cards("5H 6H JK"), rules) is None
    assert drop_kind(parse_cards("JK 5H 6H"), rules) is None
    assert drop_kind(parse_cards("5H JK 7H"), rules) == "run"
    runs = [d for d in legal_drops(parse_cards("5H 6H JK 2C 9D"), rules) if len(d) > 2]
    assert runs == []
    assert (JOKER, *parse_cards("5H 6H")) in legal_drops(parse_cards("5H 6H JK 2C 9D"), Ruleset())
    game = deal(rules, ["5H 6H JK 2C 9D", "2S 3C 8S KS QS"], up="AS")
    with pytest.raises(ValueError, match="jokers only fill gaps"):
        game.apply(Play(parse_cards("5H 6H JK")))


# -- 8. players.next_first ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "first"), [("round_winner", 2), ("caller", 0), ("left_of_last_first", 1)])
def test_who_starts_the_next_round(rule: str, first: int) -> None:
    """Seat 0 starts and calls with 5; seat 2 Assafs it. CPP-Yaniv and most pages: the round's winner starts the
    next; NoamBechhofer/yaniv: "The person who last called yaniv goes first"; the older Wikipedia rules: the deal
    moves round the table, so the seat after the last round's first starts."""
    rules = ruleset_from_dict({"players": {"next_first": rule}, "deck": {"hand_size": 3}})
    game = deal(rules, ["AS 2C 2D", "9C 9H KD", "AC AD JK"], up="4S", first=0)
    game.apply(CallYaniv())
    assert game.history[-1].assaf and game.history[-1].winner == 2
    assert game.current == first
    checked(game)


def test_the_deal_moves_round_the_table_whoever_wins() -> None:
    """Seat 1 starts; seat 0 calls and wins: the round winner's seat 0 starts next by default, seat 2 when the
    deal moves round the table."""
    hands = ["AS 2C JK", "9C 9H KD", "AC 9D 10C"]
    for rule, first in (("round_winner", 0), ("left_of_last_first", 2)):
        rules = ruleset_from_dict({"players": {"next_first": rule}, "deck": {"hand_size": 3}})
        game = deal(rules, hands, up="4S", deck="8S 7S", first=1)
        game.apply(Play(parse_cards("KD"))).apply(Play(parse_cards("10C"))).apply(CallYaniv())
        assert game.history[-1].winner == 0 and game.current == first
        checked(game)


def test_a_caller_knocked_out_passes_the_start_to_the_next_seat_in() -> None:
    rules = ruleset_from_dict(
        {"players": {"next_first": "caller"}, "deck": {"hand_size": 3}, "end": {"limit": 20, "limit_choices": [20]}}
    )
    game = deal(rules, ["AS 2C 2D", "3C 4C 5S", "AC AD JK"], up="4S", first=0)
    game.apply(CallYaniv())  # seat 0 adds 5 + 30: out
    assert game.out == [True, False, False] and game.current == 1
    checked(game)


# -- 9. deck.recount --------------------------------------------------------------------------------------------


def test_a_table_down_to_three_goes_back_to_one_deck() -> None:
    """pagat.com notes that some tables "continue to use the double deck even after the number of players is
    reduced below 4" (the default); others deal each round from the decks the remaining players need."""
    hands = ["AS 2C 2D", "9C 9H 8D", "AC 3D 3H", "KC KH KS"]
    for recount, cards in ((False, 108), (True, 54)):
        rules = ruleset_from_dict(
            {
                "deck": {"more_decks_from": [4], "hand_size": 3, "recount": recount},
                "end": {"limit": 20, "limit_choices": [20]},
            }
        )
        game = deal(rules, hands, up="4S", first=0)
        game.apply(CallYaniv())
        assert game.out == [False, True, False, True]
        assert sum(game.cards_in_play().values()) == cards
        checked(game)
        play(game, rounds=2)
        assert len(game.history) == 2
        checked(game)


# -- 10. assaf.penalty_per_extra -----------------------------------------------------------------------------------


def test_an_extra_penalty_for_each_additional_assafer() -> None:
    """CPP-Yaniv: "Extra 20-point penalties to caller of Yaniv for every additional player who can call Assaf"
    (EXTRA_ASSAF_PENALTIES, added for each player other than the winner at or below the caller)."""
    rules = Ruleset(assaf_on_tie=True, assaf_penalty_per_extra=20)
    hands = [parse_cards("AS 4C"), parse_cards("2D AC"), parse_cards("3D 2C"), parse_cards("KD")]
    result = score_round(rules, [0, 0, 0, 0], hands, 0)
    assert result.assafers == (1, 2) and result.added[0] == 5 + 30 + 20


# -- bad values, in one line ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"resets": {"jokers_held": -1}}, "resets.jokers_held: must be a whole number from 0 to 20, got -1"),
        ({"resets": {"on_zero_added": 1}}, "resets.on_zero_added: must be true or false, got 1"),
        ({"resets": {"with_penalty": "no"}}, 'resets.with_penalty: must be true or false, got "no"'),
        (
            {"yaniv": {"empty_hand": "wins"}},
            'yaniv.empty_hand: must be "call_next_turn" or "wins_at_once", got "wins"',
        ),
        ({"drops": {"slap_after": "set"}}, 'drops.slap_after: must be "single_or_set" or "single", got "set"'),
        ({"drops": {"slap_runs": "yes"}}, 'drops.slap_runs: must be true or false, got "yes"'),
        ({"drops": {"slap_last_card": 0}}, "drops.slap_last_card: must be true or false, got 0"),
        ({"drops": {"joker_ends": []}}, "drops.joker_ends: must be true or false, got a list"),
        (
            {"players": {"next_first": "dealer"}},
            'players.next_first: must be "round_winner" or "caller" or "left_of_last_first", got "dealer"',
        ),
        ({"deck": {"recount": "true"}}, 'deck.recount: must be true or false, got "true"'),
    ],
)
def test_bad_values_are_refused_in_one_line(data: dict[str, object], message: str) -> None:
    refused(data, message)


# -- the presets of other programs' tables ------------------------------------------------------------------------

OTHER_TABLES = {
    "bga": "Board Game Arena",
    "yaniv-games": "yaniv.games",
    "fuzzymango": "fuzzymango/yaniv2",
    "jdross": "jdross/yaniv",
    "cpp-yaniv": "DenverCoder1/CPP-Yaniv",
}


@pytest.mark.parametrize(("preset", "program"), OTHER_TABLES.items())
def test_each_program_table_ships_naming_its_source(preset: str, program: str) -> None:
    """Each names the page or file it follows in `source` and its opening comment, says in its description what is
    distinctive, and is told apart from the four presets of our sources by a `source` that is not `source 00N`."""
    rules = load_ruleset(preset)
    assert rules.id == preset and rules.name and rules.description
    assert program.split("/")[0] in rules.source and not rules.source.startswith("source ")
    text = preset_paths()[preset].read_text(encoding="utf-8")
    assert text.startswith("#") and program in text.split("\n\n")[0].split("name =")[0]


def test_the_program_tables_play_their_distinctive_rules() -> None:
    """What each description promises, read back from the files."""
    bga, games, yaniv2, jdross, cpp = (load_ruleset(p) for p in OTHER_TABLES)
    assert not bga.jokers_in_sets and bga.assaf_on_tie and bga.slap_after == "single"
    assert games.empty_hand == "wins_at_once" and games.yaniv_limit == 7 and games.max_players == 4
    assert (yaniv2.run_min_natural, yaniv2.end_mode, yaniv2.end_limit, yaniv2.yaniv_limit_choices) == (
        2,
        "first_to_limit",
        100,
        (3, 5, 7, 11),
    )
    assert jdross.slap_runs and not jdross.slap_last_card and not jdross.assaf_caller_adds_hand
    assert not jdross.assaf_others_score and jdross.resets == ((50, 0), (100, 50))
    assert cpp.yaniv_limit == 7 and cpp.assaf_on_tie and cpp.take_from_set == "any" and cpp.joker_swap
    assert cpp.reset_target(150) == 75 and cpp.reset_target(250) == 125  # halved, before anyone is out


def test_cpp_yaniv_halves_a_score_landing_on_a_multiple_of_50() -> None:
    """CPP-Yaniv: "If a player's score lands on an exact multiple of 50 (ex. 50, 100, 150, 200), their score is
    divided in half" (REDUCTION_IS_HALF)."""
    rules = load_ruleset("cpp-yaniv")
    result = score_round(rules, [140, 90], [parse_cards("AS 2C"), parse_cards("KD")], 0)
    assert result.scores == (140, 50)
    result = score_round(rules, [190, 0], [parse_cards("5S 2C"), parse_cards("AD 2D")], 0)
    assert result.assaf and result.scores == (190 + 7 + 30, 0)
    result = score_round(rules, [0, 140], [parse_cards("AS"), parse_cards("KD")], 0)
    assert result.scores == (0, 75)


def test_the_presets_of_our_sources_come_first_then_the_program_tables() -> None:
    """The group of a shipped preset is knowable from it (its `source`), and the list puts our four first, as the
    setup screen and `yaniv rulesets` show them (issue 31: the other tables "below our four")."""
    ids = list(preset_paths())
    assert ids[:4] == ["israeli", "seven-cards", "sursis", "yanivo"]
    assert sorted(ids[4:]) == ids[4:] == sorted(OTHER_TABLES)
    assert {preset_group(load_ruleset(i)) for i in ids[:4]} == {"sources"}
    assert {preset_group(load_ruleset(i)) for i in ids[4:]} == {"programs"} and PRESET_GROUPS == ("sources", "programs")
