"""A save whose game and undo are sound but whose record is damaged is not moved aside whole: the game resumes, its
record started again from where it is (as for a save written before records were kept), a copy of the damaged save
kept aside first (nothing lost), and one line says so where the saves' other problems are said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playing import play

from yaniv_tui.codec.record import start_record
from yaniv_tui.store import claim_game, read_save, save_game, save_path, saves_dir, scan_saves
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.paths import lock_path
from yaniv_tui.store.saves import Seat

from .helpers import new_game

SEATS = (Seat.person("Player 1"), Seat.bot("medium", "Player 2"), Seat.bot("hard", "Player 3"))
GAME_ID = "recd0001"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    return folder


def a_save_with_a_damaged_record(damage: str) -> bytes:
    """A game two rounds in, saved with a record, then its record damaged as `damage` says: the save's bytes."""
    game = new_game(seed=5)
    record = start_record(game, SEATS)  # a record of no round: the game's rounds are played past it below
    play(game, rounds=2)
    path = save_path(GAME_ID)
    if damage == "rounds":  # a record that holds fewer rounds than its game: "it holds 0 finished rounds, the game 2"
        save_game(game, SaveMeta(SEATS, game_id=GAME_ID), record=record)
    else:
        save_game(game, SaveMeta(SEATS, game_id=GAME_ID))
        document = json.loads(path.read_text())
        document["record"] = "not a record" if damage == "text" else [{"event": "nonsense"}]
        path.write_text(json.dumps(document))
    return path.read_bytes()


@pytest.mark.parametrize("damage", ["rounds", "text", "events"])
def test_a_damaged_record_resumes_the_game_with_a_copy_of_the_save_kept_aside(damage: str) -> None:
    """Before: the whole save was moved aside ("the saved game ... was damaged (record: ...)"), and the game, sound,
    could not be continued."""
    before = a_save_with_a_damaged_record(damage)
    listing = scan_saves()
    assert [saved.game_id for saved in listing.games] == [GAME_ID]
    saved = listing.games[0]
    assert saved.record is None and len(saved.game.history) == 2
    (line,) = listing.problems
    (aside,) = saves_dir().glob(f"{GAME_ID}.json.damaged-*")
    assert aside.read_bytes() == before  # the damaged save whole, nothing lost
    assert line.startswith(f"the saved game {GAME_ID}.json had a damaged record (record: "), line
    assert line.endswith(
        f"a copy of the save was kept in {aside}, and the game goes on, its record started again from round 3"
    ), line
    assert "\n" not in line
    # The save itself now holds the game without its record, as one written before records were kept.
    document = json.loads(save_path(GAME_ID).read_text())
    assert "record" not in document and document["game"] == json.loads(before)["game"]
    assert not lock_path(GAME_ID).exists()  # the listing took the game's lock to write it, and left no lock file
    assert scan_saves().problems == ()  # said once
    claimed = claim_game(GAME_ID)
    try:
        assert claimed.saved.record is None and claimed.saved.game.history == saved.game.history
        partial = start_record(claimed.saved.game, claimed.saved.meta.seats)
        assert partial.partial  # the export says which rounds it holds only as results
    finally:
        assert claimed.lock is not None
        claimed.lock.release()


def test_a_save_whose_game_is_damaged_is_still_moved_aside_whole() -> None:
    a_save_with_a_damaged_record("rounds")
    path = save_path(GAME_ID)
    document = json.loads(path.read_text())
    document["game"]["scores"] = "nonsense"
    path.write_text(json.dumps(document))
    listing = scan_saves()
    assert listing.games == () and "moved to" in listing.problems[0]
    assert not path.exists()


def test_reading_a_save_with_a_damaged_record_moves_and_writes_nothing() -> None:
    before = a_save_with_a_damaged_record("text")
    saved = read_save(save_path(GAME_ID))
    assert saved.record is None and saved.record_damage is not None and "record" in saved.record_damage
    assert save_path(GAME_ID).read_bytes() == before and list(saves_dir().iterdir()) == [save_path(GAME_ID)]
