"""Each ruleset key is declared once, on its Ruleset field, and every way of holding a value goes there and back."""

from __future__ import annotations

import dataclasses

import pytest

from yaniv_tui.engine import KEYS, Ruleset, RulesetError, load_ruleset, preset_paths
from yaniv_tui.engine.ruleset_keys import KINDS, OMIT

PRESETS = [load_ruleset(name) for name in preset_paths()]


def fail(message: str) -> RulesetError:
    return RulesetError(message)


def test_every_field_but_the_id_is_a_key_declared_on_it() -> None:
    fields = [f.name for f in dataclasses.fields(Ruleset) if f.init]
    assert sorted(key.field for key in KEYS) == sorted(set(fields) - {"id"})
    assert len({key.path for key in KEYS}) == len(KEYS)
    for key in KEYS:
        assert key.kind in KINDS and key.doc and "\n" not in key.doc
        assert key.default == getattr(Ruleset(), key.field)
        if key.kind in ("int", "ints"):
            assert key.low is not None and key.high is not None and key.low <= key.high
        assert bool(key.choices) == (key.kind == "choice")


def test_keys_are_grouped_by_table_in_the_order_tables_first_appear() -> None:
    tables = [key.table for key in KEYS]
    seen = list(dict.fromkeys(tables))
    assert tables == sorted(tables, key=seen.index)
    assert seen == ["", "players", "deck", "values", "drops", "take", "yaniv", "assaf", "resets", "end", "bonus"]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.id)
def test_a_value_goes_to_a_file_a_save_and_a_line_of_text_and_back(rules: Ruleset) -> None:
    for key in KEYS:
        value = getattr(rules, key.field)
        data = key.to_data(value)
        assert data is OMIT if key.leaves_out(value) else key.load(data, fail) == value
        assert key.parse(key.to_text(value), fail) == value


@pytest.mark.parametrize(
    ("path", "text", "message"),
    [
        ("deck.hand_size", "five", 'must be a whole number from 1 to 20, got "five"'),
        ("deck.hand_size", "25", "must be a whole number from 1 to 20, got 25"),
        ("yaniv.limit_choices", "5, 5", "must not repeat a number"),
        ("yaniv.limit_choices", "", 'must be a list of whole numbers like [5, 7], got ""'),
        ("resets.at", "100 = 150", "100 must reset to a whole number from 0 to 99, got 150"),
        ("resets.at", "lots", 'must be a table like { 100 = 50, 200 = 100 }, got "lots"'),
        ("name", "a\x1bb", "has a control character (\\x1b)"),
    ],
)
def test_a_line_of_text_is_refused_with_the_files_message(path: str, text: str, message: str) -> None:
    key = next(key for key in KEYS if key.path == path)
    with pytest.raises(RulesetError) as error:
        key.parse(text, fail)
    assert message in str(error.value)


def test_a_blank_line_leaves_an_empty_default_out() -> None:
    by_path = {key.path: key for key in KEYS}
    assert by_path["values.jack_swing_up_to"].parse(" ", fail) is None
    assert by_path["deck.more_decks_from"].parse("", fail) == ()
    assert by_path["resets.at"].parse("", fail) == ()
    assert by_path["resets.at"].parse("{ 200 = 100, 100 = 50 }", fail) == ((100, 50), (200, 100))
    assert by_path["yaniv.limit_choices"].parse("[7 5]", fail) == (5, 7)


@pytest.mark.parametrize("opening", ["[", "{ a = ", "[{ a = "])
def test_a_line_nested_past_pythons_stack_is_refused_as_any_line(opening: str) -> None:
    """A line pasted into the house rules' field, nested thousands deep, is refused in one line by every key, not a
    RecursionError out of the TOML reader (which recurses once a level)."""
    for key in KEYS:
        with pytest.raises(RulesetError) as error:
            key.parse(opening * 3000, fail)
        assert "\n" not in str(error.value) and len(str(error.value)) < 300
