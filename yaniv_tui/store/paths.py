"""Where yaniv-tui keeps its files: the user's data and config folders, or the folders the environment names."""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Callable
from pathlib import Path

import platformdirs

APP_NAME = "yaniv-tui"
#: Environment variables that move the folders (tests, portable installs).
DATA_ENV = "YANIV_DATA_DIR"
CONFIG_ENV = "YANIV_CONFIG_DIR"
#: What the system says when it refuses to write a file or make one (no permission, a read-only file system).
WRITE_REFUSED = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})
#: The environment variable that moves a joiner's seat tokens (`yaniv serve` gives each browser its own).
TOKENS_ENV = "YANIV_TOKENS_DIR"


def _from_env(name: str) -> Path | None:
    value = os.environ.get(name, "").strip()
    return Path(value).expanduser() if value else None


class NoHome(RuntimeError):
    """No folder can be found for yaniv-tui's files: no home folder (HOME is not set, and the system knows none for
    this user) and no variable naming one. The message is one line saying what to set."""


def _user_path(find: Callable[..., Path], env: str, what: str) -> Path:
    try:
        return find(APP_NAME, appauthor=False)
    except RuntimeError:  # platformdirs: "could not determine the home directory"
        raise NoHome(
            f"there is no folder for {what}: no home folder (HOME is not set, and this user has none); "
            f"set HOME, or {env}, to a folder"
        ) from None


def data_dir() -> Path:
    """The folder for the saved games and the history database (not created here); NoHome when there is none."""
    return _from_env(DATA_ENV) or _user_path(platformdirs.user_data_path, DATA_ENV, "your saved games")


def config_dir() -> Path:
    """The folder for the user's settings and rulesets (not created here); NoHome when there is none."""
    return _from_env(CONFIG_ENV) or _user_path(platformdirs.user_config_path, CONFIG_ENV, "your settings")


def saves_dir() -> Path:
    """The folder of saved games, one `<game id>.json` per game (and its `<game id>.lock` while it is played)."""
    return data_dir() / "saves"


def save_path(game_id: str) -> Path:
    """The save of one game, by its id."""
    return saves_dir() / f"{game_id}.json"


def lock_path(game_id: str) -> Path:
    """The file a process locks while it plays the game."""
    return saves_dir() / f"{game_id}.lock"


def legacy_save_path() -> Path:
    """The single save of yaniv-tui before one save per game; moved into `saves_dir()` on first use."""
    return data_dir() / "save.json"


def history_path() -> Path:
    """The SQLite database of finished rounds and games."""
    return data_dir() / "history.sqlite3"


def tokens_dir() -> Path:
    """The folder of a joiner's seat tokens: the one `TOKENS_ENV` names, else `tokens/` in the data folder."""
    return _from_env(TOKENS_ENV) or data_dir() / "tokens"


def user_rulesets_dir() -> Path:
    """The folder of the user's own ruleset files, `*.toml`."""
    return config_dir() / "rulesets"


def tables_dir() -> Path:
    """The folder of the hosted games' tables (their room codes and seat tokens), one `<game id>.json` each."""
    return data_dir() / "tables"


def written_folders() -> list[Path]:
    """Every folder yaniv writes its own files in through a hidden temporary one (`files.atomic_write`, `write_new`),
    which a killed write leaves behind: the saves, the data folder (the history's record copies), the tables, the
    tokens, the config folder (the settings) and the user's rulesets. One with no home to be found is left out."""
    found: list[Path] = []
    for folder in (saves_dir, data_dir, tables_dir, tokens_dir, config_dir, user_rulesets_dir):
        with contextlib.suppress(NoHome):
            found.append(folder())
    return found


def in_the_way(folder: Path) -> Path | None:
    """What keeps `folder` from being one: the nearest of it and the folders above it that is there and is not a
    folder (a file where the data folder should be), or None."""
    for each in (folder, *folder.parents):
        if os.path.lexists(each):
            return None if each.is_dir() else each
    return None


def not_a_folder(blocker: Path) -> str:
    """What `blocker` (found by `in_the_way`) is, in words, as "<it> is not a folder", or for a link, where it leads."""
    if os.path.islink(blocker):
        with contextlib.suppress(OSError):
            target = os.readlink(blocker)
            try:
                os.stat(blocker)
            except FileNotFoundError:
                return f"{blocker} is a link to {target}, which is not there"
            except OSError as error:
                if error.errno == errno.ELOOP:
                    return f"{blocker} is a link to {target}, in a loop of links that leads to no folder"
            else:
                return f"{blocker} is a link to {target}, which is not a folder"
    return f"{blocker} is not a folder"


def data_folder_problem() -> str | None:
    """Why the data folder cannot be one (a file, or a link to nothing, in its place or above it), in one line for
    every command that reads it, or None."""
    blocker = in_the_way(data_dir())
    if blocker is None:
        return None
    return (
        f"the data folder {data_dir()} cannot be used: {not_a_folder(blocker)} "
        f"(move it away, or set {DATA_ENV} to another folder)"
    )


def unwritable(path: Path) -> str | None:
    """Why the file `path` (there, or to be made) cannot be written, in words: "<it> is read-only" for the file, or for
    the nearest of the folders above it that is there (read-only for this user, or on a read-only file system);
    None when neither is. On a read-only file system the folder is named as on one, the file there or not (making
    the file writable would not help)."""
    for folder in path.parents:
        if not os.path.isdir(folder):
            continue
        try:
            read_only_system = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
        except (OSError, AttributeError):
            read_only_system = False
        if read_only_system:
            return f"{folder} is read-only (a read-only file system)"
        if os.path.isfile(path) and not os.access(path, os.W_OK):
            return f"{path} is read-only"
        return None if os.access(folder, os.W_OK | os.X_OK) else f"{folder} is read-only"
    return None
