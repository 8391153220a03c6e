"""A full disk: a save that fails is seen as failed, the last good save is kept, and no line claims a finished
game is kept when it is not (issue 29, item 1).

Two ways to fill the disk: a small tmpfs mounted as the data folder (needs root and `mount`; skipped with its
reason otherwise), and a fault injected at the save's write (ENOSPC) with the history held by another program.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from tui_helpers import SIZE, game_of, hosted_app, make_app, notices, play_to_end, play_turn, settle

from yaniv_tui.store import History, history_path, record_pending, saves, scan_saves
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.tui.screens.table import TableScreen


class Disk:
    """The data folder's disk, filled and freed by the test."""

    def fill(self) -> None:
        raise NotImplementedError

    def free(self) -> None:
        raise NotImplementedError


class Tmpfs(Disk):
    """A real file system of its own, filled with a file of zeros until it refuses another byte."""

    def __init__(self, folder: Path) -> None:
        self.filler = folder / "filler"

    def fill(self) -> None:
        with contextlib.suppress(OSError), open(self.filler, "wb") as file:
            while True:
                file.write(b"\0" * 4096)
                file.flush()
                os.fsync(file.fileno())

    def free(self) -> None:
        self.filler.unlink()


class Injected(Disk):
    """Every save's write fails with ENOSPC, and another program holds the history, until freed."""

    def __init__(self) -> None:
        self.monkeypatch = pytest.MonkeyPatch()  # its own: undone when freed, leaving the test's folders as set
        self.holder: sqlite3.Connection | None = None

    def fill(self) -> None:
        def full(path: Path, data: bytes, **how: bool) -> None:  # every write, with any of its options
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

        # store/tables.py binds `atomic_write` when first imported: imported under the patch, it would keep the
        # failing write after `free` and fill the disk of every later test. Import it before patching.
        import yaniv_tui.store.tables  # noqa: F401

        self.monkeypatch.setattr(saves, "atomic_write", full)
        history_path().parent.mkdir(parents=True, exist_ok=True)
        self.holder = sqlite3.connect(history_path(), isolation_level=None)
        self.holder.execute("BEGIN EXCLUSIVE")

    def free(self) -> None:
        self.monkeypatch.undo()
        if self.holder is not None:
            self.holder.execute("ROLLBACK")
            self.holder.close()
            self.holder = None


def _mount_tmpfs(folder: Path) -> str | None:
    """Mount a 1 MB tmpfs at `folder`; None once mounted, else why it cannot be."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "mounting a tmpfs needs root"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError) as error:
        return f"mount cannot be run: {error}"
    if done.returncode != 0:
        return f"mount refused: {done.stderr.strip() or done.returncode}"
    return None


@pytest.fixture(params=["tmpfs", "injected"])
def disk(request: pytest.FixtureRequest, private_folders: tuple[Path, Path]) -> Iterator[Disk]:
    data, _config = private_folders
    if request.param == "injected":
        injected = Injected()
        yield injected
        injected.free()
        return
    why = _mount_tmpfs(data)
    if why is not None:
        pytest.skip(f"no tmpfs: {why} (the injected ENOSPC covers the same path)")
    try:
        yield Tmpfs(data)
    finally:
        subprocess.run(["umount", "-l", str(data)], capture_output=True, timeout=30, check=False)


async def test_a_finished_game_on_a_full_disk_is_never_claimed_kept(disk: Disk) -> None:
    app = make_app("seven-cards", "Ann,bot:medium:Bea", seed=5, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        last_good = game_to_dict(game_of(table))  # saved when the table opened and after each action so far
        disk.fill()
        await play_to_end(pilot)
        told = notices(app)
    said = [line for line in told if "could not be saved" in line]
    assert said, told
    assert all("\n" not in line for line in said)
    assert not any("kept in" in line or "next start" in line for line in told), told
    disk.free()
    # The last good save is kept, as the game in progress it was; nothing finished waits, nothing is recorded.
    listing = scan_saves()
    assert listing.problems == () and listing.pending == ()
    (kept,) = listing.games
    assert game_to_dict(kept.game) == last_good
    assert not any("recorded" in line for line in record_pending())
    with History() as history:
        assert history.games_played() == 0


async def test_quitting_a_hosted_table_on_a_full_disk_never_says_it_is_saved() -> None:
    """The quit line of a table with other machines claimed it was saved whatever the last save said."""
    from fake_net import fake_hosting

    from yaniv_tui.tui.screens.table import TableScreen

    factory, _made = fake_hosting()

    disk = Injected()
    app = hosted_app(factory)
    try:
        disk.fill()
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(400):
                if isinstance(app.screen, TableScreen):
                    break
                await pilot.pause()
            await pilot.press("ctrl+q")
            await pilot.pause()
    finally:
        disk.free()
    line = app.exit_line or ""
    assert line.startswith("the table could not be saved: ") and "No space left" in line, line
    assert "yaniv host --resume" not in line


@pytest.mark.parametrize("blocker", ["a file", "a read-only folder"])
async def test_quitting_a_game_that_could_never_be_saved_says_it_is_not_kept_and_why(
    blocker: str, private_folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: a data folder where no lock could be made (a file in its place, a read-only file system) left the
    game without a lock, and ctrl+q printed nothing: the player was never told the game was not kept."""
    data, _ = private_folders
    if blocker == "a file":
        data.write_text("not a folder")
    else:

        def read_only(path: Path, *args: object, **kwargs: object) -> None:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

        monkeypatch.setattr(Path, "mkdir", read_only)  # every folder the store would make (root writes anywhere)
    app = make_app("israeli", "Ann,bot:easy", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.session.lock is None
        await pilot.press("ctrl+q")
        await pilot.pause()
    line = app.exit_line or ""
    assert line.startswith("the game was not kept: "), line
    assert ("Not a directory" in line or "not a folder" in line) if blocker == "a file" else "Read-only" in line, line
    assert "\n" not in line and "--resume" not in line


async def test_the_quit_line_of_the_palette_and_the_bar_says_a_failed_save_not_that_the_game_is_saved() -> None:
    """Before: on a full disk (or a read-only data folder) the command palette's Quit line, the help's and the bar's
    ctrl+q said "the game is saved" whatever the last save said; only the line printed on the way out told the
    truth. Now they read the same last save (`session.unsaved`) and say it could not be saved, and why."""
    from yaniv_tui.tui.widgets.keybar import KeyBar

    app = make_app("israeli", "Ann,bot:easy,bot:easy", seed=3)
    disk = Injected()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert "the game is saved" in app.quit_words()
            disk.fill()
            await play_turn(pilot)  # saved after the move: the save fails
            await settle(pilot)
            words = app.quit_words()
            assert "the game is saved" not in words and "could not be saved" in words, words
            assert "No space left" in words, words
            (quit_key,) = (key for key in app.screen.query_one(KeyBar).shown() if key.action == "quit")
            assert "could not be saved" in str(quit_key.tooltip), quit_key
            disk.free()
            await play_turn(pilot)  # the next save is kept: the line says so again
            await settle(pilot)
            assert "the game is saved" in app.quit_words()
    finally:
        disk.free()
