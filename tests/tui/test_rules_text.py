"""The help screen's rules are written from the Ruleset's fields, so a house rule changes the words."""

from __future__ import annotations

import dataclasses

import pytest

from yaniv_tui.engine import load_ruleset
from yaniv_tui.tui.rules_text import describe

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_says_its_limit_and_its_end(preset):
    rules = load_ruleset(preset)
    text = "\n".join(describe(rules))
    assert f"worth {rules.yaniv_limit} or less" in text
    assert str(rules.end_limit) in text
    assert f"gets {rules.hand_size} cards" in text


def test_israeli_resets_and_assaf_penalty_in_words():
    text = "\n".join(describe(load_ruleset("israeli")))
    assert "100 → 50" in text and "200 → 100" in text
    assert "plus 30" in text
    assert "above 200 is out" in text


def test_no_assaf_is_said_plainly():
    assert "There is no Assaf" in "\n".join(describe(load_ruleset("seven-cards")))


def test_a_changed_field_changes_the_words():
    rules = load_ruleset("israeli")
    house = dataclasses.replace(rules, slap_down=True, assaf_penalty=25, take_from_set="any")
    before, after = "\n".join(describe(rules)), "\n".join(describe(house))
    assert "Slap-down" not in before and "Slap-down" in after
    assert "plus 25" in after
    assert "any card of a set" in after
