"""The Textual driver of a `yaniv serve` page's `yaniv join` (serve_web.py names it in the page's environment):
Textual's web driver, quitting the app when its input ends.

Textual's web driver only stops reading at its input's end: the app ran on with no page to show it to and nothing
to read from, a process left behind for every page whose server went without telling it to quit."""

from __future__ import annotations

from textual import messages
from textual.drivers.web_driver import WebDriver

#: What a page's environment says in TEXTUAL_DRIVER (module:class), as Textual reads it.
PAGE_DRIVER = f"{__name__}:PageDriver"


class PageDriver(WebDriver):
    """The web driver, telling the app to quit when its input ends (not when the app itself is stopping it)."""

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        finally:
            if not self.exit_event.is_set():
                # As the web driver does for the server's own "quit": the thread-safe way into the app.
                self._app.post_message(messages.ExitApp())
