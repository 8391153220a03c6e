"""A finished game's record goes to the history with its rounds, under the saves' "nothing lost" promise: a crash
(or a locked history) between the game's end and the history's commit leaves the record in the pending save, and
the next start commits it; a game finished before records were kept is still listed and counted, with none."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from playing import play_recorded

from yaniv_tui.codec.record import GameRecord, parse_record, record_text, replay, start_record
from yaniv_tui.engine import Game
from yaniv_tui.store import History, read_save, save_game, save_path
from yaniv_tui.store.history import HistoryError
from yaniv_tui.store.library import record_pending
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.paths import history_path
from yaniv_tui.store.saves import Seat

from .helpers import new_game


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    return folder


SEATS = (Seat.person("Player 1"), Seat.bot("medium", "Player 2"), Seat.bot("hard", "Player 3"))


def played_with_record(seed: int = 8) -> tuple[Game, GameRecord]:
    game = new_game(seed=seed)
    record = play_recorded(game, SEATS)
    return game, record


def test_a_crash_between_the_games_end_and_the_history_loses_no_record(data_dir: Path) -> None:
    """The game ended and its save (with the record) was written; the history could not take it (locked here, as a
    crash would leave it unrecorded). The next start records the game, record and all."""
    game, record = played_with_record()
    meta = SaveMeta(SEATS)
    save_game(game, meta, record=record)
    assert read_save(save_path(meta.game_id)).record == record
    History().close()
    holder = sqlite3.connect(history_path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        (line,) = record_pending(timeout=0.05)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "kept" in line and save_path(meta.game_id).exists()
    (line,) = record_pending()
    assert "recorded" in line and not save_path(meta.game_id).exists()
    with History() as history:
        found = history.find_record(meta.game_id[:6])
    assert found.game_id == meta.game_id and found.record is not None and not found.partial
    assert replay(parse_record(found.record, "history"), finished=True).scores == game.scores


def test_a_crash_after_the_history_commit_but_before_the_save_went_records_once(data_dir: Path) -> None:
    game, record = played_with_record()
    meta = SaveMeta(SEATS)
    save_game(game, meta, record=record)
    with History() as history:
        assert history.record(game, meta, record)
    assert "recorded" in record_pending()[0]  # the save left behind: recorded again, which changes nothing
    with History() as history:
        assert history.games_played() == 1
        assert history.find_record(meta.game_id).record is not None


def test_a_game_finished_before_records_is_still_listed_and_counted(data_dir: Path) -> None:
    game, _record = played_with_record()
    meta = SaveMeta(SEATS)
    with History() as history:
        assert history.record(game, meta)  # as a yaniv-tui from before records: no record given
        assert history.games_played() == 1
        assert sum(s.games for s in history.stats()) == 3
        found = history.find_record(meta.game_id[:8])
        assert found.record is None


def test_a_history_id_prefix_must_name_one_finished_game(data_dir: Path) -> None:
    with History() as history:
        with pytest.raises(HistoryError, match="no finished game"):
            history.find_record("abc")
        for seed in (1, 2):
            game, record = played_with_record(seed)
            history.record(game, SaveMeta(SEATS, game_id=f"00{seed}"), record)
        with pytest.raises(HistoryError, match="matches 2 finished games"):
            history.find_record("00")
        assert history.find_record("002").game_id == "002"


def test_a_save_from_before_records_loads_with_none_and_a_resumed_game_records_from_there(tmp_path: Path) -> None:
    """The golden save of an older yaniv-tui (no "record"): it loads, and its game's record starts from where it is,
    marked as partial, replaying to the saved game."""
    old = tmp_path / "old.json"
    old.write_bytes((Path(__file__).parent / "golden" / "save-v2-slap.json").read_bytes())
    saved = read_save(old)
    assert saved.record is None
    record = start_record(saved.game, saved.meta.seats)
    assert record.partial and [event["event"] for event in record.events] == ["game", "resume"]
    again = replay(parse_record(record_text(record), "test"))
    assert again.hands == saved.game.hands and again.scores == saved.game.scores


def test_a_history_that_fails_while_looking_is_not_said_to_have_no_games(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No game matches, and the query for the newest games then fails: the line says the history could not be read,
    # not that it has no games yet.
    with History() as history:
        game, record = played_with_record(1)
        history.record(game, SaveMeta(SEATS, game_id="001"), record)
        run = History._run
        calls: list[int] = []

        def second_fails(self: History, work: object, default: object) -> object:
            calls.append(1)
            if len(calls) == 2:
                self.problem = "cannot be used (disk I/O error)"
                return default
            return run(self, work, default)  # type: ignore[arg-type]

        monkeypatch.setattr(History, "_run", second_fails)
        with pytest.raises(HistoryError) as raised:
            history.find_record("abc")
        assert "none yet" not in str(raised.value) and "disk I/O error" in str(raised.value)


def test_a_record_too_big_to_read_is_not_damaged_and_stays_in_the_history(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game of thousands of rounds makes a record over the most a record file may hold (codec's MAX_RECORD_BYTES):
    # the history kept it whole, and reading it called it damaged and took it out of the history.
    from yaniv_tui.codec import record as codec_record

    game, record = played_with_record()
    meta = SaveMeta(SEATS)
    with History() as history:
        assert history.record(game, meta, record)
        monkeypatch.setattr(codec_record, "MAX_RECORD_BYTES", len(record_text(record)) - 1)
        found = history.find_record(meta.game_id[:8])
        with pytest.raises(HistoryError) as told:
            history.finished_record(found, "replay")
        line = str(told.value)
        assert "damaged" not in line and "too big" in line and "it stays in the history" in line
        assert history.find_record(meta.game_id[:8]).record == record_text(record)
    assert not list(data_dir.glob("record-*"))
