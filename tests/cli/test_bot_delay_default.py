"""The pause before a bot plays has one home (engine.defaults): the command line, the app and the host agree."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import yaniv_tui
from yaniv_tui.cli.parser import parse
from yaniv_tui.cli.play import options_from_args
from yaniv_tui.engine import DEFAULT_BOT_DELAY
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.session import Session

PACKAGE = Path(yaniv_tui.__file__).parent


def test_the_default_bot_delay_is_written_once() -> None:
    home = PACKAGE / "engine" / "defaults.py"
    literal = re.compile(r"\b0\.8\b")
    written = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != home
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if literal.search(line) and "delay" in line.lower()
    ]
    assert written == []


def test_every_user_of_the_default_takes_the_same_pause() -> None:
    _, prefill = options_from_args([])
    assert prefill["bot_delay"] == DEFAULT_BOT_DELAY
    options, _ = options_from_args(["--players", "Ann,bot"])
    assert options is not None and options.bot_delay == DEFAULT_BOT_DELAY
    assert GameOptions.__dataclass_fields__["bot_delay"].default == DEFAULT_BOT_DELAY
    assert inspect.signature(Session.resumed).parameters["bot_delay"].default == DEFAULT_BOT_DELAY
    assert parse(["--bot-delay", "0.3"]).bot_delay == 0.3


def test_the_help_says_the_default(capsys: object) -> None:
    from yaniv_tui.cli.parser import build_parser

    assert f"(default {DEFAULT_BOT_DELAY})" in " ".join(build_parser().format_help().split())
