"""`yaniv host`, `join`, `watch` and `serve`: their flags, and one line with exit status 2 for a bad one."""

from __future__ import annotations

from pathlib import Path

import pytest

from yaniv_tui.cli import main
from yaniv_tui.cli.parser import parse
from yaniv_tui.table.options import parse_players


def test_the_help_lists_host_join_watch_and_serve(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(command in out for command in ("host", "join", "watch", "serve"))


def test_host_takes_the_play_flags_and_its_own() -> None:
    args = parse(
        ["host", "--players", "Ann,remote,remote:Noa,bot:hard", "--port", "0", "--public", "--away-bot", "easy"]
    )
    assert (args.command, args.port, args.public, args.away_bot, args.away_after) == ("host", 0, True, "easy", None)
    assert parse(["host", "--away-bot", "easy", "--away-after", "30"]).away_after == 30.0
    assert not args.headless
    defaults = parse(["host"])
    assert (defaults.port, defaults.public) == (None, False)  # 7777, or where a resumed table listened
    assert defaults.trust_proxy is None
    assert parse(["host", "--trust-proxy", " ::1 "]).trust_proxy == "::1"


def test_remote_seats_are_named_player_n_unless_given() -> None:
    seats = parse_players("Ann,remote,remote:Noa,bot:hard")
    assert [(s.kind, s.name) for s in seats] == [
        ("human", "Ann"),
        ("remote", "Player 2"),
        ("remote", "Noa"),
        ("bot", seats[3].name),
    ]


def test_join_takes_an_address_a_code_and_a_name() -> None:
    args = parse(["join", "192.168.1.20:7777", "K7QF", "--name", "Noa"])
    assert (args.address, args.code, args.name) == ("192.168.1.20:7777", "K7QF", "Noa")
    bare = parse(["join"])
    assert (bare.address, bare.code) == (None, None)


def test_watch_takes_an_address_and_a_code() -> None:
    args = parse(["watch", "192.168.1.20:7777", "K7QF", "--ascii"])
    assert (args.command, args.address, args.code, args.ascii) == ("watch", "192.168.1.20:7777", "K7QF", True)
    bare = parse(["watch"])
    assert (bare.address, bare.code) == (None, None)


def test_serve_takes_a_port() -> None:
    assert parse(["serve"]).port == 8000
    assert parse(["serve", "--port", "8080"]).port == 8080


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["host", "--port", "x"], "--port: takes a whole number"),
        (["host", "--port", "70000"], "is a port from 1 to 65535"),
        (["host", "--away-bot", "genius"], "--away-bot"),
        (["host", "--away-after", "-1"], "from 0 to 3600 seconds"),
        # Without an away bot nothing plays an away player's turn, so how long it waits would be a flag doing nothing.
        (["host", "--players", "Ann,remote", "--away-after", "30"], "--away-after goes with --away-bot"),
        (["host", "--trust-proxy", "proxy.local"], "--trust-proxy: is the proxy's IP address"),
        (["host", "--trust-proxy", "300.1.1.1"], "--trust-proxy: is the proxy's IP address"),
        (["host", "--players", "Ann,Bob,bot:easy"], "no seat is remote"),
        (["host", "--headless"], "--headless has no setup screen"),
        (["--players", "Ann,remote"], "open the table with 'yaniv host'"),
        (["join", "127.0.0.1", "K7-F"], "a room code is letters and digits"),
        (["serve", "--port", "-3"], "is a port"),
        # The page's address is said before it serves: a free port picked then could not be told.
        (["serve", "--port", "0"], "--port: is a port from 1 to 65535 (the page's address is said before"),
        (["join", "a", "b", "c"], "unrecognized arguments"),
        (["watch", "127.0.0.1:99999", "K7QF"], "no port 99999"),
        (["watch", "127.0.0.1", "K7-QF"], "a room code is letters and digits"),
        (["watch", "127.0.0.1", "K7QF", "--name", "Noa"], "unrecognized arguments: --name Noa"),
        (["host", "--no-watchers=yes"], "--no-watchers"),
    ],
)
def test_a_bad_flag_is_one_line_and_exit_status_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refused_in_one_line(argv, said, capsys, tmp_path, monkeypatch)


