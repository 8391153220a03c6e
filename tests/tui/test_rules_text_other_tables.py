"""The in-app rules say each rule of issue 31 when a ruleset turns it on, and nothing more when it is left at its
default (the four original presets read as before)."""

from __future__ import annotations

import dataclasses

import pytest

from yaniv_tui.engine import Ruleset, load_ruleset, ruleset_from_dict
from yaniv_tui.tui.rules_text import describe

SLAP = Ruleset(slap_down=True)


def words(rules: Ruleset) -> str:
    return "\n".join(describe(rules))


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({"card_values": (("KH", 0), ("QS", 5))}, "Cards of their own value: king of hearts 0, queen of spades 5."),
        ({"reset_jokers_held": 2}, "A player ending a round holding 2 jokers or more has their score set to 0."),
        ({"reset_on_zero_added": True}, "A score the round adds nothing to is reset too."),
        ({"reset_with_penalty": False}, "An Assafed caller's score is never reset by a round that Assafs them."),
        ({"joker_ends": False}, "Jokers only fill gaps inside a run, never its ends."),
        ({"next_first": "caller"}, "The caller of a round starts the next one."),
        ({"next_first": "left_of_last_first"}, "The player after the one who started a round starts the next."),
        ({"deck_recount": True}, "Each round is dealt from the decks the players still in need."),
        (
            {"joker_swap": True},
            "Joker swap: instead of taking a card, you may take a joker from inside the run just dropped by putting "
            "in its place the card it stands for, from your hand.",
        ),
    ],
)
def test_a_rule_turned_on_is_said(change: dict[str, object], sentence: str) -> None:
    rules = dataclasses.replace(Ruleset(resets=((100, 50),)), **change)  # type: ignore[arg-type]
    assert sentence in words(rules)
    assert sentence not in words(Ruleset(resets=((100, 50),)))


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({"slap_after": "single"}, "matches the rank of the single card you just dropped"),
        ({"slap_runs": True}, "A card from the deck that extends the run you just dropped, at either end, "),
        ({"slap_last_card": False}, "Never your last card."),
        ({"empty_hand": "wins_at_once"}, "A hand a slap-down empties wins the round at once, with a hand of 0."),
    ],
)
def test_a_slap_down_reading_is_said(change: dict[str, object], sentence: str) -> None:
    assert sentence in words(dataclasses.replace(SLAP, **change))  # type: ignore[arg-type]
    assert sentence not in words(SLAP)


def test_an_extra_assaf_penalty_is_said_as_cpp_yaniv_counts_it() -> None:
    """CPP-Yaniv: "Extra 20-point penalties to caller of Yaniv for every additional player who can call Assaf"."""
    text = words(ruleset_from_dict({"assaf": {"on_tie": True, "penalty_per_extra": 20}}))
    assert "plus 30 (and 20 more for each Assafer after the first)" in text


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis", "seven-cards"])
def test_the_original_presets_read_as_before(preset: str) -> None:
    text = words(load_ruleset(preset))
    for new in ("own value", "jokers or more", "adds nothing", "never reset", "fill gaps", "starts the next", "dealt"):
        assert new not in text
