"""A lock file another user's yaniv left (a `sudo yaniv`'s, root's), as the tests that play a game unlocked need it:
run as root, permissions cannot refuse the open, so the open of that one path is made to raise PermissionError.
Imported by name, as `playing.py` is."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest


def refuse_opening(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Leave a file at `path` (the lock the other yaniv left) whose every open raises PermissionError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("")
    real_open = os.open

    def refusing(file: Any, *args: Any, **kwargs: Any) -> int:
        if os.fspath(file) == str(path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
