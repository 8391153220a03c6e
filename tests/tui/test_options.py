"""Seats and limits, read from `--players` or the setup screen."""

from __future__ import annotations

import pytest

from yaniv_tui.engine import load_ruleset
from yaniv_tui.tui.options import OptionsError, choose_limits, default_seats, parse_players


def test_bots_get_names_nobody_at_the_table_has():
    seats = parse_players("Avi,bot:medium,bot:medium")
    names = [seat.name for seat in seats]
    assert names[0] == "Avi" and len(set(names)) == 3


def test_a_bot_may_be_named():
    seats = parse_players("Ann,bot:medium:Zoe")
    assert seats[1].name == "Zoe" and seats[1].bot == "medium"


def test_a_bare_bot_gets_the_middle_level():
    assert parse_players("Ann,bot")[1].bot == "medium"


def test_the_default_table_is_one_human_against_two_bots():
    seats = default_seats()
    assert [seat.is_bot for seat in seats] == [False, True, True]


def test_names_are_trimmed_and_limited():
    assert parse_players("  Ann   Lee ,bot")[0].name == "Ann Lee"
    with pytest.raises(OptionsError, match="too long"):
        parse_players("A" * 30 + ",bot")


def test_a_typed_end_score_must_be_within_the_files_limits():
    rules = load_ruleset("seven-cards")
    assert choose_limits(rules, None, 42).end_limit == 42
    with pytest.raises(OptionsError, match="end score 0 must be from 1 to 100000"):
        choose_limits(rules, None, 0)
