"""`yaniv sim` writes its files as every other file yaniv writes: a record (`--record DIR`, every hand of a game) and
a new ratings file (`--ladder --write FILE`) its owner's alone (0600), a folder it makes 0700, whatever the umask; a
file or a folder already there keeps its permissions. The hidden temporary file a killed write left beside the
ratings file or among the records is cleared by the next write there (old enough, named as ours), never a user's."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from private_files import a_temp, mode

from yaniv_tui.cli import main as yaniv

LADDER = ["sim", "--ladder", "--games", "1", "--expert-samples", "1"]


pytestmark = pytest.mark.usefixtures("wide_umask")


def test_a_sims_records_and_their_new_folder_are_their_owners_alone(tmp_path: Path) -> None:
    """Before: the folder 0755 and each record 0644, any user of the machine could read every hand."""
    folder = tmp_path / "made" / "records"
    assert yaniv(["sim", "--games", "2", "--seed", "3", "--record", str(folder)]) == 0
    written = sorted(folder.iterdir())
    assert len(written) == 2 and all(mode(path) == 0o600 for path in written)
    assert mode(folder) == 0o700 and mode(folder.parent) == 0o700


def test_a_records_folder_already_there_keeps_its_permissions(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o755)
    assert yaniv(["sim", "--games", "1", "--seed", "3", "--record", str(folder)]) == 0
    (written,) = folder.iterdir()
    assert mode(folder) == 0o755 and mode(written) == 0o600


def test_a_new_ratings_file_is_its_owners_alone_and_one_there_keeps_its_mode(tmp_path: Path) -> None:
    """Before: a new ratings file took the umask's permissions (0644), unlike every other file yaniv makes."""
    new = tmp_path / "ratings.json"
    assert yaniv([*LADDER, "--write", str(new)]) == 0
    assert mode(new) == 0o600
    there = tmp_path / "shared.json"
    there.write_text('{"format": 1, "tables": []}')
    there.chmod(0o644)
    assert yaniv([*LADDER, "--write", str(there)]) == 0
    assert mode(there) == 0o644


def test_a_killed_writes_temporary_file_beside_the_ratings_is_cleared_and_no_other(tmp_path: Path) -> None:
    """Before: only the folders of yaniv's own data were cleared, and a killed ladder's temporary file stayed."""
    path = tmp_path / "ratings.json"
    stale = a_temp(tmp_path, path.name, age=3600)
    fresh = a_temp(tmp_path, path.name, age=0)  # another ladder writing now
    others = [a_temp(tmp_path, "notes.txt", age=3600), tmp_path / ".mine.tmp"]  # a user's file, named or not as ours
    others[1].write_text("mine")
    os.utime(others[1], (time.time() - 3600,) * 2)
    assert yaniv([*LADDER, "--write", str(path)]) == 0
    assert not stale.exists()
    assert fresh.exists() and all(other.exists() for other in others)


def test_a_killed_sims_temporary_record_is_cleared_and_no_other(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    stale = a_temp(folder, "sim-20261201T093000Z-israeli-seed1-game000004.jsonl", age=3600)
    fresh = a_temp(folder, "sim-20261201T093000Z-israeli-seed1-game000005.jsonl", age=0)
    user = a_temp(folder, "notes.jsonl", age=3600)
    assert yaniv(["sim", "--games", "1", "--seed", "3", "--record", str(folder)]) == 0
    assert not stale.exists() and fresh.exists() and user.exists()
