"""The help screen's rules are written from the Ruleset's fields, so a house rule changes the words."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from yaniv_tui.engine import load_ruleset
from yaniv_tui.tui.rules_text import describe

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_says_its_limit_and_its_end(preset: str) -> None:
    rules = load_ruleset(preset)
    text = "\n".join(describe(rules))
    assert f"worth {rules.yaniv_limit} or less" in text
    assert str(rules.end_limit) in text
    assert f"gets {rules.hand_size} cards" in text


def test_israeli_resets_and_assaf_penalty_in_words() -> None:
    text = "\n".join(describe(load_ruleset("israeli")))
    assert "100 → 50" in text and "200 → 100" in text
    assert "plus 30" in text
    assert "above 200 is out" in text


def test_no_assaf_is_said_plainly() -> None:
    assert "There is no Assaf" in "\n".join(describe(load_ruleset("seven-cards")))


def test_a_changed_field_changes_the_words() -> None:
    rules = load_ruleset("israeli")
    house = dataclasses.replace(rules, slap_down=True, assaf_penalty=25, take_from_set="any")
    before, after = "\n".join(describe(rules)), "\n".join(describe(house))
    assert "Slap-down" not in before and "Slap-down" in after
    assert "plus 25" in after
    assert "any card of a set" in after


#: Each way the Assaf sentence may put its two cases, as a test of the lowest other hand against the caller's.
_CASES: dict[str, Callable[[int, int], bool]] = {
    "every other hand is higher": lambda other, caller: other > caller,
    "nobody has a lower hand": lambda other, caller: other >= caller,
    "someone has a hand as low or lower": lambda other, caller: other <= caller,
    "someone has a lower hand": lambda other, caller: other < caller,
}


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("on_tie", [True, False])
def test_the_assaf_sentence_says_what_the_engine_does_on_a_lower_an_equal_and_a_higher_hand(
    preset: str, on_tie: bool
) -> None:
    """Issue 14 item 5: "if nobody has less, the caller scores 0" contradicted "as low or lower Assafs"."""
    import re

    from yaniv_tui.engine import parse_cards
    from yaniv_tui.engine.scoring import score_round

    rules = dataclasses.replace(load_ruleset(preset), assaf_on_tie=on_tie)
    if not rules.assaf:
        return
    text = next(line for line in describe(rules) if "Assafed" in line)
    first, second = text.split(". If ", 1)
    safe = re.match(r"If ([^,(]*?)(?: \(.*?\))?, the caller scores 0", first)
    assafed = re.match(r"([^,(]*?)(?: \(.*?\))?, the caller is Assafed", second)
    assert safe and assafed, text
    said_safe, said_assafed = _CASES[safe.group(1)], _CASES[assafed.group(1)]
    for other in ("2D", "3D", "4D"):
        result = score_round(rules, [0, 0], [parse_cards("3C"), parse_cards(other)], 0)
        value = result.values[1]
        assert value is not None
        assert said_safe(value, 3) != said_assafed(value, 3), f"both or neither case for {other}: {text}"
        assert said_assafed(value, 3) == result.assaf, f"{other} against 3: {text}"


def test_more_decks_say_how_many_decks_not_one_more_of_something() -> None:
    """The help said 'from 1 deck (one more from 4 players)': one more card, or deck? It says the decks counted."""
    rules = load_ruleset("israeli")
    text = " ".join(describe(rules))
    assert "from 1 deck (2 decks from 4 players) with 2 jokers each" in text, text
    three = " ".join(describe(dataclasses.replace(rules, more_decks_from=(6, 4))))
    assert "from 1 deck (2 decks from 4 players, 3 decks from 6 players)" in three, three


def test_each_assaf_zero_rule_says_who_scores_0_and_who_takes_a_tie() -> None:
    """`assaf.zero`: each choice in words; yaniv.games' tie goes to the highest-numbered seat, as its engine plays
    it (tests/engine/test_rules_audit.py), not to the first after the caller as under fuzzymango."""
    said = {
        zero: next(
            line
            for line in describe(dataclasses.replace(load_ruleset("israeli"), assaf_zero=zero))
            if "Assafed" in line
        )
        for zero in ("lowest", "assafers", "first_lowest", "last_lowest")
    }
    assert len(set(said.values())) == 4, said
    assert "the lowest hand scores 0 (the one in the highest-numbered seat on a tie)" in "\n".join(
        describe(load_ruleset("yaniv-games"))
    )
    assert "the lowest hand scores 0 (the first after the caller on a tie)" in "\n".join(
        describe(load_ruleset("fuzzymango"))
    )
