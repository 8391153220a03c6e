"""Time from `yaniv` starting to its first screen being shown: run it N times headless, report the median.

    python benchmarks/startup.py [--runs N] [--instructions] [-- yaniv flags]

Each run is a fresh Python process doing what `yaniv` does (read the flags, import Textual, build the app)
and writing a mark to stderr once the first screen has been composed, mounted and refreshed; the time is
taken in the parent from just before the process is started to that mark.

Python may write and use bytecode (`__pycache__`), as an installed copy does: `PYTHONDONTWRITEBYTECODE` is
dropped for the runs, and the first, untimed run writes it. Without it every run would compile the whole
package from source again, which no installed `yaniv` does.

The target is a ratio measured in the same run, so a shared or slow machine's speed cancels out: each case
within 1.5 times the median of a bare Textual app that shows one line (the floor no Textual program beats).
The cases and the bare app take turns, run by run, so a burst of load elsewhere falls on all of them.

Each child is given a terminal's size (COLUMNS=80, LINES=24), as a terminal reports it from the start.

--instructions also counts, once per case, the CPU instructions up to the first screen with valgrind's
cachegrind (if valgrind is installed): unlike seconds, the count does not change with the machine's load,
so it shows what a change to the screens saves.

--where says where the instructions go, for the bare app and each case: valgrind's callgrind counts only
inside the outermost calls of the functions of each part (PARTS), each run routed through a C function no
one else calls here (functools.reduce) for callgrind to switch on and off at. The parts overlap (styling
includes the CSS parsing it triggers, building the widgets the styling of the unmounted ones).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import os, sys
from importlib.machinery import PathFinder

class Watch:
    # When `yaniv` imports its app, run it headless and report its first screen, nothing else changed. A plain
    # finder on the frozen import machinery only: importlib.abc and importlib.util would load a dozen modules the
    # bare app does not, counted against the game.
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "yaniv_tui.tui.app":
            return None
        sys.meta_path.remove(Watch)
        spec = PathFinder.find_spec(name, path)
        load = spec.loader.exec_module

        def exec_module(module):
            load(module)
            app = module.YanivApp
            started, run = app.started, app.run

            def shown(self):
                started(self)
                os.write(2, b"shown\n")
                self.exit()

            app.started = shown
            app.run = lambda self, **kw: run(self, headless=True)

        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, Watch)
from yaniv_tui.cli import main
main(sys.argv[1:])
"""

BARE_NAME = "a bare Textual app showing one line"
#: A bare Textual app showing one line: the floor no Textual program can beat on this machine.
BARE = r"""
import os
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("Yaniv")

    def on_mount(self):
        self.call_after_refresh(self.shown)

    def shown(self):
        os.write(2, b"shown\n")
        self.exit()

Bare().run(headless=True)
"""

#: Each case within this many times a bare Textual app, measured in the same run.
TARGET_RATIO = 1.5

#: The parts --where counts: (module, attribute path) of the functions whose outermost calls each is made of.
PARTS: dict[str, list[tuple[str, str]]] = {
    "importing modules": [("importlib._bootstrap", "_find_and_load")],
    "parsing CSS": [("textual.css.stylesheet", "Stylesheet.parse")],
    "styling widgets (CSS parsing included)": [
        ("textual.css.stylesheet", "Stylesheet.apply"),
        ("textual.css.stylesheet", "Stylesheet.update_nodes"),
    ],
    "building the widgets (compose)": [("textual.widget", "compose")],
    "layout and drawing": [
        ("textual.screen", "Screen._refresh_layout"),
        ("textual._compositor", "Compositor.render_update"),
    ],
}

#: Run before a case's code: routes the outermost calls of the functions named in argv[1] through functools.reduce.
MARK = r"""
import functools, importlib, json, sys
depth = [0]

def marked(function):
    def call(*args, **kwargs):
        if depth[0]:
            return function(*args, **kwargs)
        depth[0] += 1
        box = []
        try:
            functools.reduce(lambda _a, _b: box.append(function(*args, **kwargs)), [None], None)
        finally:
            depth[0] -= 1
        return box[0]
    return call

for module, path in json.loads(sys.argv.pop(1)):
    owner = importlib.import_module(module)
    *outer, name = path.split(".")
    for part in outer:
        owner = getattr(owner, part)
    setattr(owner, name, marked(getattr(owner, name)))
"""


def child_env(scratch: str) -> dict[str, str]:
    """The environment of a run: the app saves the game it opens, so its folders are `scratch`, not the user's."""
    env = {**os.environ, "YANIV_DATA_DIR": scratch, "YANIV_CONFIG_DIR": scratch}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # The size a terminal would report from the start. Without it a headless app's console guesses 80×25 and
    # is then resized to the headless 80×24: every case would lay out and draw its first screen twice.
    env.update(COLUMNS="80", LINES="24")
    return env


