"""The command line's words at 80 columns: `yaniv rulesets` keeps its descriptions readable, `yaniv sim` names
its figures plainly, `yaniv --help` names every command (issue 14, item 9)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from rich.console import Console

from yaniv_tui.cli.listings import print_rulesets
from yaniv_tui.engine import load_ruleset, preset_paths
from yaniv_tui.sim import render_table, simulate


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
