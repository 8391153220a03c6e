"""Ruleset files: the shipped presets load, and every malformed file gives one line naming the file and the key."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from yaniv_tui.engine import KEYS, Ruleset, RulesetError, load_ruleset, load_ruleset_file, preset_paths

PRESETS = {
    "israeli": "source 000",
    "yanivo": "source 001",
    "sursis": "source 002",
    "seven-cards": "source 003",
}
README = Path(__file__).resolve().parents[2] / "rulesets" / "README.md"


def test_the_four_presets_ship() -> None:
    """The four seed families each ship as a preset, with the ids fixed by the issue."""
    assert set(PRESETS) <= set(preset_paths())


@pytest.mark.parametrize(("preset", "source"), PRESETS.items())
def test_every_preset_loads(preset: str, source: str) -> None:
    """Each preset loads by id, takes its id from its file name, and says in a comment which source it follows."""
    rules = load_ruleset(preset)
    assert rules.id == preset
    assert rules.name and rules.description
    assert rules.source.startswith(source)
    text = preset_paths()[preset].read_text(encoding="utf-8")
    assert text.startswith("#") and f"source {source[-3:]}" in text.splitlines()[0]


def test_load_ruleset_accepts_a_path(tmp_path: Path) -> None:
    """A path (text or Path) loads a user's file; its id is the file name without .toml; three lines are enough."""
    file = tmp_path / "friday-night.toml"
    file.write_text("[yaniv]\nlimit = 7\nlimit_choices = [5, 7]\n", encoding="utf-8")
    for given in (file, str(file)):
        rules = load_ruleset(given)
        assert rules.id == "friday-night"
        assert rules.yaniv_limit == 7 and rules.yaniv_limit_choices == (5, 7)
        # Everything else keeps the Ruleset default.
        assert (
            dataclasses.replace(rules, yaniv_limit=5, yaniv_limit_choices=(5,), id="custom", name="Custom") == Ruleset()
        )


def test_an_empty_file_is_the_defaults(tmp_path: Path) -> None:
    file = tmp_path / "plain.toml"
    file.write_text("", encoding="utf-8")
    assert dataclasses.replace(load_ruleset_file(file), id="custom", name="Custom") == Ruleset()


def test_unknown_preset_id() -> None:
    """An id that is no preset says which presets there are, and that a path works too."""
    with pytest.raises(RulesetError) as error:
        load_ruleset("klaberjass")
    presets = ", ".join(preset_paths())  # in the order listed: our sources, then other tables
    expected = f"unknown ruleset 'klaberjass': the presets are {presets}, or give a path to a .toml file"
    assert str(error.value) == expected
    assert all(preset in presets for preset in PRESETS)


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "gone.toml"
    with pytest.raises(RulesetError, match=f"^{missing}: no such file$"):
        load_ruleset(missing)


def test_not_utf8(tmp_path: Path) -> None:
    file = tmp_path / "latin.toml"
    file.write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(RulesetError, match=f"^{file}: not UTF-8 text; a ruleset is a TOML text file$"):
        load_ruleset(file)


def test_a_file_saved_with_a_byte_order_mark_is_refused_in_words_that_say_so(tmp_path: Path) -> None:
    """Windows Notepad may save UTF-8 with a byte order mark before the text. Before, such a house-rule file was
    refused as "not valid TOML: Invalid statement (at line 1, column 1)", a fault its player could not see there."""
    file = tmp_path / "notepad.toml"
    file.write_bytes(b"\xef\xbb\xbf[yaniv]\nlimit = 7\n")
    expected = f"{file}: begins with a byte order mark (BOM), which TOML text does not: save it as UTF-8 without one"
    with pytest.raises(RulesetError) as error:
        load_ruleset(file)
    assert str(error.value) == expected


