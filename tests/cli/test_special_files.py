"""A save, an old save.json or a lock file that is not a regular file (a FIFO, a folder, a link to /dev/zero)
never hangs a command: it is one line, moved aside (never deleted), and every other game is still listed.

Each command runs in its own process with a timeout, so a regression fails here instead of hanging the suite.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import SaveMeta, Seat, save_game
from yaniv_tui.store.userrules import all_rulesets

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "data" / "saves").mkdir(parents=True)
    return tmp_path / "data"


def a_game(game_id: str, actions: int | None = 8) -> Game:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=3)
    bot = MediumBot()
    done = 0
    while not game.is_over and (actions is None or done < actions):
        game.apply(bot.choose(game.view(game.current)))
        done += 1
    save_game(game, SaveMeta((Seat.person(), Seat.bot("easy")), game_id=game_id))
    return game


def yaniv(*args: str) -> subprocess.CompletedProcess[str]:
    """`yaniv ARGS` in a process of its own; killed (and the test failed) after 20 s."""
    env = {**os.environ, "COLUMNS": "200"}
    try:
        return subprocess.run(
            [sys.executable, "-m", "yaniv_tui", *args], capture_output=True, text=True, timeout=20, env=env
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"'yaniv {' '.join(args)}' hung")


def aside(path: Path) -> list[Path]:
    return list(path.parent.glob(path.name + ".damaged-*"))


@pytest.mark.parametrize("command", [["saves"], ["stats"], ["--resume", "zzzz"]])
def test_a_save_that_is_a_fifo_is_one_line_and_moved_aside(data: Path, command: list[str]) -> None:
    a_game("good1234")
    fifo = data / "saves" / "abc.json"
    os.mkfifo(fifo)
    done = yaniv(*command)
    lines = [line for line in done.stderr.splitlines() if "abc.json" in line]
    assert len(lines) == 1 and "FIFO" in lines[0] and "moved to" in lines[0], done.stderr
    assert "Traceback" not in done.stderr
    assert not os.path.lexists(fifo)
    moved = aside(fifo)
    assert len(moved) == 1 and stat.S_ISFIFO(moved[0].lstat().st_mode)  # moved, never deleted
    if command == ["saves"]:
        assert done.returncode == 0 and "good12" in done.stdout
    else:  # stats prints the history; --resume with an id that fits no game says so and starts nothing
        assert done.returncode == (0 if command == ["stats"] else 2)
    again = yaniv("saves")  # nothing is said twice
    assert again.returncode == 0 and again.stderr == "" and "good12" in again.stdout


@pytest.mark.parametrize("kind", ["folder", "link to /dev/zero", "link to nothing"])
def test_a_save_that_is_not_a_regular_file_is_moved_aside(data: Path, kind: str) -> None:
    a_game("good1234")
    odd = data / "saves" / "odd.json"
    if kind == "folder":
        odd.mkdir()
    elif kind == "link to nothing":
        odd.symlink_to(data / "nowhere.json")
    else:
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero")
        odd.symlink_to("/dev/zero")
    done = yaniv("saves")
    assert done.returncode == 0 and "good12" in done.stdout and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "odd.json" in done.stderr and "moved to" in done.stderr
    assert not os.path.lexists(odd) and len(aside(odd)) == 1


def test_an_old_save_json_that_is_a_fifo_is_moved_aside(data: Path) -> None:
    a_game("good1234")
    old = data / "save.json"
    os.mkfifo(old)
    done = yaniv("saves")
    assert done.returncode == 0 and "good12" in done.stdout
    assert done.stderr.count("\n") == 1 and "FIFO" in done.stderr and "moved to" in done.stderr
    assert not os.path.lexists(old) and len(aside(old)) == 1


def test_a_save_too_big_is_refused_before_it_is_read(data: Path) -> None:
    from yaniv_tui.store.saves import MAX_SAVE_BYTES

    a_game("good1234")
    big = data / "saves" / "big.json"
    with open(big, "wb") as file:
        file.truncate(MAX_SAVE_BYTES * 64)  # sparse: costs no disk, and no memory unless it is read
    done = yaniv("saves")
    assert done.returncode == 0 and "good12" in done.stdout
    assert done.stderr.count("\n") == 1 and "too big" in done.stderr and "moved to" in done.stderr


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to /dev/zero"])
def test_a_lock_file_that_is_not_a_regular_file_hangs_nothing(data: Path, kind: str) -> None:
    a_game("good1234")
    lock = data / "saves" / "good1234.lock"
    if kind == "fifo":
        os.mkfifo(lock)
    elif kind == "folder":
        lock.mkdir()
    else:
        lock.symlink_to("/dev/zero")
    done = yaniv("saves")
    assert done.returncode == 0 and "good12" in done.stdout and "open in another" not in done.stdout
    assert "Traceback" not in done.stderr
    code = (
        "from yaniv_tui.store import lock_game, is_open_elsewhere\n"
        "lock = lock_game('good1234')\n"
        "print(lock.held, is_open_elsewhere('good1234'))\n"
        "lock.release()\n"
    )
    try:
        held = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("locking the game hung")
    assert held.returncode == 0 and held.stdout.split() == ["True", "True"], held.stderr
    assert lock.is_file() and not lock.is_symlink()  # a real lock file now; the odd one moved aside
    assert len(aside(lock)) == 1


def test_a_lock_file_linked_to_another_file_never_changes_that_file(data: Path, tmp_path: Path) -> None:
    from yaniv_tui.store import is_open_elsewhere, lock_game

    a_game("good1234")
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    lock_file = data / "saves" / "good1234.lock"
    lock_file.symlink_to(victim)
    lock = lock_game("good1234")
    try:
        assert lock.held and not lock_file.is_symlink()
        assert not is_open_elsewhere("good1234") or lock.held
    finally:
        lock.release()
    assert victim.read_text() == "keep me"


def test_the_holder_of_a_lock_is_named_without_reading_a_fifo(data: Path) -> None:
    """A second process told the game is open elsewhere reads the holder's pid from a regular file only."""
    a_game("good1234")
    code = (
        "import sys, time\n"
        "from yaniv_tui.store import lock_game\n"
        "lock = lock_game('good1234')\n"
        "print('locked', flush=True)\n"
        "sys.stdin.readline()\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        done = yaniv("--resume", "good1234")
        assert done.returncode == 2 and done.stderr.count("\n") == 1
        assert f"process {holder.pid}" in done.stderr
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=20)


