"""The docs: a README for players, and for contributors CONTRIBUTING.md, docs/ARCHITECTURE.md and docs/benchmarks.md.

These read the files as a person would and check what can drift: the README's two commands, that it stays a
player's page (no dated measurements), every flag a player can type, every benchmark script with its command,
and every module and link the contributors' docs name.
"""

from __future__ import annotations

import contextlib
import io
import re
import tarfile
from pathlib import Path

import pytest

from yaniv_tui.cli.parser import build_parser
from yaniv_tui.engine import load_ruleset, parse_cards, preset_paths, score_round

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
BENCHMARKS = ROOT / "docs" / "benchmarks.md"
INSTALL_AND_PLAY = "python3 -m venv .venv && . .venv/bin/activate && pip install . && yaniv"
# docs/bots.md (the bots' design) is written on another branch of the same change, so a link to it is not checked.
WRITTEN_BESIDE = ROOT / "docs" / "bots.md"
FAST_LOOP = 'python -m pytest -q -m "not slow"'
# The README is for players: about 200 lines besides its tables (a key table is worth its lines).
README_MOST_LINES = 250


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def readme_test_command() -> str:
    """The command between the README's test-command markers, read as .ci/run reads it."""
    block = re.search(r"<!-- test-command -->\n```\n(.+?)\n```\n<!-- /test-command -->", _read(README), re.S)
    assert block, "README.md has no test command between <!-- test-command --> and <!-- /test-command -->"
    return block.group(1)


def test_the_readme_keeps_its_two_commands() -> None:
    assert f"```\n{INSTALL_AND_PLAY}\n```" in _read(README)
    assert readme_test_command() == "python -m pip install -e '.[dev]' && python -m pytest -q"


def test_the_readme_is_a_players_page() -> None:
    text = _read(README)
    lines = sum(1 for line in text.splitlines() if not line.startswith("|"))
    assert lines <= README_MOST_LINES, f"README.md has {lines} lines besides tables: figures and design go to docs/"
    dated = re.findall(r"\b20\d\d-\d\d-\d\d\b", text)
    assert not dated, f"README.md holds dated measurements {dated}: they go to docs/benchmarks.md"
    for heading in ("## Install and play", "## Play with friends on other machines", "## Nothing lost"):
        assert heading in text
    for doc in ("CONTRIBUTING.md", "docs/ARCHITECTURE.md", "docs/benchmarks.md", "docs/bots.md"):
        assert f"({doc})" in text, f"README.md does not point to {doc}"


