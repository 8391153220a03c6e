"""The user's settings file: defaults when missing, the theme and the bell kept, a damaged file never lost."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from yaniv_tui.engine.ruleset_read import MAX_NESTING
from yaniv_tui.store.settings import Settings, load_settings, read_settings, save_settings, settings_path


def test_no_file_gives_the_defaults(tmp_path: Path) -> None:
    assert read_settings(tmp_path / "settings.toml") == (Settings(theme=None, bell=True), None)


def test_settings_are_kept_with_the_files_other_keys_and_comments(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.toml"
    assert save_settings(Settings(theme="nord", bell=False), path) is None
    assert load_settings(path) == Settings(theme="nord", bell=False)
    path.write_text('# mine\ntheme = "nord"\nbell = false\nfuture = 3\n', "utf-8")
    assert save_settings(Settings(theme="dracula", bell=False), path) is None
    text = path.read_text("utf-8")
    assert "# mine" in text and "future = 3" in text and 'theme = "dracula"' in text
    assert save_settings(Settings(theme=None, bell=True), path) is None
    assert "theme" not in path.read_text("utf-8") and load_settings(path) == Settings()


def test_the_environment_names_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    assert settings_path() == tmp_path / "config" / "settings.toml"
    assert save_settings(Settings(theme="gruvbox")) is None
    assert load_settings().theme == "gruvbox"


DAMAGED = {
    "not TOML": b"theme = nord = 3\n",
    "not UTF-8": b'theme = "\xff"\n',
    "a theme that is no name": b"theme = 3\n",
    "a bell that is not true or false": b'bell = "loud"\n',
}


@pytest.mark.parametrize("content", DAMAGED.values(), ids=list(DAMAGED))
def test_a_damaged_file_gives_the_defaults_in_one_line_and_is_moved_aside_before_a_save(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(content)
    settings, problem = read_settings(path)
    assert settings == Settings()
    assert problem is not None and "\n" not in problem and "damaged" in problem and str(path) in problem
    assert path.read_bytes() == content  # reading never touches it
    told = save_settings(Settings(theme="nord"), path)
    assert told is not None and "moved to" in told and "\n" not in told
    asides = list(tmp_path.glob("settings.toml.damaged-*"))
    assert len(asides) == 1 and asides[0].read_bytes() == content
    assert load_settings(path) == Settings(theme="nord")


def test_a_folder_or_fifo_in_its_place_is_read_as_the_defaults(tmp_path: Path) -> None:
    folder = tmp_path / "settings.toml"
    folder.mkdir()
    assert read_settings(folder)[1] is not None
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    settings, problem = read_settings(fifo)  # never waits on the FIFO
    assert settings == Settings() and problem is not None and "FIFO" in problem


def test_an_unwritable_folder_says_so_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "config"
    blocker.write_text("a file where the folder should be")
    problem = save_settings(Settings(theme="nord"), blocker / "settings.toml")
    assert problem is not None and "cannot be written" in problem and "\n" not in problem


def test_a_settings_file_that_is_a_link_is_written_where_it_points(tmp_path: Path) -> None:
    # Dotfiles kept in a repository are links to it: writing replaced the link with a file of its own, and the
    # repository's copy no longer followed the choices made.
    kept = tmp_path / "dotfiles" / "settings.toml"
    kept.parent.mkdir()
    kept.write_text("# mine\nbell = true\n")
    link = tmp_path / "config" / "settings.toml"
    link.parent.mkdir()
    link.symlink_to(kept)
    assert save_settings(Settings(theme="nord", bell=False), link) is None
    assert link.is_symlink() and os.readlink(link) == str(kept)
    assert "# mine" in kept.read_text() and load_settings(kept) == Settings(theme="nord", bell=False)


def test_a_file_where_the_config_folder_should_be_is_no_damaged_settings_file(tmp_path: Path) -> None:
    # Before: "settings file <file>/settings.toml is damaged (it cannot be read: Not a directory)", and saving said
    # "cannot be written (Not a directory)": neither named the file in the way, and there is no settings file to damage.
    from yaniv_tui.store.settings import open_settings

    blocker = tmp_path / "config"
    blocker.write_text("not a folder")
    path = blocker / "settings.toml"
    settings, line = read_settings(path)
    assert settings == Settings()
    assert line == f"settings file {path} cannot be read: {blocker} is not a folder; the defaults are used"
    assert open_settings(path) == (Settings(), line)
    assert save_settings(Settings(theme="nord"), path) == (
        f"settings file {path} cannot be written: {blocker} is not a folder"
    )
    assert blocker.read_text() == "not a folder"


def test_a_file_nested_too_deep_is_damaged_in_one_line_and_moved_aside_before_a_save(tmp_path: Path) -> None:
    """Before: RecursionError, a traceback at yaniv's start (tomllib lets it out bare)."""
    path = tmp_path / "settings.toml"
    deep = "a = " + "[" * 5_000 + "]" * 5_000 + "\n"
    path.write_text(deep, encoding="utf-8")
    settings, problem = read_settings(path)
    assert settings == Settings() and problem == (
        f"settings file {path} is damaged (it is nested too deep: a settings file nests at most {MAX_NESTING} "
        "levels): the defaults are used, and the file is kept"
    )
    told = save_settings(Settings(theme="nord"), path)
    assert told is not None and told.startswith(f"settings file {path} was damaged (it is nested too deep"), told
    (aside,) = tmp_path.glob("settings.toml.damaged-*")
    assert aside.read_text(encoding="utf-8") == deep and load_settings(path) == Settings(theme="nord")


@pytest.mark.parametrize("depth", [MAX_NESTING, MAX_NESTING + 1, 200])
def test_the_depth_a_settings_file_may_nest_is_the_one_its_line_names(tmp_path: Path, depth: int) -> None:
    """Before: "it is nested too deep" named no depth, and a file nested 200 levels (deep, yet not past Python's
    stack) was read as if nothing were wrong: the line now names the depth allowed, and that depth is the one held."""
    path = tmp_path / "settings.toml"
    path.write_text("bell = false\nother = " + "[" * (depth - 1) + "]" * (depth - 1) + "\n", encoding="utf-8")
    settings, problem = read_settings(path)
    if depth <= MAX_NESTING:
        assert (settings, problem) == (Settings(bell=False), None)
    else:
        assert settings == Settings() and problem is not None
        assert f"(it is nested too deep: a settings file nests at most {MAX_NESTING} levels)" in problem


def test_a_file_saved_with_a_byte_order_mark_is_read_and_kept(tmp_path: Path) -> None:
    """Windows Notepad saves UTF-8 with a byte order mark. Before: "it is not TOML (Invalid statement (at line 1,
    column 1))", the defaults used and the file moved aside at the next save: now its settings are read, and a save
    keeps its other keys and comments (written back without the mark)."""
    path = tmp_path / "settings.toml"
    path.write_bytes('\ufeff# mine\nbell = false\ntheme = "nord"\nother = 1\n'.encode())
    assert read_settings(path) == (Settings(theme="nord", bell=False), None)
    assert save_settings(Settings(theme="dracula", bell=False), path) is None
    assert path.read_text(encoding="utf-8") == '# mine\nbell = false\ntheme = "dracula"\nother = 1\n'
    assert list(tmp_path.iterdir()) == [path]  # nothing moved aside
