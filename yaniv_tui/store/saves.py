"""A game's save: written atomically after every action (with its undo checkpoints, `undo.UndoStack`), read back
whole or moved aside.

Each game has its own file, `saves/<game id>.json` (see `paths`); `library` lists them and finds one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yaniv_tui.engine import Seat

from .files import (
    NotAFile,
    TooBig,
    atomic_write,
    clear_stale_temps,
    is_dangling_link,
    move_aside,
    move_aside_name,
    read_regular,
    write_new,
)
from .meta import (
    GAME_ID,
    TIME_ALLOWED,
    MetaError,
    SaveMeta,
    check_notes,
    is_time,
    meta_to_dict,
    new_game_id,
    now_iso,
    read_meta,
)
from .paths import WRITE_REFUSED, in_the_way, save_path, unwritable
from .undo import UndoError, UndoStack

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord
    from yaniv_tui.engine import Game

__all__ = [
    "GAME_ID",
    "MAX_SAVE_BYTES",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "NewerSave",
    "SaveError",
    "SaveMeta",
    "SavedGame",
    "Seat",
    "UndoError",
    "UndoStack",
    "UnreadableNow",
    "atomic_write",
    "clear_stale_temps",
    "load_save",
    "move_aside",
    "move_aside_name",
    "new_game_id",
    "now_iso",
    "read_save",
    "read_save_bytes",
    "remove_save",
    "save_game",
]

SAVE_FORMAT = "yaniv-tui-save"
#: The save file's own layout (the game inside carries the snapshot version too). Version 1 wrote a seat as
#: `{"human": bool, "level": ...}`; version 2 writes its kind (see `meta`). Both are read.
SAVE_VERSION = 2
READS_VERSIONS = (1, 2)
#: The most a save holds, written or read (one limit: `save_game` never writes a save `read_save` refuses). A save
#: is a few tens of kilobytes; a game of thousands of rounds grows by about 4 KB a round, most of it its record. Twice
#: the record's own limit (codec's MAX_RECORD_BYTES, 8 MiB) holds a record at that limit with its game and undo
#: (together about half the record's size then; tests/store/test_long_saves.py). Anything bigger is not read.
MAX_SAVE_BYTES = 16 * 1024 * 1024


class SaveError(Exception):
    """The saved game cannot be written or read; the message is one line. `moved_to`: where a damaged one went."""

    def __init__(self, message: str, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


class NewerSave(SaveError):
    """A save written by a newer yaniv-tui (a higher save or game version): not damaged, so never moved aside."""


class UnreadableNow(SaveError):
    """A save that cannot be read now for a reason outside it (its permissions, too many files open): not damaged,
    so never moved aside; it is there to resume once it can be read."""


#: Why a read fails when the file is not at fault: not allowed, or this process or the system out of open files.
_NOT_THE_FILE = frozenset({errno.EACCES, errno.EPERM, errno.EMFILE, errno.ENFILE, errno.ENOMEM})


@dataclass(slots=True)
class SavedGame:
    """A game read back from its save, with everything `save_game` was given: plain data, holding no lock (a game
    claimed to be played comes with its lock beside it: `library.Claimed`)."""

    game: Game
    meta: SaveMeta
    undo: UndoStack
    saved_at: str
    path: Path
    #: The game's record so far (codec/record.py); None in a save written before records were kept, or whose record
    #: is damaged (`record_damage`).
    record: GameRecord | None = None
    #: Why the save's record could not be read, in one line (once `keep_damaged_record` kept the save aside: where,
    #: and that the game goes on); None when it was read, or there was none. The game and its undo are sound.
    record_damage: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return self.game.players

    @property
    def game_id(self) -> str:
        return self.meta.game_id

    @property
    def is_table(self) -> bool:
        """Whether the game has a seat played from another machine: a table `yaniv host` opens."""
        return any(seat.is_remote for seat in self.meta.seats)

    @property
    def timed_out(self) -> tuple[int, ...]:
        """This round's turns (counted from 1) a bot played for a seat whose time ran out, as its record keeps them
        (`round_notes.timed_out_turns`): the table's log marks them again once the game is resumed."""
        from .round_notes import timed_out_turns

        return timed_out_turns(self.record, self.game)

    @property
    def pending(self) -> bool:
        """A finished game whose save is kept until the history holds it: never resumed, only recorded."""
        return self.game.is_over

    @property
    def players_line(self) -> str:
        """Who plays and their scores: `You 12, Avi 30, Noa (out)`."""
        game = self.game
        return ", ".join(
            f"{name} {score}" if score is not None else f"{name} (out)"
            for name, score in zip(game.players, game.scores, strict=True)
        )

    @property
    def round_line(self) -> str:
        """Where the game stands, and its rules: `round 3 · Israeli` (`4 rounds · Israeli` for a finished game)."""
        game = self.game
        played = len(game.history)
        rounds = f"{played} round{'s' if played != 1 else ''}" if self.pending else f"round {game.round_no}"
        return f"{rounds} · {game.rules.name}"

    def describe(self) -> str:
        """Whose game it is, in one line: the players and their scores, the round, the rules."""
        return f"{self.players_line} · {self.round_line}"

    @property
    def when(self) -> str:
        """When it was saved, as `2026-12-01 09:30 UTC`."""
        return self.saved_at.replace("T", " ")[:16] + " UTC"


