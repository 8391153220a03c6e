"""Hostile input for the tests of what yaniv reads from outside (a record file, a save): values of any type to write in
place of any value of a real document, and the document so changed. Imported by name, as `playing` is."""

from __future__ import annotations

import copy
import json
import unicodedata
from typing import Any

__all__ = ["HOSTILE", "NOT_NUMBERS", "STACKED", "most_marks_on_a_letter", "places", "written_with"]

#: The numbers no file or frame of ours holds, each refused in one line wherever it is read (a record's, a save's and
#: a frame's reading alike): JSON's own reader would take them as floats.
NOT_NUMBERS = ("NaN", "Infinity", "-Infinity", "1e400", "-1e400")
#: What a hostile hand puts in place of any value, as JSON text: a value of any type (the numbers above, a number of
#: 10,000 digits, deep nesting, a long text, control and lone surrogate characters).
HOSTILE = (
    *NOT_NUMBERS,
    "1" * 10_000,
    "-" + "9" * 5_000,
    "5.0",
    "1.5",
    "-0",
    "true",
    "false",
    "null",
    '"x"',
    '""',
    "[]",
    "{}",
    "[" * 5_000 + "]" * 5_000,
    '{"a":' * 3_000 + "1" + "}" * 3_000,
    '"' + "a" * 100_000 + '"',
    '"\\u0000"',
    '"\\ud800"',
)
#: Where the hostile text goes in the document's JSON before it is put in place (no document holds it).
_MARK = "@@hostile@@"


def places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in `node` a value sits, by its keys and indexes, outermost first."""
    found = [path] if path else []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        found.extend(places(value, (*path, key)))
    return found


def written_with(node: Any, place: tuple[Any, ...], hostile: str) -> str:
    """`node` as JSON text (names as they are written), its value at `place` (one of `places(node)`) written as the
    JSON text `hostile`; `node` itself is left as it is."""
    changed = copy.deepcopy(node)
    inner = changed
    for key in place[:-1]:
        inner = inner[key]
    inner[place[-1]] = _MARK
    return json.dumps(changed, ensure_ascii=False).replace(json.dumps(_MARK), hostile)


#: A letter under 500 accents: one cell by the measure of marks, but no terminal's cell holds so many (xterm keeps at
#: most 4 a cell, tmux what fits in 21 bytes), so each showed it differently, and two such names that differ only
#: past what shows were two players who looked one.
STACKED = "a" + "\u0301" * 500


def most_marks_on_a_letter(text: str) -> int:
    """The most combining marks on one character of `text`, counted apart from the game's own rule."""
    most = run = 0
    for character in text:
        run = run + 1 if unicodedata.category(character) in ("Mn", "Me", "Mc") else 0
        most = max(most, run)
    return most
