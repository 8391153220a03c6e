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
