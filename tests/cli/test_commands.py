"""The `yaniv` command's listings: rulesets with their origin, stats, and bad arguments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from yaniv_tui.cli import main


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COLUMNS", "250")
    return tmp_path


def test_rulesets_lists_presets_and_the_users_own(folders: Path, capsys: pytest.CaptureFixture[str]) -> None:
    user = folders / "config" / "rulesets"
    user.mkdir(parents=True)
    (user / "friday.toml").write_text('name = "Friday night"\n[yaniv]\nlimit = 7\n', encoding="utf-8")
    (user / "broken.toml").write_text("[yaniv]\nlimit = -3\n", encoding="utf-8")
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    for preset in ("israeli", "yanivo", "sursis", "seven-cards"):
        assert preset in out
    assert "Friday night" in out
    assert "broken" in out and "yaniv.limit" in out
    assert str(user) in out.replace("\n", "")


def test_stats_on_an_empty_history(folders: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    assert "No games" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["rulesets", "extra"], ["stats", "--all"]])
def test_listings_refuse_arguments_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("yaniv: ")


def test_python_dash_m_runs_the_command(folders: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yaniv_tui", "rulesets"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "israeli" in done.stdout
