"""A name read from the history is shown as no yaniv-tui would refuse to show it: a hand at the database (or another
program) may have written one of 10,000 cells, or a letter under 500 accents, which `yaniv stats` and
`yaniv stats --games` printed whole (hundreds of lines)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from playing import play

from yaniv_tui.engine import SAVED_NAME, Game, Seat, load_ruleset, name_cells
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("田" * 10_000, "田" * (SAVED_NAME // 2) + "… (10000 characters)"),
        ("W" * 10_000, "W" * SAVED_NAME + "… (10000 characters)"),
        ("a" + "\u0301" * 500, "a" + "\u0301" * 4 + "… (501 characters)"),
    ],
    ids=["wide", "long", "stacked accents"],
)
def test_a_name_no_yaniv_wrote_is_shown_cut_with_its_length(tmp_path: Path, name: str, shown: str) -> None:
    path = tmp_path / "history.sqlite3"
    seats = (Seat.person("Dana"), Seat.bot("medium", "Ben"))
    with History(path) as history:
        game = play(Game.new(load_ruleset("israeli"), [seat.name for seat in seats], seed=3))
        assert history.record(game, SaveMeta(seats, game_id="hand0001"))
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE seats SET name = ? WHERE name = 'Dana'", (name,))
    with History(path, create=False) as history:
        (row,) = history.games()
        players = [player for player in history.stats() if player.name == name]
    assert row.players_text().lstrip("★").startswith(f"{shown} "), row.players_text()[:200]
    (player,) = players
    assert player.cells()[0] == shown
    assert name_cells(player.cells()[0]) <= SAVED_NAME + 20


def test_a_name_a_yaniv_wrote_is_shown_as_it_is(tmp_path: Path) -> None:
    """The widest name a save holds (24 田) is shown whole, and a control character an old file kept escaped."""
    path = tmp_path / "history.sqlite3"
    seats = (Seat.person("Dana"), Seat.bot("medium", "Ben"))
    with History(path) as history:
        game = play(Game.new(load_ruleset("israeli"), [seat.name for seat in seats], seed=3))
        assert history.record(game, SaveMeta(seats, game_id="hand0001"))
    for name, shown in (("田" * (SAVED_NAME // 2), "田" * (SAVED_NAME // 2)), ("Dan\x1ba", "Dan\\x1ba")):
        with closing(sqlite3.connect(path)) as db, db:
            db.execute("UPDATE seats SET name = ? WHERE seat = 0", (name,))
        with History(path, create=False) as history:
            assert [player.cells()[0] for player in history.stats() if player.name == name] == [shown]
