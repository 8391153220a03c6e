"""The rules RULES.md leaves open, each read as `docs/rules-notes.md` says and pinned here preset by preset, so that
the reading cannot drift: a group of one natural card and jokers that is both a set and a run, a slap-down that
empties a hand (with the zero-hand bonus), and jdross's slam-down after a run on its first card's rank."""

from __future__ import annotations

import dataclasses

import pytest
from builders import card, cards
from playing import deal

from yaniv_tui.engine import (
    CallYaniv,
    Card,
    Game,
    IllegalActionError,
    Play,
    Ruleset,
    SlapDown,
    drop_kind,
    load_ruleset,
    preset_paths,
    score_round,
)


def preset(name: str, **changes: object) -> Ruleset:
    """A preset with a few changes for a short deal (`hand_size`), every other rule its own."""
    return dataclasses.replace(load_ruleset(name), **changes)  # type: ignore[arg-type]


# -- 1. one natural card and jokers: a set where jokers are wild in sets ---------------------------------------

#: Each preset's reading of JK 5H JK (a set of fives, or the run 4H 5H 6H): its kind (None: no legal drop), the
#: cards of it the next player may take, and whether a 5 drawn from the deck may be slapped down onto it.
ONE_NATURAL = {
    "israeli": ("run", "JK", False),
    "yanivo": ("set", "JK 5H", False),
    "sursis": ("run", "JK", False),
    "seven-cards": ("run", "JK", False),
    "bga": ("run", "JK", False),
    "cpp-yaniv": ("run", "JK", False),
    "fuzzymango": (None, "", False),
    "jdross": ("set", "JK 5H", True),
    "yaniv-games": ("run", "JK", False),
}


def test_every_preset_has_its_reading_of_one_natural_card_and_jokers() -> None:
    assert set(ONE_NATURAL) == set(preset_paths())


@pytest.mark.parametrize("name", sorted(ONE_NATURAL))
def test_one_natural_card_between_two_jokers_is_a_set_where_jokers_are_wild_in_sets(name: str) -> None:
    """RULES.md says jokers "stand in for any card in a set or run" and leaves open which a group that can be
    both is. The engine's reading (`drop_kind`): a set where the preset lets jokers into sets (001 Yanivo, jdross),
    so any card of it may be taken where a set's may (both) and a card of its rank slapped down onto it (jdross);
    elsewhere a run, whose ends are the two jokers; under yaniv2's two natural cards a run, no drop at all."""
    kind, takeable, slaps = ONE_NATURAL[name]
    rules = preset(name, hand_size=5)
    group = cards("JK 5H JK")
    assert drop_kind(group, rules) == kind
    assert drop_kind(cards("5H JK JK"), rules) == kind
    game = deal(rules, ["JK 5H JK KD QD", "KS KH KC QS QH"], up="2D", deck="5S 8C 9C")
    if kind is None:
        with pytest.raises(IllegalActionError, match="at least 2 cards that are not jokers"):
            game.apply(Play(group))
        return
    game.apply(Play(group))
    assert game.previous_drop == group and game.previous_kind == kind
    assert (game.phase == "slap") is slaps
    if slaps:
        game.apply(SlapDown(card("5S")))
        assert game.previous_drop == cards("JK 5H JK 5S") and game.previous_kind == "set"
        return
    assert game.current == 1 and game.view(1).takeable == cards(takeable)


# -- 2. a slap-down that empties a hand ---------------------------------------------------------------------------

#: The presets that play the slap-down, with what a hand emptied by one does (jdross never empties one).
SLAPPING = {"bga": "call_next_turn", "cpp-yaniv": "call_next_turn", "fuzzymango": "call_next_turn"}


def test_these_are_every_preset_that_plays_the_slap_down() -> None:
    assert {name for name in preset_paths() if load_ruleset(name).slap_down} == {*SLAPPING, "jdross", "yaniv-games"}
    assert all(load_ruleset(name).empty_hand == rule for name, rule in SLAPPING.items())
    assert load_ruleset("yaniv-games").empty_hand == "wins_at_once"


def _emptied(name: str, **changes: object) -> tuple[Ruleset, Game]:
    """Seat 0 of three, dealt one card, drops its 9C and draws the 9S: the slap-down would empty its hand."""
    rules = preset(name, hand_size=1, **changes)
    game = deal(rules, ["9C", "KS", "JK"], up="AS", deck="9S 4D 5D 6H")
    game.apply(Play(cards("9C")))
    return rules, game


def test_jdross_never_lets_a_slam_down_empty_a_hand() -> None:
    """jdross: "You cannot slamdown your last card": no slap-down is offered, the drawn card stays in hand."""
    _, game = _emptied("jdross")
    assert game.phase == "turn" and game.current == 1 and game.hand(0) == (card("9S"),)


def test_yaniv_games_an_emptied_hand_wins_the_round_at_once() -> None:
    """yaniv.games: "If the slap-down leaves you with 0 cards, Yaniv is declared automatically": the round is over
    at once; the emptied hand scores 0, every other hand adds its value (the joker's 0 Assafs nobody), and its
    seat starts the next round."""
    _, game = _emptied("yaniv-games")
    game.apply(SlapDown(card("9S")))
    result = game.history[-1]
    assert (result.caller, result.winner, result.assaf, result.assafers) == (0, 0, False, ())
    assert result.values == (0, 10, 0) and result.zeroed == (0,)
    assert result.added == (0, 10, 0) and result.scores == (0, 10, 0)
    assert game.round_no == 2 and game.current == 0 and game.phase == "turn"


