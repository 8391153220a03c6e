"""`yaniv export` of a record too big to read here writes it out whole, unread: byte for byte as the history holds
it, even where a byte of it is not UTF-8 (damaged, which the history no longer refuses whole); before, such a byte
was a UnicodeEncodeError traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from playing import play_recorded
from test_game_records_cli import SEATS

from yaniv_tui.cli import main
from yaniv_tui.codec import record as codec_record
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.paths import history_path

pytestmark = pytest.mark.usefixtures("data_dir")
GAME_ID = "abcdef0123456789"


@pytest.fixture
def body(monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The game's record in the history with a byte that is not UTF-8, over the limit a record is read up to."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    record = play_recorded(game, SEATS)
    with History() as history:
        assert history.record(game, SaveMeta(SEATS, game_id=GAME_ID), record)
    raw = codec_record.record_text(record).encode("utf-8").replace(b'"Ann"', b'"A\xffn"', 1)
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE records SET body = CAST(? AS TEXT)", (raw,))
    db.close()
    monkeypatch.setattr(codec_record, "MAX_RECORD_BYTES", len(raw) // 2)
    return raw


def test_a_record_too_big_to_read_is_exported_byte_for_byte(tmp_path: Path, body: bytes) -> None:
    assert main(["export", GAME_ID[:8]]) == 0
    assert (tmp_path / f"yaniv-{GAME_ID}.jsonl").read_bytes() == body


def test_a_record_too_big_to_read_is_written_to_the_output_byte_for_byte(
    body: bytes, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    assert main(["export", GAME_ID[:8], "-"]) == 0
    assert capsysbinary.readouterr().out == body
