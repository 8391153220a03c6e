"""The cases another Yaniv project's rule suite checks, pinned exactly under every shipped preset.

Each expected figure here is worked out by hand from RULES.md and the preset's file (its keys and their
defaults), never read off the engine: each card's value and the deal; totals adding up over two rounds; the exact
legal drops of a hand, the exact reason a group is no drop, how a group is laid out and what the next player may
take; a call at the limit and one above it; a tie with the caller and two Assafers with every seat's points; the
resets at 50, 100, 150 and 200, and a total the round adds nothing to; the end score and one above it, the last
player standing, equal lowest sharing a win; and the points RULES.md leaves open that docs/rules-notes.md names.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from builders import cards
from playing import deal, snapshot

from yaniv_tui.engine import (
    JOKER,
    CallYaniv,
    DropError,
    Game,
    GameSetupError,
    IllegalActionError,
    Play,
    RoundScore,
    Ruleset,
    arrange_drop,
    hand_value,
    legal_drops,
    load_ruleset,
    parse_cards,
    preset_paths,
    score_round,
    standard_deck,
    takeable,
)

PRESET_IDS = tuple(sorted(preset_paths()))


def settle(preset: str, scores: list[int | None], hands: list[str | None], caller: int) -> RoundScore:
    """Score a call: `hands` as card codes per seat (None for a seat that is out)."""
    return score_round(load_ruleset(preset), scores, [None if h is None else parse_cards(h) for h in hands], caller)


def test_these_are_the_presets_the_tables_below_cover() -> None:
    """A new preset gets its row in every table of this file."""
    assert PRESET_IDS == (
        "bga",
        "cpp-yaniv",
        "fuzzymango",
        "israeli",
        "jdross",
        "seven-cards",
        "sursis",
        "yaniv-games",
        "yanivo",
    )


# -- the cards and the deal ------------------------------------------------------------------------------------------

#: A card's value in a hand of its own: the core's (ace 1, two to ten face value, jack, queen and king 10, joker
#: 0) under every preset but seven-cards (003: joker 2; a lone jack is -2, its hand being 5 or less that way).
CORE_VALUES = {
    "AS": 1,
    "2S": 2,
    "3S": 3,
    "4S": 4,
    "5S": 5,
    "6S": 6,
    "7S": 7,
    "8S": 8,
    "9S": 9,
    "10S": 10,
    "JS": 10,
    "QS": 10,
    "KS": 10,
    "JK": 0,
}


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_card_counts_its_value(preset: str) -> None:
    rules = load_ruleset(preset)
    expected = dict(CORE_VALUES, JK=2, JS=-2) if preset == "seven-cards" else CORE_VALUES
    assert {code: hand_value(cards(code), rules) for code in CORE_VALUES} == expected
    assert hand_value(cards("AS 2H 10D QC KH"), rules) == 33  # a hand is the sum of its cards


#: Each preset's `deck.hand_size`: five cards but under seven-cards (003, "distribuez-en 7 à chacun").
HAND_SIZES = {p: 7 if p == "seven-cards" else 5 for p in PRESET_IDS}


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_two_players_are_dealt_from_one_deck_with_a_card_turned_up(preset: str) -> None:
    """One 52-card deck and two jokers for two players; each hand dealt; the next card turned up starts the pile
    and is the first player's "previous drop"; the rest is the deck."""
    game = Game.new(load_ruleset(preset), ["P0", "P1"], seed=5)
    size = HAND_SIZES[preset]
    assert game.cards_in_play() == Counter(standard_deck(2))
    assert [len(game.hand(seat)) for seat in (0, 1)] == [size, size]
    assert len(game.pile) == 1 and len(game.pile[0]) == 1
    assert (game.previous_kind, game.takeable) == ("single", game.pile[0])
    assert len(game.deck) == 54 - 2 * size - 1


