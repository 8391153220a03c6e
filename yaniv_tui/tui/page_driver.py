"""The Textual driver of a `yaniv serve` page's `yaniv join` (cli/serve_web.py names it in the page's environment,
PAGE_DRIVER):
Textual's web driver, quitting the app when its input ends, and showing the app's last line on the page.

Textual's web driver only stops reading at its input's end: the app ran on with no page to show it to and nothing
to read from, a process left behind for every page whose server went without telling it to quit. And the line an
app ends with (`yaniv: cannot join ...`: tui/launch.py prints it once the app is gone) went to the process's
standard error, which textual-serve writes to the server's output: the page only said "Session ended".

Its input's bytes that are not UTF-8 (a hostile page's, a paste's) are dropped (input_bytes.py): Textual's web driver
decoded them strictly, and stopped reading at the first, so the app quit as at its input's end."""

from __future__ import annotations

from textual import messages
from textual.drivers.web_driver import WebDriver

from .app import YanivApp
from .input_bytes import dropping_bad_bytes
from .launch import LAST_LINE

#: Textual's input loop, reading this driver's page, with a decoder that drops the bytes that are not UTF-8.
_read_input = dropping_bad_bytes(WebDriver.run_input_thread)


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

    def run_input_thread(self) -> None:
        try:
            _read_input(self)
        finally:
            if not self.exit_event.is_set():
                # As the web driver does for the server's own "quit": the thread-safe way into the app.
                self._app.post_message(messages.ExitApp())