BAD_FILES = [
    # (what is wrong, file text, the key named, the words that say what is allowed)
    ("toml syntax", "[yaniv]\nlimit = \n", None, "not valid TOML: "),
    ("toml duplicate key", "[yaniv]\nlimit = 5\nlimit = 7\n", None, "not valid TOML: "),
    ("unknown key", "[players]\nmaximum = 8\n", "players.maximum", "unknown key; [players] may hold min, max, first"),
    ("unknown top key", "colour = 1\n", "colour", "unknown key; a ruleset may hold "),
    ("unknown table", "[scoring]\nzero = 1\n", "scoring", "unknown key; a ruleset may hold "),
    ("table written as a value", "players = 4\n", "players", "must be a table, written [players]"),
    ("string for int", '[players]\nmax = "8"\n', "players.max", 'must be a whole number from 2 to 16, got "8"'),
    ("float for int", "[yaniv]\nlimit = 5.5\n", "yaniv.limit", "must be a whole number from 0 to 100, got 5.5"),
    ("bool for int", "[deck]\nhand_size = true\n", "deck.hand_size", "must be a whole number from 1 to 20, got true"),
    ("int for bool", "[drops]\nslap_down = 1\n", "drops.slap_down", "must be true or false, got 1"),
    ("int for text", "name = 3\n", "name", "must be text in quotes, got 3"),
    ("unknown choice", '[end]\nmode = "sudden"\n', "end.mode", 'must be "elimination" or "first_to_limit"'),
    ("choice of wrong type", "[take]\nfrom_set = true\n", "take.from_set", 'must be "ends" or "any", got true'),
    ("out of range", "[deck]\njokers = 9\n", "deck.jokers", "must be a whole number from 0 to 8, got 9"),
    (
        "empty list",
        "[yaniv]\nlimit_choices = []\n",
        "yaniv.limit_choices",
        "must list one whole number or more, like [5, 7], got an empty list",
    ),
    ("a name too long", f'name = "{"x" * 201}"\n', "name", "must be at most 200 characters, got 201"),
    ("a description too long", f'description = "{"é" * 300}"\n', "description", "at most 200 characters, got 300"),
    ("list of text", '[end]\nlimit_choices = ["100"]\n', "end.limit_choices", "must be a whole number from 1"),
    ("repeated choice", "[end]\nlimit_choices = [100, 100]\n", "end.limit_choices", "must not repeat a number"),
    ("reset below 0", "[resets]\nat = { 100 = -5 }\n", "resets.at", "100 must reset to a whole number from 0 to 99"),
    ("reset not below its key", "[resets]\nat = { 100 = 100 }\n", "resets.at", "from 0 to 99, got 100"),
    ("reset key not a number", "[resets]\nat = { many = 5 }\n", "resets.at", "'many' must be a whole number"),
    ("reset as a list", "[resets]\nat = [100, 50]\n", "resets.at", "must be a table like { 100 = 50, 200 = 100 }"),
    ("min above max", "[players]\nmin = 6\nmax = 4\n", "players.min", "must not be above players.max (4), got 6"),
    (
        "more players than one deck deals",
        "[players]\nmax = 12\n",
        "players.max",
        "11 players need 57 cards (5 each, one turned up, one to draw) but 1 deck(s) hold 54; "
        "allowed: at most 10 players",
    ),
    (
        "seven cards for eight from one deck",
        "[players]\nmax = 8\n[deck]\nhand_size = 7\n",
        "players.max",
        "8 players need 58 cards",
    ),
    (
        "yaniv limit not in its choices",
        "[yaniv]\nlimit = 6\nlimit_choices = [5, 7]\n",
        "yaniv.limit_choices",
        "must include yaniv.limit (6)",
    ),
    (
        "end limit not in its choices",
        "[end]\nlimit = 150\nlimit_choices = [100, 200]\n",
        "end.limit_choices",
        "must include end.limit (150)",
    ),
    (
        "every_by above every",
        "[resets]\nevery = 50\nevery_by = 60\n",
        "resets.every_by",
        "must not be above resets.every (50)",
    ),
    ("every without every_by", "[resets]\nevery = 50\n", "resets.every_by", "must be at least 1"),
    (
        "run naturals above run size",
        "[drops]\nrun_min_natural = 4\n",
        "drops.run_min_natural",
        "must not be above drops.run_min (3)",
    ),
    (
        "recount deals too few cards once a knockout leaves three",
        "[players]\nmin = 4\nmax = 4\n[deck]\nmore_decks_from = [4]\nhand_size = 18\nrecount = true\n",
        "deck.recount",
        "a knockout leaves 3 players, dealt from 1 deck(s) holding 54 cards, but they need 56",
    ),
    (
        "recount deals too few cards at a hand size offered",
        "[players]\nmin = 4\nmax = 4\n[deck]\nmore_decks_from = [4]\nhand_size = 5\n"
        "hand_size_choices = [5, 18]\nrecount = true\n",
        "deck.hand_size_choices",
        "a hand of 18: a knockout leaves 3 players",
    ),
    (
        "jack low above jack high",
        "[values]\njack_swing = true\njack_low = 20\njack_high = 15\n",
        "values.jack_low",
        "must not be above values.jack_high (15), got 20",
    ),
    (
        "jack low above jack high with the swing off",
        "[values]\njack_high = -5\n",
        "values.jack_low",
        "must not be above values.jack_high (-5), got -2",
    ),
]


@pytest.mark.parametrize(("text", "key", "allowed"), [case[1:] for case in BAD_FILES], ids=[c[0] for c in BAD_FILES])
def test_malformed_file_gives_one_line(tmp_path: Path, text: str, key: str | None, allowed: str) -> None:
    """A bad file raises RulesetError: one line that names the file, the key at fault, and what is allowed."""
    file = tmp_path / "house.toml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(file)
    message = str(error.value)
    assert "\n" not in message
    where = str(file) if key is None else f"{file}: {key}: "
    assert message.startswith(where), message
    assert allowed in message, message
    assert isinstance(error.value, ValueError)


def test_every_key_is_documented() -> None:
    """rulesets/README.md documents every key the format has, so the doc cannot drift from the code."""
    text = README.read_text(encoding="utf-8")
    missing = [key.path for key in KEYS if f"`{key.path.split('.')[-1]}`" not in text]
    assert not missing, f"rulesets/README.md does not document {missing}"
    tables = {key.path.split(".")[0] for key in KEYS if "." in key.path}
    assert all(f"[{table}]" in text for table in tables)
    for key in KEYS:
        if "." in key.path:
            table, name = key.path.split(".")
            section = text.split(f"### [{table}]", 1)[1].split("\n### ", 1)[0]
            assert f"`{name}`" in section, f"{key.path} is not under [{table}] in rulesets/README.md"


def test_limit_choices_alone_start_at_the_first_choice(tmp_path: Path) -> None:
    """A file giving only the end-score choices starts at the first of them when the default is not offered."""
    path = tmp_path / "short.toml"
    path.write_text("[end]\nlimit_choices = [100, 150]\n[yaniv]\nlimit_choices = [5, 7]\n", encoding="utf-8")
    rules = load_ruleset(path)
    assert rules.end_limit == 100 and rules.end_limit_choices == (100, 150)
    assert rules.yaniv_limit == 5 and rules.yaniv_limit_choices == (5, 7)


def test_a_blank_name_is_the_rulesets_id(tmp_path: Path) -> None:
    """A ruleset is never shown nameless: a blank name (a cleared field in the house-rules dialog) is its id."""
    path = tmp_path / "friday.toml"
    path.write_text('name = "  "\n')
    assert load_ruleset_file(path).name == "friday"