# -- writing ----------------------------------------------------------------------------------


def save_game(
    game: Game,
    meta: SaveMeta,
    undo: UndoStack | None = None,
    path: Path | None = None,
    *,
    record: GameRecord | None = None,
) -> Path:
    """Write the game (with its undo checkpoints and its record so far) to its save file atomically; SaveError (one
    line) if it cannot."""
    # The game's format (the codec and the whole engine) is imported when a game is written or read: listing the
    # saves on the setup screen reads their meta data alone, and the screen shows sooner without it.
    from .game_format import game_to_dict

    target = path or save_path(meta.game_id)
    if len(meta.seats) != len(game.players):
        raise ValueError(f"the meta data has {len(meta.seats)} seats for {len(game.players)} players")
    document = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": now_iso(),
        "meta": meta_to_dict(meta),
        "game": game_to_dict(game),
        "undo": [game_to_dict(g) for g in (undo.games if undo else ())],
    }
    if record is not None:  # the events as data: codec/record.py, documented in docs/game-record.md
        document["record"] = record.events
    data = _fitting(document, target)
    try:
        atomic_write(target, data)
    except OSError as error:
        # Which folder, and why, rather than "Permission denied" or "Not a directory".
        blocker = in_the_way(target.parent)
        why = f"{blocker} is not a folder" if blocker else unwritable(target) if error.errno in WRITE_REFUSED else None
        raise SaveError(f"cannot save the game to {target}: {why or error.strerror or error}") from None
    return target


def _fitting(document: dict[str, Any], target: Path) -> bytes:
    """The save's bytes within MAX_SAVE_BYTES: whole when they fit; else without the undo checkpoints (the table still
    undoes in this session); else without the record too (resumed, the game starts a partial record from there).
    The game itself is never left out: a game too long for any save is a SaveError, and its last save stays.

    Each part is encoded once (a long game's record is tens of megabytes, and a save is written after every move);
    JSON's ASCII output has as many bytes as characters."""
    parts = {key: f"{json.dumps(key)}:{json.dumps(value, separators=(',', ':'))}" for key, value in document.items()}
    size = sum(map(len, parts.values())) + len(parts) + 1  # the commas and the braces
    for optional, empty in (("undo", '"undo":[]'), ("record", None)):
        if size <= MAX_SAVE_BYTES or optional not in parts or not document[optional]:
            continue
        size -= len(parts[optional]) + (1 if empty is None else -len(empty))
        if empty is None:
            del parts[optional]
        else:
            parts[optional] = empty
    if size > MAX_SAVE_BYTES:
        kept = f"its last save in {target} stays" if target.exists() else "it is not saved"
        raise SaveError(
            f"the game is too long to save ({_mib(size)}; a save holds at most {_mib(MAX_SAVE_BYTES)}): {kept}"
        )
    return ("{" + ",".join(parts.values()) + "}").encode("ascii")


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


