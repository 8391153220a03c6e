"""JSON text from outside this process (a save, a record, a table file) read into Python data as hostile input: what
Python's json takes but no file of ours holds is refused too, and every refusal is one JsonError line saying what
is wrong: NaN and Infinity, a number past a decimal's range (1e400), one of more digits than Python turns into a
whole number (`sys.get_int_max_str_digits()`), nesting deeper than Python's stack, a byte order mark, and a key
written twice in one object: Python's json keeps the last, another reader the first (the classic way to smuggle a
value past a check), and nothing of ours writes one."""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from .ruleset_read import printable

__all__ = ["JsonError", "read_json"]


class JsonError(ValueError):
    """JSON text that is not data of ours: the message is one line saying why; `too_deep` when it nests deeper than
    Python can read (the reader may say how deep its data may nest)."""

    def __init__(self, message: str, *, too_deep: bool = False) -> None:
        super().__init__(message)
        self.too_deep = too_deep


class _Refused(ValueError):
    """A value json would read that no file of ours holds: its line."""


def _no_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number yaniv reads (a number is written in digits)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {printable(text)[:20]} is beyond any yaniv reads")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's pairs as a dict, refusing a key written twice."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _Refused(f'the key "{printable(key)[:30]}" is written twice in one object: each key is written once')
        data[key] = value
    return data


def read_json(text: str) -> Any:
    """`json.loads(text)`, refusing what no file of ours holds; JsonError (one line) for anything it cannot read."""
    if text.startswith("\ufeff"):
        raise JsonError("begins with a byte order mark (BOM), which JSON text does not: save it as UTF-8 without one")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise JsonError("nested too deep", too_deep=True) from None
    except _Refused as error:
        raise JsonError(str(error)) from None
    except json.JSONDecodeError as error:
        why = printable(str(error).splitlines()[0][:80]) if str(error) else "cut short"
        raise JsonError(f"not valid JSON ({why}): cut short or changed") from None
    except ValueError:  # json lets out bare the ValueError of int() refusing a number of too many digits
        digits = sys.get_int_max_str_digits()
        raise JsonError(f"a number has more than {digits} digits, more than any field takes") from None
