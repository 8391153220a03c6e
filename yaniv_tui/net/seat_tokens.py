"""Which file keeps a joiner's seat token: today's (`token_file`, one no other name's is), or one an older yaniv kept
it in (`store.tables.token_path`, or before it `kept_by_an_older_yaniv`), moved to today's once the seat it takes is
the name's, and removed, as today's is, once the host refuses its token as stale (`joining`)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from yaniv_tui.engine import name_key
from yaniv_tui.store.paths import tokens_dir
from yaniv_tui.store.tables import read_token, token_path

from .protocol import Welcome

__all__ = ["SUFFIX", "kept_by_an_older_yaniv", "named", "token_file", "token_files"]

#: How today's token files end: no file an older yaniv wrote ends so (theirs end ".token"), so none of theirs is ever
#: read as today's file of another name.
SUFFIX = ".seat-token"
#: The characters a token file's name keeps as they are; every other is "_" and its UTF-8 bytes in hex ("_20").
_KEPT = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.")
#: The longest name (before SUFFIX) of a token file; a longer one is cut and ends "=" and a digest of the whole.
_MAX_STEM = 150
#: What an older yaniv made one "_" of in a token file's name (`kept_by_an_older_yaniv`): fixed as it was then.
_OLDER_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _spelled(part: str) -> str:
    """`part` in the letters a file name takes, one to one: only a kept character stands for itself."""
    return "".join(c if c in _KEPT else "".join(f"_{b:02x}" for b in c.encode("utf-8")) for c in part)


def token_file(host: str, port: int, code: str, name: str | None) -> Path:
    """Where a joiner keeps its seat token for the table `code` at `host`:`port` under `name` (None: no name). By the
    address too, so a token is offered only where it was given (another server showing the same code gets nothing);
    by the name as the table tells names apart (`engine.name_key`: "Zoé" typed with its accent the other way, or
    "Ａｎｎ" typed "ann", is the one name and finds its one seat), so friends joining from one data folder (one
    machine, `yaniv serve`'s page) each keep their own seat. Two names the table tells apart never share a file:
    each part is spelled one to one (`_spelled`; "-" is in none, so it parts them), and a name too long for a file
    is cut and told apart by its digest after "=", which no spelled name holds."""
    parts = (host.lower(), str(port), code.upper(), "" if name is None else name_key(name))
    stem = "-".join(_spelled(part) for part in parts)
    if len(stem) > _MAX_STEM:
        stem = f"{stem[: _MAX_STEM - 33]}={hashlib.sha256(chr(0).join(parts).encode('utf-8')).hexdigest()[:32]}"
    return tokens_dir() / f"{stem}{SUFFIX}"


def token_files(host: str, port: int, code: str, name: str | None) -> tuple[Path, Path | None]:
    """Where the seat token of `name` (None: no name) at the table `code` at `host`:`port` is kept (`token_file`),
    and, when that holds none, a file an older yaniv kept it in that holds one (else None)."""
    today = token_file(host, port, code, name)
    older = kept_by_an_older_yaniv(host, port, code, name) if read_token(today) is None else None
    return today, older


def kept_by_an_older_yaniv(host: str, port: int, code: str, name: str | None) -> Path | None:
    """A file an older yaniv kept the seat token of `name` in, for the table `code` at `host`:`port`, that holds a
    token; else None. The last kept it in `store.tables.token_path` (by `name_key`); one before it made every run of
    letters a file name does not take one "_" ("Ann Lee" kept `...-ann_lee.token`, every name of Hebrew or Chinese
    letters alone `...-_.token`). Either may be another name's file too ("ann_lee"'s, "_"'s), so its token is taken
    only for a seat named `name` (`named`); a join with no name had a file of its own, only the last's."""
    if name is None:
        files = [token_path(host, port, code, None)]
    else:
        joined = f"{host.lower()}-{port}-{code.upper()}-{name.strip().lower()}"
        files = [
            token_path(host, port, code, name_key(name)),
            tokens_dir() / f"{_OLDER_UNSAFE.sub('_', joined)[:150]}.token",
        ]
    return next((path for path in files if read_token(path) is not None), None)


def named(welcome: Welcome, name: str | None) -> bool:
    """Whether the seat `welcome` gives is named `name` at the table (as the table tells names apart); a join with
    no name's own file (`kept_by_an_older_yaniv`) is no other's, so any seat it gives is its."""
    seat = welcome.seat
    if name is None:
        return seat is not None
    return seat is not None and seat < len(welcome.players) and (name_key(welcome.players[seat]) == name_key(name))
