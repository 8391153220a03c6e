"""`yaniv export` killed while it writes the record (here by the file size limit, SIGXFSZ, at 4 KiB: a kill at a
known point) leaves no record cut short under the name asked for: the record is written under a temporary name and
linked into place whole, never over a file there. Before, the file was written in place, and a kill left its first
4 KiB, which `yaniv replay FILE` then refused as a damaged record."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from playing import play_recorded
from test_game_records_cli import SEATS

from yaniv_tui.codec.record import record_text
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import History
from yaniv_tui.store.meta import SaveMeta

LIMITED = """
import resource, signal, sys
from yaniv_tui.cli import main
signal.signal(signal.SIGXFSZ, signal.SIG_DFL)  # Python ignores it: a write past the limit then kills the process
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
sys.exit(main(["export", "abcdef01", "out.jsonl"]))
"""


def test_an_export_killed_mid_write_leaves_no_record_cut_short(data_dir: Path, tmp_path: Path) -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    record = play_recorded(game, SEATS)
    with History() as history:
        assert history.record(game, SaveMeta(SEATS, game_id="abcdef0123456789"), record)
    assert len(record_text(record).encode()) > 4096
    done = subprocess.run(
        [sys.executable, "-c", LIMITED],
        cwd=tmp_path,
        env={**os.environ, "YANIV_DATA_DIR": str(data_dir)},
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == -signal.SIGXFSZ, done
    assert not (tmp_path / "out.jsonl").exists()
