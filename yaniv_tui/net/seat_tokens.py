"""Which file keeps a joiner's seat token: today's (`store.tables.token_path`, by the name as the table tells names
apart), or the one an older yaniv kept it in, moved to today's once the seat it takes is the name's."""

from __future__ import annotations

import re
from pathlib import Path

from yaniv_tui.engine import name_key
from yaniv_tui.store.paths import tokens_dir
from yaniv_tui.store.tables import read_token, token_path

from .protocol import Welcome

__all__ = ["kept_by_an_older_yaniv", "named", "token_files"]

#: What an older yaniv made one "_" of in a token file's name (`kept_by_an_older_yaniv`): fixed as it was then.
_OLDER_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def token_files(host: str, port: int, code: str, name: str | None) -> tuple[Path, Path | None]:
    """Where the seat token of `name` (None: no name) at the table `code` at `host`:`port` is kept, and the file an
    older yaniv kept it in when today's holds none and that one does (else None)."""
    # Kept by the name as the table tells names apart (engine.names.name_key): "Zoé" typed with its accent the
    # other way, or "Ａｎｎ" typed "ann", is the one name and finds its one seat.
    today = token_path(host, port, code, None if name is None else name_key(name))
    older = kept_by_an_older_yaniv(host, port, code, name) if name is not None and read_token(today) is None else None
    return today, older


def kept_by_an_older_yaniv(host: str, port: int, code: str, name: str) -> Path | None:
    """The file an older yaniv kept `name`'s seat token in, for the table `code` at `host`:`port`, when it is not
    today's (`store.tables.token_path`) and holds a token; else None. Before the token files of names with letters a
    file name does not take were told apart by a digest, every run of such letters was one "_": "Ann Lee" kept
    `...-ann_lee.token`, and every name of Hebrew or Chinese letters alone `...-_.token`, a file two names may
    share, so its token is taken only for a seat named `name` (`named`)."""
    joined = f"{host.lower()}-{port}-{code.upper()}-{name.strip().lower()}"
    older = tokens_dir() / f"{_OLDER_UNSAFE.sub('_', joined)[:150]}.token"
    return older if older != token_path(host, port, code, name_key(name)) and read_token(older) else None


def named(welcome: Welcome, name: str | None) -> bool:
    """Whether the seat `welcome` gives is named `name` at the table (as the table tells names apart)."""
    seat = welcome.seat
    return (
        name is not None
        and seat is not None
        and seat < len(welcome.players)
        and (name_key(welcome.players[seat]) == name_key(name))
    )
