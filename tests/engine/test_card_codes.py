"""Card codes: what `parse_cards` reads and `str(card)` writes back."""

from __future__ import annotations

import pytest

from yaniv_tui.engine import JOKER, Card, CardError, cards_text, parse_card, parse_cards, standard_deck


def test_every_code_round_trips() -> None:
    """`str(card)` is the card's code, and `parse_cards` reads it back, for every card of a deck."""
    deck = standard_deck(2)
    for card in deck:
        assert parse_cards(str(card)) == [card]
    assert parse_cards(cards_text(deck)) == deck


def test_codes_from_the_issue() -> None:
    """Ranks A 2-10 T J Q K, suits C D H S, a joker is JK."""
    assert parse_cards("AS 10H TH JK QD") == [Card(1, "S"), Card(10, "H"), Card(10, "H"), JOKER, Card(12, "D")]
    assert [str(c) for c in parse_cards("AS 10H TH JK QD")] == ["AS", "10H", "10H", "JK", "QD"]


def test_lower_case_commas_and_suit_symbols() -> None:
    """Lower case, commas, and the suit symbols ♣ ♦ ♥ ♠ all read as the same cards."""
    expected = parse_cards("AS 10H JC KD JK")
    assert parse_cards("as 10h jc kd jk") == expected
    assert parse_cards("AS,10H, JC  KD,JK") == expected
    assert parse_cards("A♠ 10♥ J♣ K♦ JK") == expected
    assert parse_cards("a♠ t♥ j♣ k♦ jk") == expected


def test_card_words() -> None:
    assert parse_card("QH").name() == "queen of hearts"
    assert JOKER.name() == "joker"
    assert parse_card("10D").is_red and not parse_card("10S").is_red


@pytest.mark.parametrize("code", ["1H", "11S", "ZZ", "10X", "H", "AH5", "JKK"])
def test_bad_codes_say_what_a_card_is(code: str) -> None:
    """A code that names no card gives one line saying what a card code is."""
    explained = r"\(a card is a rank A 2-10 T J Q K and a suit C D H S, or JK\)"
    with pytest.raises(CardError, match=rf"not a card: '{code}' {explained}"):
        parse_cards(f"AS {code}")
