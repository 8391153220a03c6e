"""The Textual driver of the app in a POSIX terminal: Textual's own, quitting the app as ctrl+q does (the game
saved, a hosted table stopped) when its terminal hangs up.

Textual's input thread reads on at its input's end: a terminal hung up (its window closed, its SSH connection
gone, its server killed) whose hangup signal the app does not die of (ignored: `nohup`, `trap '' HUP`) left the
app running with nothing to read or draw on, its input thread spinning at most of a core, until someone killed it.

Its input's bytes that are not UTF-8 are dropped (input_bytes.py), and its player told once that they were:
Textual's own decoder raised on the first, and its input thread died of it. Any other error of its input thread is
the app's error, reported as any other crash is (status 1, a report, one line, the game saved): Textual's `panic`
printed a whole traceback and ended with status 0.

The pages of `yaniv serve` have their own driver (page_driver.py), which quits at its input's end."""

from __future__ import annotations

import select
import threading
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver

from .input_bytes import NOT_UTF8_LINE, dropping_bad_bytes

#: How often, in milliseconds, the terminal is looked at for a hangup (a wait, costing nothing in between).
HANGUP_EVERY_MS = 250


class TerminalDriver(LinuxDriver):
    """Textual's POSIX driver, dropping the bytes that are not UTF-8, and a thread that quits the app once its
    terminal hangs up (`hung_up`, given by `in_a_terminal`: a driver has no public way to its app)."""

    #: Asks the app to quit, from the watch's thread (set by `in_a_terminal` for the app it runs).
    hung_up: Callable[[], None]
    #: Hands an error of the input thread to the app, as its own (set by `in_a_terminal`).
    failed: Callable[[Exception], None]
    #: Tells the player their terminal's bytes that are not UTF-8 were dropped (set by `in_a_terminal`).
    not_utf8: Callable[[], None]

    #: Whether the app was told to quit for a hangup: once. A hangup also sends SIGCONT, on which Textual starts its
    #: input again (and so this watch), while the quit is under way.
    _hung_up = False

    def run_input_thread(self) -> None:
        threading.Thread(target=self._quit_at_hangup, name="yaniv-hangup", daemon=True).start()
        try:
            # Textual's input loop, with a decoder that drops the bytes that are not UTF-8, the first told.
            dropping_bad_bytes(LinuxDriver.run_input_thread, self.not_utf8)(self)
        except Exception as error:  # any: caught here, Textual's `panic` would print it and end with status 0
            self.failed(error)

    def _quit_at_hangup(self) -> None:
        """Wait until the terminal hangs up (or the app ends), then quit the app as ctrl+q does."""
        poller = select.poll()
        poller.register(self.fileno, 0)  # a hangup and an error are always reported, and nothing else is asked
        while not self.exit_event.is_set() and not self._hung_up:
            if poller.poll(HANGUP_EVERY_MS):
                self._hung_up = True
                self.hung_up()
                return


def in_a_terminal(driver: type[Driver], app: App[Any]) -> type[Driver]:
    """`driver`, the one Textual chose for `app`, or a TerminalDriver quitting `app` where it is Textual's POSIX
    terminal driver (not a page's, named in the environment, nor Windows')."""
    if driver is not LinuxDriver:
        return driver

    def hung_up() -> None:
        # The thread-safe way into the app (a message posted from another thread is handed to its loop).
        app.call_later(app.run_action, "quit")

    def failed(error: Exception) -> None:
        def raise_it() -> None:
            raise error  # in the app's loop, whose errors are the app's crash (YanivApp._handle_exception)

        app.call_later(raise_it)

    def not_utf8() -> None:
        app.call_later(app.notify, NOT_UTF8_LINE, severity="warning", timeout=10, markup=False)

    members = {"hung_up": staticmethod(hung_up), "failed": staticmethod(failed), "not_utf8": staticmethod(not_utf8)}
    return type("TerminalDriver", (TerminalDriver,), members)
