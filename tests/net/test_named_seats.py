"""A remote seat its host named (`yaniv host --players "Ann,remote:Noa,remote"`) waits for that name: a joiner with
no name, or another, takes an unnamed seat, or is told in one line that the free seats wait for their names; and
the names the host chose outlive `yaniv host --resume`."""

from __future__ import annotations

from pathlib import Path

import pytest
from netplay import joined

from yaniv_tui.cli.host import host_factory
from yaniv_tui.cli.parser import parse
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.net import TableHost
from yaniv_tui.net.client import JoinError
from yaniv_tui.net.protocol import MAX_LINE, named_seats_free
from yaniv_tui.store import SaveMeta, read_save, save_path
from yaniv_tui.table.hosted import HostedSession
from yaniv_tui.table.options import GameOptions, parse_players

pytestmark = pytest.mark.slow

PLAYERS = "Ann,remote:Noa,remote"


def hosted(game_id: str, players: tuple[str, ...] | None = None) -> tuple[TableHost, HostedSession]:
    """The table `yaniv host --players PLAYERS` makes (its host made as the command makes it, on a free port), for
    the game `game_id`: a new one, or with `players` its names as a save gave them back."""
    args = parse(["host", "--players", PLAYERS])
    args.port = 0
    seats = parse_players(PLAYERS)
    if players is not None:
        seats = tuple(seat.named(name) for seat, name in zip(seats, players, strict=True))
    rules = load_ruleset("israeli")
    game = Game.new(rules, [seat.name for seat in seats], seed=1)
    host = host_factory(args)(game, seats, game_id)
    meta = SaveMeta(seats, game_id=game_id)
    return host, HostedSession(GameOptions(rules, seats, seed=1, bot_delay=0.0), game=game, host=host, meta=meta)


async def refused(host: TableHost, folder: Path, name: str | None) -> str:
    with pytest.raises(JoinError) as error:
        await joined(host, folder, f"refused-{name}", name=name)
    line = str(error.value)
    assert "\n" not in line and len(line) <= MAX_LINE
    return line


async def test_a_seat_the_host_named_waits_for_its_name_and_another_takes_the_unnamed_one(tmp_path: Path) -> None:
    """Before: the first joiner, whatever their name (or none), took the seat the host named for Noa."""
    host, session = hosted("named-seats")
    await host.start()
    try:
        anyone = await joined(host, tmp_path, "anyone")  # no --name
        assert anyone.seat == 2
        line = await refused(host, tmp_path, "Ben")
        assert "Noa" in line and "join as Noa" in line, line
        line = await refused(host, tmp_path, None)
        assert "Noa" in line, line
        noa = await joined(host, tmp_path, "noa", name="noa")  # a name's case does not count
        assert noa.seat == 1
        await anyone.close()
        await noa.close()
    finally:
        await host.stop()
        session.close()


async def test_the_names_the_host_chose_outlive_host_resume(tmp_path: Path) -> None:
    """Before: the table file kept no mark of them, and a table resumed seated anyone at Noa's seat."""
    host, session = hosted("named-resumed")
    session.watch(lambda event: None)  # as the table's runner does: a joiner's name names the seat in the game
    await host.start()
    try:
        ben = await joined(host, tmp_path, "ben", name="Ben")  # takes the unnamed seat, and names it
        assert ben.seat == 2
        session.write()  # as the table saves after each change
        await ben.close()
    finally:
        await host.stop()
        session.close()
    players = read_save(save_path("named-resumed")).game.players
    assert players == ("Ann", "Noa", "Ben")
    again, resumed = hosted("named-resumed", players)
    await again.start()
    try:
        line = await refused(again, tmp_path, "Cy")
        assert "Noa" in line, line
        noa = await joined(again, tmp_path, "noa", name="Noa")
        assert noa.seat == 1
        await noa.close()
    finally:
        await again.stop()
        resumed.close()


async def test_a_named_seat_its_host_opens_waits_for_anyone(tmp_path: Path) -> None:
    """The refusal says to ask the host to open a seat: opening a named seat nobody took lets anyone take it."""
    host, session = hosted("named-opened")
    await host.start()
    try:
        anyone = await joined(host, tmp_path, "anyone")
        assert "Noa" in await refused(host, tmp_path, "Ben")
        assert host.open_seat(1) is None
        assert host.open_seat(1) == "seat 2 is open already: it waits for someone to join"
        ben = await joined(host, tmp_path, "ben", name="Ben")
        assert ben.seat == 1 and host.names[1] == "Ben"
        await anyone.close()
        await ben.close()
    finally:
        await host.stop()
        session.close()


def test_the_line_of_the_free_seats_named_for_others_asks_for_a_seat_only_of_a_host_that_can_open_one() -> None:
    assert named_seats_free(["Noa"]).endswith("or ask the host to open a seat for you (t at their table)")
    assert named_seats_free(["Noa"], opens_seats=False).endswith("join as Noa if that is you")
    many = named_seats_free(["Noa", "Eli"], opens_seats=False)
    assert "Noa, Eli" in many and "one of them" in many
    longest = named_seats_free(["Ｗ" * 7] * 7)
    assert len(longest) <= MAX_LINE and "\n" not in longest


async def test_a_newcomer_with_no_name_at_an_opened_seat_is_not_called_by_its_last_players_name(tmp_path: Path) -> None:
    """Before: the seat kept the name of the player it was opened away from, and a newcomer who gave no name sat as
    them ("Ben" twice at one table in every log line; Ben, back, told "Ben is already at this table")."""
    host, session = hosted("opened-renamed")
    await host.start()
    try:
        ben = await joined(host, tmp_path, "ben", name="Ben")
        assert ben.seat == 2 and host.names[2] == "Ben"
        assert host.open_seat(2) is None
        newcomer = await joined(host, tmp_path, "newcomer")  # no --name
        assert newcomer.seat == 2
        assert host.names[2] == "Player 3"
        noa = await joined(host, tmp_path, "noa", name="Noa")
        assert host.open_seat(1) is None
        other = await joined(host, tmp_path, "other")  # the named seat, opened, waits for anyone: not as Noa
        assert other.seat == 1 and host.names[1] == "Player 2"
        for client in (newcomer, noa, other):
            await client.close()
    finally:
        await host.stop()
        session.close()
