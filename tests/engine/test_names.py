"""The one name rule (engine/names.py) on names a person reads as one: an é typed composed (one code point) or
decomposed (e and a combining accent), full-width letters (Ａｎｎ) and case. Before, each was another name: two
seats could share what everyone at the table reads as one name."""

from __future__ import annotations

import pytest

from yaniv_tui.engine import check_name, name_key, same_name

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
