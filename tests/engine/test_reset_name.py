"""A preset names its reset as its table does (`resets.name`): "sursis" under source 002, "lucky reset" by default."""

from __future__ import annotations

import pytest

from yaniv_tui.engine import KEYS, Ruleset, RulesetError, load_ruleset
from yaniv_tui.engine.ruleset_file import ruleset_from_dict
from yaniv_tui.engine.toml_text import parse_toml

#: Each preset's reset as its source calls it; a source with no name for it keeps the default.
NAMED = {
    "israeli": "reduction",  # 000: "Due to this reduction of points"
    "yanivo": "lucky reset",  # 001: "Lucky reset: if your score lands exactly on a multiple of 50"
    "sursis": "sursis",  # 002: "Règle du Sursis", "sans bénéficier d'un sursis"
    "seven-cards": "lucky reset",  # 003 resets nothing
    "bga": "score deduction",  # "score deduction point and amount"
    "cpp-yaniv": "reduction",  # REDUCTION_IS_HALF
    "fuzzymango": "milestone reduction",  # ADR-0009, "milestone reduction"
    "jdross": "lucky reset",  # "subtract 50": no name
    "yaniv-games": "lucky reset",  # "take 50 points off": no name
}


def test_the_default_is_a_lucky_reset() -> None:
    assert Ruleset().reset_name == "lucky reset"


@pytest.mark.parametrize(("preset", "name"), sorted(NAMED.items()))
def test_each_preset_names_its_reset_as_its_source_does(preset: str, name: str) -> None:
    assert load_ruleset(preset).reset_name == name


def read(text: str) -> Ruleset:
    return ruleset_from_dict(parse_toml(text), source="house.toml")


def test_a_house_file_names_its_reset_and_it_is_written_back() -> None:
    rules = read('[resets]\nname = "sursis"\nat = { 50 = 25 }\n')
    assert rules.reset_name == "sursis"
    key = next(key for key in KEYS if key.path == "resets.name")
    assert key.to_data(rules.reset_name) == "sursis"
    assert key.parse(key.to_text("sursis"), RulesetError) == "sursis"
    assert key.to_data(Ruleset().reset_name) == "lucky reset"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[resets]\nname = ""\n', "house.toml: resets.name: must not be blank"),
        ('[resets]\nname = "   "\n', "house.toml: resets.name: must not be blank"),
        ("[resets]\nname = 3\n", "house.toml: resets.name: must be text in quotes, got 3"),
    ],
)
def test_a_reset_with_no_name_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        read(text)
