"""rulesets/README.md's key tables are written from the keys declared on Ruleset, and a test keeps them so."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from yaniv_tui.engine import KEYS

TOOL = Path(__file__).resolve().parents[2] / "tools" / "ruleset_docs.py"


@pytest.fixture(scope="module")
def docs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ruleset_docs", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_tables_are_the_declared_keys(docs: ModuleType) -> None:
    text = docs.README.read_text(encoding="utf-8")
    assert docs.updated(text) == text, "rulesets/README.md's key tables are stale: run python tools/ruleset_docs.py"


def test_every_key_has_a_row_with_its_range_default_and_meaning(docs: ModuleType) -> None:
    table = docs.render()
    for key in KEYS:
        row = next(line for line in table.splitlines() if line.startswith(f"| `{key.name}` |") and key.doc in line)
        if key.kind in ("int", "ints"):
            assert f"{key.low} to {key.high}" in row
        assert all(f'"{choice}"' in row for choice in key.choices)
    assert "| `penalty` | int | `30` | 0 to 1000 | points the Assafed caller adds |" in table
    assert "| `jack_swing_up_to` | int | the Yaniv limit | -50 to 200 |" in table
    assert "| `at` | table | `{}` |" in table and "| `more_decks_from` | ints | `[]` |" in table


def test_check_fails_on_a_stale_table_and_writing_fixes_it(docs: ModuleType, tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    good = docs.README.read_text(encoding="utf-8")
    readme.write_text(good.replace("| 0 to 1000 | points the Assafed caller adds", "| 0 to 999 | points"))
    assert docs.main(["--check", "--readme", str(readme)]) == 1
    assert docs.main(["--readme", str(readme)]) == 0
    assert readme.read_text(encoding="utf-8") == good
    assert docs.main(["--check", "--readme", str(readme)]) == 0


def test_a_readme_without_the_markers_is_refused(docs: ModuleType, tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# Ruleset files\n")
    assert docs.main(["--check", "--readme", str(readme)]) == 1


def test_the_script_checks_from_the_command_line() -> None:
    done = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_readme_stands_on_its_own(docs: ModuleType) -> None:
    """Before: it pointed at shared/RULES.md and shared/seeds/, which a clone does not have. It names each source
    by its title, and says which source each preset follows."""
    from yaniv_tui.engine import load_ruleset, preset_paths

    text = docs.README.read_text(encoding="utf-8")
    assert "shared/" not in text and "seeds/" not in text and "RULES.md" not in text
    titles = {
        "000": "Yaniv (Yaniv)",
        "001": "Yaniv rules: how to play",
        "002": "Yaniv (2 à 6 j. · 54 cartes)",
        "003": "Le yaniv est un jeu de cartes d’origine israélienne",
    }
    sources = text[text.index("## The sources") :]
    for number, title in titles.items():
        assert f"source {number}" in sources and title in sources
    for preset in preset_paths():
        heading = next(line for line in text.splitlines() if line.startswith(f"### `{preset}` ("))
        source = load_ruleset(preset).source
        if source.startswith("source "):
            assert heading.split("(source ")[1][:3] in titles and source[7:10] in titles
        else:  # a preset of another program's table names it, as its `source` does (issue 31)
            named = source.split(":")[0].split(" (")[0]
            assert heading.startswith(f"### `{preset}` (from ") and named.split("/")[-1] in heading, heading