#: Each preset's `[players]` range and the decks its largest table is dealt from (two from 4 players under 000
#: and 003, `deck.more_decks_from`; one deck everywhere else).
TABLES = {
    "bga": (2, 8, 1),
    "cpp-yaniv": (2, 8, 1),
    "fuzzymango": (2, 6, 1),
    "israeli": (2, 8, 2),
    "jdross": (2, 7, 1),
    "seven-cards": (2, 8, 2),
    "sursis": (2, 6, 1),
    "yaniv-games": (2, 4, 1),
    "yanivo": (2, 8, 1),
}


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_the_players_a_preset_seats_and_the_decks_of_its_largest_table(preset: str) -> None:
    low, high, decks = TABLES[preset]
    rules = load_ruleset(preset)
    game = Game.new(rules, [f"P{seat}" for seat in range(high)], seed=2)
    assert sum(game.cards_in_play().values()) == 54 * decks
    for n in (low - 1, high + 1):
        with pytest.raises(GameSetupError) as error:
            Game.new(rules, [f"P{seat}" for seat in range(n)], seed=2)
        assert str(error.value) == f"{rules.name} is for {low} to {high} players, not {n}"


def test_scores_add_up_over_rounds_every_hand_is_revealed_and_the_winner_starts() -> None:
    """Two rounds at the table (israeli): the first caller wins and starts the second; there the second seat calls
    and wins; each total is the sum of what its seat added; every seat sees every hand of a finished round."""
    first = ["AS AD AC 2H JK", "KS KD 9C 9H 8S", "QS QD 2C 3C 4C"]
    game = deal("israeli", first, "7D")
    game.apply(CallYaniv())
    assert game.history[-1].added == (0, 46, 29)
    assert game.view(2).history[-1].hands == (cards(first[0]), cards(first[1]), cards(first[2]))
    assert (game.current, game.round_no, game.scores) == (0, 2, [0, 46, 29])
    second = ["KH KC QH QC 9D", "AH AS JK AD 2D", "QS QD 10C 10H 3C"]
    held = Counter(cards(" ".join(second) + " 6D 7C"))
    rest = list((Counter(standard_deck(2)) - held).elements())
    game.set_cards(hands=[list(cards(h)) for h in second], pile=[cards("6D")], deck=[*rest, *cards("7C")])
    game.apply(Play(cards("KH"), None))  # draws the 7C on top of the deck: 46 in hand
    game.apply(CallYaniv())
    assert game.history[-1].added == (46, 0, 43)
    assert (game.scores, game.current, game.round_no) == ([46, 46, 72], 1, 3)


# -- legal drops ----------------------------------------------------------------------------------------------------


def _drops(hand: str, rules: Ruleset) -> set[str]:
    return {" ".join(str(c) for c in drop) for drop in legal_drops(parse_cards(hand), rules)}


#: The runs of 4H 5H 6H and a joker: the joker at either end of 4H 5H (as 3H or 6H) and of 5H 6H, inside 4H _ 6H,
#: and at either end of 4H 5H 6H.
RUNS_OF_4H_5H_6H_AND_JK = {
    "4H 5H 6H",
    "4H 5H JK",
    "JK 4H 5H",
    "5H 6H JK",
    "JK 5H 6H",
    "4H JK 6H",
    "4H 5H 6H JK",
    "JK 4H 5H 6H",
}


@pytest.mark.parametrize(
    ("preset", "sets"),
    [
        ("israeli", {"6H 6S"}),  # jokers wild in runs only (the text names sequences only)
        ("sursis", {"6H 6S"}),
        ("seven-cards", {"6H 6S"}),
        ("fuzzymango", {"6H 6S"}),  # every run here holds two natural cards
        ("yanivo", {"6H 6S", "6H 6S JK", "4H JK", "5H JK", "6H JK", "6S JK"}),  # "in a set or a run"
        ("jdross", {"6H 6S", "6H 6S JK", "4H JK", "5H JK", "6H JK", "6S JK"}),
    ],
)
def test_the_exact_legal_drops_of_a_hand_with_a_run_a_pair_and_a_joker(preset: str, sets: set[str]) -> None:
    expected = {"4H", "5H", "6H", "6S", "JK"} | sets | RUNS_OF_4H_5H_6H_AND_JK
    assert _drops("4H 5H 6H 6S JK", load_ruleset(preset)) == expected


