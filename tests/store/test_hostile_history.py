"""A record in the history damaged below the text (bytes that are not UTF-8, or a blob where a text belongs: a disk's
fault, a hand editing the database) is one game's damage, not the history's: the other games are listed and read as
before, and the damaged record is moved aside byte for byte, with its one line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from playing import play_recorded

from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import History
from yaniv_tui.store.history_records import HistoryError
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.paths import history_path

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
DAMAGED, SOUND = "abcdef0123456789", "bbbbbb0123456789"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    for game_id, seed in ((DAMAGED, 4), (SOUND, 5)):
        game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=seed)
        record = play_recorded(game, SEATS)
        with History() as history:
            assert history.record(game, SaveMeta(SEATS, game_id=game_id), record)
    return folder


def damage(body: bytes, *, as_blob: bool = False) -> None:
    """Put `body` in the damaged game's record, as text (its bytes as they are) or as a blob."""
    with sqlite3.connect(history_path()) as db:
        value = "?" if as_blob else "CAST(? AS TEXT)"
        db.execute(
            f"UPDATE records SET body = {value} WHERE game_id = (SELECT id FROM games WHERE game_key = ?)",
            (body, DAMAGED),
        )
    db.close()


def real_body() -> bytes:
    with sqlite3.connect(history_path()) as db:
        (body,) = db.execute(
            "SELECT r.body FROM records r JOIN games g ON g.id = r.game_id WHERE g.game_key = ?", (DAMAGED,)
        ).fetchone()
    db.close()
    return str(body).encode("utf-8")


@pytest.mark.parametrize("as_blob", [False, True])
def test_a_record_of_bytes_that_are_not_utf8_is_one_games_damage_moved_aside_byte_for_byte(
    data_dir: Path, as_blob: bool
) -> None:
    """Before: as text, "history database ... cannot be used (Could not decode to UTF-8 column 'body' ...)" for
    'yaniv stats --games', and for the game's export, replay and review; as a blob, moved aside as its Python
    repr ("b'{\\"event\\"...'"), the bytes lost."""
    body = real_body().replace(b'"Ann"', b'"A\xffn"', 1)
    damage(body, as_blob=as_blob)
    with History(create=False) as history:
        assert sorted(row.game_id for row in history.games()) == [DAMAGED, SOUND]
        assert history.problem is None
        history.finished_record(history.find_record(SOUND[:8]), "export")  # the other game reads as before
        with pytest.raises(HistoryError) as refused:
            history.finished_record(history.find_record(DAMAGED[:8]), "export")
    line = str(refused.value)
    assert line.startswith(f"the game {DAMAGED[:8]}'s record is damaged (") and "\n" not in line, line
    assert "record line 1: seats[0].name holds a byte that is not UTF-8" in line, (
        line
    )  # not "a control character (\udcff)"
    (aside,) = data_dir.glob(f"record-{DAMAGED}.jsonl.damaged-*")
    assert line.endswith(f"it was moved to {aside}"), line
    assert aside.read_bytes() == body
