"""The Textual driver of a `yaniv serve` page's `yaniv join` (cli/serve_web.py names it in the page's environment,
PAGE_DRIVER):
Textual's web driver, quitting the app when its input ends, and showing the app's last line on the page.

Textual's web driver only stops reading at its input's end: the app ran on with no page to show it to and nothing
to read from, a process left behind for every page whose server went without telling it to quit. And the line an
app ends with (`yaniv: cannot join ...`: tui/launch.py prints it once the app is gone) went to the process's
standard error, which textual-serve writes to the server's output: the page only said "Session ended".

Its input's bytes that are not UTF-8 (a hostile page's, a paste's) are dropped (input_bytes.py): Textual's web driver
decoded them strictly, and stopped reading at the first, so the app quit as at its input's end.

A packet that is not textual-serve's (`packet_fault`: a meta packet that is not a JSON object, of a type Textual does
not know, a resize with no whole width and height; a kind other than D and M) ends its page's session with one line
(on the page, and on standard error, which textual-serve writes to the server's output) and status 1: Textual's web
driver swallowed the error (a traceback for its devtools alone), stopped reading, and the app quit as if its page
had gone, status 0 and no word. Each page has its own process: no other page, and no table, is touched. `yaniv
serve`'s relay (cli/serve_web.py) sends only well-formed packets; this is the driver's own guard. The one name of
Textual's reached: `WebDriver._on_meta`, which its input loop calls with every packet but D; a checked one goes on to
it, a bad one ends the loop as Textual's own "exit" meta does, through the public `on_meta`
(tests/cli/test_serve.py fails if Textual's loop stops calling it so)."""

from __future__ import annotations

import json

from textual import messages
from textual.drivers.web_driver import WebDriver

from .app import YanivApp
from .input_bytes import dropping_bad_bytes
from .launch import LAST_LINE

#: Textual's input loop, reading this driver's page, with a decoder that drops the bytes that are not UTF-8.
_read_input = dropping_bad_bytes(WebDriver.run_input_thread)


#: What a page's meta packet may be, by its type (Textual's web driver's `on_meta`): its keys of whole numbers.
META_TYPES: dict[str, tuple[str, ...]] = {
    "resize": ("width", "height"),
    "focus": (),
    "blur": (),
    "quit": (),
    "exit": (),
    "deliver_chunk_request": ("size",),
}
#: What a page sends, said after what was wrong with its packet.
PAGE_SENDS = f"a page sends D (its keys) and M packets, a JSON object of type {', '.join(META_TYPES)}"


def packet_fault(kind: str, payload: bytes) -> str | None:
    """What is wrong with a packet of `kind` (any but D, whose bytes are keys) and `payload`, in a few words; None for
    a packet Textual's web driver reads."""
    if kind != "M":
        return f"a packet of kind {kind!r}"[:40]
    try:
        meta = json.loads(payload)
    except (ValueError, RecursionError):  # RecursionError: arrays nested past Python's limit
        return "a meta packet that is not JSON"
    if not isinstance(meta, dict):
        return "a meta packet that is not a JSON object"
    kind_of_meta = meta.get("type")
    if not isinstance(kind_of_meta, str):
        return "a meta packet with no type"
    if kind_of_meta not in META_TYPES:
        return f"a meta packet of type {kind_of_meta[:20]!r}"
    numbers = META_TYPES[kind_of_meta]
    if not all(isinstance(meta.get(key), int) and not isinstance(meta.get(key), bool) for key in numbers):
        return f"a {kind_of_meta} with no whole {' and '.join(numbers)}"
    if kind_of_meta == "resize" and not all(meta[key] >= 1 for key in numbers):
        return "a resize to no cells"
    if kind_of_meta == "deliver_chunk_request" and not isinstance(meta.get("key"), str):
        return "a deliver_chunk_request with no key"
    return None


class PageDriver(WebDriver):
    """The web driver, dropping the bytes that are not UTF-8, and telling the app to quit when its input ends (not
    when the app itself is stopping it)."""

    def stop_application_mode(self) -> None:
        app = self._app
        # The app's last line (tui/launch.py prints it in a terminal): why it quit early, or its crash.
        line = (app.exit_line or app.crash_line) if isinstance(app, YanivApp) else None
        if line:
            # As a terminal shows it once the app is gone: the screen left, the line on its own; the page keeps
            # the terminal's last lines readable above its "Session ended".
            self.write(f"\x1b[?1049l\x1b[2J\x1b[H\x1b[?25h{LAST_LINE.format(line)}\r\n")
        super().stop_application_mode()

    #: What was wrong with the packet that ended this page's session, if one did.
    _bad_packet: str | None = None

    def _on_meta(self, packet_type: str, payload: bytes) -> None:
        fault = packet_fault(packet_type, payload)
        if fault is None:
            super()._on_meta(packet_type, payload)
            return
        self._bad_packet = f"this page sent {fault}: {PAGE_SENDS}; its session ends"
        self.on_meta("exit", {})  # ends Textual's input loop (as the server's own "exit" does), which reads no more

    def run_input_thread(self) -> None:
        try:
            _read_input(self)
        finally:
            if not self.exit_event.is_set():
                # The thread-safe ways into the app (a message posted from another thread is handed to its loop).
                app = self._app
                if self._bad_packet is not None and isinstance(app, YanivApp):
                    app.call_later(app.leave, self._bad_packet)
                else:  # as the web driver does for the server's own "quit"
                    app.post_message(messages.ExitApp())
