"""Output that cannot be written, and Ctrl+C: one line on stderr and a status, never a traceback.

`yaniv sim --json | head` closes the pipe early: nothing more is said. Output to a full device (`> /dev/full`):
one line and a non-zero status, `--help` too. Ctrl+C stops `yaniv sim` (its worker processes too) with one line
and status 130, as shells report a process stopped by SIGINT.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")

#: `yaniv ARGS`, saying "playing" on stdout once the run is about to start (the moment a person presses Ctrl+C).
ANNOUNCED = """\
import sys
from yaniv_tui.cli import main, sim

started = sim.with_progress

def announced(work, label, total, *, shown):
    print("playing", flush=True)
    return started(work, label, total, shown=shown)

sim.with_progress = announced
sys.exit(main(sys.argv[1:]))
"""
#: The most a test waits for a process that should have stopped: past it, the process is killed and the test fails.
PATIENCE = 60


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "YANIV_DATA_DIR": str(tmp_path / "data"),
        "YANIV_CONFIG_DIR": str(tmp_path / "config"),
        "COLUMNS": "100",
    }


def run_into(target: str, args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """`yaniv ARGS > target`: the status and stderr."""
    with open(target, "w") as out:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "yaniv_tui", *args],
                stdout=out,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
                timeout=PATIENCE,
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"'yaniv {' '.join(args)}' hung")
    return done.returncode, done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["sim", "--games", "2"],
        ["sim", "--games", "2", "--json"],
        ["rulesets"],
        ["stats"],
        ["saves"],
        ["--help"],
        ["sim", "--help"],
        ["--version"],
    ],
)
def test_output_to_a_full_device_is_one_line_and_fails(args: list[str], env: dict[str, str]) -> None:
    """Before: a traceback from `yaniv sim` and `yaniv rulesets`, and `--help` exited 0 having written nothing."""
    status, err = run_into("/dev/full", args, env)
    lines = err.strip().splitlines()
    assert status == 1 and len(lines) == 1, err
    assert lines[0].startswith("yaniv") and "cannot write the output: No space left on device" in lines[0]


def test_a_pipe_closed_early_is_no_error(env: dict[str, str]) -> None:
    """`yaniv sim --json | head -0`: the reader is gone before the figures are written. Before: a BrokenPipeError
    traceback."""
    process = subprocess.Popen(
        [sys.executable, "-m", "yaniv_tui", "sim", "--games", "3", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None
    process.stdout.close()  # as head does once it has its lines
    try:
        _, err = process.communicate(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail("yaniv sim hung on a closed pipe")
    assert err.decode() == "" and process.returncode == 1


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_run_with_one_line_and_status_130(jobs: str, env: dict[str, str], tmp_path: Path) -> None:
    script = tmp_path / "announced.py"
    script.write_text(ANNOUNCED)
    process = subprocess.Popen(
        [sys.executable, str(script), "sim", "--games", "100000", "--jobs", jobs, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # a group of its own, as a terminal's foreground job: Ctrl+C reaches every process
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "playing\n"
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("yaniv sim did not stop on Ctrl+C")
    assert process.returncode == 130 and out == ""
    assert err.strip().splitlines() == ["yaniv sim: stopped (ctrl+c) before the run was done; nothing was printed"]


#: What the installed `yaniv` script does (pip's console script), with ctrl+c arriving while the command line's
#: modules are still being imported: the first import of the flags' parser is interrupted.
INTERRUPTED_AT_START = """\
import sys

class CtrlC:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "yaniv_tui.cli.parser":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, CtrlC)
from yaniv_tui.cli import main
sys.exit(main())
"""


def test_ctrl_c_while_yaniv_is_starting_is_one_line_and_status_130(env: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_AT_START, "--players", "You,bot"],
        capture_output=True,
        text=True,
        env=env,
        timeout=PATIENCE,
    )
    assert (done.returncode, done.stderr, done.stdout) == (130, "yaniv: stopped (ctrl+c)\n", "")
