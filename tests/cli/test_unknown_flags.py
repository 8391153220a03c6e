"""A flag `yaniv` does not know, followed by its value, is named as the flag it is: argparse took the value for a
command and said "invalid choice" of it, naming the value and not the mistyped flag."""

from __future__ import annotations

import pytest

from yaniv_tui.cli.parser import UsageError, parse


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--tabel", "mine.toml"], "unrecognized arguments: --tabel mine.toml (see yaniv --help)"),
        (["--seed", "3", "--plyers", "Ann,bot:easy"], "unrecognized arguments: --plyers Ann,bot:easy"),
        (["--rulset", "israeli", "--seed", "3"], "unrecognized arguments: --rulset israeli"),
    ],
)
def test_an_unknown_flag_with_a_value_is_named(argv: list[str], said: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse(argv)
    assert said in str(caught.value) and "invalid choice" not in str(caught.value)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["mine.toml"], "invalid choice: 'mine.toml'"),  # no flag mistyped: a command it is not
        (["--seed", "3", "stat"], "invalid choice: 'stat'"),
        (["--rul", "israeli", "stat"], "invalid choice: 'stat'"),  # --rul is --ruleset, as argparse reads it
        (["--tabel=mine.toml"], "unrecognized arguments: --tabel=mine.toml"),
        (["sim", "--sedd", "3"], "unrecognized arguments: --sedd 3 (see yaniv sim --help)"),
    ],
)
def test_other_mistakes_are_said_as_before(argv: list[str], said: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse(argv)
    assert said in str(caught.value)


@pytest.mark.parametrize("flag", ["--watch", "--watcher", "-w"])
def test_a_join_asked_to_watch_says_how_to_watch(flag: str) -> None:
    """`yaniv join --watch HOST CODE`, as a friend may guess: the line says watching is `yaniv watch`, with the same
    address and code. Before, it named the flag and sent them to `yaniv join --help`, which says nothing of watching."""
    with pytest.raises(UsageError) as caught:
        parse(["join", flag, "127.0.0.1:7971", "K7QF"])
    assert str(caught.value) == (
        f"unrecognized arguments: {flag}: to watch with no seat, 'yaniv watch 127.0.0.1:7971 K7QF'"
    )
    assert caught.value.prog == "yaniv join"
