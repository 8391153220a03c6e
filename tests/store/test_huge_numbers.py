"""A number of more than 4,300 digits in a TOML file of ours (issue 29, item 4): Python refuses to read it as an
int, and tomllib lets that out as a bare ValueError. It is one line naming the file, never a traceback: the
settings file is read as the defaults (and moved aside at the next save), a ruleset is listed as broken.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from yaniv_tui.cli.listings import print_rulesets
from yaniv_tui.engine import RulesetError
from yaniv_tui.store.settings import Settings, load_settings, read_settings, save_settings
from yaniv_tui.store.userrules import all_rulesets, find_ruleset

HUGE = "9" * 5000


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "config" / "rulesets").mkdir(parents=True)
    return tmp_path / "config"


def test_a_huge_number_in_the_settings_is_one_line_and_the_file_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    content = f'theme = "nord"\nvolume = {HUGE}\n'
    path.write_text(content, "utf-8")
    settings, problem = read_settings(path)
    assert settings == Settings()
    assert problem is not None and "\n" not in problem and str(path) in problem and "4300 digits" in problem
    told = save_settings(Settings(theme="nord"), path)
    assert told is not None and "moved to" in told and "\n" not in told
    (aside,) = tmp_path.glob("settings.toml.damaged-*")
    assert aside.read_text("utf-8") == content
    assert load_settings(path) == Settings(theme="nord")


def test_a_huge_number_in_a_ruleset_lists_it_as_broken(config: Path) -> None:
    path = config / "rulesets" / "huge.toml"
    path.write_text(f'name = "Huge"\n[yaniv]\nlimit = {HUGE}\n', "utf-8")
    (config / "rulesets" / "fine.toml").write_text('name = "Fine"\n', "utf-8")
    entries = {e.id: e for e in all_rulesets() if e.origin == "user"}
    assert entries["fine"].ok
    error = entries["huge"].error
    assert error is not None and str(path) in error and "4300 digits" in error and "\n" not in error
    for name in ("huge", str(path)):
        with pytest.raises(RulesetError, match="4300 digits"):
            find_ruleset(name)
    out = io.StringIO()
    assert print_rulesets(Console(file=out, width=250)) == 0
    assert "4300 digits" in out.getvalue() and "Fine" in out.getvalue()


def yaniv(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "yaniv_tui", *args], capture_output=True, text=True, timeout=60, env=env
    )


def test_yaniv_rulesets_and_yaniv_ruleset_say_it_in_one_line(config: Path) -> None:
    path = config / "rulesets" / "huge.toml"
    path.write_text(f"[end]\nlimit = {HUGE}\n", "utf-8")
    listed = yaniv("rulesets")
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed.stderr
    # The table's last column read down, its lines joined: where it wraps depends on the length of the temporary
    # folder's path, which begins the message (pytest-99 or pytest-1055).
    last_column = " ".join(line.split("│")[-2].strip() for line in listed.stdout.splitlines() if line.count("│") > 2)
    assert "4300 digits" in last_column
    for ref in ("huge", str(path)):
        refused = yaniv("--ruleset", ref, "--players", "Ann,bot:easy")
        assert refused.returncode != 0 and "Traceback" not in refused.stderr, refused.stderr
        (line,) = refused.stderr.strip().splitlines()
        assert "huge.toml" in line and "4300 digits" in line


def test_a_huge_number_typed_in_the_rules_editor_is_refused_like_any_bad_value() -> None:
    from yaniv_tui.engine.ruleset import KEYS

    limit = next(key for key in KEYS if key.path == "yaniv.limit")
    with pytest.raises(RulesetError, match="whole number"):
        limit.parse(HUGE, RulesetError)


def test_the_apps_start_moves_a_damaged_settings_file_aside_in_one_line(tmp_path: Path) -> None:
    """Issue 29, item 4: a huge number in settings.toml is one line naming the file, and the file moved aside (kept
    beside, never deleted), so the next start is quiet."""
    from yaniv_tui.store.settings import open_settings

    path = tmp_path / "settings.toml"
    content = f'theme = "nord"\nvolume = {HUGE}\n'
    path.write_text(content, "utf-8")
    settings, problem = open_settings(path)
    assert settings == Settings()
    (aside,) = tmp_path.glob("settings.toml.damaged-*")
    assert problem is not None and "\n" not in problem and str(path) in problem and str(aside) in problem
    assert aside.read_text("utf-8") == content and not path.exists()
    assert open_settings(path) == (Settings(), None)
