"""The command line's words at 80 columns: `yaniv rulesets` keeps its descriptions readable, `yaniv sim` names
its figures plainly, `yaniv --help` names every command (issue 14, item 9)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from rich.console import Console

from yaniv_tui.cli.listings import print_rulesets
from yaniv_tui.engine import PRESET_GROUPS, load_ruleset, preset_group, preset_paths
from yaniv_tui.sim import render_table, simulate
from yaniv_tui.store.userrules import GROUP_HEADINGS


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config" / "rulesets"


def test_yaniv_rulesets_at_80_columns_gives_each_description_room() -> None:
    out = io.StringIO()
    assert print_rulesets(Console(file=out, width=80)) == 0
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines)
    body = [line for line in lines if line.startswith("│")]
    description = [line.rsplit("│", 2)[1].strip() for line in body]
    # Before: the description had 10 columns, one or two words a line, 9 lines for Israeli's.
    assert max(len(part) for part in description) >= 24, description
    assert len(body) <= len(preset_paths()) * 5, "each preset takes at most 5 lines"
    for preset in ("israeli", "seven-cards", "sursis", "yanivo"):
        assert preset in out.getvalue()


def test_the_sim_table_says_calls_assafed() -> None:
    result = simulate(load_ruleset("israeli"), ["easy", "medium"], 3, seed=1)
    out = io.StringIO()
    Console(file=out, width=200).print(render_table(result))
    text = out.getvalue()
    assert "calls Assafed" in text and "suffered" not in text


def test_yaniv_help_names_stats_and_saves(capsys: pytest.CaptureFixture[str]) -> None:
    from yaniv_tui.cli import main

    with contextlib.suppress(SystemExit):  # argparse's --help exits
        main(["--help"])
    out = capsys.readouterr().out
    assert "\n    stats " in out and "\n    saves " in out, out


@pytest.mark.parametrize("width", [80, 120])
def test_yaniv_rulesets_lists_each_group_under_its_heading(folder: Path, width: int) -> None:
    """Issue 31: the presets of the rule books, then the other programs' tables, then the user's own files, each
    under the setup screen's heading for it, every table's columns lined up with the others'."""
    folder.mkdir(parents=True)
    folder.joinpath("quick.toml").write_text('name = "Quick"\n[end]\nlimit = 50\nlimit_choices = [50]\n')
    out = io.StringIO()
    assert print_rulesets(Console(file=out, width=width)) == 0
    lines = out.getvalue().splitlines()
    assert all(len(line) <= width for line in lines)
    headings = [GROUP_HEADINGS[group] for group in (*PRESET_GROUPS, "user")]
    expected: list[str] = []
    for group, heading in zip((*PRESET_GROUPS, "user"), headings, strict=True):
        expected.append(heading)
        if group == "user":
            expected.append("quick")
        else:
            expected += [i for i in preset_paths() if preset_group(load_ruleset(i)) == group]
    shown: list[str] = []
    for line in lines:
        words = line.strip(" │").split(" │")[0].strip()
        if (words in headings or words in expected) and shown[-1:] != [words]:  # jdross's id and name are one word
            shown.append(words)
    assert shown == expected
    # One table's columns under another's: every row's column lines at the same places.
    bars = {tuple(i for i, c in enumerate(line) if c in "│┃") for line in lines if line.startswith(("│", "┃"))}
    assert len(bars) == 1, bars
