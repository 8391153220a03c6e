"""A full disk under the data folder (a 256 KiB tmpfs of its own, mounted in a mount namespace of its own with
`unshare`, so nothing is left mounted; skipped where that cannot be): a save that does not fit is one line and the
last good save stays whole; the history says the disk is full in one line and records the game once there is room;
`yaniv export` says it cannot write in one line and leaves no file cut short."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CHILD = r"""
import os, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from playing import play_recorded
from yaniv_tui.cli import main
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import History, SaveError, read_save, save_game
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.paths import save_path

data = Path(os.environ["YANIV_DATA_DIR"])
seats = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
meta = SaveMeta(seats, game_id="abcdef0123456789")
save_game(game, meta)  # the last good save: the game before its first move
first = save_path(meta.game_id).read_bytes()
record = play_recorded(game, seats)


def fill() -> None:
    fd = os.open(data / "filler", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    for size in (65536, 4096, 512, 1):
        try:
            while True:
                os.write(fd, b"\0" * size)
        except OSError:
            pass
    os.close(fd)


fill()
try:
    save_game(game, meta, record=record)
    print("SAVED ON A FULL DISK")
except SaveError as error:
    print("save:", str(error).count("\n"), "No space left" in str(error))
print("kept:", save_path(meta.game_id).read_bytes() == first, read_save(save_path(meta.game_id)).game_id)
with History() as history:
    print("history:", history.record(game, meta, record), "disk is full" in (history.problem or ""))
os.unlink(data / "filler")
with History() as history:
    print("freed:", history.record(game, meta, record), history.problem)
save_path(meta.game_id).unlink()  # the game is in the history now: its save goes, as a finished game's does
fill()
os.chdir(data)
print("export:", main(["export", "abcdef01", "out.jsonl"]), os.path.lexists("out.jsonl"))
print("temps:", sorted(name for name in os.listdir(data) if name.endswith(".tmp")))
"""


def test_a_full_disk_loses_nothing_and_says_so_in_one_line(tmp_path: Path) -> None:
    if shutil.which("unshare") is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("a tmpfs of its own needs unshare and root")
    mount = tmp_path / "data"
    mount.mkdir()
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    tests = Path(__file__).parents[1]
    shell = f'mount -t tmpfs -o size=256k tmpfs "{mount}" && exec "{sys.executable}" "{script}" "{tests}"'
    try:
        done = subprocess.run(
            ["unshare", "-m", "sh", "-c", shell],
            env={**os.environ, "YANIV_DATA_DIR": str(mount)},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as error:
        pytest.skip(f"unshare cannot be run: {error}")
    if done.returncode != 0 and "mount" in done.stderr and "Traceback" not in done.stderr:
        pytest.skip(f"no tmpfs of its own here: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "save: 0 True",
        "kept: True abcdef0123456789",
        "history: False True",
        "freed: True None",
        "export: 1 False",
        "temps: []",
    ], done.stdout + done.stderr
    assert done.stderr.splitlines() == ["yaniv export: cannot write out.jsonl: No space left on device"], done.stderr
