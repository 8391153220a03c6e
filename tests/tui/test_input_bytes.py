"""Bytes that are not UTF-8 on a terminal's input (a Latin-1 terminal's key, a paste of such text, a multiplexer's
stray byte) are dropped, and the app goes on: Textual's driver decodes its input strictly (Textual issue #6456), and
one such byte ended the app with a whole traceback and a status of 0 (tui/input_bytes.py, tui/terminal_driver.py).
Any other error of the input thread keeps the crash report's promise: status 1, a report, one line, the game saved
(Textual's `panic` printed a whole traceback and ended with status 0).

The driver's own input thread is driven here: in the app's process (a pipe for its terminal, the app under Pilot),
and `yaniv` itself on a pseudo-terminal of its own, its standard error a file (where Textual draws, and the last
line is said); bounded in time. A page's driver: tests/cli/test_serve.py."""

from __future__ import annotations

import codecs
import os
import pty
import signal
import subprocess
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver
from textual.pilot import Pilot
from tui_helpers import SIZE

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.input_bytes import DECODER_MAKER, NOT_UTF8_LINE
from yaniv_tui.tui.screens.setup import SeatRow
from yaniv_tui.tui.terminal_driver import TerminalDriver, in_a_terminal

#: Seconds for the app to do what a test waits for.
LIMIT = 30.0
#: Bytes that are not UTF-8: a Latin-1 "é" (one byte), a UTF-16 byte-order mark, a lone continuation byte, a lead
#: byte cut short.
NOT_UTF8 = (b"\xe9", b"\xff\xfe", b"\x80", b"\xe2\x82")


@pytest.fixture
def signals_kept() -> Iterator[None]:
    """Textual's terminal driver, made, takes the stop and continue signals: given back after the test."""
    kept = {number: signal.getsignal(number) for number in (signal.SIGTSTP, signal.SIGCONT)}
    yield
    for number, handler in kept.items():
        signal.signal(number, handler)


@pytest.mark.usefixtures("signals_kept", "private_folders")
async def test_bytes_not_utf8_typed_into_a_name_are_dropped_and_the_rest_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name typed with such bytes among its letters (and a UTF-8 "é" cut in two reads), then pasted so, keeps every
    letter and nothing else: U+FFFD, the replacement character, is one a name field takes, so they are dropped, not
    replaced; the player is told once why letters went missing (a notice). Before: the input thread died of the first
    such byte, and then nothing said the letters were dropped."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    told: list[str] = []
    notify = app.notify

    def noted(message: str, *args: Any, **kwargs: Any) -> None:
        told.append(message)
        notify(message, *args, **kwargs)

    monkeypatch.setattr(app, "notify", noted)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query(SeatRow).first()
        row.focus()
        await pilot.pause()
        driver = in_a_terminal(LinuxDriver, app)(app)
        assert isinstance(driver, TerminalDriver)
        terminal, typing = os.pipe()
        driver.fileno = terminal  # the driver's terminal: the pipe, as Textual's own input thread reads it
        reading = threading.Thread(target=driver.run_input_thread, daemon=True)
        reading.start()
        try:
            os.write(typing, b"Z" + b"o".join(NOT_UTF8) + b"\xc3")
            time.sleep(0.2)  # the rest of the "é" in a read of its own
            os.write(typing, b"\xa9!")
            await until_typed(pilot, reading, lambda: row.value.endswith("!"))
            assert row.value == "Zoooé!"
            os.write(typing, b"\x1b[200~P\xffq\x80\x1b[201~")  # a paste (bracketed), such bytes among its letters
            await until_typed(pilot, reading, lambda: row.value.endswith("q"))
            assert row.value == "Zoooé!Pq"
            assert reading.is_alive()  # still reading
            # The player is told once why letters went missing, and what to do.
            assert told == [NOT_UTF8_LINE]
            assert "UTF-8" in NOT_UTF8_LINE and "encoding" in NOT_UTF8_LINE
        finally:
            driver.exit_event.set()
            reading.join(LIMIT)
            os.close(typing)
            os.close(terminal)
        assert not reading.is_alive()


async def until_typed(pilot: Pilot[None], reading: threading.Thread, typed: Callable[[], bool]) -> None:
    """Let the app run until what was written on its terminal is `typed`, its input thread reading on."""
    deadline = time.monotonic() + LIMIT
    while not typed():
        assert time.monotonic() < deadline and reading.is_alive(), "not typed in time"
        await pilot.pause(0.05)


