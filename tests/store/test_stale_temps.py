"""The hidden temporary files a killed atomic write leaves (`files.atomic_write`, `write_new`) are cleared wherever
yaniv writes that way, when the saves are listed: old enough, named as ours, and never a user's file."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from private_files import a_temp

from yaniv_tui.store.library import scan_saves
from yaniv_tui.store.paths import written_folders


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    data, config = tmp_path / "data", tmp_path / "config"
    monkeypatch.setenv("YANIV_DATA_DIR", str(data))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(config))
    monkeypatch.delenv("YANIV_TOKENS_DIR", raising=False)
    named = {
        "saves": data / "saves",
        "data": data,
        "tables": data / "tables",
        "tokens": data / "tokens",
        "config": config,
        "rulesets": config / "rulesets",
    }
    for folder in named.values():
        folder.mkdir(parents=True, exist_ok=True)
    return named


FILES = {
    "saves": "3f2a9c0d1e.json",
    "data": "record-3f2a9c0d1e.jsonl.damaged-20261201T093000Z",
    "tables": "3f2a9c0d1e.json",
    "tokens": "127.0.0.1-8765-ABCD-Ann.token",
    "config": "settings.toml",
    "rulesets": "mine.toml",
}


def test_every_folder_yaniv_writes_atomically_is_cleared(folders: dict[str, Path]) -> None:
    """Before, only `saves/` was: a kill left the hidden files in the tables, the tokens, the config folder and the
    data folder (the history's record copies) for ever."""
    assert set(written_folders()) == set(folders.values())
    stale = {where: a_temp(folders[where], name, age=3600) for where, name in FILES.items()}
    fresh = {where: a_temp(folders[where], name, age=0) for where, name in FILES.items()}
    scan_saves()
    assert [where for where, path in stale.items() if path.exists()] == []
    assert [where for where, path in fresh.items() if not path.exists()] == []  # being written now: left


def test_a_users_own_hidden_file_is_never_cleared(folders: dict[str, Path]) -> None:
    when = time.time() - 3600
    theirs = []
    for folder in folders.values():
        for name in (".notes.tmp", ".draft.txt.tmp", ".x.abc123.tmp", ".settings.toml.ABCDEFGH.tmp"):
            path = folder / name
            path.write_text("mine")
            os.utime(path, (when, when))
            theirs.append(path)
        link = folder / ".settings.toml.abcdefgh.tmp"  # named as ours, but a link: not a file a write of ours left
        link.symlink_to(folder / ".notes.tmp")
        os.utime(link, (when, when), follow_symlinks=False)
        theirs.append(link)
    scan_saves()
    assert [path for path in theirs if not os.path.lexists(path)] == []


def test_beside_a_file_only_its_own_temporary_files_are_cleared_whatever_its_name(tmp_path: Path) -> None:
    """`clear_stale_temps_beside` (an export's, the ratings file's folder: the user's): a name is a name, not a
    pattern, so `[a].jsonl` clears no temporary file of `a.jsonl`."""
    from yaniv_tui.store.files import clear_stale_temps_beside

    own = a_temp(tmp_path, "[a].jsonl", age=3600)
    other = a_temp(tmp_path, "a.jsonl", age=3600)
    clear_stale_temps_beside(tmp_path / "[a].jsonl")
    assert not own.exists() and other.exists()


def test_a_file_kept_through_a_link_has_its_killed_writes_cleared_where_it_is(
    folders: dict[str, Path], tmp_path: Path
) -> None:
    """A user's settings (or ruleset, or the ratings file) kept as a link to a file of another folder is written there,
    where a killed write leaves its temporary file: cleared by the next write of it, and no other file there. Before:
    only yaniv's own folders were cleared."""
    from yaniv_tui.store.settings import Settings, save_settings

    elsewhere = tmp_path / "dotfiles"
    elsewhere.mkdir()
    (elsewhere / "yaniv.toml").write_text("")
    (folders["config"] / "settings.toml").symlink_to(elsewhere / "yaniv.toml")
    stale = a_temp(elsewhere, "yaniv.toml", age=3600)
    other = a_temp(elsewhere, "vimrc", age=3600)
    assert save_settings(Settings(bell=False)) is None
    assert not stale.exists() and other.exists()
    assert (folders["config"] / "settings.toml").is_symlink()
