"""The data and config folders, moved by the environment; the snapshot code stays free of UI libraries."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from yaniv_tui.store import paths


def test_the_environment_moves_both_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "d"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "c"))
    assert paths.save_path("abc") == tmp_path / "d" / "saves" / "abc.json"
    assert paths.lock_path("abc") == tmp_path / "d" / "saves" / "abc.lock"
    assert paths.legacy_save_path() == tmp_path / "d" / "save.json"
    assert paths.history_path() == tmp_path / "d" / "history.sqlite3"
    assert paths.user_rulesets_dir() == tmp_path / "c" / "rulesets"
    assert not (tmp_path / "d").exists()  # asking where is not making it


def test_without_the_environment_the_user_folders_are_named_for_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("YANIV_DATA_DIR", raising=False)
    monkeypatch.delenv("YANIV_CONFIG_DIR", raising=False)
    assert "yaniv-tui" in paths.data_dir().parts
    assert "yaniv-tui" in paths.config_dir().parts


def test_snapshots_and_the_store_load_no_ui_library() -> None:
    code = (
        "import sys, yaniv_tui.store.game_format, yaniv_tui.store;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_seat_tokens_folder_is_the_data_folders_unless_the_environment_names_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from yaniv_tui.store.tables import token_path

    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "d"))
    monkeypatch.delenv(paths.TOKENS_ENV, raising=False)
    assert paths.tokens_dir() == tmp_path / "d" / "tokens"
    assert token_path("127.0.0.1", 8765, "K7QF", "Ann").parent == tmp_path / "d" / "tokens"
    monkeypatch.setenv(paths.TOKENS_ENV, str(tmp_path / "browser"))
    assert paths.tokens_dir() == tmp_path / "browser"
    assert token_path("127.0.0.1", 8765, "K7QF", "Ann").parent == tmp_path / "browser"
    assert not (tmp_path / "browser").exists()  # asking where is not making it


def test_each_name_keeps_its_own_seat_token_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Friends on one machine keep a token each by the name they join with: names in Hebrew, with accents, or told
    apart only by punctuation are never one file (one friend's join would offer, and take, another's seat)."""
    from yaniv_tui.store.tables import token_path

    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "d"))
    monkeypatch.delenv(paths.TOKENS_ENV, raising=False)
    names = ["נועה", "דליה", "Dália", "Délia", "a b", "a_b", "a!b", "田中", "山田", "Ann", None]
    files = [token_path("127.0.0.1", 8765, "K7QF", name) for name in names]
    assert len(set(files)) == len(names)
    assert all(f.parent == tmp_path / "d" / "tokens" and f.name.endswith(".token") for f in files)
    assert all(f.name.isascii() and len(f.name) < 200 for f in files)
    # A name of plain letters keeps the file name it always had, so a token kept before still rejoins.
    assert files[-2].name == "127.0.0.1-8765-K7QF-ann.token"
    assert token_path("127.0.0.1", 8765, "k7qf", " ANN ") == files[-2]  # the same join, typed otherwise
    long = ["x" * 200 + "a", "x" * 200 + "b"]
    assert token_path("h", 1, "K7QF", long[0]) != token_path("h", 1, "K7QF", long[1])


def _no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """A user with no home folder: HOME not set, and none in the system's user database (a container's random uid)."""
    import pwd

    def unknown(uid: int) -> pwd.struct_passwd:
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "YANIV_DATA_DIR", "YANIV_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(pwd, "getpwuid", unknown)


def test_no_home_folder_is_one_line_saying_what_to_set(monkeypatch: pytest.MonkeyPatch) -> None:
    # Before: platformdirs' RuntimeError ("could not determine the home directory"), as a traceback from every command.
    _no_home(monkeypatch)
    with pytest.raises(
        paths.NoHome, match=r"no home folder \(HOME is not set.*set HOME, or YANIV_DATA_DIR, to a folder"
    ):
        paths.data_dir()
    with pytest.raises(paths.NoHome, match=r"set HOME, or YANIV_CONFIG_DIR, to a folder"):
        paths.config_dir()


@pytest.mark.parametrize(
    "argv",
    [
        ["stats"],
        ["saves"],
        ["rulesets"],
        ["export", "abc"],
        ["--players", "You,bot:easy"],
        ["join", "127.0.0.1:9"],
        ["watch", "127.0.0.1:9"],
    ],
)
def test_every_command_without_a_home_folder_says_it_in_one_line(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from yaniv_tui.cli import EXIT_USAGE, main
    from yaniv_tui.table import gc_pause

    _no_home(monkeypatch)
    monkeypatch.setattr(gc_pause, "pause", lambda: None)  # a game's start-up pause, never resumed when it stops early
    assert main(argv) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert "no home folder" in line and "set HOME, or YANIV_" in line and "Traceback" not in line


def test_a_folder_named_by_the_environment_needs_no_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _no_home(monkeypatch)
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "d"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "c"))
    assert paths.data_dir() == tmp_path / "d" and paths.config_dir() == tmp_path / "c"
