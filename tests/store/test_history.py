"""The history database: rounds and games recorded once, stats per player, and play goes on when it fails."""

from __future__ import annotations

import io
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli.listings import print_stats
from yaniv_tui.engine import Game
from yaniv_tui.store.history import MIGRATIONS, SCHEMA_VERSION, History, PlayerStats
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import Seat

from .helpers import new_game, play, rounds_recorded

NAMES = ("Ann", "Ben", "Cy")
SEATS = (Seat.person(), Seat.bot("medium"), Seat.bot("medium"))
#: A locked database may be another yaniv's (two terminals), not only another program's: said in words fitting both.
IN_USE = "in use by another program, perhaps another yaniv"


def play_recorded(history: History, key: str, seed: int, names: tuple[str, ...] = NAMES) -> Game:
    """A bot game recorded after every action, as the app does."""
    game = Game.new(new_game().rules, names, seed=seed)
    bot = MediumBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current)))
        assert history.record(game, SaveMeta(SEATS[: len(names)], game_id=key))
    return game


def expected_stats(games: list[Game]) -> dict[str, PlayerStats]:
    """The stats counted straight from the games' own round results (each name plays one kind of seat here)."""
    table: dict[str, dict[str, int]] = {}
    kinds: dict[str, str] = {}
    for game in games:
        for seat, name in enumerate(game.players):
            row = table.setdefault(
                name,
                dict.fromkeys(
                    ["games", "wins", "rounds", "points", "calls", "calls_won", "assafs_made", "assafs_suffered"], 0
                ),
            )
            kinds[name] = SEATS[seat].describe()
            row["games"] += 1
            row["wins"] += seat in game.winners
            for score in game.history:
                if score.hands[seat] is None:
                    continue
                row["rounds"] += 1
                row["points"] += score.added[seat] or 0
                row["assafs_made"] += seat in score.assafers
                if score.caller == seat:
                    row["calls"] += 1
                    row["calls_won"] += not score.assaf
                    row["assafs_suffered"] += score.assaf
    return {name: PlayerStats(name, kinds[name], hinted_wins=0, **row) for name, row in table.items()}


def test_a_new_database_is_created_at_the_latest_schema(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "history.sqlite3"
    with History(path) as history:
        assert history.problem is None and history.available
        assert history.stats() == []
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
        assert {"games", "seats", "rounds", "round_seats"} <= {
            row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }


def test_an_older_database_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with History(path) as history:
        first = play_recorded(history, "g1", seed=1)
    # Put the database back to version 1, as an older yaniv-tui left it.
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE records")
        db.execute("ALTER TABLE seats DROP COLUMN conceded_round")
        db.execute("ALTER TABLE seats DROP COLUMN hints")
        db.execute("DROP INDEX seats_by_name")
        db.execute("UPDATE schema_version SET version = 1")
    with History(path) as history:
        assert history.problem is None
        assert {s.name: s for s in history.stats()} == expected_stats([first])
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(len(MIGRATIONS),)]
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'seats_by_name'").fetchall()


def test_stats_count_games_wins_points_calls_and_assafs(tmp_path: Path) -> None:
    with History(tmp_path / "h.sqlite3") as history:
        games = [play_recorded(history, f"game-{seed}", seed) for seed in range(4)]
        games.append(play_recorded(history, "pair", 9, names=("Ann", "Dee")))
        stats = {s.name: s for s in history.stats()}
        assert history.games_played() == 5
    want = expected_stats(games)
    assert stats == want
    assert sum(s.wins for s in stats.values()) >= 5  # every game has a winner
    assert sum(s.calls for s in stats.values()) == sum(len(g.history) for g in games)
    assert any(s.assafs_made for s in stats.values()), "these seeds should hold an Assaf"


