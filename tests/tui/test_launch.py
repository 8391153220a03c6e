"""`yaniv [flags]`: good flags start a game, bad ones print one line and exit 2, never a traceback."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from yaniv_tui import bots
from yaniv_tui.cli.play import EXIT_USAGE, UsageError, main, options_from_args


def test_players_flag_seats_humans_and_bots_in_order() -> None:
    options, _ = options_from_args(["--ruleset", "sursis", "--players", "Ann,Bob,bot:medium", "--seed", "7"])
    assert options is not None
    assert [seat.name for seat in options.seats[:2]] == ["Ann", "Bob"]
    assert [seat.level for seat in options.seats] == [None, None, "medium"]
    assert options.seed == 7
    assert options.rules.id == "sursis"


def test_without_players_the_setup_screen_opens_with_the_flags_filled_in() -> None:
    options, launch = options_from_args(["--ruleset", "yanivo", "--end-score", "100", "--seed", "3"])
    assert options is None
    assert launch.ruleset == "yanivo"
    assert launch.end_limit == 100
    assert launch.seed == 3


def test_limits_come_from_the_rulesets_choices() -> None:
    options, _ = options_from_args(["--ruleset", "israeli", "--players", "A,bot", "--yaniv-limit", "7"])
    assert options is not None and options.rules.yaniv_limit == 7
    options, _ = options_from_args(["--ruleset", "seven-cards", "--players", "A,bot", "--end-score", "35"])
    assert options is not None and options.rules.end_limit == 35  # the preset takes any end score


def test_every_bot_level_the_bots_package_offers_is_accepted() -> None:
    for level in bots.LEVELS:
        options, _ = options_from_args(["--players", f"Ann,bot:{level}"])
        assert options is not None and options.seats[1].level == level


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--players", "Ann,bot:grandmaster"], "unknown bot level 'grandmaster'"),
        (["--players", "Ann"], "for 2 to 8 players, not 1"),
        (["--players", "Ann,ann"], "two players are named"),
        (["--players", "Ann,,Bob"], "comma-separated"),
        (["--ruleset", "nope", "--players", "A,B"], "unknown ruleset 'nope'"),
        (["--ruleset", "/no/such/file.toml"], "no such file"),
        (["--ruleset", "sursis", "--end-score", "150"], "end score 150 is not offered by sursis: choose 100, 200"),
        (["--ruleset", "israeli", "--yaniv-limit", "6"], "Yaniv limit 6 is not offered"),
        (["--seed", "lucky"], "argument --seed: takes a whole number, not 'lucky'"),
        (["--bot-delay", "-1"], "argument --bot-delay: must be from 0 to 10 seconds"),
        (["--bot-delay", "soon"], "argument --bot-delay: takes seconds"),
        (["--colour"], "unrecognized arguments: --colour"),
        (["--ruleset", ""], "--ruleset needs a preset id or a .toml file"),
        (["--ruleset", " ", "--players", "A,B"], "--ruleset needs a preset id or a .toml file"),
    ],
)
def test_a_bad_flag_is_one_clear_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(UsageError, match=r"\w"):
        options_from_args(argv)
    assert main(argv) == EXIT_USAGE
    err = capsys.readouterr().err
    assert words in err
    assert err.startswith("yaniv: ") and err.count("\n") == 1


def test_a_damaged_ruleset_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "house.toml"
    path.write_text("[yaniv]\nlimit = 'five'\n")
    assert main(["--ruleset", str(path), "--players", "A,B"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "house.toml" in err and "yaniv.limit" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [["--players", "Ann,bot:grandmaster"], ["--ruleset", "sursis", "--end-score", "7"], ["--frobnicate"]],
)
def test_the_command_exits_2_without_a_traceback(argv: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yaniv_tui", *argv], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == EXIT_USAGE
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("yaniv: ") and done.stderr.count("\n") == 1
    assert done.stdout == ""


def test_help_lists_the_flags_and_the_bot_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--ruleset", "--players", "--seed", "--bot-delay", "--ascii", "--yaniv-limit", "--end-score"):
        assert flag in out
    for level in bots.LEVELS:
        assert level in out


def test_reading_the_flags_does_not_import_textual() -> None:
    code = (
        "import sys; from yaniv_tui.cli.play import options_from_args; "
        "options_from_args(['--players', 'A,bot']); "
        "print('textual' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "False"


def test_a_terminal_that_is_not_utf8_gets_letters_for_suits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its output's encoding decides here, the locale being UTF-8 (tests/cli/test_play_locale.py: the locale)."""
    monkeypatch.setattr("yaniv_tui.cli.play._python_chose_utf8", lambda: False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    for key in ("LC_ALL", "LC_CTYPE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    options, _ = options_from_args(["--players", "A,bot"])
    assert options is not None and options.ascii
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    options, _ = options_from_args(["--players", "A,bot"])
    assert options is not None and not options.ascii
    options, _ = options_from_args(["--players", "A,bot", "--ascii"])
    assert options is not None and options.ascii


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--resume", "--seed", "3"], "--seed"),
        (["--resume", "--ruleset", "sursis"], "--ruleset"),
        (["--resume", "abc", "--end-score", "100", "--yaniv-limit", "7"], "--yaniv-limit, --end-score"),
        (["--players", "A,bot", "--resume"], "--players"),
    ],
)
def test_resume_refuses_the_flags_of_a_new_game_in_one_line(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: --resume went back to the saved game and silently ignored --seed and --ruleset.
    assert main(argv) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--resume goes back to the saved game's own seats, rules and deal" in err
    assert f"leave out {named}" in err


def test_resume_with_an_empty_id_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # Before: `--resume ""` went back to the newest game, as if no id had been given.
    assert main(["--resume", ""]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--resume takes a game's id, or nothing for the newest game" in err


def test_the_setup_screen_imports_no_game_and_no_codec(tmp_path: Path) -> None:
    """The setup screen lists rulesets and saves' meta data: the game (its actions, scoring and view), the codec
    and the history's SQLite are imported when a game is played or read, so `yaniv` shows its first screen sooner."""
    code = (
        "import sys; from yaniv_tui.cli.play import options_from_args; "
        "from yaniv_tui.tui.screens.setup import SetupScreen; SetupScreen(); "
        "print(*sorted(m for m in sys.modules if m in "
        "('yaniv_tui.engine.game', 'yaniv_tui.codec', 'yaniv_tui.store.history', 'sqlite3')))"
    )
    env = {**os.environ, "YANIV_DATA_DIR": str(tmp_path), "YANIV_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True, env=env)
    assert done.stdout.split() == []
