"""One person is one row of the stats: a name saved decomposed (NFD, before names were kept composed), typed in
another case or width, is the same person by `engine.names.name_key`, and the history keeps each name as saved."""

from __future__ import annotations

import contextlib
import io
import sqlite3
import unicodedata
from pathlib import Path

from rich.console import Console

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli.listings import print_stats
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import Seat

SEATS = (Seat.person(), Seat.bot("medium"))
COMPOSED = "Zoé"
#: How the one person's name reached the history over the years: decomposed by an old version (the accent a mark of
#: its own), composed, in capitals, and in full-width letters.
SPELLINGS = (unicodedata.normalize("NFD", COMPOSED), COMPOSED, "ZOÉ", "Ｚｏé")


def _play(history: History, key: str, seed: int) -> Game:
    game = Game.new(load_ruleset("israeli"), ("Zoe placeholder", "Bot"), seed=seed)
    bot = MediumBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current)))
        assert history.record(game, SaveMeta(SEATS, game_id=key))
    return game


def _history_of_spellings(path: Path) -> list[Game]:
    """A history with one finished game for each spelling, the person's seat named as an old version saved it."""
    with History(path) as history:
        games = [_play(history, f"g{i}", seed=i + 1) for i in range(len(SPELLINGS))]
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        for i, spelling in enumerate(SPELLINGS):
            db.execute(
                "UPDATE seats SET name = ? WHERE seat = 0 AND game_id = (SELECT id FROM games WHERE game_key = ?)",
                (spelling, f"g{i}"),
            )
    return games


def _names_kept(path: Path) -> list[str]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return [str(row[0]) for row in db.execute("SELECT name FROM seats WHERE seat = 0 ORDER BY game_id")]


def test_one_person_under_every_spelling_is_one_row_of_stats(tmp_path: Path) -> None:
    """Before: four rows, one for each spelling, each with one game."""
    path = tmp_path / "h.sqlite3"
    games = _history_of_spellings(path)
    with History(path) as history:
        stats = history.stats()
        versus = history.versus()
    people = [row for row in stats if row.playing_as == "human"]
    assert len(people) == 1, people
    person = people[0]
    assert person.games == len(SPELLINGS)
    assert person.wins == sum(0 in game.winners for game in games)
    assert person.rounds == sum(1 for game in games for score in game.history if score.hands[0] is not None)
    assert person.points == sum(score.added[0] or 0 for game in games for score in game.history)
    assert person.name == SPELLINGS[-1]  # as the newest game has it
    assert [(row.level, row.games) for row in versus] == [("medium", len(SPELLINGS))]
    assert versus[0].wins == person.wins and versus[0].points == person.points
    assert _names_kept(path) == list(SPELLINGS)  # nothing rewritten


def test_yaniv_stats_prints_the_person_once(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    _history_of_spellings(path)
    out = io.StringIO()
    assert print_stats(path, Console(file=out, width=150, color_system=None)) == 0
    rows = [line for line in out.getvalue().splitlines() if "Ｚｏé" in line]
    assert len(rows) == 2, out.getvalue()  # the players' table and the one against each bot level
    assert not any(spelling in out.getvalue() for spelling in SPELLINGS[:3])


def test_a_ruleset_filter_counts_the_person_once_too(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    _history_of_spellings(path)
    with History(path) as history:
        people = [row for row in history.stats("israeli") if row.playing_as == "human"]
    assert [(row.name, row.games) for row in people] == [(SPELLINGS[-1], len(SPELLINGS))]


def test_two_people_whose_names_differ_stay_two(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    _history_of_spellings(path)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "UPDATE seats SET name = 'Zoë' WHERE seat = 0 AND game_id = (SELECT id FROM games WHERE game_key = 'g0')"
        )
    with History(path) as history:
        people = sorted((row.name, row.games) for row in history.stats() if row.playing_as == "human")
    assert people == sorted([("Zoë", 1), (SPELLINGS[-1], 3)])


def test_one_person_at_two_seats_of_an_old_game_counts_that_game_once(tmp_path: Path) -> None:
    """An old version seated 'Ann' and 'ANN' at one table: one person by the name's key, whose games and wins count
    that game once (before the fix of the rows: two games, and a win twice over for a shared one)."""
    path = tmp_path / "h.sqlite3"
    seats = (Seat.person(), Seat.person(), Seat.bot("medium"))
    game = Game.new(load_ruleset("israeli"), ("Ann", "ANN", "Bot"), seed=5)
    bot = MediumBot()
    with History(path) as history:
        while not game.is_over:
            game.apply(bot.choose(game.view(game.current)))
            assert history.record(game, SaveMeta(seats, game_id="old"))
        (person,) = [row for row in history.stats() if row.playing_as == "human"]
        (against,) = history.versus()
    won = int(bool({0, 1} & set(game.winners)))
    assert (person.games, person.wins) == (1, won)
    assert (against.games, against.wins) == (1, won)
