"""A game in play is locked to its process: an OS file lock beside its save, which dies with the process.

POSIX systems use `flock` (held per open file, released by the kernel when the process ends, however it
ends); Windows locks the file's first byte with `msvcrt`; elsewhere there is no lock, and play goes on.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import stat
import sys
import time
from pathlib import Path
from types import ModuleType

from .files import move_aside, private_folder
from .paths import lock_path
from .saves import SaveError


def _optional(name: str) -> ModuleType | None:
    """A module this system may lack: `fcntl` (Windows has none), `msvcrt` (only Windows has it)."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


fcntl = _optional("fcntl")
msvcrt = _optional("msvcrt")

#: Tries at a lock file that another process removed just as this one opened it.
_ATTEMPTS = 20
#: A lock file is opened never through a link (whose target it would write) and never waiting on a FIFO.
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
#: What opening a path that is not a regular file (or became one of those meanwhile) fails with.
_ODD = {errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.EMLINK, errno.ENOTDIR}
#: How long a claim of a saved game (`library.claim_game`; once in all for `claim_newest`) waits for a lock another
#: yaniv holds, in seconds: a delete holds it a moment (the save removed, then the lock let go), a game played for as
#: long as it is played; so a game deleted meanwhile is told as gone, not as open there.
CLAIM_WAIT = 0.25
#: Between two tries at a lock another yaniv holds.
_STEP = 0.02
_pause = time.sleep


class GameOpenElsewhere(SaveError):
    """Another process holds the game's lock: it is being played there."""


def _try_lock(fd: int) -> bool:
    """Lock the open file without waiting; False when another process holds it."""
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    if msvcrt is not None and sys.platform == "win32":
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    return True  # no lock on this system


def _unlock(fd: int) -> None:
    with contextlib.suppress(OSError):
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        elif msvcrt is not None and sys.platform == "win32":
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def _is_regular(fd: int) -> bool:
    return stat.S_ISREG(os.fstat(fd).st_mode)


def _holder(path: Path) -> str:
    """Who holds the lock, as its file says ("process 123"), or "another process". Only a regular file is read."""
    text = ""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
        try:
            if _is_regular(fd):
                text = os.read(fd, 32).decode("ascii", errors="replace").strip()
        finally:
            os.close(fd)
    return f"process {text}" if text.isdigit() else "another process"


class GameLock:
    """The lock on one game, held from `lock_game` until `release` (or until the process ends)."""

    def __init__(self, game_id: str, path: Path, fd: int | None, unprotected: str | None = None) -> None:
        self.game_id = game_id
        self.path = path
        self._fd = fd
        #: Why the game is played without its lock (`unlocked`), in one line to say; None for a lock taken.
        self.unprotected = unprotected

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self, remove: bool = False) -> None:
        """Let the game go; `remove` also deletes the lock file (the game is over and its save gone)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if remove and fcntl is not None:
            # Removed while still locked: a process that opened the old file sees it is gone and tries anew.
            with contextlib.suppress(OSError):
                self.path.unlink()
        _unlock(fd)
        with contextlib.suppress(OSError):
            os.close(fd)

    def __del__(self) -> None:
        # A lock nobody holds a reference to any more protects nothing: give its file back.
        self.release()

    def __enter__(self) -> GameLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _move_odd_aside(path: Path) -> None:
    """Whatever is at the lock's path that is not a regular file (a FIFO, a folder, a link) is not a lock
    file of ours: move it aside (never delete it) so a real one can be made."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        with contextlib.suppress(FileNotFoundError):  # another process moved it a moment ago
            move_aside(path)


def _open_locked(path: Path) -> int | None:
    """The locked file's descriptor, or None when another process holds it."""
    for _ in range(_ATTEMPTS):
        _move_odd_aside(path)
        try:
            # Its owner's alone, as every file yaniv makes (it says only which process holds the game).
            fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o600)
        except OSError as error:
            if error.errno in _ODD:
                continue  # something other than a file was put there since: moved aside on the next try
            raise
        try:
            if not _is_regular(fd):
                raise FileNotFoundError(path)  # a FIFO or a device swapped in: moved aside on the next try
            if not _try_lock(fd):
                os.close(fd)
                return None
            if fcntl is not None:
                here, there = os.fstat(fd), os.stat(path)
                if (here.st_dev, here.st_ino) != (there.st_dev, there.st_ino):
                    raise FileNotFoundError(path)  # removed by its last holder meanwhile: open the new one
            return fd
        except FileNotFoundError:
            _unlock(fd)
            os.close(fd)
        except BaseException:
            _unlock(fd)
            os.close(fd)
            raise
    raise OSError(f"the lock file {path} keeps disappearing or is not a file")


def lock_game(game_id: str) -> GameLock:
    """Lock the game to this process. GameOpenElsewhere (one line) when another process plays it;
    OSError when the lock file cannot be made (then the caller decides whether to play on unlocked)."""
    path = lock_path(game_id)
    private_folder(path.parent)
    fd = _open_locked(path)
    if fd is None:
        raise GameOpenElsewhere(f"the game {game_id[:8]} is open in another yaniv ({_holder(path)}); finish it there")
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, str(os.getpid()).encode("ascii"))
    return GameLock(game_id, path, fd)


def pause_a_step() -> float:
    """Wait between two tries at a lock another yaniv holds; the seconds waited."""
    _pause(_STEP)
    return _STEP


def take_lock(game_id: str, wait: float = 0.0) -> GameLock | None:
    """Lock the game to this process, trying again for `wait` seconds while another holds it (GameOpenElsewhere when
    another process plays it). Where its lock file is there but cannot be opened (one a `sudo yaniv` left), the game
    is played on `unlocked`, whose `unprotected` line its table says; where none can be made at all (the folder takes
    no file), None: its save says what is wrong."""
    waited = 0.0
    while True:
        try:
            return lock_game(game_id)
        except GameOpenElsewhere:
            if waited >= wait:
                raise
        except OSError as error:
            return unlocked(game_id, error) if os.path.lexists(lock_path(game_id)) else None
        waited += pause_a_step()


def unlocked(game_id: str, error: OSError) -> GameLock:
    """The lock of a game played without one, since its lock file cannot be made or opened (`error`; one a `sudo
    yaniv` left, owned by root): never held, its `unprotected` line says so, and that nothing stops a second yaniv
    playing the game at the same time."""
    path = lock_path(game_id)
    why = error.strerror or str(error)
    if error.errno in (errno.EACCES, errno.EPERM) and os.path.lexists(path):
        why += "; perhaps a 'sudo yaniv' left it: remove it"
    return GameLock(
        game_id,
        path,
        None,
        f"the game {game_id[:8]} is played unlocked, as its lock file {path} cannot be opened ({why}): it is not "
        "protected from a second terminal playing it at the same time",
    )


def is_open_elsewhere(game_id: str) -> bool:
    """Whether another process holds the game's lock now (the lock is taken and let go at once to see).
    Anything at the lock's path that is not a regular file holds no lock: False, and it is left as it is."""
    path = lock_path(game_id)
    try:
        fd = os.open(path, os.O_RDWR | _NOFOLLOW)
    except OSError:
        return False  # no lock file: nobody has played it since it was last let go
    try:
        if not _is_regular(fd):
            return False
        if not _try_lock(fd):
            return True
        _unlock(fd)
        return False
    finally:
        os.close(fd)
