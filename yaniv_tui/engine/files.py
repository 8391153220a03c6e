"""Reading a file of ours safely: only a regular file (links followed) of a bounded size is read, its type and
size checked before it is opened, and the open never waits on a FIFO put there in between."""

from __future__ import annotations

import os
import stat
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotAFile(Exception):
    """The path holds something other than a regular file; `kind` says what, as "a FIFO"."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


class TooBig(Exception):
    """The file is bigger than the limit it is read with."""


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words: "a folder", "a FIFO", "a device", ..."""
    return next((name for test, name in _KINDS if test(mode)), "a special file")


def is_dangling_link(path: Path) -> bool:
    """Whether the path is a link that leads nowhere (a path missing altogether is not)."""
    try:
        if not stat.S_ISLNK(os.lstat(path).st_mode):
            return False
    except OSError:  # missing altogether, or not to be looked at
        return False
    try:
        os.stat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return False


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. NotAFile, TooBig, or the OSError of the read
    (FileNotFoundError for a missing path, or a link that leads nowhere: see `is_dangling_link`)."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotAFile(kind_of(info.st_mode))
    if info.st_size > limit:
        raise TooBig
    # O_NONBLOCK: if the path became a FIFO since the stat, opening it must not wait for a writer.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(fd, "rb", closefd=True) as file:
        mode = os.fstat(file.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise NotAFile(kind_of(mode))
        raw = file.read(limit + 1)  # a file that grew since the stat is still cut off
    if len(raw) > limit:
        raise TooBig
    return raw
