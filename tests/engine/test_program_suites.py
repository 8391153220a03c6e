"""The rule suites of the programs five presets follow, ported case by case onto our engine under that preset.

Each test names the program, the file and the test (or, where the program has no test of it, the function of its
rule code) it comes from. Where our engine plays a case otherwise and the preset's header lists the difference
under "Left out", the test asserts our documented behaviour and says so. The programs, as fetched:

- `fuzzymango` (fuzzymango/yaniv2 at 962fdef): `shared/test/rules.test.ts`, `server/test/game.test.ts`;
- `yaniv-games` (buzagloidan/yaniv at 4770907): `yaniv-backend/tests/stateMachine.test.ts`, `validator.test.ts`,
  `GameTable.test.ts`, and `resolveYaniv` in `yaniv-backend/src/durable-objects/gameLogic.ts`;
- `jdross` (jdross/yaniv at 4138068): `tests/frontend/game_logic.test.js`, and `server/src/yaniv.js` (no test of its
  own for the calls, scores and slamdowns: its functions `declareYaniv`, `_updateScores`, `_resetPlayerScores`,
  `_checkEndOfGame`, `_checkSlamdown`, `performSlamdown`);
- `cpp-yaniv` (DenverCoder1/CPP-Yaniv at 7fedd66): no tests; the cases of its rule code, `Yaniv.cpp`
  (`checkDiscards`, `checkDraw`, `callYaniv`) and its README;
- `bga` (Board Game Arena's Gamehelpyaniv): no code; the cases its help page states, as the preset quotes them.

Hands of fewer than five cards (the programs' own tests build such states) are dealt under the preset with only
its hand size changed (`small`), which changes no other rule.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from builders import card, cards
from playing import deal, snapshot

from yaniv_tui.engine import (
    JOKER,
    CallYaniv,
    Card,
    DropError,
    Game,
    GameSetupError,
    IllegalActionError,
    KeepCard,
    Play,
    RoundScore,
    Ruleset,
    SlapDown,
    arrange_drop,
    drop_kind,
    final_standings,
    hand_value,
    legal_drops,
    load_ruleset,
    parse_cards,
    score_round,
    standard_deck,
    takeable,
)


def small(preset: str, size: int) -> Ruleset:
    """The preset with hands of `size` cards, to deal the short hands the programs' tests build."""
    return dataclasses.replace(load_ruleset(preset), hand_size=size, hand_size_choices=(size,))


def legal(preset: str, codes: str) -> bool:
    return drop_kind(cards(codes), load_ruleset(preset)) is not None


def laid(preset: str, codes: str) -> str:
    """The drop as it goes on the pile, as card codes."""
    drop, _ = arrange_drop(cards(codes), load_ruleset(preset))
    return " ".join(c.code for c in drop)


def offered(preset: str, codes: str) -> str:
    """What the next player may take of this drop, as card codes."""
    rules = load_ruleset(preset)
    drop, kind = arrange_drop(cards(codes), rules)
    return " ".join(c.code for c in takeable(drop, kind, rules))


def settle(rules: str | Ruleset, scores: list[int | None], hands: list[str], caller: int) -> RoundScore:
    ruleset = load_ruleset(rules) if isinstance(rules, str) else rules
    return score_round(ruleset, scores, [parse_cards(h) for h in hands], caller)


def refused(game: Game, action: Play | CallYaniv | SlapDown | KeepCard) -> str:
    """The one-line refusal of an action, which leaves the game exactly as it was."""
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert snapshot(game) == before
    message = str(error.value)
    assert message and "\n" not in message
    return message


def codes(group: Sequence[Card]) -> str:
    return " ".join(c.code for c in group)


# == fuzzymango/yaniv2: shared/test/rules.test.ts ====================================================================

FM = "fuzzymango"


def test_fuzzymango_rules_hand_value() -> None:
    """rules.test.ts, describe("handValue"): "sums card values", "counts an empty hand as zero", "counts jokers as
    zero"."""
    rules = load_ruleset(FM)
    assert hand_value(cards("AH 5H KS"), rules) == 16
    assert hand_value((), rules) == 0
    assert hand_value(cards("JK JK 3C"), rules) == 3


#: rules.test.ts, describe("isValidSet"): each group and whether the program takes it as one discard.
FM_GROUPS = [
    ("7H", True, "accepts any single card"),
    ("JK", True, "accepts any single card (a joker)"),
    ("7H 7S", True, "same-rank sets: accepts a pair"),
    ("7H 7S 7C 7D", True, "same-rank sets: accepts four of a kind"),
    ("7H 8S", False, "same-rank sets: rejects mismatched ranks"),
    ("JK JK", True, "same-rank sets: accepts two jokers as a pair"),
    ("JK KH", False, "same-rank sets: rejects a joker paired with a real card"),
    ("4H 5H 6H", True, "runs: accepts three consecutive cards of one suit"),
    ("6H 4H 5H", True, "runs: accepts a run given out of order"),
    ("4H 5H", False, "runs: rejects a two-card run"),
    ("4H 5S 6H", False, "runs: rejects mixed suits"),
    ("4H 5H 7H", False, "runs: rejects non-consecutive ranks"),
    ("AC 2C 3C", True, "runs: accepts an ace-low run"),
    ("QC KC AC", False, "runs: rejects a run wrapping past the king"),
    ("5H 9H JK", False, "runs: rejects a run whose gap is wider than the jokers can cover"),
    ("4H JK 6H", True, "wild jokers: lets a joker fill an interior gap"),
    ("7H 8H JK", True, "wild jokers: lets a joker extend a run at either end (high)"),
    ("JK 7H 8H", True, "wild jokers: lets a joker extend a run at either end (low)"),
    ("10H JK JH", True, "wild jokers: accepts a joker alongside two already-consecutive cards"),
    ("5H 8H JK JK", True, "wild jokers: lets both jokers fill two separate gaps"),
    ("7H 8S JK", False, "wild jokers: ignores the joker's lack of suit when checking the suit match"),
    ("AH KH JK", False, "wild jokers: still refuses to wrap past the king"),
    ("QH KH JK AH", False, "wild jokers: still refuses to wrap past the king (four cards)"),
    ("JK JK 5H", False, "wild jokers: requires two real cards to anchor the run"),
    ("7H 7S JK", False, "wild jokers: does not make a joker wild in a same-rank set"),
    ("4H JK 6H JK 8H", True, "wild jokers: accepts a run of jokers plus reals at full hand size"),
]


@pytest.mark.parametrize(("group", "valid", "case"), FM_GROUPS, ids=[c for _, _, c in FM_GROUPS])
def test_fuzzymango_rules_is_valid_set(group: str, valid: bool, case: str) -> None:
    """rules.test.ts, describe("isValidSet"): the case named by the test id."""
    assert legal(FM, group) is valid
    if not valid:
        with pytest.raises(DropError):
            arrange_drop(cards(group), load_ruleset(FM))


def test_fuzzymango_rules_is_valid_set_rejects_an_empty_discard() -> None:
    """rules.test.ts, isValidSet "rejects an empty discard"."""
    assert drop_kind((), load_ruleset(FM)) is None