def test_recording_twice_or_after_a_resume_adds_nothing(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History(path) as history:
        game = play_recorded(history, "same", seed=3)
        history.record(game, SaveMeta(SEATS, game_id="same"))
    with History(path) as again:  # as after `yaniv --resume`
        again.record(game, SaveMeta(SEATS, game_id="same"))
        assert {s.name: s for s in again.stats()} == expected_stats([game])


def test_a_locked_database_is_reported_and_caught_up_later(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    History(path).close()
    game = play(new_game(players=3, seed=2), rounds=2)
    with History(path, timeout=0.05) as history:
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        assert history.record(game, SaveMeta(SEATS, game_id="k")) is False
        assert history.problem is not None and IN_USE in history.problem
        assert "\n" not in history.problem
        assert history.stats() == []
        holder.execute("COMMIT")
        holder.close()
        assert history.record(game, SaveMeta(SEATS, game_id="k")) is True
        assert history.problem is None
        assert rounds_recorded(history.path) == 2


def test_a_database_locked_from_the_start_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    History(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        history = History(path, timeout=0.05)
        assert not history.available
        # Before: "is locked by another program", though the other program is often another yaniv.
        assert history.problem == (
            f"history database {path} is in use by another program, perhaps another yaniv: finished games wait in "
            "their saves and are recorded once it is free (close the other, or try again later)"
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert history.available


def damage_version_text(db: sqlite3.Connection) -> None:
    db.execute("UPDATE schema_version SET version = 'two'")


def damage_version_table(db: sqlite3.Connection) -> None:
    db.execute("DROP TABLE schema_version")
    db.execute("CREATE TABLE schema_version (x TEXT)")
    db.execute("INSERT INTO schema_version VALUES ('?')")


def damage_rounds_table(db: sqlite3.Connection) -> None:
    db.execute("DROP TABLE round_seats")


def damage_seats_columns(db: sqlite3.Connection) -> None:
    db.execute("DROP TABLE seats")
    db.execute("CREATE TABLE seats (game_id INTEGER)")


@pytest.mark.parametrize(
    "damage",
    [damage_version_text, damage_version_table, damage_rounds_table, damage_seats_columns, None],
    ids=["version is text", "version table replaced", "a table dropped", "a table's columns lost", "garbage file"],
)
def test_a_damaged_database_is_moved_aside_and_a_new_one_started(
    tmp_path: Path, damage: Callable[[sqlite3.Connection], None] | None
) -> None:
    path = tmp_path / "h.sqlite3"
    if damage is None:
        path.write_bytes(b"this is not a database at all\x00\xff" * 200)
    else:
        with History(path) as history:
            play_recorded(history, "old", seed=1)
        with sqlite3.connect(path) as db:
            damage(db)
    before = path.read_bytes()
    game = play(new_game(players=3, seed=2), rounds=2)
    with History(path) as history:
        assert history.record(game, SaveMeta(SEATS, game_id="k")) is True  # never a crash at a round's end
        assert history.problem is None
        notice = history.notice or ""
        assert "damaged" in notice and "moved to" in notice and "new one" in notice and "\n" not in notice
        assert rounds_recorded(history.path) == 2
    asides = list(tmp_path.glob("h.sqlite3.damaged-*"))
    assert len(asides) == 1 and asides[0].read_bytes() == before and str(asides[0]) in notice


def test_a_database_from_a_newer_version_is_not_touched(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        db.execute("INSERT INTO schema_version VALUES (99)")
    history = History(path)
    assert "newer yaniv-tui" in (history.problem or "")
    assert history.stats() == []


def test_a_folder_that_cannot_be_made_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    history = History(blocker / "h.sqlite3")
    assert history.problem is not None and "cannot be opened" in history.problem
    # It names what is wrong: not "File exists", the reason the system gives for a folder it cannot make.
    assert history.problem.endswith(f"cannot be opened: {blocker} is not a folder"), history.problem
    deeper = History(blocker / "data" / "h.sqlite3")
    assert deeper.problem is not None
    assert deeper.problem.endswith(f"cannot be opened: {blocker} is not a folder"), deeper.problem


def test_yaniv_stats_prints_a_table(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History(path) as history:
        play_recorded(history, "g", seed=5)
    out = io.StringIO()
    assert print_stats(path, Console(file=out, width=120)) == 0
    text = out.getvalue()
    for name in NAMES:
        assert name in text
    assert "Yaniv calls" in text


def test_yaniv_stats_with_no_games(tmp_path: Path) -> None:
    out = io.StringIO()
    assert print_stats(tmp_path / "h.sqlite3", Console(file=out)) == 0
    assert "No games" in out.getvalue()


def test_yaniv_stats_on_a_damaged_database_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"garbage" * 100)
    out = io.StringIO()
    assert print_stats(path, Console(file=out)) == 0
    err = capsys.readouterr().err
    assert "damaged" in err and "moved to" in err and err.count("\n") == 1
    assert "No games" in out.getvalue()


def test_yaniv_stats_on_a_locked_database_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "h.sqlite3"
    History(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert print_stats(path, Console(file=io.StringIO())) == 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    err = capsys.readouterr().err
    assert IN_USE in err and err.count("\n") == 1
    assert not list(tmp_path.glob("*.damaged-*"))  # locked is not damaged


def test_recording_from_a_worker_thread_works(tmp_path: Path) -> None:
    import threading

    history = History(tmp_path / "h.sqlite3")
    game = play(new_game(players=3, seed=4), rounds=2)
    results: list[bool] = []
    worker = threading.Thread(target=lambda: results.append(history.record(game, SaveMeta(SEATS, game_id="t"))))
    worker.start()
    worker.join()
    assert results == [True] and history.problem is None
    assert rounds_recorded(history.path) == 2
    history.close()


def test_a_database_damaged_mid_game_is_moved_aside_and_the_game_recorded_whole_anew(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    game = play(new_game(players=3, seed=2), rounds=1)
    with History(path) as history:
        assert history.record(game, SaveMeta(SEATS, game_id="k"))
        with sqlite3.connect(path) as db:  # another program spoils it while the game goes on
            db.execute("DROP TABLE round_seats")
        play(game, rounds=2)
        assert history.record(game, SaveMeta(SEATS, game_id="k")) is True
        assert history.notice is not None and "moved to" in history.notice
        assert rounds_recorded(history.path) == 2  # both rounds, the one recorded before too
