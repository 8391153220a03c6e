"""A terminal that hangs up while the app runs with the hangup signal ignored (`nohup`, `trap '' HUP`): the app
quits as ctrl+q does, the game or the hosted table saved, rather than running on with nothing to read or draw on,
Textual's input thread spinning at most of a core (tui/terminal_driver.py). On a pseudo-terminal of its own, its
standard error a file (where Textual draws, and the last line is said); the table on 127.0.0.1; bounded in time."""

from __future__ import annotations

import os
import pty
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

#: Seconds for the app to draw its table, then to quit once its terminal hung up.
LIMIT = 30.0
#: Run first in the app's process: the hangup signal ignored, as `nohup` leaves it, and the pseudo-terminal made its
#: controlling terminal (hung up when its other end closes), then the app becomes the command (same process).
IGNORING_HANGUPS = (
    "import fcntl, os, signal, sys, termios\n"
    "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def until(check: object, what: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + LIMIT
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        assert process.poll() is None or what.startswith("the app quits"), f"the app ended early: {process.returncode}"
        time.sleep(0.1)


@pytest.mark.parametrize("hosted", [False, True], ids=["yaniv", "yaniv host"])
def test_an_app_whose_terminal_hung_up_with_hangups_ignored_quits_as_ctrl_q_does(
    tmp_path: Path, data_dir: Path, hosted: bool
) -> None:
    """Before: it ran on until killed (measured: over half a core, `ps -o %cpu` climbing past 40)."""
    port = free_port()
    argv = ["--players", "Ann,remote" if hosted else "You,bot:easy", "--seed", "7", "--bot-delay", "0"]
    if hosted:
        argv = ["host", *argv, "--port", str(port)]
    master, slave = pty.openpty()
    errors = tmp_path / "stderr"
    with errors.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-c", IGNORING_HANGUPS, sys.executable, "-m", "yaniv_tui", *argv],
            stdin=slave, stdout=slave, stderr=stderr, start_new_session=True,
            env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"},
        )  # fmt: skip
    os.close(slave)
    try:
        until(lambda: "quit" in errors.read_text("utf-8", "replace"), "the table is drawn", process)
        if hosted:  # its host listening, and the game handed to it: its table's loop has saved the game once
            until(lambda: listening(port), "the table listens", process)
            until(lambda: any((data_dir / "saves").glob("*.json")), "the table is hosted", process)
        os.close(master)  # the terminal hangs up
        master = -1
        until(lambda: process.poll() is not None, "the app quits once its terminal hung up", process)
        last = errors.read_text("utf-8", "replace").splitlines()[-1]
        if hosted:
            assert "yaniv: the table is saved: 'yaniv host --resume " in last, last
            assert f"friends rejoin with 'yaniv join localhost:{port} " in last, last
            assert not listening(port)
        else:
            assert "yaniv: the game is saved: 'yaniv --resume " in last, last
        assert process.returncode == 0
    finally:
        if master >= 0:
            os.close(master)
        if process.poll() is None:
            process.kill()
            process.wait(timeout=LIMIT)
