"""What the tests of yaniv's files share about who may read them: a file's or a folder's permissions, the bits that
let others in, and the hidden temporary file a killed write leaves (`store/files.py`). Imported by name, as `playing`
is; the usual umask for such a test is the `wide_umask` fixture (tests/conftest.py)."""

from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path

__all__ = ["OPEN", "a_temp", "mode"]

#: Read, write or search for the group or the others.
OPEN = 0o077


def mode(path: Path) -> int:
    """The permissions of the file or folder at `path` (of a link itself, not what it names)."""
    return stat.S_IMODE(os.lstat(path).st_mode)


def a_temp(folder: Path, name: str, *, age: float) -> Path:
    """A temporary file as a killed write of `name` in `folder` leaves it (tempfile's own name), `age` seconds old."""
    fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    os.write(fd, b"half written")
    os.close(fd)
    when = time.time() - age
    os.utime(temp, (when, when))
    return Path(temp)
