"""`yaniv --quiet`: the table rings no bell; without it, the bell is on."""

from __future__ import annotations

import contextlib

import pytest

from yaniv_tui.cli.parser import parse
from yaniv_tui.cli.play import options_from_args


def test_quiet_turns_the_bell_off_and_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    _, launch = options_from_args(["--quiet"])
    assert launch.quiet is True
    _, launch = options_from_args([])
    assert launch.quiet is False
    with contextlib.suppress(SystemExit):
        parse(["--help"])
    assert "--quiet" in capsys.readouterr().out


def test_quiet_goes_with_a_game_and_its_seats() -> None:
    options, launch = options_from_args(["--quiet", "--players", "Ann,bot:easy"])
    assert options is not None and launch.quiet is True


def test_join_takes_quiet_too() -> None:
    args = parse(["join", "127.0.0.1", "K7QF", "--quiet"])
    assert args.quiet is True
    assert parse(["join", "127.0.0.1", "K7QF"]).quiet is False
