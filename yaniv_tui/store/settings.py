"""The user's settings, kept in `settings.toml` in the config folder: the theme chosen, whether the bell rings, and
for a `yaniv serve` page the table it last joined (each browser has a config folder of its own).

    settings = load_settings()                  # never raises: the defaults for a missing or damaged file
    settings, problem = read_settings()         # the same, with the one line to tell about a damaged file
    settings, problem = open_settings()         # as the app starts: a damaged file is moved aside, and told
    problem = change_settings(theme="nord")     # None once written; else the one line (other keys kept, locked)

A damaged file (not TOML, not a file, a value of the wrong kind, nested deeper than a ruleset file may) is read as
the defaults; `read_settings` leaves it as it is, and the app's start (`open_settings`) or the next save moves it
aside (renamed, never deleted) and says so in one line, so nothing the user wrote is lost silently. A byte order mark
before the text (Windows editors write one) is no damage. A file out of reach (a file where the config folder
should be, no permission to read it) is no damaged file: the defaults and one line saying why, and it is never
moved. A save keeps the file's other keys and comments (tomlkit), and is atomic.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from yaniv_tui.engine.ruleset_read import MAX_NESTING, nesting
from yaniv_tui.engine.toml_text import parse_toml

from .files import NotAFile, TooBig, atomic_write, changing, move_aside, read_regular
from .paths import WRITE_REFUSED, config_dir, in_the_way, unwritable

__all__ = [
    "SETTINGS_FILE",
    "Settings",
    "change_settings",
    "load_settings",
    "open_settings",
    "read_settings",
    "save_settings",
    "settings_path",
]

SETTINGS_FILE = "settings.toml"
#: A settings file is a few lines; anything much bigger is not one.
_LIMIT = 64 * 1024
#: The longest text kept for a table last joined (an address, a code, a name are far shorter).
_MOST_TEXT = 300


@dataclass(frozen=True, slots=True)
class Settings:
    """What the user chose once and keeps: the Textual theme (None: the game's own look) and the bell."""

    #: The theme's name, as the command palette's "Change theme" lists it; None for the default.
    theme: str | None = None
    #: Ring the terminal bell when your turn comes and when someone calls Yaniv.
    bell: bool = True
    #: The table a `yaniv serve` page last joined: its address, room code and the name typed (None: none), and
    #: whether it only watched (None: it took a seat). A reload puts them back in the join screen (cli/join.py).
    join_address: str | None = None
    join_code: str | None = None
    join_name: str | None = None
    join_watch: bool | None = None


def settings_path() -> Path:
    """The settings file, `settings.toml` in the config folder."""
    return config_dir() / SETTINGS_FILE


class _Damaged(Exception):
    """The file cannot be read as settings; the message says why, in a few words."""


class _Unreachable(Exception):
    """The file cannot be reached, through no fault of its own (a file where its folder should be, no permission to
    read it): not damaged, so never moved aside; the message says why, in a few words."""


def _unreachable(path: Path, error: OSError, *, writing: bool = False) -> str | None:
    """Why `error` (reading or `writing` `path`) is the way to the file, not the file: in a few words, or None."""
    if blocker := in_the_way(path.parent):
        return f"{blocker} is not a folder"
    if error.errno in WRITE_REFUSED:
        return (unwritable(path) if writing else None) or error.strerror or str(error)
    return None


def _parse(path: Path) -> dict[str, Any] | None:
    """The file's table, None when there is no file; _Damaged when it is not a settings file."""
    try:
        raw = read_regular(path, _LIMIT)
    except FileNotFoundError:
        return None
    except NotAFile as error:
        raise _Damaged(f"it is {error.kind}, not a file") from None
    except TooBig:
        raise _Damaged(f"it is bigger than {_LIMIT // 1024} KiB") from None
    except OSError as error:
        if (why := _unreachable(path, error)) is not None:
            raise _Unreachable(why) from None
        raise _Damaged(f"it cannot be read: {error.strerror or error}") from None
    too_deep = _Damaged(f"it is nested too deep: a settings file nests at most {MAX_NESTING} levels")
    try:
        table = parse_toml(_text(raw))
    except UnicodeDecodeError:
        raise _Damaged("it is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise _Damaged(f"it is not TOML ({str(error).splitlines()[0]})") from None
    except RecursionError:  # tomllib lets it out bare
        raise too_deep from None
    if nesting(table) > MAX_NESTING:  # as deep as a ruleset file may: the line above names a depth that holds
        raise too_deep
    return table


def _text(raw: bytes) -> str:
    """A settings file's text: UTF-8, with or without the byte order mark Windows editors write before it (the next
    save writes it without); UnicodeDecodeError when it is not UTF-8."""
    return raw.decode("utf-8-sig")


def _settings_of(table: dict[str, Any]) -> Settings:
    """The settings in a file's table (keys this yaniv-tui does not know are left to others); _Damaged for a value
    of the wrong kind."""
    theme = table.get("theme")
    if theme is not None and not (isinstance(theme, str) and theme.strip()):
        raise _Damaged("its theme is not a theme's name")
    bell = table.get("bell", True)
    if not isinstance(bell, bool):
        raise _Damaged("its bell is not true or false")
    joined = {key: table.get(key) for key in ("join_address", "join_code", "join_name")}
    for key, value in joined.items():
        if value is not None and not (isinstance(value, str) and value.isprintable() and len(value) <= _MOST_TEXT):
            raise _Damaged(f"its {key} is not a line of text")
    code = joined["join_code"]
    if code is not None and not code.isalnum():
        raise _Damaged("its join_code is not letters and digits")
    watch = table.get("join_watch")
    if watch is not None and not isinstance(watch, bool):
        raise _Damaged("its join_watch is not true or false")
    return Settings(theme=theme.strip() if theme else None, bell=bell, **joined, join_watch=watch or None)


def read_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings, and None or the one line saying the file is damaged (then the defaults are used)."""
    return _read(path or settings_path())[:2]


def _read(path: Path) -> tuple[Settings, str | None, bool]:
    """`read_settings`, and whether the file is damaged (rather than out of reach)."""
    try:
        table = _parse(path)
        return (Settings() if table is None else _settings_of(table)), None, False
    except _Unreachable as why:
        return Settings(), f"settings file {path} cannot be read: {why}; the defaults are used", False
    except _Damaged as damaged:
        line = f"settings file {path} is damaged ({damaged}): the defaults are used, and the file is kept"
        return Settings(), line, True


def open_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings as the app starts with them, and None or the one line to tell: a damaged file is moved aside
    (kept beside, never deleted) so the next start does not tell it again; the defaults are used. The move is made
    under the settings' lock (`files.changing`), on the file as read under it: another yaniv starting or changing a
    key at the same moment may have moved it aside and written a good one since, which is read, never moved."""
    path = path or settings_path()
    settings, problem, damaged = _read(path)
    if problem is None or not damaged:
        return settings, problem
    with changing(path):
        settings, problem, damaged = _read(path)
        if problem is None or not damaged or not os.path.lexists(path):
            return settings, problem
        try:
            aside = move_aside(path)
        except OSError:
            return settings, problem  # it stays where it is, and read_settings' line says so
    return settings, problem.replace("and the file is kept", f"and the file was moved to {aside}")


def load_settings(path: Path | None = None) -> Settings:
    """The settings (the defaults for a missing or damaged file); never raises."""
    return read_settings(path)[0]


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings, keeping the file's other keys and comments; None once written, else the one line to
    tell. A damaged file is moved aside first (never overwritten), and the line says where."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    path = path or settings_path()
    moved = ""
    try:
        try:
            table = _parse(path)
            if table is not None:
                _settings_of(table)
            # Read again as _parse reads (never waiting on a FIFO swapped in since), to keep its comments.
            document = tomlkit.parse(_text(read_regular(path, _LIMIT))) if table is not None else tomlkit.document()
        except _Unreachable:
            document = tomlkit.document()  # not damaged: the write below says why it cannot be reached
        except (_Damaged, TOMLKitError, OSError, NotAFile, TooBig, UnicodeDecodeError) as damaged:
            aside = move_aside(path)
            moved = f"settings file {path} was damaged ({damaged}); it was moved to {aside} and a new one written"
            document = tomlkit.document()
        for field in fields(Settings):
            value = getattr(settings, field.name)
            if value is None:
                document.pop(field.name, None)
            else:
                document[field.name] = value
        atomic_write(path, tomlkit.dumps(document).encode("utf-8"), through_link=True)
    except OSError as error:
        if (why := _unreachable(path, error, writing=True)) is not None:
            return f"settings file {path} cannot be written: {why}"
        return f"settings file {path} cannot be written ({error.strerror or error})"
    return moved or None


def change_settings(path: Path | None = None, /, **changes: Any) -> str | None:
    """Change the keys named (a Settings field each; None removes it) in the file as it is now, keeping every other
    key and comment; None once written, else the one line to tell (as `save_settings`). Read and written under the
    file's lock (`files.changing`), so two yanivs changing their keys at once keep both."""
    from dataclasses import replace

    path = path or settings_path()
    with changing(path):
        return save_settings(replace(read_settings(path)[0], **changes), path)
