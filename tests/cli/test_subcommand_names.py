"""A bad flag of a subcommand is one line naming that subcommand ("yaniv host: ..."), never the bare program, and
saying what is allowed: a host who typed `yaniv host --end-score 7` read "yaniv: end score 7 is not offered", as if
the game's own command had been run."""

from __future__ import annotations

import pytest

from yaniv_tui.cli import main

pytestmark = pytest.mark.usefixtures("data_dir")

#: A bad flag of each subcommand that takes one, with what the line names as allowed.
BAD = [
    (["host", "--players", "remote,bot:easy", "--end-score", "7", "--headless"], "choose 200"),
    (["host", "--players", "remote,bot:easy", "--hand-size", "99", "--headless"], "choose 5"),
    (["host", "--players", "remote,bot:easy", "--yaniv-limit", "99", "--headless"], "choose 5, 7"),
    (["host", "--players", "remote,bot:easy", "--ruleset", "nosuch", "--headless"], "the rulesets are"),
    (["host", "--players", "remote,bot:nosuch", "--headless"], "choose easy"),
    (["host", "--players", "remote,bot:easy", "--ruleset", " ", "--headless"], "needs a preset id"),
    (["host", "--players", "remote", "--headless"], "2 to"),
    (["host", "--players", "remote,bot:easy", "--timeouts-to-bot", "3", "--headless"], "give --turn-seconds"),
    (["host", "--resume", " "], "takes a game's id"),
    (["host", "--resume", "abc", "--seed", "3"], "leave out --seed"),
    (["host", "--end-score", "x"], "takes a whole number"),
    (["host", "--port", "70000"], "port from 1 to 65535"),
    (["sim", "--end-score", "3"], "choose 200"),
    (["sim", "--seats", "foo"], "choose from easy"),
    (["join", "--name", "a\nb", "127.0.0.1", "ABC"], "names take letters"),
    (["watch", "bad:host::", "X"], "HOST or HOST:PORT"),
    (["serve", "--port", "0"], "port from 1 to 65535"),
    (["export", "nosuch"], "has none yet"),
    (["replay", "nosuch"], "has none yet"),
    (["review", "nosuch"], "has none yet"),
    (["stats", "--ruleset"], "expected one argument"),
]


@pytest.mark.parametrize(("argv", "allowed"), BAD, ids=[f"{argv[0]}-{n}" for n, (argv, _) in enumerate(BAD)])
def test_a_bad_flag_names_its_subcommand(argv: list[str], allowed: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) != 0
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"yaniv {argv[0]}: "), lines[0]
    assert allowed in lines[0], lines[0]
