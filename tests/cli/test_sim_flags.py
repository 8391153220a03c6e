"""`yaniv sim`: the expert's guesses a move have an upper bound, and the seed agrees with `yaniv --seed`."""

from __future__ import annotations

from pathlib import Path

import pytest

from yaniv_tui.cli import main as yaniv
from yaniv_tui.cli.parser import MAX_EXPERT_SAMPLES, MAX_JOBS, parse
from yaniv_tui.table.options import MAX_SEED_DIGITS


def main(argv: list[str]) -> int:
    """`yaniv sim` with these flags."""
    return yaniv(["sim", *argv])


def one_line_status_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    status: int | str | None
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("yaniv sim: ")
    return lines[0]


def test_expert_samples_have_an_upper_bound(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_status_2(["--expert-samples", str(MAX_EXPERT_SAMPLES + 1)], capsys)
    assert f"must be at most {MAX_EXPERT_SAMPLES} guesses a move, not {MAX_EXPERT_SAMPLES + 1}" in line
    assert parse(["sim", "--expert-samples", str(MAX_EXPERT_SAMPLES)]).expert_samples == MAX_EXPERT_SAMPLES


@pytest.mark.parametrize("seed", ["-1", "-5"])
def test_a_negative_seed_is_refused_as_yaniv_refuses_it(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_status_2(["--seed", seed], capsys)
    assert f"argument --seed: must be 0 or more, not {seed}" in line
    assert parse(["sim", "--seed", "0"]).seed == 0


def test_a_seed_of_too_many_digits_is_told_its_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: 5,000 digits were told "takes a whole number" (Python's int() digit limit)."""
    for digits in (MAX_SEED_DIGITS + 1, 5000):
        line = one_line_status_2(["--seed", "1" * digits], capsys)
        assert f"argument --seed: must be at most {MAX_SEED_DIGITS} digits, not {digits}" in line
    assert parse(["sim", "--seed", "1" * MAX_SEED_DIGITS]).seed == int("1" * MAX_SEED_DIGITS)


def test_an_end_limit_beyond_the_files_limit_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_status_2(["--ruleset", "seven-cards", "--end-limit", "100001", "--rounds", "1"], capsys)
    assert "end score 100001 must be from 1 to 100000" in line


def test_jobs_have_an_upper_bound(capsys: pytest.CaptureFixture[str]) -> None:
    # Before: --jobs 1000 was taken, and would start a pool of a thousand processes.
    line = one_line_status_2(["--jobs", "1000"], capsys)
    assert f"must be at most {MAX_JOBS} processes, not 1000" in line
    assert parse(["sim", "--jobs", str(MAX_JOBS)]).jobs == MAX_JOBS


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_run_in_one_line_without_a_traceback(jobs: str, tmp_path: Path) -> None:
    # Before: a KeyboardInterrupt traceback, and with --jobs one more from every worker process.
    import os
    import signal
    import subprocess
    import sys
    import time

    command = [sys.executable, "-m", "yaniv_tui", "sim", "--seats", "medium,medium", "--games", "1000000"]
    run = subprocess.Popen(
        [*command, "--seed", "1", "--jobs", jobs, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    try:
        time.sleep(4)  # well past start-up, even on a busy machine: the run is under way
        os.killpg(run.pid, signal.SIGINT)  # ctrl+c goes to the whole group, workers too
        out, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130, err
    assert out == "" and "Traceback" not in err
    assert err.strip().splitlines() == ["yaniv sim: stopped (ctrl+c) before the run was done; nothing was printed"]


def test_sim_plays_a_users_own_ruleset_as_yaniv_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: `yaniv sim --ruleset kitchen` said "unknown ruleset" for a ruleset `yaniv --ruleset kitchen` plays.
    import json

    from yaniv_tui.cli import main as yaniv
    from yaniv_tui.engine import preset_paths

    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    folder = tmp_path / "config" / "rulesets"
    folder.mkdir(parents=True)
    text = preset_paths()["israeli"].read_text().replace('name = "Israeli"', 'name = "Kitchen table"')
    (folder / "kitchen.toml").write_text(text.replace("penalty = 30", "penalty = 45"))
    assert yaniv(["sim", "--ruleset", "kitchen", "--seats", "medium,easy", "--rounds", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ruleset"] == "kitchen"


def test_the_end_score_is_end_score_as_in_every_other_command(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: `yaniv sim` called it --end-limit. The old name still works, and its help says it is the old name."""
    assert parse(["sim", "--end-score", "100"]).end_score == 100
    assert parse(["sim", "--end-limit", "100"]).end_score == 100
    line = one_line_status_2(["--ruleset", "seven-cards", "--end-score", "100001", "--rounds", "1"], capsys)
    assert "100001" in line
    with pytest.raises(SystemExit):
        parse(["sim", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--end-score N the score that ends the game" in help_text
    assert "--end-limit N the old name of --end-score" in help_text


@pytest.mark.parametrize(
    ("flag", "text"),
    [
        ("--seats", "MEDIUM,easy"),
        ("--seats", " Medium , EASY "),
        ("--seats", "medium, easy"),
        ("--levels", "EASY, Hard"),
    ],
)
def test_a_level_is_read_as_a_person_types_it_whatever_its_case_and_spaces(flag: str, text: str) -> None:
    # Before: '--seats MEDIUM' was refused ("unknown bot level 'MEDIUM'") while '--seats medium, easy' was taken.
    from yaniv_tui.cli.rules import resolve_ruleset
    from yaniv_tui.cli.sim import _ladder_levels, levels_of

    argv = ["sim", flag, text] if flag == "--seats" else ["sim", "--ladder", flag, text]
    args = parse(argv)
    if flag == "--seats":
        assert levels_of(args, resolve_ruleset("israeli")) == ["medium", "easy"]
    else:
        assert _ladder_levels(args) == ["easy", "hard"]


def test_a_level_that_is_none_whatever_its_case_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_status_2(["--seats", "MEDIUM,Hardest"], capsys)
    assert "--seats: unknown bot level 'Hardest': choose from easy, medium, hard, expert" in line


def test_the_away_bot_takes_a_level_as_seats_does() -> None:
    assert parse(["host", "--away-bot", " MEDIUM "]).away_bot == "medium"