def refused_in_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`yaniv ARGV` exits with status 2 and one line holding `said`, its folders in `tmp_path`."""
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1, err


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--key", "key.pem"], "--key goes with --cert"),
        (["--cert", "no-such-cert.pem"], "--cert no-such-cert.pem: cannot be used as a TLS certificate"),
        # A path's control characters reach the terminal escaped, as every other path in a line does.
        (["--cert", "\x1b[2Jcert.pem\x07"], "--cert \\x1b[2Jcert.pem\\x07: cannot be used as a TLS certificate"),
        (["--cert", __file__, "--key", "\x1b[2Jkey.pem"], "--key \\x1b[2Jkey.pem: cannot be used as a TLS"),
    ],
)
def test_a_certificate_that_cannot_serve_is_one_line(
    flags: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["host", "--players", "Ann,remote", "--headless", *flags]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("yaniv host: ") and said in err[0], err
    assert "\x1b" not in err[0] and "\x07" not in err[0]


def test_trust_proxy_reaches_the_tables_host() -> None:
    from yaniv_tui.cli.host import host_factory
    from yaniv_tui.engine import Game, Seat, load_ruleset

    seats = (Seat.remote("Ann"), Seat.bot("easy", "Bot"))
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bot"], seed=1)
    made = host_factory(parse(["host", "--trust-proxy", "127.0.0.1"]))(game, seats, "no-such-game")
    assert made.trust_proxy == "127.0.0.1"
    assert host_factory(parse(["host"]))(game, seats, "no-such-game").trust_proxy is None


def test_no_watchers_reaches_the_tables_host() -> None:
    from yaniv_tui.cli.host import host_factory
    from yaniv_tui.engine import Game, Seat, load_ruleset

    seats = (Seat.remote("Ann"), Seat.bot("easy", "Bot"))
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bot"], seed=1)
    assert not host_factory(parse(["host", "--no-watchers"]))(game, seats, "no-such-game").allow_watchers
    assert host_factory(parse(["host"]))(game, seats, "no-such-game").allow_watchers


def test_only_a_host_with_a_screen_says_its_seats_can_be_opened() -> None:
    # A headless host has no `t` (its seats screen): the table it makes tells a joiner no seat can be opened.
    from yaniv_tui.cli.host import host_factory
    from yaniv_tui.engine import Game, Ruleset, Seat

    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    for flags, opens in ((["--headless"], False), ([], True)):
        make = host_factory(parse(["host", "--players", "remote:Ann,bot:easy", "--port", "0", *flags]))
        host = make(Game.new(Ruleset(), ["Ann", "Bot"], seed=1), seats, "0" * 32)
        assert host.opens_seats is opens, flags


def test_a_headless_table_no_bot_plays_for_a_player_who_leaves_says_so_at_its_start() -> None:
    # With no screen there is no `t` to hand a seat to a bot: a player who leaves holds the table up until they are
    # back, unless --away-bot or the turn clock plays for them. That is said once, at the start, with the flags. The
    # clock times only a seat someone holds: a seat nobody has taken holds a timed table up until someone joins it
    # (before, nothing was said of it, and the clock ran out on the empty seat).
    from yaniv_tui.cli.host import HELD_UP, HELD_UP_UNTAKEN, held_up_line, host_factory
    from yaniv_tui.engine import Game, Ruleset, Seat
    from yaniv_tui.engine.clock import TurnClock

    seats = [Seat.remote("Ann"), Seat.bot("easy", "Bot")]
    game = Game.new(Ruleset(), ["Ann", "Bot"], seed=1)
    for flags, clock, said in (
        ([], TurnClock(None), HELD_UP),
        (["--away-bot", "easy"], TurnClock(None), None),
        (["--away-bot", "easy"], TurnClock(30), None),
        ([], TurnClock(30), HELD_UP_UNTAKEN),
    ):
        host = host_factory(parse(["host", "--headless", "--port", "0", *flags]))(game, seats, "0" * 32)
        line = held_up_line(host, clock)
        assert line == said, (flags, line)
        if line is not None:
            assert "--away-bot" in line and "\n" not in line, line
    assert "--turn-seconds" in HELD_UP and "nobody has taken" in HELD_UP_UNTAKEN
