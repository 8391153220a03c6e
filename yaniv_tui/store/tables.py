"""A hosted table's secrets kept beside its save (room code, seat tokens), and a joiner's seat token.

The host writes `tables/<game id>.json` in the data folder after each change, so `yaniv host --resume` brings
back the same room code, tokens, address and turn clock; a joiner keeps its seat's token in
`<host>-<port>-<code>-<name>.token` (with a digest, `-<16 hex digits>`, when the name holds letters a file name does
not take) in `paths.tokens_dir()`, so the same `yaniv join` command rejoins the same seat. Both files are readable
by their owner only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import NamedTuple

from yaniv_tui.engine.clock import TIMEOUTS_TO_BOT_RANGE, TURN_SECONDS_RANGE

from .files import NotAFile, TooBig, atomic_write, read_regular
from .paths import tables_dir, tokens_dir

TABLE_FORMAT = "yaniv-tui-table"
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
#: The longest name (before ".token") of a joiner's token file.
_MAX_STEM = 150
#: The most a table file holds: its few fields and a token for each of at most 8 seats, many times over.
_MAX_TABLE_BYTES = 64 * 1024
#: A room code kept: capital letters and digits, as `yaniv join` sends what is typed, no longer than a join's code
#: may be (net/protocol.py).
_ROOM_CODE = re.compile(r"[A-Z0-9]{1,64}")
#: What a token in a table file or a joiner's token file is (the shape the host makes).
_TOKEN_SHAPE = "16 to 64 letters, digits, - and _"


class TableFileError(ValueError):
    """A table's file that cannot be read as one; the message is one line."""


def table_path(game_id: str) -> Path:
    """The file of a hosted game's room code and seat tokens."""
    return tables_dir() / f"{game_id}.json"


def _write_private(path: Path, data: bytes) -> None:
    atomic_write(path, data)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)


class KeptTable(NamedTuple):
    """What a hosted game's table file keeps: its room code, its seats' tokens, where it listened, and its turn
    clock."""

    code: str
    tokens: dict[int, str]
    #: The port and whether it listened on every network (`--public`); None in a file from before they were kept.
    port: int | None = None
    public: bool | None = None
    #: The turn clock it was played with (`--turn-seconds`: None, no clock; `--timeouts-to-bot`); both None in a file
    #: from before they were kept.
    turn_seconds: float | None = None
    timeouts_to_bot: int | None = None
    #: The remote seats whose names their host chose (`--players remote:NAME`), each kept for a joiner of that name;
    #: None in a file from before they were kept.
    named: tuple[int, ...] | None = None


def save_table(
    game_id: str,
    code: str,
    tokens: Mapping[int, str],
    *,
    port: int | None = None,
    public: bool | None = None,
    turn_seconds: float | None = None,
    timeouts_to_bot: int | None = None,
    named: Collection[int] = (),
) -> Path:
    """Keep the room code, the tokens of the seats taken so far, where the table listens, its turn clock and the
    seats its host named for someone (`named`), so `yaniv host --resume` opens it where its players look for it, timed
    and seated as it was (OSError if the disk refuses)."""
    document = {
        "format": TABLE_FORMAT,
        "code": code,
        "tokens": {str(seat): t for seat, t in sorted(tokens.items())},
        "port": port,
        "public": public,
        "turn_seconds": turn_seconds,
        "timeouts_to_bot": timeouts_to_bot,
        "named": sorted(named),
    }
    path = table_path(game_id)
    _write_private(path, json.dumps(document).encode("utf-8"))
    return path


def _secret(value: object, where: str) -> str:
    from yaniv_tui.codec.fields import TOKEN  # the JSON reader when a table is read

    if not isinstance(value, str) or TOKEN.fullmatch(value) is None:
        raise TableFileError(f"{where}: must be a seat token: {_TOKEN_SHAPE}")
    return value


