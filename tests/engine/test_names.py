"""The one name rule (engine/names.py) on names a person reads as one: an é typed composed (one code point) or
decomposed (e and a combining accent), full-width letters (Ａｎｎ) and case. Before, each was another name: two
seats could share what everyone at the table reads as one name."""

from __future__ import annotations

import pytest

from yaniv_tui.engine import BadName, check_name, name_key, same_name

COMPOSED = "Zo\u00e9"  # é as one code point
DECOMPOSED = "Zoe\u0301"  # e and a combining acute accent


def test_a_name_is_kept_composed() -> None:
    assert check_name(DECOMPOSED) == COMPOSED
    assert check_name(f"  {DECOMPOSED}  Lee ") == f"{COMPOSED} Lee"
    assert check_name("Ａｎｎ") == "Ａｎｎ"  # kept as typed: full-width is how its player writes it


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (COMPOSED, DECOMPOSED),
        ("Ann", "ann"),
        ("Ann", "Ａｎｎ"),  # full-width letters
        ("ａｎｎ", "ANN"),
        ("Ann  Lee", " ann lee"),
        ("Straße", "STRASSE"),
        ("ﬁona", "Fiona"),  # the fi ligature
    ],
)
def test_names_read_as_one_are_the_same_name(one: str, other: str) -> None:
    assert same_name(one, other) and same_name(other, one)
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(("one", "other"), [("Ann", "Anne"), ("Zoe", COMPOSED), ("Ann Lee", "AnnLee"), ("田", "由")])
def test_names_that_differ_stay_two(one: str, other: str) -> None:
    assert not same_name(one, other)


#: Characters Python counts as printable that draw nothing: the combining grapheme joiner, a variation selector,
#: a Mongolian one, a Khmer inherent vowel (each would let a newcomer sit as "Ben" beside Ben).
ZERO_WIDTH = ["\u034f", "\ufe00", "\u180b", "\u17b4"]
#: Characters that draw a blank: the Hangul fillers and the braille blank, read as a space.
BLANKS = ["\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"]


@pytest.mark.parametrize("mark", ZERO_WIDTH, ids=[f"U+{ord(c):04X}" for c in ZERO_WIDTH])
def test_a_character_that_draws_nothing_makes_no_other_name(mark: str) -> None:
    assert same_name("Ben", f"Ben{mark}") and same_name("Ben", f"B{mark}en") and same_name(f"{mark}Ben", "ben")


@pytest.mark.parametrize("blank", BLANKS, ids=[f"U+{ord(c):04X}" for c in BLANKS])
def test_a_character_that_draws_a_blank_is_read_as_a_space(blank: str) -> None:
    assert same_name("Ben", f"Ben{blank}") and same_name(f"{blank}Ben", "ben")
    assert same_name("Ann Lee", f"Ann{blank}Lee") and not same_name("AnnLee", f"Ann{blank}Lee")


@pytest.mark.parametrize("blank", ["\u3164", "\u115f\u1160", "\u2800\u2800", "\u3164 \uffa0", "\u034f"])
def test_a_name_of_nothing_one_can_see_is_no_name(blank: str) -> None:
    with pytest.raises(BadName) as refused:
        check_name(blank)
    assert "\n" not in str(refused.value) and "name" in str(refused.value)


def test_an_emoji_drawn_with_its_variation_selector_stays_a_name() -> None:
    heart = "\u2764\ufe0f"  # ❤️: the heart, drawn as an emoji
    assert check_name(heart) == heart and check_name(f"Ann {heart}") == f"Ann {heart}"
    assert not same_name("Ann", f"Ann {heart}")
