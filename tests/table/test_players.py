"""The session asks every seat's player for its action the same way: a bot, a human at the screen, and a remote
seat that this yaniv refuses in one line rather than crashing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import SaveError, SaveMeta, read_save, save_game
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.players import BotPlayer, LocalHuman, SeatNotPlayable, make_player
from yaniv_tui.table.session import Session


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def options(*seats: Seat) -> GameOptions:
    return GameOptions(load_ruleset("israeli"), seats, seed=3, bot_delay=0.0)


def test_each_seat_gets_the_player_of_its_kind() -> None:
    session = Session(options(Seat.person("Ann"), Seat.bot("medium", "Dana"), Seat.bot("easy", "Avi")))
    try:
        assert [type(p) for p in session.players] == [LocalHuman, BotPlayer, BotPlayer]
        assert [session.at_screen(s) for s in range(3)] == [True, False, False]
        assert [seat.is_bot for seat in session.options.seats] == [False, True, True] and session.humans == [0]
    finally:
        session.close(remove=True)


def test_a_bots_seat_answers_as_its_bot_would() -> None:
    session = Session(options(Seat.bot("medium", "Dana"), Seat.bot("medium", "Avi")))
    try:
        seat = session.game.current
        expected = MediumBot().choose(session.game.view(seat))
        assert asyncio.run(session.next_action(seat)) == expected
    finally:
        session.close(remove=True)


def test_a_human_at_the_screen_is_played_by_the_screen_not_asked() -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=1)
    human = make_player(Seat.person("Ann"), seed=1)
    assert isinstance(human, LocalHuman) and human.at_screen
    with pytest.raises(RuntimeError, match="Ann plays at this screen"):
        asyncio.run(human.action(game.view(game.current)))


def test_a_remote_seat_is_refused_in_one_line(data_dir: Path) -> None:
    with pytest.raises(SeatNotPlayable, match="Eli plays from another machine"):
        make_player(Seat.remote("Eli"), seed=1)
    game = Game.new(load_ruleset("israeli"), ["Ann", "Eli"], seed=1)
    path = save_game(game, SaveMeta((Seat.person(), Seat.remote())))
    with pytest.raises(SaveError, match="played from another machine"):
        Session.resumed(read_save(path))
