"""Crash reports: one new file per crash in the data folder, with the time, version, game and traceback."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from yaniv_tui.store.crashes import crashes_dir, write_crash_report

WHEN = datetime(2026, 12, 1, 2, 3, 4, tzinfo=UTC)


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def raised() -> ValueError:
    try:
        int("twelve")
    except ValueError as error:
        return error
    raise AssertionError("int('twelve') parsed")


def test_a_report_holds_time_version_game_and_traceback(folders: Path) -> None:
    path = write_crash_report(raised(), version="9.9.9", game_id="abc123", when=WHEN)
    assert path == folders / "crashes" / "crash-20261201T020304Z.txt" == crashes_dir() / path.name
    text = path.read_text()
    assert text.startswith("yaniv-tui crash report\ntime: 2026-12-01T02:03:04Z\nversion: 9.9.9\ngame: abc123\n")
    assert "Traceback (most recent call last)" in text and "in raised" in text
    assert "ValueError: invalid literal for int() with base 10: 'twelve'" in text


def test_two_crashes_in_one_second_keep_both_reports() -> None:
    first = write_crash_report(raised(), version="1", game_id=None, when=WHEN)
    second = write_crash_report(raised(), version="1", game_id=None, when=WHEN)
    assert first != second and first.exists() and second.exists()
    assert second.name == "crash-20261201T020304Z-1.txt"
    assert "game: none in play" in second.read_text()


def test_a_data_folder_that_cannot_be_written_raises_oserror(folders: Path) -> None:
    folders.mkdir(parents=True)
    (folders / "crashes").write_text("a file where the folder should be")
    with pytest.raises(OSError):
        write_crash_report(raised(), version="1", game_id=None, when=WHEN)


def test_a_full_disk_leaves_no_report_cut_short(folders: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the report's file was made, then written: a full disk left an empty crash-....txt, read later as the
    whole report of a crash with nothing in it. Now a report is whole or not there (store/files.write_new)."""
    import errno
    import io
    import os

    opened = os.fdopen

    class Full(io.RawIOBase):
        def __init__(self, fd: int) -> None:
            self.file = opened(fd, "wb")

        def write(self, data: object) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        def close(self) -> None:
            self.file.close()
            super().close()

    with monkeypatch.context() as full, pytest.raises(OSError, match="No space left"):
        full.setattr(os, "fdopen", lambda fd, *args, **kwargs: Full(fd))
        write_crash_report(raised(), version="1", game_id=None, when=WHEN)
    assert [p.name for p in (folders / "crashes").iterdir()] == []
    path = write_crash_report(raised(), version="1", game_id=None, when=WHEN)  # with room again, the first name
    assert path.name == "crash-20261201T020304Z.txt" and "ValueError" in path.read_text()
