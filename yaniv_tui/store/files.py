"""Writing and reading a file of ours safely, for every file the store keeps (a save, the history's damaged copies,
the settings, a table's secrets, a user's ruleset): a write a crash cannot leave half done, a damaged file moved aside
rather than deleted, the temporary files a killed write left. Reading is `yaniv_tui.engine.files`'s, its home, where
the bots' ratings file reads it too.

What yaniv makes is its owner's alone, whatever the umask: a new file 0600 (`atomic_write`, `create_private`) and a
new folder 0700 (`private_folder`), since a save, a record, the history and a token hold a game's hands or a table's
secrets. What is there already keeps its permissions: a folder or a file the user made wider on purpose stays so."""

from __future__ import annotations

import contextlib
import errno
import fnmatch
import glob
import importlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

from yaniv_tui.engine.files import NotAFile, TooBig, is_dangling_link, kind_of, read_regular

__all__ = [
    "Busy",
    "NotAFile",
    "TooBig",
    "atomic_write",
    "changing",
    "clear_stale_temps",
    "clear_stale_temps_beside",
    "create_private",
    "holding_folder",
    "is_dangling_link",
    "kind_of",
    "move_aside",
    "move_aside_name",
    "private_folder",
    "read_regular",
    "write_new",
]

#: A temporary file this old is left from a killed write, not one being written now.
_STALE_SECONDS = 60.0
#: How a write's temporary file is named beside its file: hidden, the file's name, tempfile's eight random letters.
_TEMP_PREFIX, _TEMP_SUFFIX = ".{name}.", ".tmp"
#: A name made so (`_temp_beside`), and no other: a user's own `.notes.tmp` is not ours.
_OUR_TEMP = re.compile(r"\.[^/]+\.[a-z0-9_]{8}\.tmp")


def atomic_write(path: Path, data: bytes, *, make_folder: bool = True, through_link: bool = False) -> None:
    """Replace `path` with `data` so that a crash, a kill or a full disk at any moment leaves either the old file or
    the new one. `make_folder`: make its folder if need be, private (`private_folder`; else a missing one is the
    OSError). A file replaced keeps its permissions (a user's own, wider on purpose, or a file shipped to be read by
    all, stays so); a new one is private (0600).
    A link at `path` is replaced by the file, unless `through_link` (a user's own file, kept as a link to where
    they keep it): then the file it names is replaced and the link stays, and the temporary files a killed write of
    it left there (a folder of the user's, which yaniv's own clearing does not reach) are cleared first."""
    if through_link:
        path = Path(os.path.realpath(path))
        clear_stale_temps_beside(path)
    folder = path.parent
    if make_folder:
        private_folder(folder)
    mode = _mode_of(path)
    fd, temp = _temp_beside(path)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    # The rename itself is only durable once the folder is flushed; not every system can open a folder.
    with contextlib.suppress(OSError, AttributeError):
        dir_fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


#: How long a change waits for another process's change of the same file (`changing`) before it goes on without.
CHANGE_WAIT = 5.0


@contextlib.contextmanager
def changing(path: Path, wait: float = CHANGE_WAIT) -> Iterator[None]:
    """Hold the lock on changing the file at `path` (read, changed and written again) against every other yaniv
    changing it: an OS lock (`flock`) on a hidden file beside it (`.<name>.lock`), which dies with its process. It
    waits at most `wait` seconds for another's change, then goes on without, as it does where no lock can be made (no
    `flock` on this system, a folder that takes no file): a change is never stopped by its lock."""
    fcntl = _fcntl()
    fd: int | None = None
    if fcntl is not None:
        with contextlib.suppress(OSError):
            private_folder(path.parent)
            fd = os.open(path.with_name(f".{path.name}.lock"), os.O_RDWR | os.O_CREAT | _NO_FOLLOW, 0o600)
    try:
        if fd is not None and fcntl is not None:  # fd is only opened where there is fcntl
            _flocked(fcntl, fd, wait)  # held or not, the change goes on
        yield
    finally:
        if fd is not None:
            os.close(fd)  # the lock goes with it


class Busy(OSError):
    """The lock on a file's folder (`holding_folder`) was held by another program longer than a change waits."""