def test_a_crashes_folder_that_is_a_fifo_is_one_clear_error(data: Path) -> None:
    from yaniv_tui.store.crashes import write_crash_report

    os.mkfifo(data / "crashes")
    with pytest.raises(OSError, match="not a folder"):
        write_crash_report(ValueError("x"), version="1", game_id=None)


@pytest.mark.parametrize("flag", ["--cert", "--key"])
@pytest.mark.parametrize("kind", ["FIFO", "folder", "link to /dev/zero"])
def test_a_certificate_or_key_that_is_not_a_regular_file_is_one_line(
    data: Path, tmp_path: Path, flag: str, kind: str
) -> None:
    """Before: `yaniv host --cert FIFO` waited for ever on the FIFO (the TLS library opens it and reads)."""
    odd = tmp_path / "odd.pem"
    if kind == "FIFO":
        os.mkfifo(odd)
    elif kind == "folder":
        odd.mkdir()
    else:
        odd.symlink_to("/dev/zero")
    cert = tmp_path / "cert.pem"
    cert.write_text("not a certificate, and never read: the key is refused first\n")
    files = ["--cert", str(odd)] if flag == "--cert" else ["--cert", str(cert), "--key", str(odd)]
    done = yaniv("host", "--players", "Ann,remote", "--headless", "--port", "18601", *files)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    (line,) = done.stderr.strip().splitlines()
    words = {"FIFO": "is a FIFO", "folder": "is a folder", "link to /dev/zero": "is a device"}[kind]
    assert line.startswith("yaniv host: ") and f"{flag} {odd}" in line and words in line, line


@pytest.mark.parametrize("kind", ["FIFO", "folder", "link"])
def test_a_history_journal_that_is_not_a_regular_file_hangs_nothing(data: Path, kind: str) -> None:
    """Before: a FIFO named as the history's journal made SQLite wait on it for ever, at every start."""
    from yaniv_tui.store import History

    with History(data / "history.sqlite3") as history:
        history.record(a_game("done1234", actions=None), SaveMeta((Seat.person(), Seat.bot("easy")), game_id="d"))
    (data / "saves" / "done1234.json").unlink()  # in the history already: no save waits for it
    journal = data / "history.sqlite3-journal"
    if kind == "FIFO":
        os.mkfifo(journal)
    elif kind == "folder":
        journal.mkdir()
    else:
        journal.symlink_to("/dev/zero")
    done = yaniv("stats")
    assert done.returncode == 0 and "Ann" in done.stdout, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert str(journal) in line and f"was a {kind}, not a file" in line and "moved to" in line
    assert not os.path.lexists(journal) and len(aside(journal)) == 1
    assert yaniv("stats").stderr == ""  # said once


def test_a_ratings_file_that_is_a_fifo_hangs_nothing(tmp_path: Path) -> None:
    """Before: `yaniv sim --ladder --write FIFO` (and the setup screen's ratings, given such a file) waited for ever."""
    fifo = tmp_path / "ratings.json"
    os.mkfifo(fifo)
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from yaniv_tui.ratings import read_tables, write_table\n"
        "from yaniv_tui.store.saves import atomic_write\n"
        "fifo = Path(sys.argv[1])\n"
        "print(len(read_tables(fifo)))\n"
        "try:\n"
        "    write_table(read_tables()[0], fifo, write=atomic_write)\n"
        "except OSError as error:\n"
        "    print(error)\n"
    )
    try:
        done = subprocess.run([sys.executable, "-c", code, str(fifo)], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        pytest.fail("reading or writing the ratings hung on a FIFO")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["0", f"{fifo} is a FIFO, not a file"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # left as it is


def test_a_ruleset_file_linked_to_nothing_is_named_so(data: Path, tmp_path: Path) -> None:
    """Before: `yaniv rulesets` and `yaniv --ruleset FILE` said "no such file" of a file the folder lists (a link
    whose file was moved or deleted), as a save linked to nothing is not."""
    folder = tmp_path / "config" / "rulesets"
    folder.mkdir(parents=True)
    (folder / "mine.toml").symlink_to(tmp_path / "moved-away.toml")
    (entry,) = [entry for entry in all_rulesets(folder) if entry.id == "mine"]
    assert entry.error == f"{folder / 'mine.toml'}: a link to a file that does not exist"  # what `yaniv rulesets` shows
    started = yaniv("--players", "Ann,bot:easy", "--ruleset", str(folder / "mine.toml"))
    assert started.returncode == 2 and started.stdout == "", started
    assert started.stderr == f"yaniv: {folder / 'mine.toml'}: a link to a file that does not exist\n"
    missing = yaniv("--players", "Ann,bot:easy", "--ruleset", str(folder / "none.toml"))
    assert missing.stderr == f"yaniv: {folder / 'none.toml'}: no such file\n"