#: rules.test.ts, describe("canonicalizeSet"): a discard as given and as it lies on the table.
FM_LAYOUTS = [
    ("6H 4H 5H", "4H 5H 6H", "sorts a run into ascending order so the ends are unambiguous"),
    ("3C AC 2C", "AC 2C 3C", "places an ace at the low end of a run"),
    ("7S 7H 7C", "7S 7H 7C", "preserves the submitted order of a same-rank set"),
    ("9H JK 7H", "7H JK 9H", "seats a joker in the interior gap it fills"),
    ("8H JK 5H JK", "5H JK JK 8H", "seats both jokers in the two gaps they fill"),
    ("7H 8H JK", "7H 8H JK", "extends upwards when the player laid the joker after their cards"),
    ("JK 7H 8H", "JK 7H 8H", "extends downwards when the player laid the joker first"),
    ("JK 7H 8H JK", "JK 7H 8H JK", "puts one joker at each end when the player laid one on each side"),
    ("QH KH JK", "JK QH KH", "forces a joker low when there is no rank above the king"),
    ("JK AH 2H", "AH 2H JK", "forces a joker high when there is no rank below the ace"),
    ("JK JK", "JK JK", "keeps a joker pair in submitted order, since it is not a run"),
]


@pytest.mark.parametrize(("given", "table", "case"), FM_LAYOUTS, ids=[c for _, _, c in FM_LAYOUTS])
def test_fuzzymango_rules_canonicalize_set(given: str, table: str, case: str) -> None:
    """rules.test.ts, describe("canonicalizeSet") and "placing wild jokers": the case named by the test id; every
    submitted card comes back exactly once ("returns every submitted card exactly once")."""
    assert laid(FM, given) == table
    assert Counter(cards(laid(FM, given))) == Counter(cards(given))


def test_fuzzymango_rules_canonicalize_set_does_not_mutate_its_input() -> None:
    """rules.test.ts, canonicalizeSet "does not mutate its input"."""
    given = list(cards("6H 4H 5H"))
    arrange_drop(given, load_ruleset(FM))
    assert given == list(cards("6H 4H 5H"))