def load_table(game_id: str, *, remote: Collection[int] | None = None) -> KeptTable | None:
    """The room code, seat tokens and address kept for a game, or None when it has none; TableFileError if
    damaged, or if a token names a seat not among `remote` (the seats played from another machine), when given."""
    from yaniv_tui.engine.json_text import JsonError, read_json  # the JSON reader when a table is read

    path = table_path(game_id)
    try:
        raw = read_regular(path, _MAX_TABLE_BYTES)
    except FileNotFoundError:
        return None
    except NotAFile as error:
        raise TableFileError(f"{path}: is {error.kind}, not a table file") from None
    except TooBig:
        limit = f"{_MAX_TABLE_BYTES // 1024} KiB"
        raise TableFileError(f"{path}: is bigger than {limit}, more than a table file holds") from None
    except OSError as error:
        raise TableFileError(f"{path}: cannot be read ({error.strerror or error})") from None
    try:
        data = read_json(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise TableFileError(f"{path}: not UTF-8 text") from None
    except JsonError as error:
        if error.too_deep:
            why = "nested too deep, not a table file: its fields nest 2 levels at most (the seats' tokens in one)"
            raise TableFileError(f"{path}: {why}") from None
        raise TableFileError(f"{path}: {error}") from None
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT or not isinstance(data.get("tokens"), dict):
        raise TableFileError(f"{path}: not a yaniv-tui table file")
    tokens: dict[int, str] = {}
    for seat, token in data["tokens"].items():
        if not (seat.isascii() and seat.isdigit()) or len(seat) > 2:
            raise TableFileError(f"{path}: tokens: {seat[:10]!r} is not a seat")
        if remote is not None and int(seat) not in remote:
            raise TableFileError(f"{path}: tokens.{seat}: seat {int(seat) + 1} is not played from another machine")
        token = _secret(token, f"{path}: tokens.{seat}")
        if (other := next((held for held, kept in tokens.items() if kept == token), None)) is not None:
            # A join with it would always take the first seat back: the other seat's player could never return.
            raise TableFileError(f"{path}: tokens.{seat}: the same token as seat {other + 1}'s: each seat has its own")
        tokens[int(seat)] = token
    port = data.get("port")
    if port is not None and (type(port) is not int or not 0 < port < 65536):
        raise TableFileError(f"{path}: port: must be a port number from 1 to 65535")
    public = data.get("public")
    if public is not None and not isinstance(public, bool):
        raise TableFileError(f"{path}: public: must be true or false")
    seconds = data.get("turn_seconds")
    most = TURN_SECONDS_RANGE[1]
    if seconds is not None and (type(seconds) not in (int, float) or not 0 < seconds <= most):
        raise TableFileError(f"{path}: turn_seconds: must be a number of seconds, more than 0 and at most {most}")
    to_bot = _whole_in(data.get("timeouts_to_bot"), TIMEOUTS_TO_BOT_RANGE, f"{path}: timeouts_to_bot", "timeouts")
    named = _named(data.get("named"), remote, f"{path}: named")
    return KeptTable(_room_code(data.get("code"), f"{path}: code"), tokens, port, public, seconds, to_bot, named)


def _named(value: object, remote: Collection[int] | None, where: str) -> tuple[int, ...] | None:
    """The seats a table file says its host named (a list of seat numbers, each a remote seat when `remote` is
    given), or None (not kept); TableFileError for anything else."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > 99 or any(type(seat) is not int or seat < 0 for seat in value):
        raise TableFileError(f"{where}: must be a list of seat numbers, counted from 0")
    for seat in value:
        if remote is not None and seat not in remote:
            raise TableFileError(f"{where}: seat {seat + 1} is not played from another machine")
    return tuple(sorted(set(value)))


def _room_code(value: object, where: str) -> str:
    """A room code a friend can type to `yaniv join` (letters and digits, sent in capitals): `_ROOM_CODE`;
    TableFileError otherwise."""
    if not isinstance(value, str) or _ROOM_CODE.fullmatch(value) is None:
        raise TableFileError(f"{where}: must be a room code: capital letters and digits (at most 64), like K7QF")
    return value


def _whole_in(value: object, allowed: tuple[int, int], where: str, unit: str) -> int | None:
    """`value` as a whole number of `allowed`'s range, or None (not kept); TableFileError for anything else."""
    if value is None:
        return None
    low, high = allowed
    if type(value) is not int or not low <= value <= high:
        raise TableFileError(f"{where}: must be a whole number of {unit} from {low} to {high}")
    return value


def remove_table(game_id: str) -> None:
    """Forget a game's table file (the game is over and recorded). None there is fine."""
    with contextlib.suppress(FileNotFoundError):
        table_path(game_id).unlink()


def token_path(host: str, port: int, code: str, name: str | None) -> Path:
    """Where a joiner keeps its seat token for the table `code` at `host`:`port`, by the name it joins with. By the
    address too, so a token is offered only where it was given (another server showing the same code gets
    nothing); by the name, so friends joining from one data folder (one machine, `yaniv serve`'s page) who each
    give their own name keep their own seats. Files kept by code and name alone (older versions) are not read."""
    joined = f"{host.lower()}-{port}-{code.upper()}-{(name or '').strip().lower()}"
    stem = _SAFE.sub("_", joined)
    if stem != joined or len(stem) > _MAX_STEM:
        # Letters a file name does not take (Hebrew, accents, spaces) are each one "_": the join's own digest tells
        # apart the names they would make one (נועה and דליה, Dália and Délia).
        stem = f"{stem[: _MAX_STEM - 17]}-{hashlib.sha256(joined.encode('utf-8')).hexdigest()[:16]}"
    return tokens_dir() / f"{stem}.token"


def read_token(path: Path) -> str | None:
    """The token kept in `path`, or None when there is none (or it is not one)."""
    try:
        text = read_regular(path, 1024).decode("utf-8").strip()
    except (OSError, ValueError, NotAFile, TooBig):
        return None
    from yaniv_tui.codec.fields import TOKEN

    return text if TOKEN.fullmatch(text) else None


def write_token(path: Path, token: str) -> None:
    """Keep a seat token in `path`, readable by its owner only (OSError if the disk refuses)."""
    _write_private(path, token.encode("utf-8") + b"\n")
