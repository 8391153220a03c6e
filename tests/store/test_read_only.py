"""A data folder that cannot be written (read-only for this user, or a read-only file system): the history says so in
one line a player understands (which folder, that it is read-only, that games still play, what to do), never SQLite's
"unable to open database file"; and what it holds is still read.

Root writes anywhere, so as root each case runs in a child process without the capabilities that let root write over
a folder's permissions (`setpriv`); as any other user the folder's permissions alone do it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from yaniv_tui.engine import Seat
from yaniv_tui.store import History
from yaniv_tui.store.meta import SaveMeta

from .helpers import new_game, play

#: The capabilities that let root write to a folder whatever its permissions.
_OVERRIDES = "-dac_override,-dac_read_search,-fowner"

_PROBE = """
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
"""


def _unprivileged() -> list[str]:
    """The command prefix that runs a child as one who cannot write to a read-only folder; skips when none can."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: a read-only folder cannot be made to refuse root")
    prefix = [setpriv, f"--bounding-set={_OVERRIDES}", "--"]
    if subprocess.run([*prefix, "true"], capture_output=True, timeout=30).returncode != 0:
        pytest.skip("setpriv cannot drop root's capabilities here (a container without CAP_SETPCAP)")
    return prefix


def _probe(database: Path) -> tuple[int, bool, str]:
    """In a child that cannot write over permissions: the stats' rows, whether a game's round was recorded, and the
    history's problem line."""
    done = subprocess.run(
        [*_unprivileged(), sys.executable, "-c", _PROBE, str(database)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    rows, recorded, problem = done.stdout.splitlines()
    return int(rows), recorded == "True", problem


def _says_read_only(problem: str, folder: Path) -> None:
    assert "\n" not in problem
    assert "unable to open database file" not in problem and "Permission denied" not in problem, problem
    assert f"{folder} is read-only" in problem, problem
    assert "games still play" in problem and "YANIV_DATA_DIR" in problem, problem


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "data"
    folder.mkdir()
    yield folder
    folder.chmod(0o755)


def test_a_read_only_folder_without_a_database_is_said_as_such(read_only: Path) -> None:
    # Before: "history database .../history.sqlite3 cannot be used (unable to open database file)".
    read_only.chmod(0o555)
    rows, recorded, problem = _probe(read_only / "history.sqlite3")
    assert (rows, recorded) == (0, False)
    _says_read_only(problem, read_only)
    assert list(read_only.iterdir()) == []


def test_a_missing_folder_inside_a_read_only_one_names_the_read_only_one(read_only: Path) -> None:
    read_only.chmod(0o555)
    rows, recorded, problem = _probe(read_only / "yaniv" / "history.sqlite3")
    assert (rows, recorded) == (0, False)
    _says_read_only(problem, read_only)


def test_a_database_in_a_read_only_folder_is_still_read(read_only: Path) -> None:
    path = read_only / "history.sqlite3"
    with History(path) as history:
        game = play(new_game(players=2, seed=5))
        assert history.record(game, SaveMeta((Seat.person("Ann"), Seat.bot("easy", "Bob"))))
    read_only.chmod(0o555)
    rows, recorded, problem = _probe(path)
    assert rows == 2 and not recorded
    _says_read_only(problem, read_only)


def test_a_read_only_database_file_is_named(read_only: Path) -> None:
    path = read_only / "history.sqlite3"
    History(path).close()
    path.chmod(0o444)
    rows, recorded, problem = _probe(path)
    assert (rows, recorded) == (0, False)
    _says_read_only(problem, path)


_SAVE_PROBE = """
import sys
from pathlib import Path
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import SaveError, save_game
from yaniv_tui.store.meta import SaveMeta
game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=3)
try:
    save_game(game, SaveMeta((Seat.person("Ann"), Seat.bot("easy", "Bob"))), path=Path(sys.argv[1]))
except SaveError as error:
    print(error)
"""


@pytest.mark.parametrize("inside", ["", "saves"])
def test_a_save_in_a_read_only_folder_names_the_folder(read_only: Path, inside: str) -> None:
    # Before: "cannot save the game to ...: Permission denied", which does not say which folder.
    read_only.chmod(0o555)
    target = read_only / inside / "game.json"
    done = subprocess.run(
        [*_unprivileged(), sys.executable, "-c", _SAVE_PROBE, str(target)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.strip() == f"cannot save the game to {target}: {read_only} is read-only"


def test_a_full_disk_is_said_as_such_and_the_rounds_wait(tmp_path: Path) -> None:
    # SQLite's own "database or disk is full" (SQLITE_FULL), brought about by a page limit the size of the database.
    # Before: "history database ... cannot be used (database or disk is full)".
    path = tmp_path / "history.sqlite3"
    history = History(path)
    connection = history._connect()
    assert connection is not None
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")
    seats = (Seat.person("Ann"), *(Seat.bot("easy", name) for name in ("Bob", "Cy", "Di")))
    game = play(new_game(players=4, seed=5))
    for _ in range(100):  # whole games of four until the pages have no room left (a few do it)
        meta = SaveMeta(seats)
        if not history.record(game, meta):
            break
    assert history.problem == (
        f"history database {path} cannot be written: the disk is full; games still play, and their saves catch it "
        "up once there is room"
    )
    # The next call opens the database afresh (no page limit: room again) and records what waited.
    assert history.record(game, meta) and history.problem is None
    history.close()


_MID_GAME_PROBE = """
import os, sys
from pathlib import Path
from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import SaveError, read_save, save_game
from yaniv_tui.store.meta import SaveMeta
folder = Path(sys.argv[1])
game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=3)
meta = SaveMeta((Seat.person("Ann"), Seat.bot("easy", "Bob")), game_id="midgame")
bot = MediumBot()
for move in range(12):
    if move == 4:
        folder.chmod(0o555)  # made read-only mid-game
    if move == 8:
        folder.chmod(0o700)  # and writable again
    game.apply(bot.choose(game.view(game.current)))
    try:
        save_game(game, meta, path=folder / "midgame.json")
    except SaveError as error:
        print(move, error)
    else:
        print(move, read_save(folder / "midgame.json").game.turns == game.turns)
print(sorted(name for name in os.listdir(folder)))
"""


def test_a_save_folder_made_read_only_mid_game_is_one_line_a_move_and_the_next_save_tries_again(
    read_only: Path,
) -> None:
    done = subprocess.run(
        [*_unprivileged(), sys.executable, "-c", _MID_GAME_PROBE, str(read_only)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    *moves, left = done.stdout.splitlines()
    refused = f"cannot save the game to {read_only / 'midgame.json'}: {read_only} is read-only"
    assert moves == [f"{move} {True if move < 4 or move >= 8 else refused}" for move in range(12)]
    assert left == "['midgame.json']"  # no temporary file left by a refused save
