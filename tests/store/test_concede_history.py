"""A person who conceded: the game is never their win however it is recorded (at once, or at the next start), the
rounds a bot played for them are not theirs, the round they left in is kept in the save and the history, and
older saves and databases still read, with nothing lost."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import History, SaveMeta, history_path, record_pending, save_game
from yaniv_tui.store.meta import MetaError, meta_to_dict, read_meta
from yaniv_tui.store.schema import SCHEMA_VERSION

OLD_HISTORY = Path(__file__).parent / "data" / "history-v2.sqlite3"


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))


def won_by_seat_0() -> Game:
    """israeli, seed 2, each seat playing its first legal action: seat 0 wins after 12 rounds."""
    game = Game.new(load_ruleset("israeli"), ["You", "Ann"], seed=2)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.winners == (0,) and len(game.history) == 12
    return game


def seat_rows() -> list[tuple[int, int, int]]:
    with sqlite3.connect(history_path()) as db:
        return db.execute("SELECT seat, winner, hints FROM seats ORDER BY seat").fetchall()


def test_a_finished_game_recorded_at_the_next_start_keeps_who_conceded_and_the_hints() -> None:
    """Before: record_pending left out the meta's hints and conceded seats: "You" won, with no hint."""
    game = won_by_seat_0()
    seats = (Seat.person("You"), Seat.bot("medium", "Ann"))
    save_game(game, SaveMeta(seats, conceded=(0,), hints=(3, 0)))
    assert any("recorded in it now" in line for line in record_pending())
    assert seat_rows() == [(0, 0, 3), (1, 0, 0)]
    with History() as history:
        you = next(s for s in history.stats() if s.name == "You")
        assert (you.games, you.wins, you.hinted_wins) == (1, 0, 0)


def test_the_rounds_from_the_one_a_person_conceded_in_are_not_theirs() -> None:
    """Before: every round of the seat went into the person's record, the bot's calls and points too."""
    game = won_by_seat_0()
    seats = (Seat.person("You"), Seat.bot("easy", "Ann"))
    meta = SaveMeta(seats, game_id="g").concede(0, 3)  # played rounds 1 and 2, left in round 3
    with History() as history:
        assert history.record(game, meta)
        you = next(s for s in history.stats() if s.name == "You")
        first_two = game.history[:2]
        assert (you.games, you.wins, you.rounds) == (1, 0, 2)
        assert you.points == sum(r.added[0] or 0 for r in first_two)
        assert you.calls == sum(r.caller == 0 for r in first_two) == 1
        (versus,) = history.versus()
        assert (versus.name, versus.level, versus.games, versus.wins, versus.rounds) == ("You", "easy", 1, 0, 2)
        ann = next(s for s in history.stats() if s.name == "Ann")
        assert ann.rounds == 12  # a bot's own seat is untouched
    with sqlite3.connect(history_path()) as db:
        assert db.execute("SELECT seat, conceded_round FROM seats ORDER BY seat").fetchall() == [(0, 3), (1, None)]


def test_the_round_a_seat_conceded_in_is_saved_and_read_back_and_older_saves_still_load() -> None:
    seats = (Seat.person("Ann"), Seat.person("Bea"), Seat.bot("easy", "Cy"))
    names = ("Ann", "Bea", "Cy")
    meta = SaveMeta(seats, game_id="g1", started_at="2026-12-01T09:30:00+00:00").concede(1, 4).concede(0, 6)
    assert (meta.conceded, meta.conceded_in) == ((1, 0), (4, 6))
    assert (meta.conceded_round(0), meta.conceded_round(1), meta.conceded_round(2)) == (6, 4, None)
    data = meta_to_dict(meta)
    assert (data["conceded"], data["conceded_in"]) == ([1, 0], [4, 6])
    assert read_meta(data, names, 2) == meta
    # Written by main before the round was kept: the seats only. The round is taken as the first, so no round
    # a bot played is ever counted as the person's.
    old = {key: value for key, value in data.items() if key != "conceded_in"}
    read = read_meta(old, names, 2)
    assert read.conceded == (1, 0) and read.conceded_round(0) == read.conceded_round(1) == 1
    assert read.concede(0, 9) is read and read.concede(2, 9).conceded_in == (1, 1, 9)
    # Written before there was any conceding at all.
    del old["conceded"]
    assert read_meta(old, names, 2).conceded == ()
    bad: object
    for bad in ([4], [0, 6], ["4", 6], [4, 6, 7], {}):
        with pytest.raises(MetaError, match="conceded_in"):
            read_meta({**data, "conceded_in": bad}, names, 2)


def test_a_history_from_before_gains_the_conceded_round_with_nothing_lost(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    shutil.copyfile(OLD_HISTORY, path)
    with sqlite3.connect(path) as db:
        before = db.execute("SELECT * FROM seats ORDER BY game_id, seat").fetchall()
        rounds_before = db.execute("SELECT * FROM round_seats ORDER BY game_id, round_no, seat").fetchall()
    with History(path) as history:
        assert history.problem is None and history.notice is None
        assert history.games_played() == 3
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
        after = db.execute("SELECT * FROM seats ORDER BY game_id, seat").fetchall()
        assert [row[:-2] for row in after] == before  # hints and conceded_round come last
        assert {row[-2:] for row in after} == {(0, None)}
        assert db.execute("SELECT * FROM round_seats ORDER BY game_id, round_no, seat").fetchall() == rounds_before
