"""`yaniv` with no flags opens the setup screen without reading a ruleset first: the screen reads every ruleset
itself, once each, so reading the default one before it was start-up time spent twice (benchmarks/startup.py)."""

from __future__ import annotations

import pytest

from yaniv_tui import store
from yaniv_tui.cli import play, rules
from yaniv_tui.engine import DEFAULT_RULESET


def test_no_flags_read_no_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []

    def find(name: str) -> None:
        read.append(name)
        raise AssertionError("no ruleset is read before the setup screen")

    monkeypatch.setattr(store, "find_ruleset", find, raising=False)  # as `resolve_ruleset` imports it
    options, launch = play.options_from_args([])
    assert options is None and launch.ruleset == DEFAULT_RULESET and read == []


@pytest.mark.parametrize(
    "argv", [["--ruleset", "nope"], ["--yaniv-limit", "9"], ["--end-score", "7"], ["--hand-size", "30"]]
)
def test_a_flag_is_still_checked_before_the_app_opens(argv: list[str]) -> None:
    with pytest.raises(play.UsageError):
        play.options_from_args(argv)
    assert rules.resolve_ruleset(None).id == DEFAULT_RULESET