def remove_save(game_id: str) -> None:
    """Remove a game's save: it is finished and in the history, or the player chose to delete it. None is fine."""
    with contextlib.suppress(FileNotFoundError):
        save_path(game_id).unlink()


# -- reading ----------------------------------------------------------------------------------


def _bad(message: str) -> SaveError:
    return SaveError(message)


def _read_game(data: Any, where: str) -> Game:
    from yaniv_tui.codec import SnapshotError

    from .game_format import game_from_dict

    try:
        return game_from_dict(data)
    except SnapshotError as error:
        raise _bad(f"{where}: {error}") from None


def read_save_bytes(source: Path) -> bytes:
    """A save file's bytes: only a regular file (links followed) of at most MAX_SAVE_BYTES is read.

    The type and size are checked before anything is opened, and the file is opened without blocking, so a
    FIFO, a device or a huge file costs nothing; each is a one-line SaveError.
    """
    try:
        return read_regular(source, MAX_SAVE_BYTES)
    except NotAFile as error:
        raise _bad(f"is {error.kind}, not a saved game file") from None
    except TooBig:
        raise _bad(f"too big for a saved game (over {_mib(MAX_SAVE_BYTES)})") from None
    except FileNotFoundError:
        if is_dangling_link(source):  # not a save renamed into place a moment ago: a link to nothing
            raise _bad("is a link to a file that does not exist, not a saved game") from None
        raise _bad("no such file") from None
    except OSError as error:
        if error.errno in _NOT_THE_FILE:
            raise UnreadableNow(f"cannot be read now ({error.strerror or error})") from None
        raise _bad(f"cannot be read ({error.strerror or error})") from None


