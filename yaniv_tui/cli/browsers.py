"""`yaniv serve`'s browsers: the key each browser keeps in a cookie, its private folder of seat tokens, and the
bounds on what a page may ask for."""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from pathlib import Path

from yaniv_tui.store.paths import data_dir

#: The cookie that keeps a browser's key: made here (`secrets`), sent back with the page's WebSocket.
BROWSER_COOKIE = "yaniv-browser"
#: A key is what `new_browser_key` makes, exactly: 32 characters of the URL-safe alphabet.
_KEY = re.compile(r"[A-Za-z0-9_-]{32}")
#: How long a browser keeps its key (and so can rejoin its seats) after it last opened the page.
KEY_MAX_AGE = 30 * 24 * 3600
#: The folder of the browsers' token folders, in the data folder.
BROWSERS_FOLDER = "browsers"
#: The largest terminal a page may ask for: far more than any screen shows, far less than a process can't hold.
MAX_COLUMNS = 400
MAX_ROWS = 150
#: What the page and a refused WebSocket say when `--max-sessions` pages are open.
FULL_LINE = "yaniv serve: every place is taken ({} at once): reload the page when someone leaves."


def new_browser_key() -> str:
    """A new browser's key: random, 192 bits."""
    return secrets.token_urlsafe(24)


def browser_key(value: str | None) -> str | None:
    """`value` if it is a key `new_browser_key` could have made, else None (it then names no folder)."""
    return value if value is not None and _KEY.fullmatch(value) else None


def browser_tokens_dir(key: str) -> Path:
    """The private (0700) folder of the browser holding `key`'s seat tokens, made if need be. It is named by a
    hash of the key, so the key (which only that browser holds) is not on disk and can name no other path."""
    if browser_key(key) is None:
        raise ValueError("not a browser key")
    folder = data_dir() / BROWSERS_FOLDER / hashlib.sha256(key.encode("ascii")).hexdigest()[:32]
    for level in (folder.parent, folder):
        level.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(level, 0o700)
    return folder


def bounded(value: object, most: int, default: int) -> int:
    """A terminal dimension a page asked for (a whole number, or the text of one), from 1 to `most`."""
    if isinstance(value, str):
        value = int(value) if re.fullmatch(r"-?[0-9]{1,12}", value) else default
    if not isinstance(value, int) or isinstance(value, bool):
        value = default
    return max(1, min(most, value))
