"""`yaniv saves`, `stats` and `rulesets` given an argument they do not take: one line quoting it as a refusal quotes
typed text (`engine.names.quoted`: an empty one seen, a control character escaped, a long one cut with its length).
Before: the argument was written as typed, so an empty one read "got " and nothing, an escape sequence drove the
terminal, and 10,000 characters were one line of 10,000."""

from __future__ import annotations

import pytest
from test_game_records_cli import one_line

from yaniv_tui.cli import main

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.mark.parametrize("command", ["saves", "rulesets", "stats"])
@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("", "got ''"),
        ("\x1b[2J", r"got '\x1b[2J'"),
        ("x" * 10_000, "... (10000 characters)"),
    ],
    ids=["empty", "escape", "long"],
)
def test_an_argument_a_listing_does_not_take_is_quoted_in_one_line(
    capsys: pytest.CaptureFixture[str], command: str, given: str, shown: str
) -> None:
    line = one_line(capsys, main([command, given]), 2, "yaniv")
    assert f"'yaniv {command}' takes" in line and shown in line and "\x1b" not in line and len(line) < 200, line


def test_every_argument_not_taken_is_counted(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(capsys, main(["saves", "a", "b", "c"]), 2, "yaniv")
    assert line.endswith("got 'a' (and 2 more)"), line
