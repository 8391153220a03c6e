"""`yaniv export` writes a record, which holds every hand of the game, readable by its owner only (0600) whatever the
umask; before, the file took the umask's permissions (0644: any user of the machine could read every hand)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from playing import play_recorded
from test_game_records_cli import SEATS

from yaniv_tui.cli import main
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import History
from yaniv_tui.store.meta import SaveMeta

pytestmark = pytest.mark.usefixtures("data_dir")


def test_an_exported_record_is_its_owners_alone(tmp_path: Path) -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    record = play_recorded(game, SEATS)
    with History() as history:
        assert history.record(game, SaveMeta(SEATS, game_id="abcdef0123456789"), record)
    old = os.umask(0o022)
    try:
        assert main(["export", "abcdef01"]) == 0
    finally:
        os.umask(old)
    written = tmp_path / "yaniv-abcdef0123456789.jsonl"
    assert stat.S_IMODE(written.stat().st_mode) == 0o600


def test_a_killed_exports_temporary_file_is_cleared_by_the_next_export_and_no_other(tmp_path: Path) -> None:
    """Before: only the folders of yaniv's own data were cleared, and a killed export's hidden temporary file (a whole
    game's hands) stayed in the user's folder for ever."""
    import tempfile
    import time

    def a_temp(name: str, *, age: float) -> Path:
        fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=tmp_path)
        os.write(fd, b"half written")
        os.close(fd)
        os.utime(temp, (time.time() - age,) * 2)
        return Path(temp)

    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    record = play_recorded(game, SEATS)
    with History() as history:
        assert history.record(game, SaveMeta(SEATS, game_id="abcdef0123456789"), record)
    stale = a_temp("mine.jsonl", age=3600)
    fresh = a_temp("mine.jsonl", age=0)  # another export writing it now
    other = a_temp("notes.txt", age=3600)  # not the file exported: the user's, whatever its name
    assert main(["export", "abcdef01", str(tmp_path / "mine.jsonl")]) == 0
    assert not stale.exists() and fresh.exists() and other.exists()
    assert (tmp_path / "mine.jsonl").read_text(encoding="utf-8").startswith('{"event": "game"')