@pytest.mark.parametrize(
    ("preset", "groups"),
    [
        # one natural card and two jokers is a run (7-9, 8-10, 9-11 for the nine; the five likewise)
        (
            "israeli",
            {
                "5H JK JK",
                "JK 5H JK",
                "JK JK 5H",
                "9S JK JK",
                "JK 9S JK",
                "JK JK 9S",
                "9D JK JK",
                "JK 9D JK",
                "JK JK 9D",
            },
        ),
        # a run needs two natural cards, and jokers are not wild in sets: only the pair of nines and of jokers
        ("fuzzymango", set()),
        # jokers wild in sets too: one natural card and jokers is a set (docs/rules-notes.md), never a run
        (
            "yanivo",
            {"5H JK", "5H JK JK", "9S JK", "9S JK JK", "9D JK", "9D JK JK", "9D 9S JK", "9D 9S JK JK"},
        ),
    ],
)
def test_the_exact_legal_drops_of_a_hand_with_two_jokers(preset: str, groups: set[str]) -> None:
    """Two jokers alone are a set under every preset ("a group of jokers only is a set")."""
    expected = {"5H", "JK", "9S", "9D", "JK JK", "9D 9S"} | groups
    assert _drops("5H JK JK 9S 9D", load_ruleset(preset)) == expected


@pytest.mark.parametrize(
    ("group", "why"),
    [
        ("4H 5H", "4♥ 5♥ is not a legal drop: a run needs at least 3 cards"),
        ("4H 5S 6H", "4♥ 5♠ 6♥ is not a legal drop: a set needs one rank, a run one suit"),
        ("QH KH AH", "Q♥ K♥ A♥ is not a legal drop: a run's cards must follow each other (ace is low only)"),
        ("KH AH 2H", "K♥ A♥ 2♥ is not a legal drop: a run's cards must follow each other (ace is low only)"),
        ("4H 6H 8H", "4♥ 6♥ 8♥ is not a legal drop: a run's cards must follow each other (ace is low only)"),
        ("5H 5S JK", "5♥ 5♠ ★JK is not a legal drop: jokers are not wild in sets under these rules"),
    ],
    ids=["run-of-two", "across-suits", "ace-high", "round-the-corner", "gaps", "joker-in-a-set"],
)
@pytest.mark.parametrize("preset", ["israeli", "sursis", "seven-cards", "bga", "yaniv-games"])
def test_a_group_that_is_no_drop_is_refused_with_its_reason(preset: str, group: str, why: str) -> None:
    """Each preset where jokers are wild in runs only: a run of two, a run across suits, the ace high or turning
    the corner, a run with gaps, a joker in a set."""
    with pytest.raises(DropError) as error:
        arrange_drop(cards(group), load_ruleset(preset))
    assert str(error.value) == why


@pytest.mark.parametrize(
    ("group", "why"),
    [
        ("5H 5H 6H", "5♥ 5♥ 6♥ is not a legal drop: a run may not hold the same card twice"),
        ("4H 5H 5H JK", "4♥ 5♥ 5♥ ★JK is not a legal drop: a run may not hold the same card twice"),
        (
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
            "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ ★JK is not a legal drop: "
            "a run holds at most 13 cards, ace to king",
        ),
    ],
    ids=["twins", "twins-and-joker", "past-the-king"],
)
def test_a_run_of_two_decks_twins_or_past_the_whole_suit_is_refused_with_its_reason(group: str, why: str) -> None:
    """Two decks: "a set may hold two identical cards; a run may not"; ace low only, so a run stops at the king."""
    with pytest.raises(DropError) as error:
        arrange_drop(cards(group), load_ruleset("israeli"))
    assert str(error.value) == why


def test_at_the_table_twins_in_a_run_are_refused_and_change_nothing() -> None:
    game = deal("israeli", ["5H 5H 6H KC KD", "QC QD 9S 9D 8C", "AS 2S 3S 4S 5S", "AC 2C 3C 4C 5C"], "7D")
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(Play(cards("5H 5H 6H"), None))
    assert str(error.value) == "5♥ 5♥ 6♥ is not a legal drop: a run may not hold the same card twice"
    assert snapshot(game) == before
    game.apply(Play(cards("5H 5H"), None))  # the twins are a set
    assert game.previous_kind == "set"


