"""What the browser tests share: Debian's Chromium launched once a module, a page read as the text its server sent it
(the terminal's bytes, escapes stripped), and the bounded waits for a port and a process. Each test module drives its
own server (`yaniv serve`, `yaniv serve --play`) and adds what its pages do."""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from typing import Any

#: Debian's chromium (Playwright's own browser download cannot work here).
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Each wait looks this many times, a tenth of a second apart, then fails.
LOOKS = 300
#: Terminal escapes (CSI, OSC, charset and keypad modes), stripped from what a page was sent.
ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Za-z0-9]|\x1b[=>]")


@contextlib.contextmanager
def launched_chromium() -> Iterator[Any]:
    """One headless Chromium (each context it opens is a person, with cookies of their own), closed after."""
    from playwright import sync_api

    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, timeout=60_000)
        try:
            yield launched
        finally:
            launched.close()


class Page:
    """A browser page on a server at 127.0.0.1:`port`, and the text it has been sent; `ready` is the text of the
    screen a newly opened page shows."""

    def __init__(self, page: Any, port: int, ready: str) -> None:
        self.page = page
        self.port = port
        self.ready = ready
        self.sent: list[bytes] = []
        page.set_default_timeout(30_000)
        page.on("websocket", lambda ws: ws.on("framereceived", self._received))

    def _received(self, payload: bytes | str) -> None:
        self.sent.append(payload if isinstance(payload, bytes) else payload.encode("utf-8"))

    def text(self) -> str:
        return ESCAPES.sub("", b"".join(self.sent).decode("utf-8", "replace"))

    def wait_until(self, what: str, done: Callable[[], bool]) -> None:
        for _ in range(LOOKS):
            if done():
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"the page never showed {what}; its last text: {self.text()[-600:]!r}")

    def wait_for_text(self, needle: str) -> None:
        self.wait_until(repr(needle), lambda: needle in self.text())

    def open(self) -> None:
        """The page, opened or reloaded, up to its first screen."""
        self.sent.clear()
        self.page.goto(f"http://127.0.0.1:{self.port}/")
        self.wait_for_text(self.ready)


def wait_for_port(port: int) -> None:
    """Until something listens on 127.0.0.1:`port` (bounded)."""
    for _ in range(LOOKS):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on 127.0.0.1:{port}")


def stop(process: subprocess.Popen[bytes]) -> None:
    """`process` ended: asked, then (after 20 s) made to."""
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=20)
