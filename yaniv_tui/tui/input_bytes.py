"""Input bytes that are not UTF-8, dropped rather than the end of the app: the one home of that rule, for both of the
app's drivers (terminal_driver.py, page_driver.py).

Textual's drivers decode their input strictly (Textual issue #6456, open in the pinned 8.2.8): one byte that is not
UTF-8 (a key in a Latin-1 terminal, a paste of such text, a multiplexer's stray byte, a hostile page) ended the
terminal's app with a whole traceback and a status of 0, and a page's app as if its page had gone.

Each driver makes its decoder inside its `run_input_thread`, from the name `getincrementaldecoder` of its module, and
no public way changes it. `dropping_bad_bytes` gives the same function, its code untouched, seeing that one name as a
maker of decoders that drop such bytes: nothing of Textual's is changed or copied. Dropped, not replaced: U+FFFD is a
character a name field takes. tests/tui/test_input_bytes.py fails if Textual's drivers stop making their decoder so.
"""

from __future__ import annotations

import codecs
import functools
import types
from collections.abc import Callable
from typing import TypeVar

#: The name, in the module of each of Textual's drivers, its input thread makes its UTF-8 decoder with.
DECODER_MAKER = "getincrementaldecoder"

D = TypeVar("D")


def dropping_decoder(encoding: str) -> Callable[[], codecs.IncrementalDecoder]:
    """Makes `encoding`'s incremental decoder, dropping the bytes that are not of it (`codecs.getincrementaldecoder`
    makes one that raises on them)."""
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="ignore")


def dropping_bad_bytes(run_input_thread: Callable[[D], None]) -> Callable[[D], None]:
    """A driver class's `run_input_thread` (a function of Textual's), whose decoder drops the bytes that are not
    UTF-8."""
    assert isinstance(run_input_thread, types.FunctionType), run_input_thread
    code = run_input_thread.__code__
    names = {**run_input_thread.__globals__, DECODER_MAKER: dropping_decoder}
    dropping = types.FunctionType(
        code, names, code.co_name, run_input_thread.__defaults__, run_input_thread.__closure__
    )
    dropping.__qualname__ = run_input_thread.__qualname__
    return dropping