def test_fuzzymango_rules_exhaustive_run_layout_check() -> None:
    """rules.test.ts, "canonicalizeSet - exhaustive run layout check": every legal run of 3 to 5 cards from the
    hearts, 5-7 of spades and both jokers is laid out with no card lost, its natural cards each as far along as
    their rank says (the jokers exactly in the missing places), and the run inside ace to king."""
    rules = load_ruleset(FM)
    pool = [*cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 5S 6S 7S"), JOKER, JOKER]
    checked = 0
    for size in (3, 4, 5):
        for combo in itertools.combinations(pool, size):
            if drop_kind(combo, rules) != "run":
                continue
            run, _ = arrange_drop(combo, rules)
            assert Counter(run) == Counter(combo)
            first = next(i for i, c in enumerate(run) if c.rank)
            start = run[first].rank - first
            assert all(c.rank == start + i for i, c in enumerate(run) if c.rank), (combo, run)
            assert start >= 1 and start + len(run) - 1 <= 13, (combo, run)
            checked += 1
    assert checked > 200


def test_fuzzymango_rules_legal_discards() -> None:
    """rules.test.ts, describe("legalDiscards"): nothing from an empty hand; the single card of a one-card hand;
    "offers every card individually plus any combinations" (5H 5S KD: three singles and the pair); "finds runs,
    including ones a joker completes"; "never offers an illegal combination"; "always gives a non-empty hand at
    least one option"."""
    rules = load_ruleset(FM)
    assert legal_drops((), rules) == []
    assert legal_drops(cards("7H"), rules) == [cards("7H")]
    found = sorted(codes(d) for d in legal_drops(cards("5H 5S KD"), rules))
    assert found == ["5H", "5H 5S", "5S", "KD"]
    assert cards("7H 8H JK") in legal_drops(cards("7H 8H JK"), rules)
    hand = cards("7H 8S 2D KC JK")
    assert all(drop_kind(d, rules) is not None for d in legal_drops(hand, rules))
    assert all(legal_drops(hand[:size], rules) for size in range(1, 6))


def test_fuzzymango_rules_can_call_yaniv() -> None:
    """rules.test.ts, describe("canCallYaniv"): at or below the threshold (5H 2S, AH, an empty hand) yes; above
    (5H 3S, KH) no; "counts jokers as free"; "reads the threshold it is given" (3 and 11, two of its choices)."""
    rules = load_ruleset(FM)
    for hand, may in (("5H 2S", True), ("AH", True), ("", True), ("5H 3S", False), ("KH", False), ("JK JK 7H", True)):
        assert rules.may_call(hand_value(cards(hand), rules)) is may, hand
    assert not rules.with_choices(yaniv_limit=3).may_call(8)
    assert rules.with_choices(yaniv_limit=11).may_call(8)


def test_fuzzymango_rules_pickup_candidates() -> None:
    """rules.test.ts, describe("pickupCandidates"): the only card of a single, only the two ends of a run, every
    card of a same-rank set of two and of four."""
    assert offered(FM, "9H") == "9H"
    assert offered(FM, "4H 5H 6H 7H") == "4H 7H"
    assert offered(FM, "7H 7D") == "7H 7D"
    assert offered(FM, "7H 7D 7S 7C") == "7H 7D 7S 7C"


# == fuzzymango/yaniv2: server/test/game.test.ts ======================================================================


def test_fuzzymango_game_start_game_deals_and_conserves() -> None:
    """game.test.ts, describe("startGame"): "deals five cards each, one face-up card, and the rest as the draw
    pile"; "puts all 54 cards into play exactly once"; "deals the room's own handSize" (6 and 7)."""
    rules = load_ruleset(FM)
    game = Game.new(rules, ["p1", "p2"], seed=3)
    assert [len(game.hand(s)) for s in (0, 1)] == [5, 5]
    assert len(game.pile) == 1 and len(game.pile[0]) == 1
    assert len(game.deck) == 54 - 11
    assert game.cards_in_play() == Counter(standard_deck(2))
    for size in (6, 7):
        sized = Game.new(rules.with_choices(hand_size=size), ["p1", "p2"], seed=3)
        assert [len(sized.hand(s)) for s in (0, 1)] == [size, size]


def test_fuzzymango_game_picks_the_opening_player_at_random() -> None:
    """game.test.ts, startGame "picks the opening player at random, not always the host" (ADR-0001)."""
    firsts = {Game.new(load_ruleset(FM), ["p1", "p2", "p3"], seed=seed).current for seed in range(40)}
    assert firsts == {0, 1, 2}


def test_fuzzymango_game_start_game_player_count_and_update_settings() -> None:
    """game.test.ts, startGame "rejects starting with fewer than two players" (and a room holds at most six), and
    describe("updateSettings"): "replaces all four fields at once" (hand size 7, threshold 3, max score 200: its bot
    count is the table's), "rejects a hand size outside the offered set" (4), "... past what the deck can seat" (8),
    "rejects a threshold outside the offered set" (6), "rejects a max score of zero", "... past the cap" (100,001);
    a refused choice names what is offered."""
    rules = load_ruleset(FM)
    for players in (1, 7):
        with pytest.raises(GameSetupError, match="for 2 to 6 players"):
            Game.new(rules, [f"p{s}" for s in range(players)], seed=1)
    chosen = rules.with_choices(hand_size=7, yaniv_limit=3, end_limit=200)
    assert (chosen.hand_size, chosen.yaniv_limit, chosen.end_limit) == (7, 3, 200)
    for bad, offered_text in (
        ({"hand_size": 4}, "choose 5, 6, 7"),
        ({"hand_size": 8}, "choose 5, 6, 7"),
        ({"yaniv_limit": 6}, "choose 3, 5, 7, 11"),
        ({"end_limit": 0}, "from 1 to 100000"),
        ({"end_limit": 100_001}, "from 1 to 100000"),
    ):
        with pytest.raises(ValueError, match=offered_text):
            rules.with_choices(**bad)
    assert rules.with_choices(end_limit=1).end_limit == 1 and rules.with_choices(end_limit=100_000).end_limit == 100_000


def test_fuzzymango_standings() -> None:
    """shared/test/standings.test.ts, "puts the lowest score first, because in Yaniv least is best" (104, 12, 71:
    12, 71, 104) and "breaks a tie by where the two were sitting" (three on 40, in seat order)."""
    assert [s.seat for s in final_standings([104, 12, 71], [1])] == [1, 2, 0]
    assert [s.score for s in final_standings([104, 12, 71], [1])] == [12, 71, 104]
    level = final_standings([40, 40, 40], [0, 1, 2])
    assert [s.seat for s in level] == [0, 1, 2] and {s.place for s in level} == {1}


def test_fuzzymango_game_take_turn_validation() -> None:
    """game.test.ts, describe("takeTurn - validation"): "rejects an empty discard", "rejects the same card listed
    twice", "rejects a card the player does not hold", "rejects an invalid combination"; each changes nothing.
    (Its "out of turn" and "unknown player" cases are the table's: the engine acts for the seat to play.)"""
    game = deal(FM, ["5H 5D 9S 2C 3C", "7C 8C KD QD JD"], up="4C", deck="9H")
    assert "choose at least one card" in refused(game, Play((), None))
    assert "5♥" in refused(game, Play(cards("5H 5H"), None))
    assert "7♣" in refused(game, Play(cards("7C"), None))
    assert "not a legal drop" in refused(game, Play(cards("5H 9S"), None))


def test_fuzzymango_game_take_turn_drawing_from_the_deck() -> None:
    """game.test.ts, describe("takeTurn - drawing from the deck"): "swaps the discarded cards for the top card of
    the deck", "makes the discard the new pickup set and buries the old one", "advances the turn", "wraps the turn
    around to the first player", "shrinks a multi-card discard down to a smaller hand", "stores a run in
    ascending order regardless of submitted order", "conserves every card in the round"."""
    game = deal(FM, ["5H 5D 9S 2C 3C", "6H 4H 5C 8D KD"], up="4C", deck="9H 10H")
    full = game.cards_in_play()
    game.apply(Play(cards("5H 5D"), None))
    assert sorted(game.hand(0)) == sorted(cards("9S 2C 3C 9H"))
    assert game.pile == [cards("4C"), cards("5H 5D")] and game.takeable == cards("5H 5D")
    assert game.current == 1
    game.apply(Play(cards("KD"), None))
    assert game.current == 0  # wraps round to the first player
    assert game.cards_in_play() == full
    run = deal(FM, ["6H 4H 5H 9S 2C", "7C 8C KD QD JD"], up="4C", deck="9H")
    run.apply(Play(cards("6H 4H 5H"), None))
    assert run.pile[-1] == cards("4H 5H 6H") and len(run.hand(0)) == 3


def test_fuzzymango_game_take_turn_picking_up_from_the_discard() -> None:
    """game.test.ts, describe("takeTurn - picking up from the discard"): "allows taking the first card of the set",
    "allows taking the last card of the set", "refuses a card buried in the middle of the set", "refuses a card that
    is not in the discard at all", "buries the cards left behind and leaves the deck alone", "offers the next player
    only this turn's discard, not the previous one", "conserves every card in the round"."""
    for end in ("4H", "6H"):
        game = deal(FM, ["4H 5H 6H 2C 3C", "7C 8C KD QD JD"], up="9S", deck="9H")
        game.apply(Play(cards("4H 5H 6H"), None))
        deck = list(game.deck)
        game.apply(Play(cards("KD"), card(end)))
        assert card(end) in game.hand(1) and game.deck == deck
        assert game.pile[-2] == tuple(c for c in cards("4H 5H 6H") if c != card(end))
    game = deal(FM, ["4H 5H 6H 2C 3C", "7C 8C KD QD JD"], up="9S", deck="9H")
    game.apply(Play(cards("4H 5H 6H"), None))
    assert "cannot be taken" in refused(game, Play(cards("KD"), card("5H")))
    assert "cannot be taken" in refused(game, Play(cards("KD"), card("9S")))  # the previous drop, not this turn's
    assert "cannot be taken" in refused(game, Play(cards("KD"), card("AS")))


def test_fuzzymango_game_wild_jokers_in_runs() -> None:
    """game.test.ts, describe("takeTurn - wild jokers in runs"): "accepts a run completed by a joker and shrinks
    the hand" (laid 7H JK 9H), "offers a joker for pickup when it sits at the end of the run", "withholds a joker
    that is buried inside the run", "honours the player's choice to extend the run downwards", "rejects a run the
    jokers cannot bridge"."""
    game = deal(FM, ["7H 9H JK 2S 3S", "8D KD QD JD 10C"], up="7C", deck="AS")
    game.apply(Play(cards("7H 9H JK"), None))
    assert game.pile[-1] == cards("7H JK 9H") and len(game.hand(0)) == 3
    assert "cannot be taken" in refused(game, Play(cards("8D"), JOKER))  # inside the run
    end = deal(FM, ["7H 8H JK 2S 3S", "8D KD QD JD 10C"], up="7C", deck="AS")
    end.apply(Play(cards("7H 8H JK"), None))
    assert end.pile[-1] == cards("7H 8H JK")
    end.apply(Play(cards("8D"), JOKER))
    assert JOKER in end.hand(1)
    low = deal(FM, ["7H 8H JK 2S 3S", "8D KD QD JD 10C"], up="7C", deck="AS")
    low.apply(Play(cards("JK 7H 8H"), None))
    assert low.pile[-1] == cards("JK 7H 8H") and low.takeable == cards("JK 8H")
    wide = deal(FM, ["5H 9H JK 2S 3S", "8D KD QD JD 10C"], up="7C", deck="AS")
    assert refused(wide, Play(cards("5H 9H JK"), None)) == (
        "5♥ 9♥ ★JK is not a legal drop: a run's cards must follow each other, a joker standing for each card "
        "missing (5♥ to 9♥ misses 3, with 1 joker; ace is low only)"
    )


def test_fuzzymango_game_exhausting_the_draw_pile_reshuffles_the_buried_cards() -> None:
    """game.test.ts, describe("takeTurn - exhausting the draw pile"): "reshuffles the buried cards while leaving the
    table set in place". (Its "reports exhaustion when nothing is left to reshuffle" cannot arise here: every card of
    the deck is in play, so an empty deck with nothing buried leaves the previous drop to take, never a dead end.)"""
    game = Game.new(load_ruleset(FM), ["p1", "p2"], seed=11)
    while len(game.deck) > 1:  # singles drawn over from the deck, no call
        game.apply(Play(game.hand(game.current)[:1], None))
        if game.phase == "slap":
            game.apply(KeepCard())
    buried = [c for group in game.pile for c in group]
    drop = game.hand(game.current)[:1]
    game.apply(Play(drop, None))
    assert game.pile == [drop] and Counter(game.deck) == Counter(buried)
    assert game.reshuffles == 1 and game.cards_in_play() == Counter(standard_deck(2))


def test_fuzzymango_game_opening_the_slapdown_window() -> None:
    """game.test.ts, describe("takeTurn - opening the slapdown window") and rules.test.ts, describe("opensSlapdown"):
    "opens for whoever discarded a same-rank set and drew that rank" (and after a single card), "stays shut after a
    run", "stays shut when the matching card was picked up rather than drawn", "stays shut when the drawn card is a
    joker", "stays shut when the drawn card is of another rank"."""
    hands = ["7H 7D 5H 6H 2S", "2C KD QD JD 10C"]
    opened = deal(FM, hands, up="4C", deck="7S 10H")
    opened.apply(Play(cards("7H 7D"), None))
    assert (opened.phase, opened.slap_card, opened.current) == ("slap", card("7S"), 0)
    single = deal(FM, hands, up="4C", deck="7S 10H")
    single.apply(Play(cards("7H"), None))
    assert (single.phase, single.slap_card) == ("slap", card("7S"))
    run = deal(FM, hands, up="4C", deck="7S 10H")
    run.apply(Play(cards("5H 6H 7H"), None))
    assert (run.phase, run.current) == ("turn", 1)
    picked = deal(FM, ["7H 7D 9S 2S 3S", "2C KD QD JD 10C"], up="7S", deck="10H")
    picked.apply(Play(cards("7H 7D"), card("7S")))
    assert (picked.phase, picked.current) == ("turn", 1)
    joker = deal(FM, ["JK 9S 2S 3S 4S", "2C KD QD JD 10C"], up="4C", deck="JK")
    joker.apply(Play((JOKER,), None))
    assert (joker.phase, joker.current) == ("turn", 1)
    other = deal(FM, hands, up="4C", deck="7S 10H")
    other.apply(Play(cards("5H"), None))
    assert (other.phase, other.current) == ("turn", 1)


def test_fuzzymango_game_slap_down() -> None:
    """game.test.ts, describe("slapDown"): "lays the card on the end of the set it matches and out of the hand",
    "closes the window behind it, so a second slap has nothing to play", "refuses when no window is open at all",
    "conserves every card in the round", "buries the whole extended set once the next player has drawn from it"
    (the slapped card may be taken like any card of the set). The program's slap may come while the next player is
    to move (ADR-0005); here it is made at once, before the next turn, as the preset's "Left out" says."""
    game = deal(FM, ["7H 7D 9C 2S 3S", "2C 3D KD QD JD"], up="4C", deck="7S")
    full = game.cards_in_play()
    assert "slap-down" in refused(game, SlapDown(card("7S")))
    game.apply(Play(cards("7H 7D"), None))
    game.apply(SlapDown(card("7S")))
    assert game.pile[-1] == cards("7H 7D 7S") and sorted(game.hand(0)) == sorted(cards("9C 2S 3S"))
    assert game.current == 1 and game.phase == "turn"
    assert "slap-down" in refused(game, SlapDown(card("7S")))
    assert game.cards_in_play() == full
    game.apply(Play(cards("2C"), card("7S")))
    assert card("7S") in game.hand(1) and game.pile[-2] == cards("7H 7D")


def test_fuzzymango_game_slap_down_can_empty_a_hand_leaving_yaniv_the_only_move() -> None:
    """game.test.ts, slapDown "can empty a hand, leaving Yaniv as the only move left in it"."""
    game = deal(small(FM, 2), ["7H 7D", "2C 3D"], up="4C", deck="7S")
    game.apply(Play(cards("7H 7D"), None))
    game.apply(SlapDown(card("7S")))
    assert game.hand(0) == () and game.phase == "turn" and game.current == 1
    game.apply(Play(cards("2C"), None))
    assert game.current == 0 and game.legal_actions() == [CallYaniv()]
    assert "choose at least one card" in refused(game, Play((), None))
    game.apply(CallYaniv())
    assert game.history[-1].caller == 0 and not game.history[-1].assaf


def test_fuzzymango_game_call_yaniv_validation() -> None:
    """game.test.ts, describe("callYaniv - validation"): "refuses a hand above the threshold" (5H 4S, 9), "allows a
    hand exactly on the threshold" (5H 2S, 7)."""
    above = deal(small(FM, 2), ["5H 4S", "2C KC"], up="4C")
    assert "the hand is worth 9: Yaniv may be called at 7 or less" in refused(above, CallYaniv())
    at = deal(small(FM, 2), ["5H 2S", "2C KC"], up="4C")
    at.apply(CallYaniv())
    assert at.history[-1].caller == 0


#: game.test.ts, describe("callYaniv - scoring"): totals before, hands, caller; then each seat's total after, the
#: seats that score 0 and the round's winner (who starts the next round).
FM_CALLS = [
    (
        "scores the caller zero and everyone else their hand when unopposed",
        [0, 0],
        ["AH 2H", "KS QS"],
        0,
        (0, 20),
        (),
        0,
    ),
    ("penalises the caller and zeroes the Assafer on an Assaf", [0, 0], ["3H 4H", "2S 3S"], 0, (37, 0), (1,), 1),
    ("treats an equal hand as an Assaf", [0, 0], ["5H", "5S"], 0, (35, 0), (1,), 1),
    ("picks the lowest opponent as the Assafer", [0, 0, 0], ["3H 4H", "6S", "4C"], 0, (37, 6, 0), (2,), 2),
    ("breaks an Assafer tie by seat order after the caller", [0, 0, 0], ["3H 4H", "4S", "4C"], 0, (37, 0, 4), (1,), 1),
    ("wraps the seat-order tie-break around the table", [0, 0, 0], ["4S", "4C", "3H 4H"], 2, (0, 4, 37), (0,), 0),
    ("accumulates onto existing scores", [12, 30], ["AH", "9S"], 0, (12, 39), (), 0),
]


@pytest.mark.parametrize(
    ("case", "before", "hands", "caller", "after", "zeroed", "winner"), FM_CALLS, ids=[c[0] for c in FM_CALLS]
)
def test_fuzzymango_game_call_yaniv_scoring(
    case: str,
    before: list[int | None],
    hands: list[str],
    caller: int,
    after: tuple[int, ...],
    zeroed: tuple[int, ...],
    winner: int,
) -> None:
    """game.test.ts, describe("callYaniv - scoring"): the case named by the test id."""
    result = settle(FM, before, hands, caller)
    assert (result.scores, result.winner) == (after, winner)
    assert (result.zeroed if result.assaf else ()) == zeroed


def test_fuzzymango_game_call_yaniv_records_every_revealed_hand_and_delta() -> None:
    """game.test.ts, callYaniv "records every player's revealed hand and delta"."""
    result = settle(FM, [0, 0], ["AH 2H", "KS QS"], 0)
    assert result.hands[1] == cards("KS QS") and result.values[1] == 20 and result.added[1] == 20
    assert result.scores[1] == 20


def test_fuzzymango_game_milestone_reduction() -> None:
    """game.test.ts, describe("callYaniv - milestone reduction"): "reduces a score landing exactly on 50" (42 + 8:
    0), "reduces a score landing on 100, not just the first multiple of 50" (142 + 8 at maxScore 200: 100),
    "triggers nothing when a delta overshoots a multiple without landing on it" (45 + 8: 53), "does not re-trigger
    for a round winner already sitting on a multiple" (50 stays 50), "pulls a player back under maxScore when the
    reduced score no longer busts" (90 + 10 at maxScore 90: 50, play on), "still busts when the reduced score
    remains past maxScore" (maxScore 40), "triggers independently for multiple players in the same round"."""
    rules = load_ruleset(FM)
    fifty = settle(rules, [0, 42], ["AH", "8C"], 0)
    assert fifty.added[1] == 8 and fifty.resets == ((1, 50, 0),) and fifty.scores[1] == 0
    hundred = settle(rules.with_choices(end_limit=200), [0, 142], ["AH", "8C"], 0)
    assert hundred.resets == ((1, 150, 100),) and hundred.scores[1] == 100
    over = settle(rules, [0, 45], ["AH", "8C"], 0)
    assert over.scores[1] == 53 and over.resets == ()
    winner = settle(rules, [50, 10], ["AH", "KS"], 0)
    assert winner.added[0] == 0 and winner.resets == () and winner.scores[0] == 50
    back = settle(rules.with_choices(end_limit=90), [0, 90], ["AH", "10C"], 0)
    assert back.resets == ((1, 100, 50),) and back.scores[1] == 50 and not back.game_over
    bust = settle(rules.with_choices(end_limit=40), [0, 90], ["AH", "10C"], 0)
    assert bust.scores[1] == 50 and bust.game_over
    both = settle(rules.with_choices(end_limit=200), [0, 42, 92], ["AH", "8C", "8D"], 0)
    assert both.resets == ((1, 50, 0), (2, 100, 50)) and both.scores == (0, 0, 50)


def test_fuzzymango_game_ending_the_match() -> None:
    """game.test.ts, describe("callYaniv - ending the match"): "ends the match once a score passes 100" (95 + 20),
    "keeps playing at exactly 100, milestone-reduced to 50", "busts against the room's own maxScore, not the shared
    default" (15 + 10 at 20), "reports every player tied for the lowest score as a winner"."""
    rules = load_ruleset(FM)
    passes = settle(rules, [10, 95], ["AH", "KS KC"], 0)
    assert passes.game_over and passes.winners == (0,)
    exactly = settle(rules, [10, 90], ["AH", "KS"], 0)
    assert exactly.scores == (10, 50) and not exactly.game_over and exactly.winners == ()
    own = settle(rules.with_choices(end_limit=20), [10, 15], ["AH", "KS"], 0)
    assert own.scores == (10, 25) and own.game_over and own.winners == (0,)
    tied = settle(rules, [5, 0, 95], ["AH", "5S", "10C"], 0)
    assert tied.scores == (5, 5, 105) and tied.game_over and tied.winners == (0, 1)


def test_fuzzymango_game_start_next_round_gives_the_first_turn_to_the_round_winner() -> None:
    """game.test.ts, describe("startNextRound"): "deals a fresh round and increments the round number", "gives the
    first turn to the previous round's winner", "carries scores forward"."""
    game = deal(small(FM, 2), ["3H 4H", "2S 3S", "KD QD"], up="4C")
    game.apply(CallYaniv())  # 7 against 5: seat 1 Assafs
    assert game.round_no == 2 and game.current == 1 and game.scores == [37, 0, 20]
    assert [len(game.hand(s)) for s in range(3)] == [2, 2, 2]


# == buzagloidan/yaniv (yaniv.games) ==================================================================================

YG = "yaniv-games"


def test_yaniv_games_state_machine_keeps_the_turn_with_the_drawing_player_during_hadabaka() -> None:
    """stateMachine.test.ts, "keeps the turn with the drawing player during hadabaka": a 4C thrown, the 4D drawn
    from the deck: the drawer decides, the card in hand."""
    game = deal(YG, ["4C 5H 5D 9S 2C", "7C 8C KD QD JD"], up="AH", deck="4D 9H")
    game.apply(Play(cards("4C"), None))
    assert (game.phase, game.current, game.slap_card) == ("slap", 0, card("4D"))
    assert card("4D") in game.hand(0)
    assert game.legal_actions() == [SlapDown(card("4D")), KeepCard()]


def test_yaniv_games_resolution_resets_exact_threshold_hits() -> None:
    """stateMachine.test.ts, "resets exact threshold hits to zero instead of eliminating the player": 40 + 10 lands
    on 50 and drops to 0."""
    result = settle(YG, [0, 40], ["2H 3D", "2C 3C 5C"], 0)
    assert not result.assaf and result.scores == (0, 0) and result.resets == ((1, 50, 0),)
    assert result.eliminated == ()


def test_yaniv_games_resolution_applies_the_assaf_penalty_only_to_the_caller() -> None:
    """stateMachine.test.ts, "applies the Assaf penalty only to the caller": 4 against 4 Assafs (ties do), the
    caller adds 4 + 30, the Assafer 0, the third hand its 9."""
    result = settle(YG, [0, 0, 0], ["4H", "4D", "9S"], 0)
    assert result.assaf and result.zeroed == (1,) and result.added == (34, 0, 9)


def test_yaniv_games_resolution_awards_assaf_only_to_the_lowest_qualifying_opponent() -> None:
    """stateMachine.test.ts, "awards Assaf only to the lowest qualifying opponent": 7 called, 5 and 3 below it:
    only the 3 scores 0."""
    result = settle(YG, [0, 0, 0], ["7H", "5D", "3S"], 0)
    assert result.zeroed == (2,) and result.added == (37, 5, 0)


def test_yaniv_games_resolution_tied_lowest_assafers() -> None:
    """stateMachine.test.ts, "awards Assaf to the later player when the lowest qualifying total is tied": the later
    of the two 3s (p3) scores 0 and the earlier (p2) adds 3 (`assaf.zero = "last_lowest"`)."""
    result = settle(YG, [0, 0, 0, 0], ["7H", "3D", "3S", "5C"], 0)
    assert result.zeroed == (2,) and result.added == (37, 3, 0, 5) and result.winner == 2


def test_yaniv_games_resolve_yaniv_gives_a_tie_to_the_later_seat_wherever_the_caller_sits() -> None:
    """gameLogic.ts, resolveYaniv (the same at 30beed1 and 4770907): it walks the seats in the table's order
    (`seatOrder`, skipping the caller) and keeps the last of the lowest hands at or below the caller's, so with the
    caller (seat 1) between two 3s the later seat, 2, takes the Assaf, not seat 0 (which would be the last in turn
    after the caller); stateMachine.ts, pickNextRoundStarterId: that Assafer starts the next round."""
    result = settle(YG, [0, 0, 0, 0], ["3D", "7H", "3S", "5C"], 1)
    assert result.assaf and result.zeroed == (2,) and result.added == (3, 37, 0, 5) and result.winner == 2
    game = deal(small(YG, 1), ["3D", "7H", "3S", "5C"], up="9C", first=1)
    game.apply(CallYaniv())
    assert game.history[-1].zeroed == (2,) and game.scores == [3, 37, 0, 5]
    assert game.round_no == 2 and game.current == 2


def test_yaniv_games_a_match_ending_yaniv_call() -> None:
    """GameTable.test.ts, "persists match completion after a match-ending Yaniv call": 199 + 10 passes 200, the
    game is over and the caller, the one player left, wins."""
    result = settle(YG, [0, 199], ["2H 3D", "10C"], 0)
    assert result.scores == (0, 209) and result.eliminated == (1,) and result.game_over and result.winners == (0,)


def test_yaniv_games_hadabaka_that_empties_the_hand_calls_yaniv() -> None:
    """GameTable.test.ts, "auto-calls Yaniv when hadabaka removes the player hand to zero cards": the 4D slapped onto
    the 4C leaves no card; the round ends called by that seat, which scores 0, and the other adds its 7C 8C (15).
    The program's code since 4fb1586 waits for that seat's next turn to call; its rules window and this test call
    at once, as the preset does (`yaniv.empty_hand = "wins_at_once"`; its header says so)."""
    game = deal(small(YG, 1), ["4C", "7C"], up="AH", deck="4D 8C")
    game.apply(Play(cards("4C"), None))
    game.apply(SlapDown(card("4D")))
    result = game.history[-1]
    assert result.caller == 0 and result.scores == (0, 7) and game.round_no == 2 and game.current == 0
    two = deal(small(YG, 2), ["4C 4H", "7C 8C"], up="AH", deck="4D")
    two.apply(Play(cards("4C 4H"), None))
    two.apply(SlapDown(card("4D")))
    assert two.history[-1].caller == 0 and two.history[-1].scores == (0, 15)


def test_yaniv_games_hadabaka_card_joins_the_group_it_matches() -> None:
    """stateMachine.ts, applyHadabakaAccept: there the card slapped down becomes a throw of its own and the group it
    matched is buried, so the next player may take only that card. The preset's "Left out" lists it: here the card
    is stuck onto the group (the rules window's "stick it"), and either end of the group may be taken."""
    game = deal(YG, ["4C 5H 5D 9S 2C", "7C 8C KD QD JD"], up="AH", deck="4D 9H")
    game.apply(Play(cards("4C"), None))
    game.apply(SlapDown(card("4D")))
    assert game.pile[-1] == cards("4C 4D") and game.takeable == cards("4C 4D") and game.current == 1


def test_yaniv_games_validator() -> None:
    """validator.test.ts, "still allows a valid yaniv call on the active turn" (2H 2D 3S, 7) and "rejects K-Q-A as a
    valid run"."""
    rules = load_ruleset(YG)
    assert rules.may_call(hand_value(cards("2H 2D 3S"), rules))
    assert not legal(YG, "KH QH AH")
    game = deal(small(YG, 3), ["KH QH AH", "7C 8C 9D"], up="4C")
    assert "not a legal drop" in refused(game, Play(cards("KH QH AH"), None))


def test_yaniv_games_resolve_yaniv_reset_and_knockout() -> None:
    """gameLogic.ts, resolveYaniv: a total landing on 50, 100, 150 or 200 drops by 50 ("200 -> 150, 150 -> 100,
    100 -> 50, 50 -> 0"); a total past the limit is out. Its "score % resetScoreAt" also drops a total sitting on
    a multiple that the round adds nothing to; the preset's "Left out" lists it: here only a round that adds
    points resets."""
    for before, added, after in ((40, 10, 0), (90, 10, 50), (140, 10, 100), (190, 10, 150)):
        result = settle(YG, [0, before], ["AH", "10C" if added == 10 else "9C"], 0)
        assert result.scores[1] == after and not result.eliminated
    out = settle(YG, [0, 195], ["AH", "10C"], 0)
    assert out.scores[1] == 205 and out.eliminated == (1,)
    stays = settle(YG, [50, 0], ["AH", "10C"], 0)
    assert stays.scores[0] == 50  # the program would drop the winner's 50 to 0


def test_yaniv_games_run_ends_only_may_be_taken_of_a_set_too() -> None:
    """RulesModal.tsx, as the preset reads it: "only the extreme cards (first or last)", of a set as of a run."""
    assert offered(YG, "7H 7D 7S") == "7H 7S"
    assert offered(YG, "4H 5H 6H 7H") == "4H 7H"


# == jdross/yaniv =====================================================================================================

JD = "jdross"


def test_jdross_validate_discard_accepts_single_cards_and_sets() -> None:
    """tests/frontend/game_logic.test.js, "validateDiscard accepts single cards and sets": KH; 7H 7S JK (a joker
    joins a set)."""
    assert legal(JD, "KH") and drop_kind(cards("7H 7S JK"), load_ruleset(JD)) == "set"


def test_jdross_validate_discard_accepts_runs_with_joker_gap_fill() -> None:
    """game_logic.test.js, "validateDiscard accepts runs with joker gap fill": 4H JK 6H."""
    assert drop_kind(cards("4H JK 6H"), load_ruleset(JD)) == "run"


def test_jdross_validate_discard_rejects_invalid_pairs_and_mixed_suit_runs() -> None:
    """game_logic.test.js, "validateDiscard rejects invalid pairs and mixed-suit runs": 4H 5H ("Two cards must
    share the same rank") and 4H 5C 6H; our reasons say what a set and a run need."""
    rules = load_ruleset(JD)
    with pytest.raises(DropError, match="a set needs one rank, a run one suit"):
        arrange_drop(cards("4H 5C 6H"), rules)
    with pytest.raises(DropError, match="a run needs at least 3 cards"):
        arrange_drop(cards("4H 5H"), rules)


def test_jdross_declare_yaniv_only_at_five_or_less() -> None:
    """server/src/yaniv.js, declareYaniv: "Cannot declare Yaniv with more than 5 points."."""
    assert "Yaniv may be called at 5 or less" in refused(deal(small(JD, 2), ["4H 2S", "KC QC"], up="9D"), CallYaniv())
    at = deal(small(JD, 2), ["3H 2S", "KC QC"], up="9D")
    at.apply(CallYaniv())
    assert at.history[-1].scores == (0, 20)


def test_jdross_update_scores() -> None:
    """yaniv.js, _updateScores: a caller strictly below every other hand scores 0 and the others add their hands;
    otherwise (a tie too) the caller adds 30 and nobody else scores."""
    clean = settle(JD, [0, 0, 0], ["AH AD", "3S", "KD"], 0)
    assert not clean.assaf and clean.added == (0, 3, 10)
    tie = settle(JD, [0, 0, 0], ["3H", "3S", "KD"], 0)
    assert tie.assaf and tie.added == (30, 0, 0) and tie.scores == (30, 0, 0)


def test_jdross_reset_player_scores() -> None:
    """yaniv.js, _resetPlayerScores: a score that went up to exactly 50 or 100 drops by 50; one that stayed (a
    winner on 50) does not."""
    assert settle(JD, [0, 40], ["AH", "10C"], 0).scores == (0, 0)
    assert settle(JD, [0, 90], ["AH", "10C"], 0).scores == (0, 50)
    assert settle(JD, [20, 0], ["AH 2H", "AS"], 0).scores == (0, 0)  # Assafed: 20 + 30 lands on 50, drops to 0
    assert settle(JD, [50, 0], ["AH", "10C"], 0).scores == (50, 10)


def test_jdross_declare_yaniv_knocks_out_over_100_and_check_end_of_game() -> None:
    """yaniv.js, declareYaniv and _checkEndOfGame: a score over 100 is out; the one player left with 100 or fewer
    wins. 100 itself resets to 50, so a total of exactly 100 never stands."""
    one = settle(JD, [0, 95, 0], ["AH", "10C", "5C"], 0)
    assert one.scores == (0, 105, 5) and one.eliminated == (1,) and not one.game_over
    last = settle(JD, [0, 95, 99], ["AH", "10C", "5C"], 0)
    assert last.scores == (0, 105, 104) and last.eliminated == (1, 2) and last.game_over and last.winners == (0,)


def test_jdross_check_slamdown() -> None:
    """yaniv.js, _checkSlamdown and performSlamdown: after drawing from the deck a card of the rank thrown (a single
    or a set), or one that continues the run thrown at either end, the player may slam it down; not after taking from
    the pile; a joker drawn never slams ("The drawn card" must match a natural rank); "Cannot slamdown your last
    card". Its slamdown of a run's first rank is listed in the preset's "Left out" and refused here."""
    hands = ["5H 6H 7H 9S 2C", "7C 8C KD QD JD"]
    for drawn in ("4H", "8H"):
        game = deal(JD, hands, up="AS", deck=drawn)
        game.apply(Play(cards("5H 6H 7H"), None))
        assert game.phase == "slap" and game.slap_card == card(drawn)
        game.apply(SlapDown(card(drawn)))
        assert len(game.pile[-1]) == 4 and game.current == 1
    first_rank = deal(JD, hands, up="AS", deck="5S")
    first_rank.apply(Play(cards("5H 6H 7H"), None))
    assert first_rank.phase == "turn"
    same = deal(JD, ["9H 9S 6H 7H 2C", "7C 8C KD QD JD"], up="AS", deck="9D")
    same.apply(Play(cards("9H 9S"), None))
    assert same.slap_card == card("9D")
    picked = deal(JD, ["9H 9S 6H 7H 2C", "7C 8C KD QD JD"], up="9D", deck="AD")
    picked.apply(Play(cards("9H 9S"), card("9D")))
    assert picked.phase == "turn"
    joker = deal(JD, ["JK 9S 6H 7H 2C", "7C 8C KD QD JD"], up="AS", deck="JK")
    joker.apply(Play((JOKER,), None))
    assert joker.phase == "turn"
    assert laid(JD, "JK AH 2H") == "AH 2H JK" and offered(JD, "JK AH 2H") == "AH JK"  # "Left out": JK and 2H there
    last = deal(small(JD, 1), ["9H", "7C"], up="AS", deck="9D")
    last.apply(Play(cards("9H"), None))
    assert last.phase == "turn" and last.hand(0) == cards("9D")


# == DenverCoder1/CPP-Yaniv: Yaniv.cpp and README.md (no tests of its own) ===========================================

CPP = "cpp-yaniv"


def test_cpp_yaniv_check_discards() -> None:
    """Yaniv.cpp, checkDiscards: a single, cards of one value (jokers alone too), or three or more of one suit in
    sequence, jokers skipping a value; "The selected cards can not be discarded together" otherwise. The ace is low
    only (nextValue of K is none). Its check lets a joker into a set laid after a natural card (7H 7S J); the
    README's "A Joker can be used as a wild-card in a series" is what the preset plays, and its "Left out" says so."""
    for group, valid in (
        ("9C", True),
        ("7H 7S", True),
        ("7H 7S 7C 7D", True),
        ("JK JK", True),
        ("5D 6D 7D", True),
        ("7D JK JK 10D", True),
        ("5D JK 7D", True),
        ("QD KD AD", False),
        ("5D 6C 7D", False),
        ("5D 6D", False),
        ("7H 7S JK", False),
    ):
        assert legal(CPP, group) is valid, group


def test_cpp_yaniv_check_draw() -> None:
    """Yaniv.cpp, checkDraw and the README: the first or last card played may be taken; of 3- or 4-of-a-kind any
    card (CAN_TAKE_FROM_MIDDLE_OF_SET; the preset's "Left out" says why its code offers the ends only); of a run the
    ends; under CAN_SWAP_JOKER a joker inside the run for the card it stands for."""
    assert offered(CPP, "5D 6D 7D") == "5D 7D"
    assert offered(CPP, "7H 7S 7C") == "7H 7S 7C"
    game = deal(CPP, ["5D JK 7D 2C 3C", "6D KS QS JS 10S"], up="AS", deck="9H")
    game.apply(Play(cards("5D JK 7D"), None))
    game.apply(Play(cards("KS"), JOKER, card("6D")))
    assert JOKER in game.hand(1) and game.pile[-2] == cards("5D 6D 7D")


def test_cpp_yaniv_left_out_readings_of_its_code() -> None:
    """Yaniv.cpp, checkDiscards and checkDraw, where the preset's "Left out" lists the code's reading: a joker laid
    after a natural card is no set here (7H J, 7H 7S J); a set's middle card may be taken here (there the first and
    last are compared whole, so only its ends are); a joker laid after a king goes below the queen here (there it
    stands past the king, offering Q and the joker)."""
    assert not legal(CPP, "7H JK") and not legal(CPP, "7H 7S JK")
    game = deal(CPP, ["7H 7S 7C 2C 3C", "6D KS QS JS 10S"], up="AS", deck="9H")
    game.apply(Play(cards("7H 7S 7C"), None))
    game.apply(Play(cards("KS"), card("7S")))
    assert card("7S") in game.hand(1)
    assert laid(CPP, "QH KH JK") == "JK QH KH" and offered(CPP, "QH KH JK") == "JK KH"


def test_cpp_yaniv_slapdown() -> None:
    """Yaniv.cpp, checkDraw under CAN_SLAPDOWN: a card drawn from the deck of the value of the cards just played
    (first and last alike: a single or a set, never a run) may be slapped down. Its `drawnCard != "J"` never slaps a
    joker; the preset's "Left out" says it slaps one onto a dropped joker."""
    game = deal(CPP, ["9H 9S 6H 7H 2C", "7C 8C KD QD JD"], up="AS", deck="9D")
    game.apply(Play(cards("9H 9S"), None))
    assert game.slap_card == card("9D")
    game.apply(SlapDown(card("9D")))
    assert game.pile[-1] == cards("9H 9S 9D")
    run = deal(CPP, ["5H 6H 7H 2C 3C", "7C 8C KD QD JD"], up="AS", deck="8H")
    run.apply(Play(cards("5H 6H 7H"), None))
    assert run.phase == "turn"


def test_cpp_yaniv_call_yaniv() -> None:
    """Yaniv.cpp, callYaniv, with MIN_TO_CALL_YANIV 7, ASSAF_PENALTY 30, EXTRA_ASSAF_PENALTIES 0 and REDUCTION_IS_HALF:
    an equal or lower hand Assafs; the caller adds the penalty and their hand; every hand equal to the lowest scores
    0; a score landing on a multiple of 50 with points added is halved; over 200 is out."""
    rules = load_ruleset(CPP)
    assert rules.may_call(7) and not rules.may_call(8)
    tie = settle(CPP, [0, 0, 0], ["3H 4H", "7S", "KD"], 0)
    assert tie.assaf and tie.added == (37, 0, 10)
    two = settle(CPP, [0, 0, 0], ["3H 4H", "2S", "2D"], 0)
    assert two.zeroed == (1, 2) and two.added == (37, 0, 0)
    halves = settle(CPP, [0, 40, 90], ["AH", "10C", "10D"], 0)
    assert halves.scores == (0, 25, 50)
    assert settle(CPP, [0, 190], ["AH", "10C"], 0).scores == (0, 100)
    out = settle(CPP, [0, 195], ["AH", "10C"], 0)
    assert out.scores == (0, 205) and out.eliminated == (1,) and out.winners == (0,)


def test_romaincscn_yaniv_scores_under_cpp_yaniv() -> None:
    """RomainCscn/yaniv, server/src/core/__tests__/scores.test.ts: its Assaf scoring is cpp-yaniv's (a call at 7
    or less, an equal or lower hand Assafs, the caller adds 30 and its hand, every lowest hand scores 0; the rest of
    its table, first to reach 200 with no resets, is no preset's). "should return the hand scores" (A 2 3 4: 10;
    Q and a joker: 10), and addScoreToPlayers "when the yaniv caller win", "... lose and there is one winner", "...
    lose and there is several winners"."""
    rules = load_ruleset(CPP)
    assert hand_value(cards("AC 2H 3D 4S"), rules) == 10 and hand_value(cards("QC JK"), rules) == 10
    assert settle(CPP, [0, 0, 0], ["AH", "QC 2C", "4C"], 0).scores == (0, 12, 4)
    assert settle(CPP, [0, 0, 0], ["7H", "AC", "4C"], 0).scores == (37, 0, 4)
    assert settle(CPP, [0, 0, 0], ["7H", "4S", "4C"], 0).scores == (37, 0, 0)


#: Who starts the next round after a call at seat 0 of three (hands 3H 4H = 7, 2S 3S = 5, KD QD = 20; and a clean
#: call, AH 2H = 3 against 5 and 20), by each program: the Assafer and the caller (fuzzymango docs/rules.md §6;
#: yaniv.games pickNextRoundStarterId; CPP-Yaniv callYaniv's return; BGA's "the winner of the round"), and jdross,
#: whose turn stays at the caller's seat when the next hand is dealt (declareYaniv keeps currentPlayerIndex).
NEXT_FIRST = {"fuzzymango": (1, 0), "yaniv-games": (1, 0), "cpp-yaniv": (1, 0), "bga": (1, 0), "jdross": (0, 0)}


@pytest.mark.parametrize("preset", sorted(NEXT_FIRST))
def test_who_starts_the_next_round(preset: str) -> None:
    """The programs' next-round opener (see NEXT_FIRST): after an Assaf, then after a clean call."""
    assafed = deal(small(preset, 2), ["3H 4H", "2S 3S", "KD QD"], up="9C")
    if preset in ("jdross", "bga"):  # a call at 5 or less
        assafed = deal(small(preset, 2), ["3H 2H", "2S 3S", "KD QD"], up="9C")
    assafed.apply(CallYaniv())
    clean = deal(small(preset, 2), ["AH 2H", "2S 3S", "KD QD"], up="9C")
    clean.apply(CallYaniv())
    assert assafed.history[-1].assaf and not clean.history[-1].assaf
    assert (assafed.current, clean.current) == NEXT_FIRST[preset]
    assert assafed.round_no == clean.round_no == 2


# == Board Game Arena: Gamehelpyaniv (no code) =======================================================================

BGA = "bga"


def test_bga_help_page_drops_and_takes() -> None:
    """The help page: "Two or more cards of the same rank (jokers are not allowed)"; in a run "jokers can substitute
    any cards"; "only the first or the last card can be picked up"."""
    assert not legal(BGA, "7H 7S JK") and legal(BGA, "7H JK 9H") and legal(BGA, "7H 7S")
    assert offered(BGA, "7H 7S 7C") == "7H 7C"
    assert offered(BGA, "7H JK 9H") == "7H 9H"


def test_bga_help_page_call_assaf_and_scores() -> None:
    """The help page as the preset reads it: a call at 5 or less; a hand "less than or equal to the caller's" Assafs
    and the caller scores "their card total plus 30"; 100 drops to 50; "more than" 200 is eliminated. Its "other
    players than callers score ... their hand value regardless", the Assafer too, is in the preset's "Left out": here
    the lowest hand scores 0."""
    rules = load_ruleset(BGA)
    assert rules.may_call(5) and not rules.may_call(6)
    result = settle(BGA, [0, 0, 0], ["2H 3H", "5S", "KD"], 0)
    assert result.assaf and result.added == (35, 0, 10)
    assert settle(BGA, [0, 90], ["AH", "10C"], 0).scores == (0, 50)
    assert settle(BGA, [0, 190], ["AH", "10C"], 0).scores == (0, 200)
    assert settle(BGA, [0, 195], ["AH", "10C"], 0).eliminated == (1,)


def test_bga_help_page_slapdown_after_a_single_and_an_emptied_hand_calls_next_turn() -> None:
    """The help page: the 'Slapdown' option, "the same rank ... as the single card they have just discarded" (not
    after a set); a hand it empties "must call Yaniv next turn"."""
    game = deal(BGA, ["9H 9S 6H 7H 2C", "7C 8C KD QD JD"], up="AS", deck="9D")
    game.apply(Play(cards("9H 9S"), None))
    assert game.phase == "turn"
    lone = deal(small(BGA, 1), ["9H", "7C"], up="AS", deck="9D 8C")
    lone.apply(Play(cards("9H"), None))
    lone.apply(SlapDown(card("9D")))
    assert lone.hand(0) == () and lone.current == 1
    lone.apply(Play(cards("7C"), None))
    assert lone.legal_actions() == [CallYaniv()]