def one_run(flags: list[str], code: str = CHILD) -> float:
    with tempfile.TemporaryDirectory() as scratch:
        return _timed(code, flags, child_env(scratch))


def instructions(flags: list[str], code: str = CHILD) -> float | None:
    """Billions of CPU instructions up to the first screen (valgrind's cachegrind); None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as scratch:
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        done = subprocess.run(
            [*command, sys.executable, "-c", code, *flags],
            env=child_env(scratch),
            capture_output=True,
            text=True,
            check=False,
        )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None or "shown" not in done.stderr:
        raise SystemExit(f"valgrind did not count the run: {done.stderr[-500:]}")
    return int(found.group(1).replace(",", "")) / 1e9


def counted_in(part: list[tuple[str, str]], flags: list[str], code: str = CHILD) -> float:
    """Billions of CPU instructions inside the outermost calls of `part`'s functions, up to the first screen."""
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce"]
        done = subprocess.run(
            [*command, f"--callgrind-out-file={out}", sys.executable, "-c", MARK + code, json.dumps(part), *flags],
            env=child_env(scratch),
            capture_output=True,
            text=True,
            check=False,
        )
        if "shown" not in done.stderr:
            raise SystemExit(f"callgrind did not count the run: {done.stderr[-500:]}")
        with open(out, encoding="utf-8") as counts:
            found = re.search(r"^summary:\s+(\d+)", counts.read(), re.MULTILINE)
    return int(found.group(1)) / 1e9 if found else 0.0


def where(cases: dict[str, list[str]]) -> None:
    """Print, part by part, the instructions of the bare app and of each case, and what each case adds."""
    print("where the instructions go, billions up to the first screen (the parts overlap):")
    for name, part in PARTS.items():
        bare = counted_in(part, [], BARE)
        counted = [counted_in(part, flags) for flags in cases.values()]
        added = ", ".join(
            f"{case.split(' (')[0]} {count:.3f} (+{count - bare:.3f})"
            for case, count in zip(cases, counted, strict=True)
        )
        print(f"    {name}: bare app {bare:.3f}; {added}")


def _timed(code: str, flags: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code, *flags], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=env
    )
    assert child.stderr is not None
    line = child.stderr.readline()
    elapsed = time.perf_counter() - started
    rest = child.stderr.read()
    child.wait()
    if line.strip() != b"shown":
        raise SystemExit(f"the app did not show its first screen: {(line + rest).decode(errors='replace')}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per case (default 11)")
    parser.add_argument("--instructions", action="store_true", help="also count CPU instructions (valgrind)")
    parser.add_argument("--where", action="store_true", help="only say where the instructions go (callgrind)")
    parser.add_argument("flags", nargs="*", help="yaniv flags for one extra case, after --")
    args = parser.parse_args()
    cases = {
        "setup screen (yaniv)": [],
        "table (yaniv --players You,bot,bot --seed 1)": ["--players", "You,bot,bot", "--seed", "1"],
    }
    if args.flags:
        cases[f"yaniv {' '.join(args.flags)}"] = args.flags
    if args.where:
        if shutil.which("valgrind") is None:
            print("where: valgrind is not installed")
            return 0
        for flags in cases.values():
            one_run(flags)  # the bytecode, written once, as for the timed runs
        where(cases)
        return 0
    # Untimed: warm the file cache and write the bytecode, so the first timed run is not an outlier.
    for flags in cases.values():
        one_run(flags)
    one_run([], BARE)
    times: dict[str, list[float]] = {name: [] for name in [*cases, BARE_NAME]}
    for _ in range(args.runs):
        times[BARE_NAME].append(one_run([], BARE))
        for name, flags in cases.items():
            times[name].append(one_run(flags))
    bare = statistics.median(times[BARE_NAME])
    print(f"{BARE_NAME}: median {bare:.3f} s ({args.runs} runs)")
    worst = 0.0
    for name in cases:
        ordered = sorted(times[name])
        median = statistics.median(ordered)
        ratio = median / bare
        worst = max(worst, ratio)
        print(f"{name}: median {median:.3f} s (min {ordered[0]:.3f}, max {ordered[-1]:.3f}), {ratio:.2f}x the bare app")
    verdict = "within" if worst <= TARGET_RATIO else "over"
    print(f"target {TARGET_RATIO:.1f}x a bare Textual app: {verdict} (slowest case {worst:.2f}x)")
    if args.instructions:
        counted = instructions([], BARE)
        if counted is None:
            print("instructions: valgrind is not installed")
            return 0
        print(f"instructions up to the first screen: {BARE_NAME} {counted:.3f} billion")
        for name, flags in cases.items():
            count = instructions(flags)
            assert count is not None
            print(f"    {name}: {count:.3f} billion, {count / counted:.2f}x the bare app")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
