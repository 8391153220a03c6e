"""`--hand-size` for `yaniv` and `yaniv sim`: a hand size the ruleset offers (deck.hand_size_choices), else one
line naming what it offers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yaniv_tui.cli import main as yaniv
from yaniv_tui.cli.parser import parse
from yaniv_tui.cli.play import UsageError, options_from_args
from yaniv_tui.cli.sim import rules_of

CHOOSING = """
name = "Pick a hand"
[players]
max = 7
[deck]
hand_size_choices = [5, 6, 7]
"""


@pytest.fixture
def choosing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    folder = tmp_path / "config" / "rulesets"
    folder.mkdir(parents=True)
    (folder / "pick.toml").write_text(CHOOSING)
    return "pick"


def test_sim_deals_the_hand_size_asked_for(choosing: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert rules_of(parse(["sim", "--ruleset", choosing, "--hand-size", "7"])).hand_size == 7
    assert rules_of(parse(["sim", "--ruleset", choosing])).hand_size == 5
    argv = ["sim", "--ruleset", choosing, "--hand-size", "6", "--seats", "medium,easy", "--rounds", "2", "--json"]
    assert yaniv(argv) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == 2


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--hand-size", "6"], "hand size 6 is not offered by israeli: choose 5"),
        (["--hand-size", "six"], "argument --hand-size: takes a whole number, not 'six'"),
    ],
)
def test_sim_refuses_a_hand_size_in_one_line(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    status: int | str | None
    try:
        status = yaniv(["sim", *argv, "--rounds", "1"])
    except SystemExit as stop:
        status = stop.code
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and says in err[0]


def test_yaniv_deals_the_hand_size_asked_for(choosing: str) -> None:
    options, launch = options_from_args(["--ruleset", choosing, "--hand-size", "6", "--players", "Ann,bot:easy"])
    assert options is not None and options.rules.hand_size == 6 and launch.hand_size == 6
    assert launch.after_game(options).hand_size == 6  # a new game's setup after this one
    _, launch = options_from_args(["--ruleset", choosing, "--hand-size", "7"])
    assert launch.hand_size == 7  # for the setup screen's choice


def test_yaniv_refuses_a_hand_size_not_offered(choosing: str) -> None:
    with pytest.raises(UsageError, match="hand size 8 is not offered by pick: choose 5, 6, 7"):
        options_from_args(["--ruleset", choosing, "--hand-size", "8", "--players", "Ann,bot:easy"])
