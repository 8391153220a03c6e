"""The joker swap (`take.joker_swap`, issue 31 item 7): instead of taking a card, the next player takes a joker from
inside the run just dropped by putting in its place, from their hand, the natural card it stands for.

Sources: DenverCoder1/CPP-Yaniv (README.md, "Bonus Rules": "If a player plays a series with a Joker, even if it is
in the middle of a series, if the next player has the card that belongs in the place of Joker, they may swap the
card for the Joker as their turn"; Source.cpp, `CAN_SWAP_JOKER true` by default, and `checkDraw`: the joker taken
must be neither the first nor the last card of the series, and the card given must be of the series' suit, one
rank above the card before the joker and one below the card after it), and the older Wikipedia rules of Yaniv,
which CPP-Yaniv follows. Which jokers: only one *inside* the run (CPP-Yaniv's "if Joker is not the last card or
first card"); a joker at a run's end is takeable as an end card anyway. The turn's drop happens as usual (the
issue's reading: the swap takes the place of the take, where CPP-Yaniv makes the given card the turn's drop), the
given card lies in the run in the joker's place, and the joker joins the hand.
"""

from __future__ import annotations

import dataclasses

import pytest
from builders import card
from playing import deal, snapshot

from yaniv_tui.engine import JOKER, Game, IllegalActionError, Play, Ruleset, SlapDown, Turn, parse_cards
from yaniv_tui.engine.checks import check_state
from yaniv_tui.engine.determinize import DeterminizeError, game_from_view
from yaniv_tui.engine.state import GameStateError

SWAP = Ruleset(joker_swap=True)


def checked(game: Game) -> Game:
    """The game as a save would rebuild it: its state checked."""
    return check_state(Game(**snapshot(game)))


def _after_run(rules: Ruleset, run: str = "5H JK 7H", p1: str = "6H KS 2C 9D 3S", p0: str = "5H JK 7H KD 2H") -> Game:
    """P0 drops a run with a joker inside; P1, holding the card it stands for, is to play."""
    game = deal(rules, [p0, p1], up="AS", deck="4D 9S 8C 6C 10D")
    game.apply(Play(parse_cards(run)))
    assert game.current == 1 and game.previous_kind == "run"
    return game


def test_the_next_player_swaps_the_natural_card_for_the_joker() -> None:
    game = _after_run(SWAP)
    deck = list(game.deck)
    game.apply(Play(parse_cards("KS"), JOKER, given=card("6H")))
    assert sorted(game.hand(1)) == sorted(parse_cards("JK 2C 9D 3S"))  # KS dropped, 6H given, the joker taken
    assert game.pile[-2] == tuple(parse_cards("5H 6H 7H"))  # the run stays a run, the 6H in the joker's place
    assert game.pile[-1] == (card("KS"),) and game.takeable == (card("KS"),)
    assert game.deck == deck  # nothing drawn
    assert game.log[-1] == Turn(1, (card("KS"),), JOKER, None, card("6H"))
    assert game.current == 0
    checked(game)


def test_without_the_rule_the_swap_is_refused_and_changes_nothing() -> None:
    game = _after_run(Ruleset())
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="joker swap") as error:
        game.apply(Play(parse_cards("KS"), JOKER, given=card("6H")))
    assert "\n" not in str(error.value)
    assert snapshot(game) == before
    assert not any(isinstance(a, Play) and a.given is not None for a in game.legal_actions())


def test_the_swaps_are_legal_actions_for_every_drop_that_keeps_the_card() -> None:
    game = _after_run(SWAP)
    swaps = [a for a in game.legal_actions() if isinstance(a, Play) and a.given is not None]
    assert swaps and all(a.take == JOKER and a.given == card("6H") for a in swaps)
    assert {a.drop for a in swaps} == {d for d in {p.drop for p in game.legal_actions() if isinstance(p, Play)}} - {
        (card("6H"),)
    }
    for action in swaps:
        game.clone().apply(action)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Play(parse_cards("KS"), JOKER, given=card("8H")), "8H stands for no joker inside the run just dropped"),
        (
            Play(parse_cards("KS"), card("5H"), given=card("6H")),
            "a joker swap takes a joker, not 5H: take a joker from inside the run just dropped for the card given",
        ),
        (
            Play(parse_cards("KS"), None, given=card("6H")),
            "a joker swap takes a joker, not the deck: "
            "take a joker from inside the run just dropped for the card given",
        ),
        (Play(parse_cards("6H"), JOKER, given=card("6H")), "6H is not in this hand besides the drop"),
    ],
)
def test_a_bad_swap_is_refused_in_one_line_and_changes_nothing(action: Play, message: str) -> None:
    game = _after_run(SWAP)
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    text = str(error.value).replace("♥", "H")
    assert message in text and "\n" not in text, text
    assert snapshot(game) == before


def test_a_card_not_in_the_hand_is_not_given() -> None:
    game = _after_run(SWAP, p1="8H KS 2C 9D 3S")
    with pytest.raises(IllegalActionError, match="not in this hand"):
        game.apply(Play(parse_cards("KS"), JOKER, given=card("6H")))


