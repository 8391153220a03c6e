"""`--turn-seconds` and `--timeouts-to-bot`, for `yaniv` and `yaniv host`: what they reach, their one default, and
one line with exit status 2 for a bad value, naming the range allowed."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from test_network_flags import refused_in_one_line

from yaniv_tui.cli.parser import parse
from yaniv_tui.cli.play import options_from_args
from yaniv_tui.engine.clock import DEFAULT_TIMEOUTS_TO_BOT, TIMEOUTS_TO_BOT_RANGE, TURN_SECONDS_RANGE
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.session import Session


def test_the_clock_reaches_the_game_and_the_setup() -> None:
    options, launch = options_from_args(["--players", "Ann,Ben,bot", "--turn-seconds", "15"])
    assert options is not None and (options.turn_seconds, options.timeouts_to_bot) == (15, DEFAULT_TIMEOUTS_TO_BOT)
    assert (launch.turn_seconds, launch.timeouts_to_bot) == (15, DEFAULT_TIMEOUTS_TO_BOT)
    session = Session(options)
    assert session.clock is not None and session.clock.seconds == 15 and session.clock.to_bot == 2
    session.close()
    args = parse(["host", "--players", "Ann,remote", "--turn-seconds", "20", "--timeouts-to-bot", "3"])
    hosted, _ = options_from_args(argparse.Namespace(**{**vars(args), "command": None}), hosting=True)
    assert hosted is not None and (hosted.turn_seconds, hosted.timeouts_to_bot) == (20, 3)
    _, plain = options_from_args([])
    assert plain.turn_seconds is None  # no clock unless asked


def test_the_default_is_declared_once() -> None:
    assert GameOptions.__dataclass_fields__["timeouts_to_bot"].default == DEFAULT_TIMEOUTS_TO_BOT
    assert LaunchOptions.__dataclass_fields__["timeouts_to_bot"].default == DEFAULT_TIMEOUTS_TO_BOT
    assert GameOptions.__dataclass_fields__["turn_seconds"].default is None


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--turn-seconds", "2"], f"--turn-seconds: must be from {TURN_SECONDS_RANGE[0]} to {TURN_SECONDS_RANGE[1]}"),
        (["--turn-seconds", "9999"], "--turn-seconds: must be from 5 to 600 seconds, not 9999"),
        (["--turn-seconds", "soon"], "--turn-seconds: takes a whole number, not 'soon'"),
        (["host", "--turn-seconds", "0"], "--turn-seconds: must be from 5 to 600 seconds"),
        (
            ["host", "--turn-seconds", "10", "--timeouts-to-bot", "0"],
            f"--timeouts-to-bot: must be from {TIMEOUTS_TO_BOT_RANGE[0]} to {TIMEOUTS_TO_BOT_RANGE[1]} timeouts",
        ),
        (["--timeouts-to-bot", "3"], "--timeouts-to-bot counts the turn clock's timeouts: give --turn-seconds too"),
        (
            ["host", "--players", "Ann,remote", "--timeouts-to-bot", "3"],
            "--timeouts-to-bot counts the turn clock's timeouts",
        ),
    ],
)
def test_a_bad_clock_is_one_line_and_exit_status_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refused_in_one_line(argv, said, capsys, tmp_path, monkeypatch)
