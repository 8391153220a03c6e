"""A hint is the expert's move from the seat's view alone, said in one line: a hidden card never changes it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playing import deal
from test_view_only import positions, reshuffled_hidden

from yaniv_tui.bots.hint import explain, suggest
from yaniv_tui.engine import CallYaniv, Play, parse_card, parse_cards


def test_the_example_of_the_issue_reads_as_one_line() -> None:
    # Ann holds K♠ K♥ 2♣ 4♣ 9♦; the previous drop offers 3♣: dropping the kings' worth, taking the 3.
    game = deal("israeli", ["KS KH 2C 4C 9D", "5H 6H 7H 8H 9H"], up="3C")
    view = game.view(0)
    line = explain(view, Play(tuple(parse_cards("KS KH")), parse_card("3C")))
    assert line == "drop KS KH (20 points off), take 3C: it makes the run 2C 3C 4C"


def test_a_take_next_to_one_card_of_its_suit_makes_a_run_likelier_and_a_same_rank_a_set() -> None:
    game = deal("israeli", ["KS KH 2C 9D 9H", "5H 6H 7H 8H 9S"], up="3C")
    view = game.view(0)
    assert explain(view, Play(tuple(parse_cards("KS KH")), parse_card("3C"))).endswith(
        "take 3C: it makes 2C 3C 4C likelier"
    )
    game = deal("israeli", ["KS KH 3D 9D 9H", "5H 6H 7H 8H 9S"], up="3C")
    assert explain(game.view(0), Play(tuple(parse_cards("KS KH")), parse_card("3C"))).endswith(
        "take 3C: it makes a set with 3D"
    )


def test_a_deck_draw_and_a_call_say_why_in_the_seats_own_words() -> None:
    game = deal("israeli", ["KS KH 2C 9D 9H", "5H 6H 7H 8H 9S"], up="JD")
    view = game.view(0)
    assert explain(view, Play(tuple(parse_cards("KS KH")), None)) == (
        "drop KS KH (20 points off), take from the deck: nothing in the previous drop helps"
    )
    game = deal("israeli", ["AS AC AD AH 2C", "5H 6H 7H 8H 9S"], up="JD")
    assert explain(game.view(0), CallYaniv()).startswith("call Yaniv: your hand is worth 6;")


def test_the_face_of_the_screen_writes_the_cards() -> None:
    game = deal("israeli", ["KS KH 2C 4C 9D", "5H 6H 7H 8H 9H"], up="3C")
    suits = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
    line = explain(
        game.view(0), Play(tuple(parse_cards("KS KH")), parse_card("3C")), lambda c: c.code[:-1] + suits[c.suit]
    )
    assert line == "drop K♠ K♥ (20 points off), take 3♣: it makes the run 2♣ 3♣ 4♣"


@pytest.mark.parametrize("preset", ["israeli", "sursis"])
def test_hidden_cards_never_change_the_hint(preset: str) -> None:
    """Two games that differ only in cards the seat cannot see (others' unknown cards, the deck's order), the
    same seed: the same hint, word for word."""
    rng = random.Random(3)
    for game, viewer in positions("expert", 3, preset, 4):
        other = reshuffled_hidden(game, viewer, rng)
        assert other.hands != game.hands or other.deck != game.deck
        first = suggest(game.view(viewer), seed=5, samples=8, budget_ms=None)
        second = suggest(other.view(viewer), seed=5, samples=8, budget_ms=None)
        assert first == second


def test_a_hint_is_only_for_the_seat_whose_turn_it_is() -> None:
    game = deal("israeli", ["KS KH 2C 4C 9D", "5H 6H 7H 8H 9H"], up="3C")
    with pytest.raises(ValueError, match="whose turn"):
        suggest(game.view(1), seed=1, samples=2, budget_ms=None)


def test_the_expert_takes_a_bounded_number_of_guesses(monkeypatch: pytest.MonkeyPatch) -> None:
    from yaniv_tui.bots import expert

    guesses: list[int] = []
    guess = expert.guess_hidden

    def counted(*a: Any) -> expert.World:
        guesses.append(1)
        return guess(*a)

    monkeypatch.setattr(expert, "guess_hidden", counted)
    game = deal("israeli", ["KS KH 2C 4C 9D", "5H 6H 7H 8H 9H"], up="3C")
    hint = suggest(game.view(0), seed=1, samples=3, budget_ms=None)
    assert hint.line.startswith("drop ")
    assert len(guesses) == 3  # with no clock, exactly `samples` guesses for the play


def test_points_off_count_a_swinging_jack_at_what_the_hand_counts_it() -> None:
    """Under the jack swing (seven-cards) a jack is 15 in a hand above the limit, -2 in one at it or under: the
    line says what the drop takes off the hand, not what the dropped cards would count as a hand of their own
    (a review said "drop J♣ (-2 points off)" of a jack the hand counted 15)."""
    game = deal("seven-cards", ["JC QS 7C 5D 7H 8D QD", "AH 2H 3H 4H 5H 6H 7S"], up="9C")
    view = game.view(0)
    assert view.hand_value == 62
    assert explain(view, Play((parse_card("JC"),), None)).startswith("drop JC (15 points off)")
    # Two jacks that count -2 each in a hand worth 3: dropping them leaves 7, the hand goes up.
    game = deal("seven-cards", ["JC JD AS AC AD 2C 2D", "AH 2H 3H 4H 5H 6H 7S"], up="9C")
    view = game.view(0)
    assert view.hand_value == 3
    assert explain(view, Play(tuple(parse_cards("JC JD")), None)).startswith("drop JC JD (4 points more)")


def test_a_jack_taken_is_worth_what_the_hand_will_count_it() -> None:
    """A jack taken into a hand well above the limit counts 15 there, not "only -2"."""
    game = deal("seven-cards", ["KC QH 7C 5D 7H 8D QD", "AH 2H 3H 4H 5H 6H 7S"], up="JS")
    line = explain(game.view(0), Play((parse_card("KC"),), parse_card("JS")))
    assert line.endswith("take JS: a known 15, rather than a card unseen"), line


def test_a_slapped_jack_lowers_the_hand_by_what_the_hand_counted_it() -> None:
    """Slapping down a jack drawn onto a jack dropped, under the swing in a hand above the limit: 15 lower."""
    from dataclasses import replace

    from yaniv_tui.engine import SlapDown, load_ruleset

    rules = replace(load_ruleset("seven-cards"), slap_down=True)
    game = deal(rules, ["JC KS QD 9D 8H", "AH 2H 3H 4H 5H"], up="AS", deck="JD 4D 5D 6H")
    game.apply(Play((parse_card("JC"),), None))
    assert game.phase == "slap"
    view = game.view(0)
    assert explain(view, SlapDown(parse_card("JD"))) == "slap down JD: your hand goes 15 lower"
