"""The history database held by another program (here `sqlite3` in another process, holding a write transaction for
a few seconds) while a game ends, and while `yaniv stats` reads it: the end waits a bounded time, then keeps the
finished game in its save, says so in one line, and the next start records it; `yaniv stats` says in one line that
the history is in use, or shows it, never a traceback."""

from __future__ import annotations

import multiprocessing
import sqlite3
from multiprocessing.synchronize import Event
from pathlib import Path

import pytest
from playing import play_recorded

from yaniv_tui.cli import main as yaniv
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import History, record_pending, save_game, scan_saves
from yaniv_tui.store.meta import SaveMeta

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
#: How long the other program holds its transaction: longer than any wait of ours.
HELD = 3.0


def hold(path: Path, how: str, holding: Event, release: Event) -> None:
    """Another program: a write transaction on the history (IMMEDIATE: a write begun; EXCLUSIVE: one being
    committed, which no reader passes), held until told or for at most HELD seconds."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"BEGIN {how}")
    holding.set()
    release.wait(timeout=HELD)
    db.execute("ROLLBACK")
    db.close()


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    History().close()  # the history is there, as after a first game
    return tmp_path / "data"


def holding(how: str) -> tuple[multiprocessing.process.BaseProcess, Event]:
    context = multiprocessing.get_context("fork")
    held, release = context.Event(), context.Event()
    other = context.Process(target=hold, args=(History().path, how, held, release))
    other.start()
    assert held.wait(timeout=30)
    return other, release


@pytest.mark.parametrize("how", ["IMMEDIATE", "EXCLUSIVE"])
def test_a_game_ending_while_another_program_writes_the_history_is_kept_and_recorded_at_the_next_start(
    folders: Path, how: str
) -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=5)
    record = play_recorded(game, SEATS)
    meta = SaveMeta(SEATS, game_id="heldgame01")
    save_game(game, meta, record=record)
    other, release = holding(how)
    try:
        with History() as history:  # as a table's session ends a game: save first, then record
            assert not history.record(game, meta, record)
            assert history.problem is not None and "in use by another program" in history.problem
            assert "\n" not in history.problem
        assert [saved.game_id for saved in scan_saves().pending] == ["heldgame01"]
    finally:
        release.set()
        other.join(timeout=30)
    lines = record_pending()
    assert len(lines) == 1 and lines[0].endswith("is recorded in it now"), lines
    with History() as history:
        assert history.games_played() == 1
        assert history.finished_record(history.find_record("heldgame01"), "export").events == record.events
    assert not scan_saves().pending


def test_stats_while_another_program_commits_to_the_history_is_one_line(
    folders: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other, release = holding("EXCLUSIVE")
    try:
        status = yaniv(["stats"])
    finally:
        release.set()
        other.join(timeout=30)
    out, err = capsys.readouterr()
    assert status == 1 and "Traceback" not in out + err
    assert err.count("\n") == 1 and "in use by another program" in err, err
