"""The history's list of finished games (the stats screen's), newest first, old games without a record listed as
such; and a damaged record, found when a game is opened, moved aside beside the database, never deleted."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest

from yaniv_tui.codec.record import record_text, replay
from yaniv_tui.store import History
from yaniv_tui.store.history import HistoryError
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.paths import history_path

from .test_game_records import SEATS, played_with_record


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    return folder


def finish(seed: int, *, with_record: bool = True, when: str = "") -> SaveMeta:
    game, record = played_with_record(seed)
    meta = SaveMeta(SEATS)
    with History() as history:
        assert history.record(game, meta, record if with_record else None)
    if when:
        with sqlite3.connect(history_path()) as db:
            db.execute("UPDATE games SET finished_at = ? WHERE game_key = ?", (when, meta.game_id))
    return meta


def test_the_list_is_newest_first_with_scores_winners_rounds_and_no_record_for_old_games() -> None:
    old = finish(3, with_record=False, when="2026-11-01T10:00:00")
    new = finish(8, when="2026-12-02T09:30:00")
    game, _ = played_with_record(8)
    with History() as history:
        rows = history.games()
        assert [row.game_id for row in rows] == [new.game_id, old.game_id]
        assert history.stats()[0].games == 2, "an old game with no record still counts"
    first, second = rows
    assert first.has_record and not second.has_record
    assert first.rounds == len(game.history)
    assert first.seats == tuple(zip(game.players, game.scores, strict=True))
    assert first.winners == tuple(game.players[seat] for seat in game.winners)
    cells = first.cells()
    assert cells[0] == "2026-12-02 09:30" and cells[-1] == "replay"
    assert second.cells()[-1] == "no record"
    assert all(f"{name} {score}" in cells[2] for name, score in first.seats)


def test_the_list_of_one_ruleset() -> None:
    finish(8)
    with History() as history:
        assert len(history.games("israeli")) == 1
        assert history.games("sursis") == []


def test_a_finished_games_record_reads_and_replays_to_the_end() -> None:
    meta = finish(8)
    game, _ = played_with_record(8)
    with History() as history:
        record = history.finished_record(history.find_record(meta.game_id), "replay")
    assert replay(record, finished=True).scores == game.scores


def test_an_old_game_says_it_has_no_record_in_one_line() -> None:
    meta = finish(8, with_record=False)
    with (
        History() as history,
        pytest.raises(HistoryError, match="finished before games were recorded: it has no record to replay"),
    ):
        history.finished_record(history.find_record(meta.game_id), "replay")


def test_a_damaged_record_is_moved_aside_beside_the_database_never_deleted_and_the_game_still_counted() -> None:
    meta = finish(8)
    damaged = record_text(played_with_record(8)[1]).replace('"event": "end"', '"event": "ended"')
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE records SET body = ?", (damaged,))
    with History() as history:
        found = history.find_record(meta.game_id)
        with pytest.raises(HistoryError) as caught:
            history.finished_record(found, "replay")
        line = str(caught.value)
        assert "\n" not in line and "damaged" in line and "moved to" in line
        (aside,) = history_path().parent.glob(f"record-{meta.game_id}.jsonl.damaged-*")
        assert str(aside) in line
        assert aside.read_text(encoding="utf-8") == damaged
        (row,) = history.games()
        assert not row.has_record and history.games_played() == 1
        with pytest.raises(HistoryError, match="no record"):
            history.finished_record(history.find_record(meta.game_id), "replay")


def test_a_record_of_a_newer_version_is_not_moved_aside() -> None:
    meta = finish(8)
    body = record_text(played_with_record(8)[1]).replace('"version": 1', '"version": 9', 1)
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE records SET body = ?", (body,))
    with History() as history:
        with pytest.raises(HistoryError, match="version 9, made by a newer yaniv-tui"):
            history.finished_record(history.find_record(meta.game_id), "review")
        assert history.games()[0].has_record
    assert not list(history_path().parent.glob("record-*"))


def test_a_record_that_is_not_a_record_is_found_while_listing_and_moved_aside() -> None:
    meta = finish(8)
    good = finish(3)
    with sqlite3.connect(history_path()) as db:
        db.execute(
            "UPDATE records SET body = ? WHERE game_id = (SELECT id FROM games WHERE game_key = ?)",
            ("not a record\n{}\n", meta.game_id),
        )
    with History() as history:
        rows = history.games()
        assert all(row.has_record for row in rows)
        (line,) = history.set_aside_damaged(rows)
        assert f"the game {meta.game_id[:8]}'s record is damaged" in line and "moved to" in line
        (aside,) = history_path().parent.glob(f"record-{meta.game_id}.jsonl.damaged-*")
        assert aside.read_text(encoding="utf-8") == "not a record\n{}\n"
        again = {row.game_id: row.has_record for row in history.games()}
        assert again == {meta.game_id: False, good.game_id: True}
        assert history.set_aside_damaged(history.games()) == []


def test_a_damaged_record_the_disk_cannot_take_aside_stays_in_the_history_with_no_copy_cut_short(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    meta = finish(8)
    damaged = record_text(played_with_record(8)[1]).replace('"event": "end"', '"event": "ended"')
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE records SET body = ?", (damaged,))

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)  # the aside copy's flush: the record is taken out only once it is kept
    with History() as history, pytest.raises(HistoryError, match="could not be moved aside"):
        history.finished_record(history.find_record(meta.game_id), "replay")
    assert list(history_path().parent.glob("record-*")) == []  # a copy cut short would pass for the record
    with History() as history:
        assert history.find_record(meta.game_id).record == damaged
