"""Bad input on the command line, one line and status 2 before any screen: `yaniv join`'s address, port and name,
`--players` names and bot levels, and `yaniv sim --seats`. Names follow the one rule of table/options.py."""

from __future__ import annotations

import asyncio
import unicodedata
from pathlib import Path
from typing import NoReturn

import pytest
from hostile import STACKED, most_marks_on_a_letter

from yaniv_tui.cli import main
from yaniv_tui.table.options import OptionsError, parse_players
from yaniv_tui.table.remote import JoinRequest


@pytest.fixture(autouse=True)
def dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def no_screen(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The app is never started: a bad flag is refused before any screen is painted."""
    started: list[object] = []

    def run_app(*args: object, **kwargs: object) -> int:
        started.append(args)
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    return started


def one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert captured.out == "" and len(lines) == 1, captured.err
    return lines[0]


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("http://", "not an address"),
        ("http://example.org", "not an address"),
        ("127.0.0.1:99999", "no port 99999"),
        ("127.0.0.1:seven", "not an address"),
        ("my host", "not an address"),
        ("  ", "not an address"),
    ],
)
def test_join_refuses_a_bad_address_before_any_screen(
    address: str, said: str, capsys: pytest.CaptureFixture[str], no_screen: list[object]
) -> None:
    """Before: status 1, after the join screen was painted."""
    line = one_line(["join", address, "K7QF"], capsys)
    assert line.startswith("yaniv join: ") and said in line
    assert no_screen == []


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["join", "--", "-x", "K7QF"], "not an address: '-x' (a host's name never starts with '-'"),
        (["join", "--", "--name=Noa", "K7QF"], "not an address: '--name=Noa' (a host's name never starts with '-'"),
        (["watch", "--", "-x", "K7QF"], "not an address: '-x' (a host's name never starts with '-'"),
        (["join", "ws://-x:7777", "K7QF"], "not an address: 'ws://-x:7777' (a host's name never starts with '-'"),
        (["join", "--", "localhost", "-x"], "a room code is letters and digits, like K7QF, not '-x'"),
        (["watch", "--", "localhost", "-K7QF"], "a room code is letters and digits, like K7QF, not '-K7QF'"),
    ],
)
def test_a_host_or_code_that_starts_with_a_dash_is_one_line_before_any_screen(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], no_screen: list[object]
) -> None:
    """After `--` argparse takes `-x` as the host's address. Before: the join screen opened and tried to reach a
    machine named -x, then quit with "cannot reach a table at -x:7777 (Name or service not known)"."""
    line = one_line(argv, capsys)
    assert line.startswith(f"yaniv {argv[0]}: ") and said in line
    assert no_screen == []


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--name", "\x1b[31mRed"], "control character (\\x1b)"),
        (["--name", "Ann\tBob"], "control character (\\t)"),
        (["--name", "a name far too long for a seat"], "too long"),
    ],
)
def test_join_refuses_a_bad_name_before_any_screen(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], no_screen: list[object]
) -> None:
    line = one_line(["join", "127.0.0.1", "K7QF", *argv], capsys)
    assert line.startswith("yaniv join: ") and said in line and "\x1b" not in line
    assert no_screen == []


@pytest.mark.parametrize(
    ("argv", "fix"),
    [
        (["--name", "-x"], "--name=-x"),
        (["--quiet", "--name", "-Zoe"], "--name=-Zoe"),
        (["--na", "-x"], "--name=-x"),  # argparse takes a flag's start
    ],
)
def test_a_name_starting_with_a_dash_is_told_how_to_give_it(
    argv: list[str], fix: str, capsys: pytest.CaptureFixture[str], no_screen: list[object]
) -> None:
    """The name rule takes "-x" (punctuation is a name's), but argparse reads it as a flag. Before: "argument --name:
    expected one argument", naming no fix. The line names the one that works, which the screen then takes."""
    line = one_line(["join", "127.0.0.1", "K7QF", *argv], capsys)
    assert line.startswith("yaniv join: ") and fix in line and "expected one argument" not in line, line
    assert no_screen == []
    assert main(["join", "127.0.0.1", "K7QF", fix]) == 0 and len(no_screen) == 1


def test_a_dashed_name_the_name_rule_refuses_is_told_so_not_how_to_give_it(
    capsys: pytest.CaptureFixture[str], no_screen: list[object]
) -> None:
    line = one_line(["join", "127.0.0.1", "K7QF", "--name", "-" + "x" * 20], capsys)
    assert line.startswith("yaniv join: ") and "too long" in line and "--name=" not in line, line
    assert no_screen == []


def test_a_flag_after_name_is_not_taken_for_a_name(capsys: pytest.CaptureFixture[str], no_screen: list[object]) -> None:
    line = one_line(["join", "127.0.0.1", "K7QF", "--name", "--quiet"], capsys)
    assert line.startswith("yaniv join: ") and "--name=" not in line and "--name" in line, line
    assert no_screen == []


def test_join_with_good_arguments_opens_the_screen(no_screen: list[object]) -> None:
    assert main(["join", "127.0.0.1:7777", "k7qf", "--name", " Noa "]) == 0
    assert len(no_screen) == 1


def test_join_with_an_address_alone_opens_the_join_screen_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """What `yaniv host --ssh` runs for an SSH session: the address filled in, the code left to type. Before: one
    line, "give the room code after the address"."""
    started: list[JoinRequest] = []

    def run_app(*args: object, joining: JoinRequest, **kwargs: object) -> int:
        started.append(joining)
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    assert main(["join", "localhost:7777", "--name=Noa"]) == 0
    [request] = started
    assert (request.address, request.code, request.name) == ("localhost:7777", "", "Noa")


def test_watch_with_good_arguments_opens_the_screen_to_watch(monkeypatch: pytest.MonkeyPatch) -> None:

    asked: list[JoinRequest] = []

    def run_app(*args: object, joining: JoinRequest, **kwargs: object) -> int:
        asked.append(joining)
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    assert main(["watch", "127.0.0.1:7777", "k7qf"]) == 0
    (request,) = asked
    assert request.watch and request.watcher is not None
    assert (request.address, request.code, request.name) == ("127.0.0.1:7777", "K7QF", "")
    assert main(["join", "127.0.0.1:7777", "k7qf"]) == 0
    assert not asked[1].watch and asked[1].watcher is not None  # the join screen may watch instead
    assert main(["watch", "127.0.0.1:7777"]) == 0  # as with join, the screen asks for the code
    assert asked[2].watch and (asked[2].address, asked[2].code) == ("127.0.0.1:7777", "")


@pytest.mark.parametrize(
    ("players", "said"),
    [
        ("Ann\nBob,bot:easy", "control character (\\n)"),
        ("Ann\tBob,bot:easy", "control character (\\t)"),
        ("Ann,bot:", "bot: needs a level"),
        ("Ann,bot::Zoe", "bot: needs a level"),
    ],
)
def test_players_refuses_control_characters_and_an_empty_level(
    players: str, said: str, capsys: pytest.CaptureFixture[str], no_screen: list[object]
) -> None:
    """Before: a newline or tab became a space, and `bot:` a bot of the default level."""
    line = one_line(["--players", players], capsys)
    assert line.startswith("yaniv: ") and said in line
    assert one_line(["host", "--players", players.replace("Ann", "remote:Ann", 1)], capsys).count(said) == 1
    assert no_screen == []


def test_players_still_takes_a_bot_without_a_level() -> None:
    seats = parse_players("Ann,bot,bot:easy:Zoe")
    assert [seat.name for seat in seats][::2] == ["Ann", "Zoe"]
    with pytest.raises(OptionsError, match="control character"):
        parse_players("Ann\r,bot")


@pytest.mark.parametrize("seats", ["", " ", ","])
def test_sim_refuses_empty_seats(seats: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: `--seats ''` ran the default 100 games."""
    line = one_line(["sim", "--seats", seats, "--games", "1"], capsys)
    assert line.startswith("yaniv sim: --seats") and "easy" in line


async def test_the_join_screen_shows_only_printable_text_of_what_it_was_given() -> None:
    """Before: an escape in the name given to the join screen went to the terminal raw."""
    from textual.widgets import Input

    from yaniv_tui.table.remote import JoinRequest
    from yaniv_tui.tui.app import YanivApp
    from yaniv_tui.tui.screens.join import JoinScreen

    async def joiner(address: str, code: str, name: str | None) -> NoReturn:

        await asyncio.Event().wait()  # still joining while the fields are read
        raise AssertionError("never set")

    request = JoinRequest(joiner, address="127.0.0.1\x07", code="K7\x1bQF", name="\x1b[31mRed\u202e")
    app = YanivApp(joining=request)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(50):  # the join screen comes up once the app has started
            if isinstance(app.screen, JoinScreen):
                break
            await pilot.pause()
        values = [app.screen.query_one(f"#join-{field}", Input).value for field in ("address", "code", "name")]
    assert values == ["127.0.0.1", "K7QF", "[31mRed"]


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("W" * 10_000, "'" + "W" * 40 + "'... (10000 characters) is too long"),
        ("W" * 30 + "\x1b" + "W" * 10_000, "'" + "W" * 30 + "\\x1bWWWWWWWWW'... (10031 characters) has a control"),
    ],
    ids=["long", "long with a control character"],
)
def test_a_name_of_ten_thousand_characters_is_cut_in_its_line(
    name: str, says: str, capsys: pytest.CaptureFixture[str], no_screen: list[object]
) -> None:
    """Before: `--players` quoted the whole name back, a line of 10,000 characters."""
    line = one_line(["--players", f"{name},bot:easy"], capsys)
    assert line.startswith(f"yaniv: the name {says}") and len(line) < 200, line
    assert not no_screen


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", f"{STACKED},bot:easy"],
        ["--players", f"Ann,bot:easy:{STACKED}"],
        ["host", "--players", f"Ann,remote:{STACKED}"],
        ["join", "127.0.0.1", "K7QF", "--name", STACKED],
    ],
    ids=["a person", "a bot", "a remote seat", "join"],
)
def test_a_name_with_more_accents_on_a_letter_than_a_cell_shows_is_refused_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str], no_screen: list[object]
) -> None:
    """Before: the name was taken (one cell wide by the measure, 501 characters) and the table began with it."""
    line = one_line(argv, capsys)
    assert "accents on one letter: a name takes at most 4 on a letter" in line, line
    assert most_marks_on_a_letter(line) <= 4 and len(line) < 200, line
    assert not no_screen


def test_a_name_with_a_few_accents_on_a_letter_is_still_taken() -> None:
    """Scripts that stack marks on a letter (Vietnamese typed decomposed, Thai's vowel and tone, Hebrew's points,
    Tibetan's stacked letters) keep their names."""
    names = ["Nguye\u0302\u0303n", "\u0e17\u0e35\u0e48", "\u05e9\u05bc\u05c1\u05b8", "\u0f66\u0f92\u0fb2\u0f74\u0f56"]
    assert [seat.name for seat in parse_players(",".join(names))] == [unicodedata.normalize("NFC", n) for n in names]