@pytest.mark.parametrize("preset", PRESET_IDS)
@pytest.mark.parametrize(
    ("group", "laid", "kind"),
    [
        ("3H 4H 5H", "3H 4H 5H", "run"),  # exactly three
        ("5H 3H 4H", "3H 4H 5H", "run"),  # given in any order, laid out rising
        ("AH 2H 3H", "AH 2H 3H", "run"),  # ace low
        ("9C 9D", "9C 9D", "set"),  # a pair is a set under every preset (set_min 2)
        ("9C 9D 9H 9S", "9C 9D 9H 9S", "set"),  # a set of four
        ("JK JK", "JK JK", "set"),  # two jokers alone
        ("5H 6H JK", "5H 6H JK", "run"),  # the joker on the high end
        ("JK 5H 6H", "JK 5H 6H", "run"),  # the low end, as the player laid it
        ("6H JK 5H", "5H 6H JK", "run"),  # either end would do: the high end
        ("QH KH JK", "JK QH KH", "run"),  # nothing above the king: the low end
        ("JK AH 2H", "AH 2H JK", "run"),  # nothing below the ace: the high end, wherever it was laid
        ("5H JK 7H", "5H JK 7H", "run"),  # in the middle
    ],
)
def test_a_legal_group_is_laid_out_as_rules_md_says(preset: str, group: str, laid: str, kind: str) -> None:
    assert arrange_drop(cards(group), load_ruleset(preset)) == (cards(laid), kind)


#: Who may take any card of a set (the rest take its first or last card): from each preset's `take.from_set`.
ANY_OF_A_SET = {"yanivo", "cpp-yaniv", "fuzzymango", "jdross"}


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_what_the_next_player_may_take_after_a_set_a_run_and_a_single(preset: str) -> None:
    """After a run, its two ends only, under every preset ("either end of a run"); after a set, its first or last
    card, or any where the preset says; a joker inside a run never."""
    rules = load_ruleset(preset)
    four = cards("5C 5D 5H 5S")
    assert takeable(four, "set", rules) == (four if preset in ANY_OF_A_SET else cards("5C 5S"))
    assert takeable(cards("4H 5H 6H 7H"), "run", rules) == cards("4H 7H")
    assert takeable(cards("4H JK 6H"), "run", rules) == cards("4H 6H")
    assert takeable(cards("4H 5H JK"), "run", rules) == cards("4H JK")
    assert takeable(cards("JK JK"), "set", rules) == (JOKER,)
    assert takeable(cards("KD"), "single", rules) == cards("KD")


@pytest.mark.parametrize("preset", ["israeli", "yanivo"])
def test_at_the_table_the_middle_of_a_run_is_refused_and_an_end_taken(preset: str) -> None:
    game = deal(preset, ["4H 5H 6H 7H KC", "QC QD 9S 9D 8C"], "AS", "2S 3S")
    game.apply(Play(cards("6H 4H 7H 5H"), None))
    assert game.pile[-1] == cards("4H 5H 6H 7H") and game.takeable == cards("4H 7H")
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(Play(cards("9S"), cards("5H")[0]))
    assert str(error.value) == "5♥ cannot be taken: take 4♥ or 7♥ from the previous drop, or the deck"
    assert snapshot(game) == before
    game.apply(Play(cards("9S"), cards("7H")[0]))
    assert cards("7H")[0] in game.hand(1) and game.pile[-2] == cards("4H 5H 6H")


# -- calling Yaniv at the limit -----------------------------------------------------------------------------------

#: Each preset's `yaniv.limit`.
LIMITS = {
    "bga": 5,
    "cpp-yaniv": 7,
    "fuzzymango": 7,
    "israeli": 5,
    "jdross": 5,
    "seven-cards": 5,
    "sursis": 5,
    "yaniv-games": 7,
    "yanivo": 7,
}

#: Five-card hands worth 5, 6, 7 and 8 (a joker 0).
WORTH = {5: "AS AD AC 2H JK", 6: "AS AD AC 3H JK", 7: "AS AD 2C 3H JK", 8: "AS AD 3C 3H JK"}


@pytest.mark.parametrize("preset", sorted(set(PRESET_IDS) - {"seven-cards"}))
def test_yaniv_is_called_at_exactly_the_limit_and_refused_one_above(preset: str) -> None:
    limit = LIMITS[preset]
    other = "KS KD KC QS 9D"  # 49: no total lands on a reset
    over = deal(preset, [WORTH[limit + 1], other], "9H")
    before = snapshot(over)
    with pytest.raises(IllegalActionError) as error:
        over.apply(CallYaniv())
    assert (
        str(error.value)
        == f"the hand is worth {limit + 1}: Yaniv may be called at {limit} or less; drop cards to lower it"
    )
    assert snapshot(over) == before
    at = deal(preset, [WORTH[limit], other], "9H")
    at.apply(CallYaniv())
    result = at.history[-1]
    assert (result.caller, result.assaf, result.added, result.scores) == (0, False, (0, 49), (0, 49))


