"""Packaging: the wheel carries the bot levels' ratings file, and the setup screen's reader finds it installed."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

hatchling_wheel = pytest.importorskip("hatchling.builders.wheel")


def test_the_ratings_file_is_in_the_wheel_and_reads_from_it(tmp_path_factory: pytest.TempPathFactory) -> None:
    out = tmp_path_factory.mktemp("wheel")
    builder = hatchling_wheel.WheelBuilder(str(ROOT))
    (wheel,) = list(builder.build(directory=str(out), versions=["standard"]))
    assert "yaniv_tui/data/ratings.json" in zipfile.ZipFile(wheel).namelist()
    unpacked = tmp_path_factory.mktemp("unpacked")
    zipfile.ZipFile(wheel).extractall(unpacked)
    code = "from yaniv_tui.ratings import RATINGS_FILE, level_ratings; print(RATINGS_FILE); print(level_ratings())"
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(unpacked)!r}); {code}"],
        capture_output=True,
        text=True,
        cwd=unpacked,
        check=True,
    )
    where, shown = result.stdout.splitlines()
    assert Path(where) == unpacked / "yaniv_tui" / "data" / "ratings.json"
    assert "'easy': 1000" in shown and "'expert': " in shown
