"""A real `yaniv` in tmux, killed with kill -9 in the middle of a game, comes back the same with --resume;
while it plays, a second `yaniv --resume` is told the game is open elsewhere."""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

#: Our own tmux server (never the default one), so nothing else running in tmux is touched.
SOCKET = f"h6-{os.getpid()}-{uuid.uuid4().hex[:6]}"
SESSION = "yaniv"


def tmux(*args: str) -> str:
    done = subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True, timeout=10, check=True)
    return done.stdout


def screen() -> str:
    return tmux("capture-pane", "-p", "-t", SESSION)


def wait_for(pattern: str, seconds: float = 8.0) -> str:
    """The screen once `pattern` shows on it (round ends on the way are continued with enter)."""
    deadline = time.monotonic() + seconds
    text = ""
    while time.monotonic() < deadline:
        text = screen()
        if re.search(pattern, text):
            time.sleep(0.3)  # let the frame finish drawing, then read it again
            again = screen()
            if re.search(pattern, again):
                return again
        elif "Continue: deal the next round" in text:
            tmux("send-keys", "-t", SESSION, "Enter")
        time.sleep(0.1)
    raise AssertionError(f"{pattern!r} never showed; the screen was:\n{text}")


def yaniv_pid() -> int:
    """The yaniv process: the child of the shell in the pane."""
    shell = tmux("display-message", "-p", "-t", SESSION, "#{pane_pid}").strip()
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", shell], capture_output=True, text=True).stdout.split()
    assert len(children) == 1, children
    return int(children[0])


def the_state(text: str) -> str:
    """The screen without what is not part of the game: the card you took last (not saved), blank ends."""
    text = re.sub(r" · you took \S+", "", text)
    return "\n".join(line.rstrip() for line in text.splitlines()).strip()


def test_kill_9_in_the_middle_of_a_game_then_resume_finds_the_same_state(tmp_path: Path) -> None:
    env = {"YANIV_DATA_DIR": str(tmp_path / "data"), "YANIV_CONFIG_DIR": str(tmp_path / "config")}
    exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
    command = f"{exports} {shlex.quote(sys.executable)} -m yaniv_tui --ascii --bot-delay 0"
    tmux("new-session", "-d", "-s", SESSION, "-x", "100", "-y", "30", "bash --norc --noprofile")
    socket_path = tmux("display-message", "-p", "#{socket_path}").strip()
    try:
        tmux("send-keys", "-t", SESSION, f"{command} --players Ann,bot:medium:Bea,bot:medium:Cy --seed 5", "Enter")
        wait_for(r"Your turn")
        for _ in range(3):  # drop the first card, take the deck's card; the bots play in between
            tmux("send-keys", "-t", SESSION, "1")
            tmux("send-keys", "-t", SESSION, "Enter")
            wait_for(r"Take: 0/d the deck")
            tmux("send-keys", "-t", SESSION, "0")
            time.sleep(0.3)
            wait_for(r"Your turn")
        before = the_state(screen())
        assert re.search(r"round \d", before) and "Your hand" in before
        # A second yaniv on the same data folder may not open the game while this one plays it.
        second = subprocess.run(
            [sys.executable, "-m", "yaniv_tui", "--resume"],
            env=os.environ | env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert second.returncode == 2 and second.stdout == ""
        assert second.stderr.count("\n") == 1 and "is open in another yaniv" in second.stderr
        os.kill(yaniv_pid(), signal.SIGKILL)  # the lock dies with the process
        time.sleep(0.3)
        tmux("send-keys", "-t", SESSION, "stty sane; clear", "Enter")
        tmux("send-keys", "-t", SESSION, f"{command} --resume", "Enter")
        after = the_state(wait_for(r"Your turn"))
        assert after == before
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", SESSION], capture_output=True, timeout=10)
        # The server ends with its only session; its socket file is ours to remove.
        if os.path.basename(socket_path) == SOCKET:
            time.sleep(0.2)
            with contextlib.suppress(OSError):
                os.unlink(socket_path)