@contextlib.contextmanager
def holding_folder(path: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the lock on changing the file at `path` (read, changed and replaced whole) against every other program
    changing it so: an OS lock (`flock`) on the folder it is in, which dies with its process. Not on a file: the file
    is replaced by a rename (the lock would stay on the old one), and a lock file beside it would be a file the user
    did not ask for, in a folder of theirs. The folder is never made. Busy (one line: how long, what to do) when
    another has held it `wait` seconds (`CHANGE_WAIT`); where no lock can be had (no `flock` on this system, a file
    system that takes none, a folder missing, which the change's own write then tells, or one that cannot be read)
    the change goes on without."""
    wait = CHANGE_WAIT if wait is None else wait
    fcntl = _fcntl()
    fd: int | None = None
    if fcntl is not None:
        with contextlib.suppress(OSError):  # a folder missing (told by the write) or that cannot be read (0300)
            fd = os.open(path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    if fd is None or fcntl is None:  # fd is only opened where there is fcntl
        yield
        return
    try:
        if not _flocked(fcntl, fd, wait):
            raise Busy(
                errno.EWOULDBLOCK,
                f"another program has been changing it for {wait:g} seconds (it holds the lock on its folder); try "
                "again once it is done",
            )
        yield
    finally:
        os.close(fd)  # the lock goes with it


def _flocked(fcntl: ModuleType, fd: int, wait: float) -> bool:
    """Take the OS lock (`flock`) on `fd`, waiting at most `wait` seconds for another program holding it: False if
    it was still held then; True once taken, or where the file system takes no lock (nothing to wait for)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        except OSError:
            return True


#: A lock file is opened never through a link and never waiting on a FIFO.
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def _fcntl() -> ModuleType | None:
    try:
        return importlib.import_module("fcntl")
    except ImportError:  # Windows
        return None


def _temp_of(temp: str) -> str:
    """The name of the file a temporary file named `temp` (by `_temp_beside`) was written for."""
    return temp[1 : -len(".12345678" + _TEMP_SUFFIX)]


def _temp_beside(path: Path) -> tuple[int, str]:
    """A new hidden temporary file beside `path` (0600), named as `clear_stale_temps` knows ours: its descriptor and
    path."""
    return tempfile.mkstemp(prefix=_TEMP_PREFIX.format(name=path.name), suffix=_TEMP_SUFFIX, dir=path.parent)


def private_folder(folder: Path) -> None:
    """Make `folder`, and the folders above it that are not there, each its owner's alone (0700: another user of the
    machine lists no game and reads no room code in a token's name). A folder already there is left as it is. As
    `Path.mkdir(parents=True, exist_ok=True)` fails: FileExistsError when something that is not a folder has its name,
    NotADirectoryError when one above it is a file."""
    missing: list[Path] = []
    for each in (folder, *folder.parents):
        if os.path.lexists(each):
            break
        missing.append(each)
    if not missing and not os.path.isdir(folder):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(folder))
    for each in reversed(missing):
        try:
            each.mkdir(0o700)
        except FileExistsError:  # another yaniv made it a moment ago
            if not os.path.isdir(each):
                raise


def create_private(path: Path) -> int:
    """A new file at `path`, its owner's alone (0600), open for writing: its descriptor. FileExistsError when anything
    is there already (a link too: never written through)."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)


#: What `os.link` fails with on a file system that has no hard links (FAT, exFAT, some network shares).
_NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK})


def write_new(path: Path, data: bytes) -> None:
    """Write `data` to a new file at `path`, its owner's alone (0600), never over anything there (FileExistsError), and
    whole or not at all: written and flushed under a temporary name beside it, then linked into place, so a kill or
    a full disk leaves no file cut short under its name (only, after a kill, the hidden temporary one). Where the
    file system has no links it is written in place, and removed if the write fails."""
    fd, temp = _temp_beside(path)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(temp, path)
        except FileExistsError:
            raise
        except OSError as error:
            if error.errno not in _NO_LINKS:
                raise
            _write_in_place(path, data)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _write_in_place(path: Path, data: bytes) -> None:
    fd = create_private(path)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)  # cut short, it would pass for the whole file
        raise


def _mode_of(path: Path) -> int | None:
    """The permissions of the file at `path`; for none, None (the temporary file's own, 0600)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        return None


def move_aside_name(path: Path, n: int) -> Path:
    """The `n`th name (from 0) a damaged file takes beside `path`: its name, then the time (`.damaged-<UTC time>`)."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    return path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n else ""))


def move_aside(path: Path) -> Path:
    """Rename a damaged file beside itself with the time in its name (never over another file); the new path."""
    for n in range(1000):
        aside = move_aside_name(path, n)
        if not os.path.lexists(aside):
            os.rename(path, aside)
            return aside
    raise OSError(f"too many damaged copies beside {path}")


def clear_stale_temps(folders: Iterable[Path], of: str = "*") -> None:
    """Remove the temporary files that writes killed before their rename left in `folders` (`paths.written_folders`):
    only a regular file named as ours (`_temp_beside`) and older than a write takes (`_STALE_SECONDS`), so never a
    user's own file, a link, or a file being written now. `of`: only the temporary files of a file named so (a
    shell pattern, `fnmatch`'s): in a folder of the user's (an export's, the ratings file's), those of the files yaniv
    writes there alone."""
    for folder in folders:
        with contextlib.suppress(OSError):
            for temp in folder.glob(".*.tmp"):
                if not _OUR_TEMP.fullmatch(temp.name) or not fnmatch.fnmatchcase(_temp_of(temp.name), of):
                    continue
                with contextlib.suppress(OSError):
                    info = os.lstat(temp)
                    if stat.S_ISREG(info.st_mode) and time.time() - info.st_mtime > _STALE_SECONDS:
                        temp.unlink()


def clear_stale_temps_beside(path: Path) -> None:
    """Remove the temporary files a killed write of `path` left beside it (`clear_stale_temps`), and no other file of
    its folder: one of the user's (an export's, the ratings file's)."""
    clear_stale_temps([path.parent], of=glob.escape(path.name))
