"""Input bytes that are not UTF-8, dropped rather than the end of the app: the one home of that rule, for both of the
app's drivers (terminal_driver.py, page_driver.py).

Textual's drivers decode their input strictly (Textual issue #6456, open in the pinned 8.2.8): one byte that is not
UTF-8 (a key in a Latin-1 terminal, a paste of such text, a multiplexer's stray byte, a hostile page) ended the
terminal's app with a whole traceback and a status of 0, and a page's app as if its page had gone.

Each driver makes its decoder inside its `run_input_thread`, from the name `getincrementaldecoder` of its module,
and no public way changes it. `dropping_bad_bytes` gives the same function, its code untouched, seeing that one name
as a maker of decoders that drop such bytes (and tell the first they drop, for a terminal's player to be told once):
nothing of Textual's is changed or copied. Dropped, not replaced: U+FFFD is a character a name field takes.
tests/tui/test_input_bytes.py fails if Textual's drivers stop making their decoder so."""

from __future__ import annotations

import codecs
import threading
import types
from collections.abc import Callable
from typing import TypeVar

#: The name, in the module of each of Textual's drivers, its input thread makes its UTF-8 decoder with.
DECODER_MAKER = "getincrementaldecoder"

#: Told to a terminal's player once its terminal has sent such bytes: the letters they typed went missing.
NOT_UTF8_LINE = (
    "Your terminal sends text that is not UTF-8: what it sent so was left out. Set the terminal's encoding to UTF-8."
)

#: The name of the codecs' error handler that drops such bytes, noting on the thread decoding that it did.
_DROP = "yaniv-drop-not-utf8"
#: Whether the decoding of this thread's last input dropped any byte (set by the handler, `_drop`).
_dropped = threading.local()

D = TypeVar("D")


def _drop(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeDecodeError):
        raise error
    _dropped.any = True
    return "", error.end


codecs.register_error(_DROP, _drop)


class DroppingDecoder:
    """`encoding`'s incremental decoder (as `codecs.getincrementaldecoder(encoding)()` makes one, which raises on
    bytes that are not of it), dropping those bytes; `told` (if any) is called at the first it drops."""

    def __init__(self, encoding: str, told: Callable[[], None] | None = None) -> None:
        self._decode = codecs.getincrementaldecoder(encoding)(errors=_DROP).decode
        self._told = told

    def decode(self, data: bytes, final: bool = False) -> str:
        _dropped.any = False
        text = self._decode(data, final)
        if _dropped.any and self._told is not None:
            told, self._told = self._told, None
            told()
        return text


def dropping_bad_bytes(
    run_input_thread: Callable[[D], None], told: Callable[[], None] | None = None
) -> Callable[[D], None]:
    """A driver class's `run_input_thread` (a function of Textual's), whose decoder drops the bytes that are not
    UTF-8, calling `told` (if any) at the first it drops."""
    assert isinstance(run_input_thread, types.FunctionType), run_input_thread

    def dropping_decoder(encoding: str) -> Callable[[], DroppingDecoder]:
        return lambda: DroppingDecoder(encoding, told)

    code = run_input_thread.__code__
    names = {**run_input_thread.__globals__, DECODER_MAKER: dropping_decoder}
    dropping = types.FunctionType(
        code, names, code.co_name, run_input_thread.__defaults__, run_input_thread.__closure__
    )
    dropping.__qualname__ = run_input_thread.__qualname__
    return dropping