def test_seven_cards_calls_at_5_with_two_jacks_at_minus_2_and_not_at_6_where_they_count_15() -> None:
    other = "KS KD KC QS QD QC QH"
    over = deal("seven-cards", ["AS AD 4C 2S 2D JS JD", other], "9H")
    with pytest.raises(IllegalActionError) as error:
        over.apply(CallYaniv())
    assert str(error.value) == "the hand is worth 40: Yaniv may be called at 5 or less; drop cards to lower it"
    at = deal("seven-cards", ["AS AD 3C 2S 2D JS JD", other], "9H")
    at.apply(CallYaniv())
    assert at.history[-1].values == (5, 70) and at.scores == [0, 70]


# -- ties, two Assafers and the caller's penalty -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "assaf", "zeroed", "added", "winner"),
    [
        ("israeli", False, (0,), (0, 3, 10), 0),  # Assaf needs strictly lower: the caller wins the tie
        ("yanivo", True, (1,), (33, 0, 10), 1),
        ("sursis", True, (1,), (33, 0, 10), 1),
        ("seven-cards", False, (0, 1), (0, 0, 10), 0),  # no Assaf rule: both lowest hands score 0
        ("bga", True, (1,), (33, 0, 10), 1),
        ("cpp-yaniv", True, (1,), (33, 0, 10), 1),
        ("fuzzymango", True, (1,), (33, 0, 10), 1),
        ("jdross", True, (1,), (30, 0, 0), 1),  # a flat 30, and nobody else scores
        ("yaniv-games", True, (1,), (33, 0, 10), 1),
    ],
)
def test_a_hand_equal_to_the_callers(
    preset: str, assaf: bool, zeroed: tuple[int, ...], added: tuple[int, ...], winner: int
) -> None:
    result = settle(preset, [0, 0, 0], ["AS 2C", "3D", "KS"], caller=0)
    assert (result.assaf, result.zeroed, result.added, result.winner) == (assaf, zeroed, added, winner)
    assert result.scores == added


@pytest.mark.parametrize(
    ("preset", "zeroed", "added"),
    [
        ("israeli", (2,), (35, 4, 0, 10)),  # the lowest hand scores 0
        ("yanivo", (1, 2), (35, 0, 0, 10)),  # every Assafer scores 0
        ("sursis", (2,), (35, 4, 0, 10)),
        ("seven-cards", (2,), (5, 4, 0, 10)),  # no Assaf rule: the caller adds their hand, no penalty
        ("bga", (2,), (35, 4, 0, 10)),
        ("cpp-yaniv", (2,), (35, 4, 0, 10)),  # EXTRA_ASSAF_PENALTIES 0: no more for a second Assafer
        ("fuzzymango", (2,), (35, 4, 0, 10)),
        ("jdross", (2,), (30, 0, 0, 0)),
        ("yaniv-games", (2,), (35, 4, 0, 10)),
    ],
)
def test_two_assafers(preset: str, zeroed: tuple[int, ...], added: tuple[int, ...]) -> None:
    """The caller on 5, Assafed by a 4 and a 3; a fourth seat on 10."""
    result = settle(preset, [0, 0, 0, 0], ["2S 3C", "4D", "AH 2H", "KS"], caller=0)
    assert result.assafers == (1, 2)
    assert (result.zeroed, result.added, result.winner) == (zeroed, added, 2)


# Two Assafers tied lowest, per preset: tests/engine/test_rules_edges.py (TWO_LOWEST).


# -- resets -----------------------------------------------------------------------------------------------------

#: A total landing exactly on 50, 100, 150 or 200, and what it becomes: from each preset's `[resets]`.
LANDED = {
    "israeli": (50, 50, 150, 100),  # 100 -> 50, 200 -> 100
    "yanivo": (0, 50, 100, 150),  # every multiple of 50 drops by 50
    "sursis": (25, 50, 150, 200),  # 50 -> 25, 100 -> 50
    "seven-cards": (50, 100, 150, 200),  # none
    "bga": (50, 50, 150, 200),  # 100 -> 50
    "cpp-yaniv": (25, 50, 75, 100),  # every multiple of 50 halves
    "fuzzymango": (0, 50, 100, 150),
    "jdross": (0, 50, 150, 200),  # 50 -> 0, 100 -> 50
    "yaniv-games": (0, 50, 100, 150),
}


