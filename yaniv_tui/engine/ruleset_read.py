"""Reading a ruleset file safely: a regular file of at most 1 MiB, TOML nested no deeper than a ruleset needs,
and text from a file made safe to show on a terminal. Every refusal is one RulesetError line."""

from __future__ import annotations

import os
import stat
import tomllib
from typing import Any

from .ruleset_keys import RulesetError
from .ruleset_keys import printable as printable  # here for the readers of files that are not rulesets
from .toml_text import parse_toml

#: The largest ruleset file read: a ruleset is a few hundred bytes.
MAX_FILE_BYTES = 1 << 20
#: How deep tables and lists may nest: a ruleset needs 3 ([resets] at = { ... }); more is not a ruleset.
MAX_NESTING = 16


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(source: str, mode: int) -> RulesetError:
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    return RulesetError(f"{source}: is {kind}, not a ruleset file; a ruleset is a TOML text file")


def _too_big(source: str, size: int) -> RulesetError:
    return RulesetError(f"{source}: {size} bytes is too big for a ruleset file: at most 1 MiB ({MAX_FILE_BYTES} bytes)")


def read_ruleset_bytes(path: str | os.PathLike[str], source: str) -> bytes:
    """A ruleset file's bytes: a regular file (symlinks followed) of at most MAX_FILE_BYTES, else RulesetError.

    The type and size are checked before anything is read, and a FIFO is opened without blocking, so a
    device, a pipe or a huge file costs nothing.
    """
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(source, info.st_mode)
        if info.st_size > MAX_FILE_BYTES:
            raise _too_big(source, info.st_size)
        # O_NONBLOCK: if the path became a FIFO since the stat, opening it must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb", closefd=True) as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise _not_regular(source, info.st_mode)
            raw = file.read(MAX_FILE_BYTES + 1)  # a file that grew since the stat is still cut off
    except FileNotFoundError:
        gone = "a link to a file that does not exist" if os.path.lexists(path) else "no such file"
        raise RulesetError(f"{source}: {gone}") from None
    except OSError as error:
        raise RulesetError(f"{source}: cannot be read ({error.strerror or error})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise _too_big(source, max(info.st_size, len(raw)))
    return raw


def nesting(data: dict[str, Any] | list[Any]) -> int:
    """How deep tables and lists nest in parsed TOML or JSON (counted without recursion; counting stops past
    MAX_NESTING)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > MAX_NESTING:
            break
        children = node.values() if isinstance(node, dict) else node
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return deepest


def parse_ruleset_text(text: str, source: str) -> dict[str, Any]:
    """A ruleset file's text as TOML data; RulesetError for bad TOML (a byte order mark before it included) or
    nesting deeper than MAX_NESTING."""
    too_deep = RulesetError(f"{source}: nested too deep (a ruleset nests tables at most {MAX_NESTING} levels)")
    if text.startswith("\ufeff"):  # as the JSON files' reader says it (engine/json_text.read_json)
        raise RulesetError(
            f"{source}: begins with a byte order mark (BOM), which TOML text does not: save it as UTF-8 without one"
        )
    try:
        data = parse_toml(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesetError(f"{source}: not valid TOML: {error}") from None
    except RecursionError:  # the parser recurses once per level
        raise too_deep from None
    if nesting(data) > MAX_NESTING:
        raise too_deep
    return data
