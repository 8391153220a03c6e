"""Stats keep a bot's record by level, filter by ruleset, show each person against each bot level, mark the games
won with hints, and read a history made by an older yaniv-tui with no record lost."""

from __future__ import annotations

import io
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import main
from yaniv_tui.cli.listings import print_stats
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store.history import SCHEMA_VERSION, History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import Seat

NAMES = ("Ann", "Avi", "Bea")
#: A history made by main's code before this change (schema 2): Ann a person; Avi a medium bot in games 0 and 2,
#: an easy bot in game 1; Bea a hard bot; games 0 and 1 of israeli, game 2 of sursis.
OLD_HISTORY = Path(__file__).parent / "data" / "history-v2.sqlite3"
#: What that yaniv-tui's `stats()` said of it: games, wins, rounds, points, calls, calls won, Assafs made, suffered.
OLD_FIGURES = {
    "Ann": (3, 1, 49, 455, 14, 13, 1, 1),
    "Avi": (3, 1, 56, 510, 27, 23, 2, 4),
    "Bea": (3, 1, 60, 443, 19, 18, 4, 1),
}


def played(ruleset: str, seed: int) -> Game:
    game = Game.new(load_ruleset(ruleset), NAMES, seed=seed)
    bot = MediumBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current)))
    return game


def seats(level: str) -> tuple[Seat, ...]:
    return (Seat.person(), Seat.bot(level), Seat.bot("hard"))


@pytest.fixture
def history(tmp_path: Path) -> Iterator[History]:
    """Three games: Avi a medium bot at israeli (seed 1), an easy one at israeli (seed 2), medium at sursis."""
    with History(tmp_path / "h.sqlite3") as history:
        for key, (ruleset, level, seed) in enumerate(
            (("israeli", "medium", 1), ("israeli", "easy", 2), ("sursis", "medium", 3))
        ):
            assert history.record(played(ruleset, seed), SaveMeta(seats(level), game_id=str(key)))
        yield history


def test_a_bot_keeps_its_record_by_level(history: History) -> None:
    """Before: "Avi" as a medium bot and as an easy bot counted as one player of 3 games."""
    avi = {s.playing_as: s for s in history.stats() if s.name == "Avi"}
    assert set(avi) == {"medium bot", "easy bot"}
    assert (avi["medium bot"].games, avi["easy bot"].games) == (2, 1)
    assert avi["easy bot"].wins == 1  # seed 2 was won by seat 1
    assert {s.playing_as for s in history.stats() if s.name == "Ann"} == {"human"}


def test_stats_of_one_ruleset_by_id_or_name(history: History) -> None:
    sursis = history.stats("sursis")
    assert {s.name: s.games for s in sursis} == {"Ann": 1, "Avi": 1, "Bea": 1}
    assert history.stats(load_ruleset("sursis").name.upper()) == sursis
    assert history.stats("no-such-rules") == []
    assert history.rulesets() == ["israeli", "sursis"]


def test_each_person_against_each_bot_level(history: History) -> None:
    games = {seed: played(ruleset, seed) for ruleset, seed in (("israeli", 1), ("israeli", 2), ("sursis", 3))}
    rows = {v.level: v for v in history.versus()}
    assert list(rows) == ["easy", "medium", "hard"]  # weakest first
    assert {v.name for v in rows.values()} == {"Ann"}
    with_medium = (games[1], games[3])
    assert rows["medium"].games == 2 and rows["hard"].games == 3 and rows["easy"].games == 1
    assert rows["medium"].wins == sum(0 in g.winners for g in with_medium)
    assert rows["medium"].rounds == sum(len(g.history) for g in with_medium)
    assert rows["medium"].points == sum(r.added[0] or 0 for g in with_medium for r in g.history)
    assert rows["medium"].cells()[2:] == (
        "2",
        f"{rows['medium'].wins / 2:.0%}",
        f"{rows['medium'].points / rows['medium'].rounds:.1f}",
    )
    assert [v.games for v in history.versus("israeli")] == [1, 1, 2]


def test_a_game_won_with_hints_is_marked(tmp_path: Path) -> None:
    game = played("sursis", 3)  # won by Ann, seat 0
    assert game.winners == (0,)
    with History(tmp_path / "h.sqlite3") as history:
        assert history.record(game, SaveMeta(seats("medium"), game_id="g", hints=(2, 0, 0)))
        assert history.record(
            game, SaveMeta(seats("medium"), game_id="g", hints=(0, 0, 0))
        )  # a resumed count never lowers it
        ann = next(s for s in history.stats() if s.name == "Ann")
        assert (ann.wins, ann.hinted_wins) == (1, 1)
        assert ann.cells()[4] == "1"
        assert "with hints" in history.versus()[0].cells()[3]
        with pytest.raises(ValueError, match="hints"):
            history.record(game, SaveMeta(seats("medium"), game_id="h", hints=(1, 0)))
    out = io.StringIO()
    assert print_stats(tmp_path / "h.sqlite3", Console(file=out, width=130)) == 0
    assert "won with hints" in out.getvalue() and "100% (1 with hints)" in out.getvalue()


def test_a_history_made_by_an_older_yaniv_keeps_every_record(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    shutil.copyfile(OLD_HISTORY, path)
    with History(path) as history:
        assert history.problem is None and history.notice is None
        stats = history.stats()
        summed: dict[str, list[int]] = {}
        for s in stats:
            figures = (s.games, s.wins, s.rounds, s.points, s.calls, s.calls_won, s.assafs_made, s.assafs_suffered)
            row = summed.setdefault(s.name, [0] * 8)
            summed[s.name] = [a + b for a, b in zip(row, figures, strict=True)]
        assert {name: tuple(row) for name, row in summed.items()} == OLD_FIGURES
        assert {(s.name, s.playing_as) for s in stats} == {
            ("Ann", "human"),
            ("Avi", "medium bot"),
            ("Avi", "easy bot"),
            ("Bea", "hard bot"),
        }
        assert all(s.hinted_wins == 0 for s in stats)
        assert history.record(played("israeli", 4), SaveMeta(seats("hard"), game_id="new", hints=(1, 0, 0)))
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
        assert db.execute("SELECT count(*) FROM games").fetchone() == (4,)


def test_yaniv_stats_by_ruleset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    shutil.copyfile(OLD_HISTORY, tmp_path / "history.sqlite3")
    assert main(["stats", "--ruleset", "sursis"]) == 0
    out = capsys.readouterr().out
    assert "Yaniv stats of sursis" in out and "Each person against each bot level" in out
    assert main(["stats", "--ruleset", "nope"]) == 0
    out = capsys.readouterr().out
    assert out == "No games of the ruleset 'nope' in the history: it has games of israeli, sursis.\n"