@pytest.mark.parametrize("driver", [LinuxDriver, WebDriver], ids=["terminal", "page"])
def test_textuals_drivers_still_make_their_decoder_by_the_name_the_app_gives_another_maker(
    driver: type[LinuxDriver | WebDriver],
) -> None:
    """tui/input_bytes.py gives each driver's `run_input_thread` a decoder that drops bytes that are not UTF-8 by
    that one name of its module: a Textual that makes its decoder otherwise fails here (and the tests of the bytes
    themselves), not silently."""
    run = driver.run_input_thread
    assert isinstance(run, types.FunctionType)
    assert DECODER_MAKER in run.__code__.co_names
    assert run.__globals__[DECODER_MAKER] is codecs.getincrementaldecoder


# -- `yaniv` on a pseudo-terminal ---------------------------------------------------------------------------------

#: Run in the app's process before the app: a key "z" makes the input thread raise, as a bug in it would.
PLANTED = (
    "import runpy, sys\n"
    "from textual import events\n"
    "from textual.drivers.linux_driver import LinuxDriver\n"
    "class Planted(RuntimeError): pass\n"
    "handed = LinuxDriver.process_message\n"
    "def process_message(self, message):\n"
    "    if isinstance(message, events.Key) and message.key == 'z':\n"
    "        raise Planted('a bug planted by the test')\n"
    "    handed(self, message)\n"
    "LinuxDriver.process_message = process_message\n"
    "sys.argv[0] = 'yaniv'\n"
    "runpy.run_module('yaniv_tui', run_name='__main__')\n"
)


def run_yaniv(tmp_path: Path, keys: list[bytes], planted: bool = False) -> tuple[int, str]:
    """`yaniv` at a table (You and an easy bot) on a pseudo-terminal, `keys` typed one write after another once the
    table is drawn; its exit status and what it wrote on its standard error, once it has quit by itself."""
    argv = ["--players", "You,bot:easy", "--seed", "7", "--bot-delay", "0"]
    command = [sys.executable, "-c", PLANTED, *argv] if planted else [sys.executable, "-m", "yaniv_tui", *argv]
    folders = {"YANIV_DATA_DIR": str(tmp_path / "data"), "YANIV_CONFIG_DIR": str(tmp_path / "config")}
    master, slave = pty.openpty()
    errors = tmp_path / "stderr"
    with errors.open("wb") as stderr:
        process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=stderr, start_new_session=True,
            env={**os.environ, **folders, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"},
        )  # fmt: skip
    os.close(slave)
    drained = threading.Thread(target=drain, args=(master,), daemon=True)  # what the app writes on the terminal
    drained.start()
    deadline = time.monotonic() + LIMIT
    try:
        while "quit" not in errors.read_text("utf-8", "replace"):  # the table is drawn, its keys shown
            assert time.monotonic() < deadline and process.poll() is None, "the table is drawn"
            time.sleep(0.1)
        for key in keys:
            os.write(master, key)
            time.sleep(0.3)
        status = process.wait(LIMIT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(LIMIT)
        os.close(master)
    return status, errors.read_text("utf-8", "replace")


def drain(master: int) -> None:
    try:
        while os.read(master, 4096):
            pass
    except OSError:
        pass


def test_bytes_not_utf8_at_the_table_leave_the_game_going_and_saved(tmp_path: Path) -> None:
    """Before: the first byte ended the app with Textual's whole traceback (UnicodeDecodeError) and a status of 0."""
    status, said = run_yaniv(tmp_path, [*NOT_UTF8, b"A", b"\x11"])  # ctrl+q after them
    last = said.splitlines()[-1]
    assert "Traceback" not in said and "UnicodeDecodeError" not in said, last
    assert "yaniv: the game is saved: 'yaniv --resume " in last, last
    assert status == 0


def test_an_error_in_the_input_thread_keeps_the_crash_reports_promise(tmp_path: Path) -> None:
    """Status 1, a report, one line saying where it is and how to resume the game. Before: Textual's panic, its
    whole traceback on the terminal, no report, and a status of 0."""
    status, said = run_yaniv(tmp_path, [b"z"], planted=True)
    last = said.splitlines()[-1]
    assert "Traceback" not in said, last
    (report,) = (tmp_path / "data" / "crashes").glob("crash-*.txt")
    text = report.read_text()
    assert "Planted: a bug planted by the test" in text and "in process_message" in text  # its own traceback
    assert "yaniv: stopped by an unexpected error (Planted); " in last and str(report) in last, last
    assert "'yaniv --resume " in last, last
    assert status == 1
