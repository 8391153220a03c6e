"""`yaniv host --resume` of a timed table keeps its turn clock: it was kept only with the room code, tokens, port
and --public, so a host who resumed a table of 45 seconds a turn got one with no clock at all. The table's own
settings come back, each flag given again wins, and its host is told in one line which it resumed with."""

from __future__ import annotations

import pytest

from yaniv_tui.cli import main
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.net.secrets_gate import new_token
from yaniv_tui.store import SaveMeta, Seat, save_game
from yaniv_tui.store.tables import TableFileError, load_table, save_table, table_path
from yaniv_tui.table.launch_options import LaunchOptions

pytestmark = pytest.mark.usefixtures("data_dir")


def a_timed_table(turn_seconds: float | None = 45, timeouts_to_bot: int | None = 3) -> str:
    """A saved hosted game (a remote seat and a bot) whose table file keeps the clock given; its id."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Avi"], seed=3)
    meta = SaveMeta((Seat.remote("Ann"), Seat.bot("easy", "Avi")))
    save_game(game, meta)
    save_table(meta.game_id, "ABCD", {0: new_token()}, turn_seconds=turn_seconds, timeouts_to_bot=timeouts_to_bot)
    return meta.game_id


def resumed(monkeypatch: pytest.MonkeyPatch, *flags: str) -> tuple[LaunchOptions, tuple[str, ...]]:
    """`yaniv host --headless --resume` with `flags`: the launch options its table is served with, and its lines."""
    served: list[tuple[LaunchOptions, tuple[str, ...]]] = []

    def headless(
        options: object, claimed: object, hosting: object, launch: LaunchOptions, said: tuple[str, ...]
    ) -> int:
        served.append((launch, tuple(said)))
        return 0

    monkeypatch.setattr("yaniv_tui.cli.host.headless", headless)
    assert main(["host", "--headless", "--resume", *flags]) == 0
    return served[0]


def test_a_resumed_table_keeps_its_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    a_timed_table()
    launch, said = resumed(monkeypatch)
    assert (launch.turn_seconds, launch.timeouts_to_bot) == (45, 3)
    assert said[0] == (
        "the table resumes with a turn clock of 45 seconds (as it was played); after 3 timeouts in a row a bot plays "
        "the seat (as it was)"
    )


@pytest.mark.parametrize(
    ("flags", "clock"),
    [
        (["--turn-seconds", "20"], (20, 3)),
        (["--timeouts-to-bot", "5"], (45, 5)),
        (["--turn-seconds", "20", "--timeouts-to-bot", "1"], (20, 1)),
    ],
)
def test_a_flag_given_again_wins(monkeypatch: pytest.MonkeyPatch, flags: list[str], clock: tuple[int, int]) -> None:
    a_timed_table()
    launch, said = resumed(monkeypatch, *flags)
    assert (launch.turn_seconds, launch.timeouts_to_bot) == clock
    assert f"{clock[0]} seconds ({'--turn-seconds' if '--turn-seconds' in flags else 'as it was played'})" in said[0]


def test_an_untimed_table_resumes_untimed_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    a_timed_table(None, None)
    launch, said = resumed(monkeypatch)
    assert launch.turn_seconds is None
    assert said[0] == "the table resumes with no turn clock (--turn-seconds N gives one)"


def test_timeouts_to_bot_for_an_untimed_table_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    a_timed_table(None, None)
    assert main(["host", "--headless", "--resume", "--timeouts-to-bot", "4"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "yaniv host: --timeouts-to-bot counts the turn clock's timeouts, and the table resumes with none: give "
        "--turn-seconds too\n"
    )


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("turn_seconds", -1, "turn_seconds: must be a number of seconds"),
        ("turn_seconds", "30", "turn_seconds: must be a number of seconds"),
        ("timeouts_to_bot", 0, "timeouts_to_bot: must be a whole number of timeouts from 1 to 9"),
        ("timeouts_to_bot", True, "timeouts_to_bot: must be a whole number of timeouts from 1 to 9"),
    ],
)
def test_a_damaged_clock_in_a_table_file_is_one_line(field: str, value: object, why: str) -> None:
    import json

    game_id = a_timed_table()
    path = table_path(game_id)
    document = json.loads(path.read_text())
    document[field] = value
    path.write_text(json.dumps(document))
    with pytest.raises(TableFileError, match=why):
        load_table(game_id)


def test_the_clock_is_read_back() -> None:
    kept = load_table(a_timed_table())
    assert kept is not None and (kept.turn_seconds, kept.timeouts_to_bot) == (45, 3)