def read_save(source: Path) -> SavedGame:
    """Read a save file; every problem with it (a missing file too) is a one-line SaveError. Moves nothing."""
    from yaniv_tui.engine.json_text import JsonError, read_json  # the JSON reader when a save is read

    raw = read_save_bytes(source)
    if not raw.strip():
        raise _bad("empty")
    try:
        document = read_json(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _bad("not UTF-8 text") from None
    except JsonError as error:
        raise _bad(f"not a saved game: {error}" if error.too_deep else str(error)) from None
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise _bad("not a yaniv-tui saved game")
    version = document.get("version")
    _check_not_newer(version, document.get("game"))
    if type(version) is not int or version not in READS_VERSIONS:
        raise _bad(f"save version {version!r:.20}: this yaniv-tui reads versions 1 to {SAVE_VERSION}")
    saved_at = _saved_at(document.get("saved_at"))
    game = _read_game(document.get("game"), "game")
    try:
        meta = read_meta(document.get("meta"), tuple(game.players), version)
        check_notes(meta, game)
    except MetaError as error:
        raise _bad(str(error)) from None
    undo_data = document.get("undo")
    if not isinstance(undo_data, list):
        raise _bad("undo: must be a list")
    kept = [_read_game(item, f"undo[{i}]") for i, item in enumerate(undo_data)]
    for i, old in enumerate(kept):
        if old.players != game.players or old.rules != game.rules or old.seed != game.seed:
            raise _bad(f"undo[{i}]: not an earlier state of the saved game")
    undo = UndoStack(max(3, len(kept)), kept)
    try:
        record = _read_record(document, game)
    except SaveError as error:  # only the record: the game is sound, and goes on without it (`keep_damaged_record`)
        return SavedGame(game, meta, undo, saved_at, source, None, str(error))
    return SavedGame(game, meta, undo, saved_at, source, record)


def _saved_at(value: Any) -> str:
    """A save's time (`meta.now_iso`'s); SaveError otherwise."""
    if not is_time(value):
        raise _bad(f"saved_at: {TIME_ALLOWED}")
    return value


def _check_not_newer(version: Any, game: Any) -> None:
    """NewerSave if a newer yaniv-tui wrote the save: its own version, or its game's, is above the ones read here."""
    from .game_format import VERSION as GAME_VERSION

    game_version = game.get("version") if isinstance(game, dict) else None
    for what, value, highest in (("save", version, SAVE_VERSION), ("game", game_version, GAME_VERSION)):
        if type(value) is int and value > highest:
            raise NewerSave(
                f"written by a newer yaniv-tui ({what} version {value}; this one reads up to {highest}): "
                "play it with that yaniv-tui"
            )


def _read_record(document: dict[str, Any], game: Game) -> GameRecord | None:
    """The save's record of its game so far; None for a save written before records were kept."""
    if "record" not in document:
        return None
    from yaniv_tui.codec.record import RecordError, record_from_events

    try:
        record = record_from_events(document["record"])
    except RecordError as error:
        raise _bad(f"record: {error}") from None
    if record.rounds != len(game.history):
        raise _bad(f"record: it holds {record.rounds} finished rounds, the game {len(game.history)}")
    record.reshuffles = game.reshuffles
    return record


def keep_damaged_record(saved: SavedGame) -> None:
    """A save whose game and undo are sound but whose record is damaged (`saved.record_damage`): keep a copy of the
    save aside (never over another file), then write it again without its record, as a save written before records
    were kept: resumed, the game's record starts again from where it is (partial). `saved.record_damage` becomes the
    line to say. SaveError (one line) when no copy can be kept: the save is then left as it is."""
    from yaniv_tui.engine.json_text import read_json

    path, why = saved.path, saved.record_damage
    try:
        raw = read_save_bytes(path)
        document = read_json(raw.decode("utf-8"))
        document.pop("record", None)
        copy = _keep_copy(path, raw)
    except (SaveError, OSError, ValueError) as error:
        text = getattr(error, "strerror", None) or error
        raise SaveError(
            f"the saved game {path.name} has a damaged record ({why}), and no copy of it could be kept aside ({text}): "
            "it is left as it is"
        ) from None
    rest = f"a copy of the save was kept in {copy}"
    try:
        atomic_write(path, _fitting(document, path))
    except (SaveError, OSError) as error:
        rest += f", but the save could not be written without it ({getattr(error, 'strerror', None) or error})"
    saved.record_damage = (
        f"the saved game {path.name} had a damaged record ({why}): {rest}, and the game goes on, its record started "
        f"again from round {saved.game.round_no}"
    )


def _keep_copy(path: Path, raw: bytes) -> Path:
    """Write `raw` to a new file named as `move_aside` names a damaged file beside `path`: its path."""
    for n in range(1000):
        aside = move_aside_name(path, n)
        try:
            write_new(aside, raw)
        except FileExistsError:
            continue
        return aside
    raise OSError(f"too many damaged copies beside {path}")


def load_save(path: Path) -> SavedGame | None:
    """The game saved in `path`, or None when there is none (the newest of them all: `library.newest_save`).

    A damaged or unreadable save raises SaveError with one line saying what is wrong and where the
    file was moved (it is renamed aside, never deleted), so the player can start a new game. A save whose record
    alone is damaged is read without it, a copy kept aside first (`keep_damaged_record`): its `record_damage` says
    so. A save a newer yaniv-tui wrote is not damaged: it is told in one line and left where that yaniv-tui finds
    it; so is one that cannot be read now for a reason outside it (`UnreadableNow`: no permission, too many files
    open).
    """
    if not os.path.lexists(path):  # a link to nothing is not a save either: it is moved aside below
        return None
    try:
        saved = read_save(path)
    except NewerSave as error:
        raise SaveError(f"the saved game {path.name} was {error}; it is left as it is") from None
    except UnreadableNow as error:
        raise SaveError(f"the saved game {path.name} {error}; it is left as it is") from None
    except SaveError as error:
        try:
            aside = move_aside(path)
        except OSError as move_error:
            raise SaveError(
                f"the saved game {path} is damaged ({error}) and could not be moved aside "
                f"({getattr(move_error, 'strerror', None) or move_error})"
            ) from None
        raise SaveError(f"the saved game {path.name} was damaged ({error}); it was moved to {aside}", aside) from None
    if saved.record_damage is not None:
        keep_damaged_record(saved)
    return saved
