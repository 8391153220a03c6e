"""TOML text read into Python data, with every fault of the text one TOMLDecodeError (tomllib lets one out bare)."""

from __future__ import annotations

import sys
import tomllib
from typing import Any

__all__ = ["parse_toml"]


def parse_toml(text: str) -> dict[str, Any]:
    """`tomllib.loads(text)`; TOMLDecodeError also for a number too long to read, which tomllib lets out as a
    bare ValueError: Python refuses to turn more than `sys.get_int_max_str_digits()` digits into an int."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:
        digits = sys.get_int_max_str_digits()
        raise tomllib.TOMLDecodeError(f"a number has more than {digits} digits, more than any setting takes") from None
