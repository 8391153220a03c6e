"""One Seat type in the saves and the history: old saves still load, and a remote player's seat round-trips."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from yaniv_tui.engine import BOT_LEVELS, Seat
from yaniv_tui.store import History, SaveError, SaveMeta, UndoStack, claim_game, read_save, save_game, save_path
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.store.saves import SAVE_VERSION

from .helpers import new_game, play

#: A save written by yaniv-tui before seats had kinds (save version 1): a game of Ann against two bots.
V1_SAVE = Path(__file__).parent / "data" / "save-v1.json"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    return folder


def test_a_seat_is_a_human_a_bot_of_a_level_or_a_remote_player() -> None:
    assert Seat.person("Ann").describe() == "human" and Seat.person("Ann").is_human
    assert Seat.bot("hard", "Dana").describe() == "hard bot" and Seat.bot("hard").is_bot
    assert Seat.remote("Eli").describe() == "remote" and not Seat.remote("Eli").is_human
    bad: Callable[[], Seat]
    for bad in (lambda: Seat.bot("godlike"), lambda: Seat("human", "Ann", "easy"), lambda: Seat("ghost")):  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            bad()


def test_the_bots_make_every_level_a_seat_may_hold() -> None:
    from yaniv_tui.bots import LEVELS, make_bot

    assert tuple(LEVELS) == BOT_LEVELS
    for level in BOT_LEVELS:
        make_bot(level, seed=1, samples=4)


def test_a_version_1_save_still_loads_with_its_seats_named_after_the_game(data_dir: Path) -> None:
    document = json.loads(V1_SAVE.read_text())
    assert document["version"] == 1 and document["meta"]["seats"][0] == {"human": True, "level": None}
    saved = read_save(V1_SAVE)
    assert saved.meta.seats == (Seat.person("Ann"), Seat.bot("medium", "Bea"), Seat.bot("easy", "Cy"))
    assert saved.meta.screen_seat == 0 and saved.meta.game_id == "v1save0001" and len(saved.undo) == 2
    # Resumed and saved again, it is written in today's layout and reads back the same.
    path = save_game(saved.game, saved.meta, saved.undo)
    again = read_save(path)
    assert json.loads(path.read_text())["version"] == SAVE_VERSION
    assert again.meta == saved.meta and game_to_dict(again.game) == game_to_dict(saved.game)


def test_a_version_1_save_is_resumed_by_yaniv(data_dir: Path) -> None:
    target = save_path("v1save0001")
    target.parent.mkdir(parents=True)
    shutil.copy(V1_SAVE, target)
    saved, lock = claim_game("v1save0001")
    try:
        assert saved.names == ("Ann", "Bea", "Cy") and saved.meta.humans == (0,)
    finally:
        assert lock is not None
        lock.release(remove=True)


def test_each_kind_of_seat_is_written_by_its_kind(data_dir: Path) -> None:
    seats = (Seat.person("Player 1"), Seat.bot("expert", "Player 2"), Seat.remote("Player 3"))
    path = save_game(new_game(players=3), SaveMeta(seats, screen_seat=0))
    written = json.loads(path.read_text())["meta"]["seats"]
    assert written == [{"kind": "human"}, {"kind": "bot", "level": "expert"}, {"kind": "remote"}]
    assert read_save(path).meta.seats == seats


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ({"kind": "alien"}, "meta.seats[1].kind: must be one of human, bot, remote"),
        ({"kind": "bot"}, "meta.seats[1].level: must be one of easy, medium, hard, expert"),
        ({"kind": "remote", "level": "easy"}, "meta.seats[1].level: a remote seat has no bot level"),
        ({"human": False, "level": "easy"}, "meta.seats[1].kind"),  # a version 1 seat in a version 2 save
    ],
)
def test_a_seat_that_is_not_one_is_a_one_line_error(data_dir: Path, seat: object, message: str) -> None:
    path = save_game(new_game(players=2), SaveMeta((Seat.person(), Seat.bot("easy"))))
    document = json.loads(path.read_text())
    document["meta"]["seats"][1] = seat
    path.write_text(json.dumps(document))
    with pytest.raises(SaveError, match=r"meta\.seats") as error:
        read_save(path)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_game_with_a_remote_seat_is_listed_but_not_taken_up_nor_undone(data_dir: Path) -> None:
    game = new_game(players=2)
    meta = SaveMeta((Seat.person("Player 1"), Seat.remote("Player 2")), screen_seat=0)
    undo = UndoStack()
    undo.checkpoint(game)
    save_game(game, meta, undo)
    assert undo.why_not(game, meta) == "undo is only for a game of one human against bots"
    with pytest.raises(SaveError, match="played from another machine"):
        claim_game(meta.game_id)


def test_the_history_records_each_kind_of_seat(tmp_path: Path) -> None:
    game = play(new_game(players=3, seed=2))
    assert game.is_over
    seats = (Seat.person("Player 1"), Seat.bot("hard", "Player 2"), Seat.remote("Player 3"))
    path = tmp_path / "history.sqlite"
    with History(path) as history:
        assert history.record(game, SaveMeta(seats, game_id="g1"))
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT name, human, level FROM seats ORDER BY seat").fetchall()
    assert rows == [("Player 1", 1, None), ("Player 2", 0, "hard"), ("Player 3", 0, None)]
