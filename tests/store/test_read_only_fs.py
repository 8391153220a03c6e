"""A data folder on a read-only file system (not a folder read-only for its user: tests/store/test_read_only.py):
a whole game still plays to its end, each save that fails and the history say so in one line naming the folder and
the read-only file system, the history that cannot be written says games still play but are not counted, and what
it held is still read.

The file system is a read-only bind mount of the test's folder, made in a mount namespace of the child's own
(`unshare --map-root-user --mount`, no root needed where user namespaces are allowed); where it cannot be made, the
tests skip saying why."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from yaniv_tui.engine import Seat
from yaniv_tui.store import History
from yaniv_tui.store.meta import SaveMeta

from .helpers import new_game, play

#: Bind-mounts $1 on itself read-only, then runs the rest of the command line there.
_READ_ONLY = 'mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" "$1" && shift && exec "$@"'


def on_read_only_fs(folder: Path, argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run `argv` in a child that sees `folder` as a read-only file system; skips when none can be made here."""
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("no unshare here: a read-only file system cannot be made without root tricks")
    prefix = [unshare, "--map-root-user", "--mount", "sh", "-c", _READ_ONLY, "sh", str(folder)]
    probe = subprocess.run(
        [*prefix, "touch", str(folder / "probe")], capture_output=True, text=True, timeout=30, check=False
    )
    if "Read-only file system" not in probe.stderr:
        pytest.skip(f"a read-only bind mount cannot be made here: {probe.stderr.strip() or 'touch succeeded'}")
    return subprocess.run(
        [*prefix, *argv], capture_output=True, text=True, timeout=120, check=False, env=env, cwd=folder.parent
    )


def child_env(tmp_path: Path, data: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "YANIV_DATA_DIR": str(data),
        "YANIV_CONFIG_DIR": str(tmp_path / "config"),
    }


_GAME = textwrap.dedent("""
    import asyncio, dataclasses
    from yaniv_tui.engine import Seat, load_ruleset
    from yaniv_tui.store import History
    from yaniv_tui.table import runner as runner_module
    from yaniv_tui.table.events import GameEnded, Recorded, SaveFailed
    from yaniv_tui.table.options import GameOptions
    from yaniv_tui.table.runner import TableRunner
    from yaniv_tui.table.session import Session

    async def no_pause(seconds: float) -> None:
        return None

    runner_module.pause = no_pause

    async def main() -> None:
        rules = dataclasses.replace(load_ruleset("israeli"), end_limit=50, end_limit_choices=(50,))
        session = Session(GameOptions(rules, (Seat.bot("easy", "Ann"), Seat.bot("easy", "Bea")), seed=3, bot_delay=0))
        runner = TableRunner(session, History)  # as the table screen gives it
        events = []
        runner.subscribe(events.append)
        ended = await asyncio.wait_for(runner.run(), 60)
        print(ended == GameEnded() and session.game.is_over, len(session.game.history))
        print(len({event.why for event in events if isinstance(event, SaveFailed)}))
        print(*sorted({event.why for event in events if isinstance(event, SaveFailed)}))
        print(*sorted({event.problem for event in events if isinstance(event, Recorded) and event.problem}))

    asyncio.run(main())
""")


def test_a_game_on_a_read_only_file_system_plays_to_its_end_and_says_in_one_line_it_is_not_kept(
    tmp_path: Path,
) -> None:
    mounted = tmp_path / "mounted"
    data = mounted / "data"
    data.mkdir(parents=True)
    done = on_read_only_fs(mounted, [sys.executable, "-c", _GAME], child_env(tmp_path, data))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    ended, kinds, save_line, history_line = done.stdout.splitlines()
    finished, rounds = ended.split()
    assert finished == "True" and int(rounds) >= 1
    assert kinds == "1"  # the same line each time a save fails
    assert save_line.startswith(f"cannot save the game to {data / 'saves'}/")
    assert save_line.endswith(f": {data} is read-only (a read-only file system)"), save_line
    assert history_line == (
        f"history database {data / 'history.sqlite3'} cannot be written: {data} is read-only (a read-only file "
        "system); games still play, but are not counted in your stats (make it writable, or set YANIV_DATA_DIR to a "
        "folder you can write to)"
    )
    assert list(data.iterdir()) == []  # nothing was written


_PROBE = textwrap.dedent("""
    import sys
    from pathlib import Path
    from yaniv_tui.engine import Game, Seat, load_ruleset
    from yaniv_tui.store import History
    from yaniv_tui.store.meta import SaveMeta
    history = History(Path(sys.argv[1]))
    print(len(history.stats()))
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=3)
    print(history.record(game, SaveMeta((Seat.person("Ann"), Seat.bot("easy", "Bob")))))
    print(history.problem)
""")


def test_a_history_on_a_read_only_file_system_is_still_read(tmp_path: Path) -> None:
    """Before: the line named the database file as read-only (as if its permissions were the trouble), not the
    read-only file system."""
    mounted = tmp_path / "mounted"
    mounted.mkdir()
    path = mounted / "history.sqlite3"
    with History(path) as history:
        assert history.record(
            play(new_game(players=2, seed=5)), SaveMeta((Seat.person("Ann"), Seat.bot("easy", "Bob")))
        )
    before = path.read_bytes()
    done = on_read_only_fs(mounted, [sys.executable, "-c", _PROBE, str(path)], child_env(tmp_path, mounted))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    rows, recorded, problem = done.stdout.splitlines()
    assert (int(rows), recorded) == (2, "False")
    assert f"{mounted} is read-only (a read-only file system); games still play" in problem, problem
    assert path.read_bytes() == before
