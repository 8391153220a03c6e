"""A ruleset's name (shown in the setup screen's list, the rules screen, the saves' list) keeps the name rule players'
names keep (`engine/names.check_name`: printable, at most MAX_ACCENTS accents on a letter, its width in terminal
cells), at most MAX_RULESET_NAME cells: as wide as the longest id (`store/userrules.ID_PATTERN`), which a ruleset
without a name is called by. A user's file that breaks it is listed with one line naming its `name` and what a name
takes; the others still load. A save written before keeps its ruleset's name (nothing lost). Before: a name of 200
characters, or with 30 accents stacked on one letter, loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from yaniv_tui.codec import ruleset_from_snapshot, ruleset_to_dict
from yaniv_tui.engine import RulesetError, load_ruleset
from yaniv_tui.engine.names import MAX_ACCENTS, MAX_RULESET_NAME
from yaniv_tui.store.userrules import all_rulesets, save_user_ruleset

BAD = {
    "too long": ("x" * (MAX_RULESET_NAME + 1), f"is too long: at most {MAX_RULESET_NAME} characters"),
    "too wide": ("田" * (MAX_RULESET_NAME // 2 + 1), f"is too long: at most {MAX_RULESET_NAME} characters"),
    "accents stacked": ("Home" + "\u0301" * (MAX_ACCENTS + 1), "accents on one letter: a name takes at most"),
    "only blanks": ("\u3164\u3164", "a ruleset needs a name that shows"),
}


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    path = tmp_path / "config" / "rulesets"
    path.mkdir(parents=True)
    return path


@pytest.mark.parametrize(("name", "says"), BAD.values(), ids=list(BAD))
def test_a_user_ruleset_whose_name_breaks_the_rule_is_one_line_and_the_others_load(
    folder: Path, name: str, says: str
) -> None:
    (folder / "bad.toml").write_text(f'name = "{name}"\n', encoding="utf-8")
    (folder / "fine.toml").write_text('name = "Fine"\n', encoding="utf-8")
    entries = {e.id: e for e in all_rulesets() if e.origin == "user"}
    assert entries["fine"].ok
    error = entries["bad"].error
    assert error is not None and "\n" not in error and len(error) < 300, error
    assert error.startswith(f"{folder / 'bad.toml'}: name: ") and says in error, error


@pytest.mark.parametrize(
    "name", ["x" * MAX_RULESET_NAME, "田" * (MAX_RULESET_NAME // 2), "Chez Zoë", "Home" + "\u0301" * MAX_ACCENTS]
)
def test_a_name_the_rule_takes_loads(folder: Path, name: str) -> None:
    (folder / "ours.toml").write_text(f'name = "{name}"\n', encoding="utf-8")
    (entry,) = [e for e in all_rulesets() if e.origin == "user"]
    assert entry.rules is not None and entry.rules.name == name


def test_a_ruleset_without_a_name_is_called_by_its_id_however_long(folder: Path) -> None:
    ruleset_id = "a" * 40
    (folder / f"{ruleset_id}.toml").write_text("[yaniv]\nlimit = 7\n", encoding="utf-8")
    (entry,) = [e for e in all_rulesets() if e.origin == "user"]
    assert entry.rules is not None and entry.rules.name == ruleset_id


def test_a_save_written_before_keeps_its_rulesets_long_name() -> None:
    data = ruleset_to_dict(load_ruleset("israeli"))
    data["name"] = "Our long-standing Friday night kitchen-table house rules"
    assert ruleset_from_snapshot(data).name == data["name"]


def test_a_ruleset_saved_with_a_name_the_rule_refuses_is_never_written(folder: Path) -> None:
    """The house-rules dialog's save: one line, and no file that would not load."""
    with pytest.raises(RulesetError) as told:
        save_user_ruleset("israeli", {"name": "x" * (MAX_RULESET_NAME + 1)}, "ours")
    assert "name: the name" in str(told.value) and f"at most {MAX_RULESET_NAME} characters" in str(told.value)
    assert list(folder.iterdir()) == []