def _help(*command: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        build_parser().parse_args([*command, "--help"])
    return out.getvalue()


def test_the_readme_says_a_reset_in_general_words_true_at_every_table() -> None:
    """The README's opening says a reset as any table may: a total landing exactly on 100 drops back to 50 at each
    preset that has resets, and each name it gives it is one a preset calls it (`resets.name`): the screens use the
    table's own name, so the README does not call every reset by one table's."""
    opening = " ".join(_read(README).split("\n## ", 1)[0].split())
    said = re.search(r"a reset may take an exact 100 back to 50 \((.+?), as your table calls it\)", opening)
    assert said, "the README's opening does not say what a reset does and what each table calls it"
    names = {name.removeprefix("a ") for name in re.split(r", | or ", said.group(1))}
    presets = [load_ruleset(preset) for preset in sorted(preset_paths())]
    with_resets = [rules for rules in presets if rules.resets or rules.reset_every]
    assert names <= {rules.reset_name for rules in with_resets}, names
    for rules in with_resets:
        landed = score_round(rules, [0, 90], [parse_cards("AC"), parse_cards("10C")], 0)
        assert landed.resets == ((1, 100, 50),), rules.id


@pytest.mark.parametrize("command", ["", "sim", "host", "join", "serve", "stats"])
def test_the_readme_names_every_flag_a_player_can_type(command: str) -> None:
    text = _read(README)
    flags = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", _help(*command.split())))
    missing = sorted(flag for flag in flags - {"--help", "--version"} if f"`{flag}" not in text and flag not in text)
    assert not missing, f"README.md does not say what `yaniv {command}` {missing} do"


def _key_rows() -> list[tuple[str, str]]:
    """The README's key table, row by row: the keys' cell and the row."""
    section = _read(README).split("### The keys", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return [(row.split("|")[1], row) for row in rows]


# How the README writes a key Textual names otherwise.
_KEY_WORDS = {"left": "←", "right": "→"}


def test_the_readme_key_table_has_every_key_of_the_table() -> None:
    """Each key the table screen binds is the first cell of a row of the README's key table, as a player looks for
    it (the joker swap's later keys are in the swap's row)."""
    from textual.binding import Binding

    from yaniv_tui.tui.screens.table import TableScreen

    rows = _key_rows()
    missing = []
    for binding in Binding.make_bindings(TableScreen.BINDINGS):
        key = _KEY_WORDS.get(binding.key, binding.key)
        written = "`1`-`9`" if key in "123456789" else f"`{key}`"
        if binding.action.startswith("swap("):
            found = any(written in row for cell, row in rows if "`j`" in cell)
        else:
            found = any(written in cell for cell, _ in rows)
        if not found:
            missing.append(f"{key} ({binding.description})")
    assert not missing, f"the README's key table lacks {sorted(set(missing))}"


def test_every_benchmark_is_in_docs_benchmarks_with_its_command() -> None:
    text = _read(BENCHMARKS)
    for script in sorted((ROOT / "benchmarks").glob("*.py")):
        assert f"python benchmarks/{script.name}" in text, f"docs/benchmarks.md has no command for {script.name}"


def test_contributing_gives_the_fast_loop_and_the_whole_suite() -> None:
    text = _read(CONTRIBUTING)
    assert FAST_LOOP in text
    assert readme_test_command() in text
    for gate in ("ruff check", "ruff format --check", "mypy", "lint-imports", ".ci/run", "benchmarks/sim_digest.py"):
        assert gate in text, f"CONTRIBUTING.md does not name {gate}"


def _module_paths(text: str) -> set[str]:
    """Every `something.py` (or .tcss, .json, .toml) path a doc names in backticks."""
    return set(re.findall(r"`([\w./-]+\.(?:py|tcss|json|toml))`", text))


def _exists(named: str) -> bool:
    """A path named from the root, from the package, or (as docs say `screens/table.py`) from the app."""
    bases = (ROOT, ROOT / "yaniv_tui", ROOT / "yaniv_tui" / "tui")
    return any((base / named).exists() for base in bases)


@pytest.mark.parametrize("doc", [ARCHITECTURE, CONTRIBUTING, BENCHMARKS], ids=lambda p: p.name)
def test_every_file_a_doc_names_is_there(doc: Path) -> None:
    missing = sorted(named for named in _module_paths(_read(doc)) if not _exists(named))
    assert not missing, f"{doc.relative_to(ROOT)} names files that are not there: {missing}"


@pytest.mark.parametrize("doc", [README, ARCHITECTURE, CONTRIBUTING, BENCHMARKS], ids=lambda p: p.name)
def test_every_link_a_doc_makes_is_there(doc: Path) -> None:
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", _read(doc))
    local = [link for link in links if "://" not in link and (doc.parent / link).resolve() != WRITTEN_BESIDE]
    missing = sorted(link for link in local if not (doc.parent / link).exists())
    assert not missing, f"{doc.relative_to(ROOT)} links to files that are not there: {missing}"


def test_architecture_draws_every_layer_of_the_import_contracts() -> None:
    text = _read(ARCHITECTURE)
    pyproject = _read(ROOT / "pyproject.toml")
    layers = re.search(r"layers = \[(.*?)\]", pyproject, re.S)
    assert layers
    for layer in re.findall(r'"([^"]+)"', layers.group(1)):
        for package in layer.split(" | "):
            name = package.removeprefix("yaniv_tui.")
            assert f"`{name}/`" in text or f"`{name}.py`" in text, f"docs/ARCHITECTURE.md does not place {name}"
    for place in (
        "table/runner.py",
        "table/session.py",
        "table/hosted.py",
        "table/client_session.py",
        "table/headless.py",
    ):
        assert place in text, f"docs/ARCHITECTURE.md does not say where the one loop's part in {place} is"


def test_the_source_archive_ships_the_docs_these_tests_read(tmp_path: Path) -> None:
    """The sdist holds the tests, so it holds the docs they read too."""
    from hatchling.builders.sdist import SdistBuilder

    (archive,) = list(SdistBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"]))
    with tarfile.open(archive) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for doc in (README, CONTRIBUTING, ARCHITECTURE, BENCHMARKS):
        assert str(doc.relative_to(ROOT)) in names, f"the sdist lacks {doc.relative_to(ROOT)}"


def test_architecture_names_every_module_of_the_command_line() -> None:
    text = _read(ARCHITECTURE)
    modules = sorted(path.name for path in (ROOT / "yaniv_tui" / "cli").glob("*.py") if path.name[0] != "_")
    missing = [name for name in modules if name not in text]
    assert not missing, f"docs/ARCHITECTURE.md does not place cli/ {missing}"
