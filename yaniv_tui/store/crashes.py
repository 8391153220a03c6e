"""Crash reports: the traceback of an unexpected error, with the version, game and time, in a file of its own."""

from __future__ import annotations

import errno
import platform
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path

from .files import private_folder, write_new
from .paths import data_dir


def crashes_dir() -> Path:
    """The folder of crash reports, in the data folder (not created here)."""
    return data_dir() / "crashes"


def crash_report_text(error: BaseException, *, version: str, game_id: str | None, when: datetime) -> str:
    """What a report holds: when, which version and game, then the traceback as Python prints it."""
    lines = [
        "yaniv-tui crash report",
        f"time: {when.strftime('%Y-%m-%dT%H:%M:%SZ')}",
        f"version: {version}",
        f"game: {game_id or 'none in play'}",
        f"python: {platform.python_version()} on {sys.platform}",
        "",
        *traceback.format_exception(error),
    ]
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def write_crash_report(
    error: BaseException, *, version: str, game_id: str | None, when: datetime | None = None
) -> Path:
    """Write a new report for `error` in `crashes_dir()` (never over another one, whole or not at all); its path.

    OSError when the folder or the file cannot be written.
    """
    when = when or datetime.now(UTC)
    folder = crashes_dir()
    try:
        private_folder(folder)
    except FileExistsError:
        # Something that is not a folder (a file, a FIFO, a link to one) has its name: write nothing there.
        raise NotADirectoryError(errno.ENOTDIR, f"{folder} is not a folder") from None
    data = crash_report_text(error, version=version, game_id=game_id, when=when).encode("utf-8")
    stamp = when.strftime("%Y%m%dT%H%M%SZ")
    for n in range(1000):
        path = folder / (f"crash-{stamp}" + (f"-{n}" if n else "") + ".txt")
        try:  # whole or not at all: a full disk leaves no report cut short under its name
            write_new(path, data)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"too many crash reports at {stamp} in {folder}")