def test_a_joker_at_the_run_end_is_not_swapped_but_may_be_taken() -> None:
    """CPP-Yaniv swaps only a joker "not the last card or first card" of the series."""
    game = _after_run(SWAP, run="5H 6H JK", p0="5H 6H JK KD 2H", p1="7H 4H KS 2C 9D")
    assert game.previous_drop == tuple(parse_cards("5H 6H JK"))
    with pytest.raises(IllegalActionError, match="inside the run"):
        game.clone().apply(Play(parse_cards("KS"), JOKER, given=card("7H")))
    assert JOKER in game.takeable
    assert not any(isinstance(a, Play) and a.given is not None for a in game.legal_actions())


def test_no_swap_after_a_set_or_a_single() -> None:
    rules = dataclasses.replace(SWAP, jokers_in_sets=True)
    game = deal(rules, ["5H JK 5S KD 2H", "5C KS 2C 9D 3S"], up="AS", deck="4D 9S 8C 6C 10D")
    game.apply(Play(parse_cards("5H JK 5S")))
    assert game.previous_kind == "set"
    with pytest.raises(IllegalActionError, match="inside the run"):
        game.apply(Play(parse_cards("KS"), JOKER, given=card("5C")))


def test_two_jokers_inside_each_stand_for_their_own_card() -> None:
    rules = dataclasses.replace(SWAP, jokers_per_deck=2)
    game = deal(rules, ["4H JK JK 7H 2S", "5H 6H KS 2C 9D"], up="AS", deck="4D 9S 8C 6C 10D")
    game.apply(Play(parse_cards("4H JK JK 7H")))
    givens = {a.given for a in game.legal_actions() if isinstance(a, Play) and a.given is not None}
    assert givens == {card("5H"), card("6H")}
    game.apply(Play(parse_cards("KS"), JOKER, given=card("6H")))
    assert game.pile[-2] == tuple(parse_cards("4H JK 6H 7H"))
    checked(game)


def test_the_swap_ends_the_turn_with_no_slap_down_and_play_goes_on() -> None:
    """With slap-down on, a swap draws nothing, so nothing is slapped; the next turn slaps as usual."""
    rules = dataclasses.replace(SWAP, slap_down=True)
    game = _after_run(rules)
    game.apply(Play(parse_cards("KS"), JOKER, given=card("6H")))
    assert game.phase == "turn" and game.current == 0
    game.apply(Play(parse_cards("KD")))  # draws the 4D: no match
    assert game.phase == "turn"
    checked(game)


def test_the_swap_may_leave_the_joker_alone_in_hand() -> None:
    """A pair dropped and the last other card given: the joker is the hand's one card (never an empty hand)."""
    rules = dataclasses.replace(SWAP, hand_size=3)
    game = deal(rules, ["5H JK 7H", "6H KS KD"], up="AS", deck="4D 9S 8C 6C 10D")
    game.apply(Play(parse_cards("5H JK 7H")))
    game.apply(Play(parse_cards("KS KD"), JOKER, given=card("6H")))
    assert game.hand(1) == (JOKER,)
    checked(game)


def test_the_swapper_is_known_to_hold_the_joker() -> None:
    """The turn's public record names the joker taken: a guess at the swapper's hand without it fits no game."""
    game = _after_run(SWAP)
    game.apply(Play(parse_cards("KS"), JOKER, given=card("6H")))
    view = game.view(0)
    assert view.seen[-1].given == card("6H") and view.seen[-1].take == JOKER
    assert card("6H") in view.discards
    hands = [list(game.hand(0)), list(game.hand(1))]
    game_from_view(view, hands, list(game.deck), seed=1)  # the truth fits
    wrong = [c for c in game.hand(1) if c != JOKER] + [card("QC")]
    deck = [c for c in game.deck if c != card("QC")] + [JOKER]
    with pytest.raises(DeterminizeError, match="took JK"):
        game_from_view(view, [hands[0], wrong], deck, seed=1)


def test_a_forged_swap_in_a_log_is_refused() -> None:
    game = _after_run(SWAP)
    game.apply(Play(parse_cards("KS"), JOKER, given=card("6H")))
    state = snapshot(game)
    state["rules"] = Ruleset()
    with pytest.raises(GameStateError, match="joker swap"):
        check_state(Game(**state))


@pytest.mark.parametrize(
    "extra",
    [
        {"jack_swing": True},
        {"card_values": (("6H", 0),)},
        {"take_from_run": "any"},
        {"turn_up": False},
        {"slap_down": True, "slap_runs": True},
    ],
)
def test_the_swap_with_other_rules(extra: dict[str, object]) -> None:
    rules = dataclasses.replace(SWAP, **extra)  # type: ignore[arg-type]
    game = _after_run(rules)
    if game.phase == "slap":
        game.apply(game.legal_actions()[-1])
    game.apply(Play(parse_cards("KS"), JOKER, given=card("6H")))
    checked(game)
    game.apply(game.legal_actions()[0] if game.phase != "slap" else SlapDown(game.slap_card))  # type: ignore[arg-type]
    checked(game)
