"""A seat named "You" with another person at the table is refused on the command line as on the setup screen, in
one line naming the seat and what to do: `yaniv --players You,Ann` and `yaniv host --players You,remote:Ann` started a
game whose screens spoke to both players as "You". Alone against bots, "You" stays the default name."""

from __future__ import annotations

import pytest

from yaniv_tui.cli import main

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.mark.parametrize(
    ("argv", "prog"),
    [
        (["--players", "You,Ann"], "yaniv"),
        (["host", "--players", "You,remote:Ann"], "yaniv host"),
        (["host", "--headless", "--players", "bot:easy,remote:You,remote"], "yaniv host"),
    ],
)
def test_you_among_people_is_one_line(
    argv: list[str], prog: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[object] = []

    def run_app(*args: object, **kwargs: object) -> int:
        started.append(args)
        return 0

    def headless(*args: object, **kwargs: object) -> int:
        started.append(args)
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    monkeypatch.setattr("yaniv_tui.cli.host.headless", headless)
    assert main(argv) == 2
    assert not started
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"{prog}: give seat ") and "a name of its own" in err, err


def test_you_alone_against_bots_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[object] = []

    def run_app(options: object, *args: object, **kwargs: object) -> int:
        started.append(options)
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    assert main(["--players", "You,bot:easy"]) == 0
    assert len(started) == 1 and started[0] is not None