def test_yaniv_games_an_emptied_hand_win_lands_the_others_on_its_resets() -> None:
    """The other hands' points are a round's addition like any: 40 + 10 and 45 + 5 land on 50 and drop by 50."""
    rules = load_ruleset("yaniv-games")
    result = score_round(rules, [20, 40, 45], [(), cards("KS"), cards("5D")], 0)
    assert not result.assaf and result.added == (0, 10, 5)
    assert result.scores == (20, 0, 0) and result.resets == ((1, 50, 0), (2, 50, 0))


@pytest.mark.parametrize("name", sorted(SLAPPING))
def test_an_emptied_hand_may_only_call_on_its_next_turn_and_scores_as_a_call(name: str) -> None:
    """Board Game Arena: "the player must call Yaniv next turn" (CPP-Yaniv and yaniv2 the same): the others play
    their turns, then the empty hand's one legal action is the call, settled as any call of a hand of 0."""
    _, game = _emptied(name)
    game.apply(SlapDown(card("9S")))
    assert game.hand(0) == () and game.current == 1 and not game.history
    game.apply(Play(cards("KS")))  # draws the 4D
    game.apply(Play(cards("JK")))  # draws the 5D
    assert game.current == 0 and game.legal_actions() == [CallYaniv()]
    with pytest.raises(IllegalActionError):
        game.apply(Play(cards("9S")))
    game.apply(CallYaniv())
    result = game.history[-1]
    assert (result.winner, result.assaf, result.values, result.scores) == (0, False, (0, 4, 5), (0, 4, 5))


@pytest.mark.parametrize("name", sorted(SLAPPING))
def test_an_emptied_hand_assafs_a_call_of_0_made_before_its_turn(name: str) -> None:
    """Before the emptied hand's turn comes, a player holding only a joker (0) may call: the empty hand is as low,
    and a tie Assafs at these three tables ("less than or equal"), so the caller adds 30 and the empty hand wins."""
    rules, game = _emptied(name)
    assert rules.assaf_on_tie
    game.apply(SlapDown(card("9S")))
    game.apply(Play(cards("KS")))  # draws the 4D
    game.apply(CallYaniv())  # seat 2, the joker: 0
    result = game.history[-1]
    assert (result.caller, result.assaf, result.assafers, result.winner) == (2, True, (0,), 0)
    assert result.zeroed == (0,) and result.scores == (0, 4, 30)
    assert game.current == 0


@pytest.mark.parametrize(("name", "players", "bonus"), [("yaniv-games", 3, True), ("yaniv-games", 2, False)])
def test_a_hand_emptied_at_once_is_a_round_won_with_a_hand_of_0_for_the_bonus(
    name: str, players: int, bonus: bool
) -> None:
    """The seed-000 house bonus ("a player who wins Yaniv or Assaf with 0 points 3 times" takes 20 off, not with two
    players), on at a yaniv.games table: a round won by a hand a slap-down emptied is won with 0, and counts."""
    rules = preset(name, bonus_zero_wins=3)
    hands: list[tuple[Card, ...]] = [(), cards("KS"), cards("5D")][:players]
    result = score_round(rules, [30, 0, 0][:players], hands, 0, zero_wins=[2, 0, 0][:players])
    assert result.zero_wins[0] == (3 if bonus else 2)
    assert result.bonus == ((0,) if bonus else ())
    assert result.scores[0] == (10 if bonus else 30)


def test_a_game_counts_a_hand_emptied_at_once_towards_the_bonus() -> None:
    """The same through play: the slap-down that empties the hand ends the round, and the game counts it."""
    _, game = _emptied("yaniv-games", bonus_zero_wins=3)
    game.apply(SlapDown(card("9S")))
    assert game.history[-1].zero_wins == (1, 0, 0) and game.zero_wins == [1, 0, 0]


# -- 3. jdross's slam-down after a run ---------------------------------------------------------------------------


@pytest.mark.parametrize(("drawn", "slams"), [("5S", False), ("6D", False), ("8H", True), ("4H", True)])
def test_jdross_slams_down_only_a_card_that_continues_the_run(drawn: str, slams: bool) -> None:
    """jdross's how-to page: "If the drawn card continues your discard, you can slam it down". Its code also offers
    a card of the rank of the run's first natural card (5H 6H 7H, then any 5), which continues nothing and leaves a
    group that is neither set nor run on the pile; the preset leaves that out (its comment says so)."""
    rules = load_ruleset("jdross")
    game = deal(rules, ["5H 6H 7H KD QD", "KS KH KC QS QH"], up="2D", deck=f"{drawn} 9C")
    game.apply(Play(cards("5H 6H 7H")))
    assert (game.phase == "slap") is slams
    if slams:
        game.apply(SlapDown(card(drawn)))
        assert game.previous_kind == "run" and game.hand(0) == cards("KD QD")
    else:
        assert game.current == 1 and game.hand(0) == (*cards("KD QD"), card(drawn))
