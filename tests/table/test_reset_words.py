"""A reset is said as the table's ruleset names it (`resets.name`): a sursis under source 002."""

from __future__ import annotations

from yaniv_tui.engine import Ruleset, load_ruleset
from yaniv_tui.table.words import a_reset, reset_line


def test_the_sursis_preset_says_sursis() -> None:
    assert reset_line("Ann", 100, 50, load_ruleset("sursis")) == "Ann's total lands on 100: a sursis takes it to 50."
    assert reset_line("You", 50, 25, load_ruleset("sursis")) == "Your total lands on 50: a sursis takes it to 25."


def test_a_table_with_no_name_of_its_own_says_lucky_reset() -> None:
    assert reset_line("Ben", 150, 100, Ruleset()) == "Ben's total lands on 150: a lucky reset takes it to 100."
    assert a_reset(load_ruleset("yanivo")) == "a lucky reset"


def test_the_article_follows_the_name() -> None:
    assert a_reset(load_ruleset("israeli")) == "a reduction"
    assert a_reset(Ruleset(reset_name="ordeal")) == "an ordeal"