@pytest.mark.parametrize("preset", PRESET_IDS)
@pytest.mark.parametrize("landing", [50, 100, 150, 200])
def test_a_total_landing_exactly_on_50_100_150_or_200(preset: str, landing: int) -> None:
    """Seat 1 adds 10 onto exactly `landing`; seat 2 jumps past it by one and keeps its total."""
    after = LANDED[preset][landing // 50 - 1]
    result = settle(preset, [0, landing - 10, landing - 9], ["AS", "KS", "KD"], caller=0)
    assert result.added == (0, 10, 10)
    assert result.scores == (0, after, landing + 1)
    assert result.resets == (() if after == landing else ((1, landing, after),))


@pytest.mark.parametrize("preset", PRESET_IDS)
@pytest.mark.parametrize("landing", [50, 100])
def test_a_total_the_round_adds_nothing_to_stays_on_a_reset_value(preset: str, landing: int) -> None:
    """Resets apply "only when a round's addition (more than 0)" lands a score: the caller's 0, and the Assafer's
    0, leave a total already on a reset value as it is."""
    clean = settle(preset, [landing, 0], ["AS", "KS"], caller=0)
    assert clean.added == (0, 10) and clean.scores == (landing, 10) and clean.resets == ()
    assafed = settle(preset, [0, landing], ["AS 2C", "AD"], caller=0)
    assert assafed.zeroed == (1,) and assafed.added[1] == 0
    assert assafed.scores[1] == landing and all(seat != 1 for seat, _, _ in assafed.resets)


# -- the end: the knockout score, one over, the last player standing ------------------------------------------------

#: Each preset's end: (mode, limit, what a total of exactly the limit becomes after its resets).
ENDS = {
    "israeli": ("elimination", 200, 100),
    "yanivo": ("elimination", 200, 150),
    "sursis": ("first_to_limit", 100, 50),  # reaching 100 ends it, but 100 drops to 50 first
    "seven-cards": ("first_to_limit", 100, 100),  # reaching 100 ends it
    "bga": ("elimination", 200, 200),  # not above 200: still in
    "cpp-yaniv": ("elimination", 200, 100),
    "fuzzymango": ("first_to_limit", 100, 50),  # ends only above 100; 100 drops to 50 anyway
    "jdross": ("elimination", 100, 50),
    "yaniv-games": ("elimination", 200, 150),
}


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_a_total_of_exactly_the_end_score_and_one_over(preset: str) -> None:
    mode, limit, landed = ENDS[preset]
    rules = load_ruleset(preset)
    assert (rules.end_mode, rules.end_limit) == (mode, limit)
    at = settle(preset, [0, limit - 10, 0], ["AS", "KS", "9D"], caller=0)
    assert at.scores == (0, landed, 9)
    # only seven-cards ends at the limit itself ("reach"), and nothing brings 100 down there
    assert (at.eliminated, at.game_over) == ((), preset == "seven-cards")
    over = settle(preset, [0, limit - 9, 0], ["AS", "KS", "9D"], caller=0)
    assert over.scores == (0, limit + 1, 9) and over.resets == ()
    if mode == "elimination":
        assert (over.eliminated, over.game_over, over.winners) == ((1,), False, ())
    else:
        assert (over.eliminated, over.game_over, over.winners) == ((), True, (0,))


@pytest.mark.parametrize("preset", sorted(p for p, (mode, _, _) in ENDS.items() if mode == "elimination"))
def test_the_last_player_standing_wins(preset: str) -> None:
    """At the table, two seats: the caller pushes the other one over the limit and is the last left. Then three
    seats, one out before: the same round ends the game."""
    limit = ENDS[preset][1]
    game = deal(preset, ["AS AD AC 2H JK", "KS KD 9C 9H 8S"], "7D")
    game.scores = [0, limit - 45]  # a table that has played a while
    game.apply(CallYaniv())
    result = game.history[-1]
    assert (result.added, result.scores, result.eliminated) == ((0, 46), (0, limit + 1), (1,))
    assert (game.is_over, game.winners, game.out) == (True, (0,), [False, True])
    assert [(s.seat, s.place, s.winner, s.out) for s in game.standings()] == [(0, 1, True, False), (1, 2, False, True)]
    three = settle(preset, [0, limit - 45, None], ["AS AD AC 2H JK", "KS KD 9C 9H 8S", None], caller=0)
    assert (three.eliminated, three.game_over, three.winners) == ((1,), True, (0,))
    assert three.scores == (0, limit + 1, None)


@pytest.mark.parametrize("preset", sorted(p for p, (mode, _, _) in ENDS.items() if mode == "first_to_limit"))
def test_a_first_to_limit_game_with_equal_lowest_totals_shares_the_win(preset: str) -> None:
    limit = ENDS[preset][1]
    result = settle(preset, [20, 20, limit], ["AS", "KS", "KD"], caller=0)
    assert result.scores == (20, 30, limit + 10)
    assert (result.game_over, result.winners) == (True, (0,))
    shared = settle(preset, [30, 20, limit], ["AS", "KS", "KD"], caller=0)
    assert shared.scores == (30, 30, limit + 10)
    assert (shared.game_over, shared.winners) == (True, (0, 1))


# -- a hand worth less than 0 (docs/rules-notes.md) ---------------------------------------------------------------


def test_a_hand_worth_less_than_0_takes_a_total_down_to_0_and_no_further() -> None:
    """Seven-cards, four players (two decks): seat 0 holds four jacks and three aces (-5, the lowest: it scores 0),
    seat 1 three jacks and four aces (-2): its total of 3 goes to 1, its total of 1 to 0, not -1."""
    rules = load_ruleset("seven-cards")
    hands = ["JS JD JH JC AS AD AC", "JS JD JH AS AD AC AH", "KS KD KH 9C 9D 8C 8D", "QS QD QH 9S 9H 8S 8H"]
    assert [hand_value(cards(h), rules) for h in hands] == [-5, -2, 64, 64]
    result = score_round(rules, [0, 3, 0, 10], [cards(h) for h in hands], 0)
    assert (result.zeroed, result.added, result.scores) == ((0,), (0, -2, 64, 64), (0, 1, 64, 74))
    floor = score_round(rules, [0, 1, 0, 10], [cards(h) for h in hands], 0)
    assert (floor.added, floor.scores, floor.resets) == ((0, -2, 64, 64), (0, 0, 64, 74), ())
    with_resets = dataclasses.replace(rules, resets=((50, 25),))
    landed = score_round(with_resets, [0, 52, 0, 40], [cards(h) for h in hands], 0)
    assert (landed.scores, landed.resets) == ((0, 50, 64, 104), ())  # 52 - 2 = 50: nothing added, no reset


# -- a table of four down to three (docs/rules-notes.md) ----------------------------------------------------------


def test_a_table_of_four_down_to_three_deals_on_from_two_decks() -> None:
    """israeli (000: two decks from 4 players): a seat knocked out leaves three, and the next round is dealt from
    the two decks the game started with (`deck.recount` off)."""
    game = deal("israeli", ["AS AD AC 2H JK", "KS KD 9C 9H 8S", "QS QD 2C 3C 4C", "KH 2D 3D 4D 5D"], "7D")
    assert sum(game.cards_in_play().values()) == 108
    game.scores = [0, 0, 0, 195]  # a table that has played a while
    game.apply(CallYaniv())
    assert game.history[-1].scores == (0, 46, 29, 219) and game.out == [False, False, False, True]
    assert (game.round_no, sum(game.cards_in_play().values())) == (2, 108)
    assert [len(game.hand(seat)) for seat in range(4)] == [5, 5, 5, 0] and game.hands[3] is None
    assert len(game.deck) == 108 - 15 - 1


# -- cpp-yaniv where it leaves its program (its header says so) ------------------------------------------------------


def test_cpp_yaniv_slaps_a_drawn_joker_onto_a_dropped_joker() -> None:
    """CPP-Yaniv's program never slaps a drawn joker; the preset keeps the format's default (`slap_jokers` on)."""
    rules = load_ruleset("cpp-yaniv")
    assert rules.slap_jokers
    game = deal(rules, ["JK 9C 9H 8D KD", "2C 3C 8S KS QS"], "AS", "JK 4D 9S 6H")
    game.apply(Play((JOKER,), None))
    assert (game.phase, game.slap_card) == ("slap", JOKER)


def test_cpp_yaniv_halves_a_total_the_assaf_penalty_alone_lands_on_50() -> None:
    """A caller on 20 holding 0, Assafed by a 0 (ties Assaf): 20 + 0 + 30 = 50, halved to 25 here (not there)."""
    result = settle("cpp-yaniv", [20, 0], ["JK", "JK"], caller=0)
    assert (result.assaf, result.added, result.resets, result.scores) == (True, (30, 0), ((0, 50, 25),), (25, 0))
