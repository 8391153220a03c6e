"""`yaniv serve`'s browsers: the key each browser keeps in a cookie, and its private folder of seat tokens. The
folders are kept by one rule (`kept_folder`, `hold_browser_folder`, `_make_room`), which an SSH client's key's folder
follows too (serve_ssh.py)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import shutil
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from yaniv_tui.store.paths import data_dir, history_path, saves_dir

from .parser import MAX_SESSIONS

try:
    import fcntl
except ImportError:  # Windows: a folder is known held by this process alone
    fcntl = None  # type: ignore[assignment]

#: The cookie that keeps a browser's key: made here (`secrets`), sent back with the page's WebSocket.
BROWSER_COOKIE = "yaniv-browser"
#: A key is what `new_browser_key` makes, exactly: 32 characters of the URL-safe alphabet.
_KEY = re.compile(r"[A-Za-z0-9_-]{32}")
#: How long a browser keeps its key (and so can rejoin its seats) after it last opened the page.
KEY_MAX_AGE = 30 * 24 * 3600
#: The folder of the browsers' token folders, in the data folder.
BROWSERS_FOLDER = "browsers"
#: The data folder of a page's (or an SSH session's) yaniv, in its browser's (or key's) folder, beside the tokens: its
#: history, records and, under `yaniv serve --play`, its saved games (`holds_games`).
DATA_FOLDER = "data"
#: Its config folder (settings, rulesets), beside it.
CONFIG_FOLDER = "config"
#: The most browsers' folders kept (and as many SSH keys' folders): a new one past it removes those used longest ago
#: first, never one a page (or an SSH session) has open (`hold_browser_folder`), so keys made up by the thousand
#: cannot fill the disk. Twice the most pages open at once, so there is always one to remove. A folder holding a game
#: (`holds_games`: one in progress, or finished games' records) is neither counted nor removed, however old.
MAX_BROWSER_FOLDERS = 2 * MAX_SESSIONS
#: A browser's folder is named by this many hex digits of its key's hash.
_FOLDER = re.compile(r"[0-9a-f]{32}")
#: The file in a browser's folder a page holds a shared lock on while it is open.
_IN_USE = "in-use"
#: The folders this process holds, each with its pages open (where there is no file lock, the only ones known held).
_held: Counter[Path] = Counter()
#: Guards `_held`: the SSH sessions hold their folders in a thread of their own, beside the pages' (serve_ssh.py).
_holding = threading.Lock()
#: What the page and a refused WebSocket say when `--max-sessions` pages are open.
FULL_LINE = "yaniv serve: every place is taken ({} at once): reload the page when someone leaves."


def new_browser_key() -> str:
    """A new browser's key: random, 192 bits."""
    return secrets.token_urlsafe(24)


def browser_key(value: str | None) -> str | None:
    """`value` if it is a key `new_browser_key` could have made, else None (it then names no folder)."""
    return value if value is not None and _KEY.fullmatch(value) else None


def browser_tokens_dir(key: str) -> Path:
    """The private (0700) folder of the browser holding `key`'s seat tokens (`kept_folder`)."""
    if browser_key(key) is None:
        raise ValueError("not a browser key")
    return kept_folder(BROWSERS_FOLDER, key.encode("ascii"))


def kept_folder(kind: str, key: bytes) -> Path:
    """The private (0700) folder of whoever holds `key`, in the folder `kind` of the data folder, made if need be,
    and marked used now. It is named by a hash of the key, so the key is not on disk and can name no other path: a
    browser's key (which only that browser holds), or the public data of an SSH client's key (which only a client
    that proved it holds the private key is given). A new folder first makes room (`_make_room`)."""
    folder = data_dir() / kind / hashlib.sha256(key).hexdigest()[:32]
    folder.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(folder.parent, 0o700)
    if not folder.is_dir():
        _make_room(folder.parent)
    folder.mkdir(mode=0o700, exist_ok=True)
    os.chmod(folder, 0o700)
    os.utime(folder)  # its last use: the folders used longest ago go first
    return folder


@contextlib.contextmanager
def hold_browser_folder(folder: Path) -> Iterator[None]:
    """Mark `folder` in use while a page (or an SSH session) has it open: no `yaniv serve` or `yaniv host` (this one
    or another on the same data folder) removes it meanwhile; at the end it is marked used now."""
    with _holding:
        _held[folder] += 1
    fd = None
    try:
        if fcntl is not None:
            fd = os.open(folder / _IN_USE, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
            fcntl.flock(fd, fcntl.LOCK_SH)
        yield
    finally:
        with _holding:
            _held[folder] -= 1
            if not _held[folder]:
                del _held[folder]
        if fd is not None:
            os.close(fd)
        with contextlib.suppress(OSError):
            os.utime(folder)


def holds_games(folder: Path) -> bool:
    """Whether a browser's (or key's) folder holds a game: a saved game in progress (`yaniv serve --play`), or the
    history of its finished rounds and games with each game's record (played there, or sent by a joined table's host
    at its end). Never removed: a player coming back, however late, finds them under Continue and Stats (and whoever
    runs the server can open them, with `YANIV_DATA_DIR=FOLDER/data yaniv`, once no browser can)."""
    data = folder / DATA_FOLDER
    if (data / history_path().relative_to(data_dir())).is_file():
        return True
    saves = data / saves_dir().relative_to(data_dir())
    try:
        with os.scandir(saves) as entries:
            return any(entry.name.endswith(".json") for entry in entries)
    except OSError:
        return False


def _in_use(folder: Path) -> bool:
    """Whether a page (of this process or another) has `folder` open."""
    if _held[folder]:
        return True
    if fcntl is None:
        return False
    try:
        fd = os.open(folder / _IN_USE, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return False
    except OSError:
        return True  # something odd in its place: left alone
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def _make_room(root: Path) -> None:
    """Before a new browser's folder is made in `root`: remove the folders no browser can use any more (unused
    for longer than a key lives), then, while MAX_BROWSER_FOLDERS are kept, the one used longest ago; never one in
    use, nor one holding a game (`holds_games`; nor counted), nor anything in `root` that is not a browser's folder."""
    found: list[tuple[float, Path]] = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(root):
            with contextlib.suppress(OSError):
                folder = Path(entry.path)
                if _FOLDER.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False) and not holds_games(folder):
                    found.append((entry.stat(follow_symlinks=False).st_mtime, folder))
    found.sort()
    expired = time.time() - KEY_MAX_AGE
    count = len(found)
    for used, folder in found:
        if used >= expired and count < MAX_BROWSER_FOLDERS:
            break
        if not _in_use(folder):
            shutil.rmtree(folder, ignore_errors=True)
            if not folder.exists():
                count -= 1
