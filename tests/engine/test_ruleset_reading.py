"""Reading a ruleset file: a regular file of at most 1 MiB, nested no deeper than a ruleset needs; else one line."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from yaniv_tui.engine import RulesetError, load_ruleset, load_ruleset_file
from yaniv_tui.engine.ruleset_read import MAX_FILE_BYTES


def one_line_error(path: str | Path) -> str:
    with pytest.raises(RulesetError) as error:
        load_ruleset_file(path)
    message = str(error.value)
    assert "\n" not in message and message.startswith(str(path))
    return message


@pytest.mark.parametrize(
    "text",
    [
        "name = " + "[" * 500 + "]" * 500,
        "name = " + "{a = " * 500 + "1" + "}" * 500,
        "[resets]\nat = " + "{a = " * 40 + "1" + "}" * 40,
    ],
    ids=["arrays 500 deep", "inline tables 500 deep", "inline tables 40 deep"],
)
def test_a_file_nested_too_deep_is_one_line(tmp_path: Path, text: str) -> None:
    """Before: a file nested 500 deep raised RecursionError out of the TOML parser."""
    file = tmp_path / "deep.toml"
    file.write_text(text, encoding="utf-8")
    assert "nested too deep" in one_line_error(file)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    assert "is a directory, not a ruleset file" in one_line_error(folder)


def test_a_symlink_to_dev_zero_is_refused_without_reading(tmp_path: Path) -> None:
    """Before: reading /dev/zero through a symlink ran until memory ran out."""
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    assert "is a device, not a ruleset file" in one_line_error(link)
    assert "is a device" in one_line_error("/dev/zero")


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    """Before: opening a FIFO blocked forever, waiting for a writer."""
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(one_line_error(fifo)), daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():  # unblock the reader so the test run can end, then fail
        with open(fifo, "w"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert "is a FIFO, not a ruleset file" in result[0]


def test_a_file_over_1_mib_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """Before: a 50 MB file was read whole, and parsed for seconds."""
    big = tmp_path / "big.toml"
    with open(big, "wb") as out:
        out.truncate(50 * 1024 * 1024)  # sparse: 50 MB of zero bytes, costing no disk
    started = time.perf_counter()
    message = one_line_error(big)
    assert time.perf_counter() - started < 0.5
    assert f"{50 * 1024 * 1024} bytes is too big for a ruleset file: at most 1 MiB ({MAX_FILE_BYTES} bytes)" in message


def test_a_file_of_exactly_1_mib_is_read(tmp_path: Path) -> None:
    file = tmp_path / "padded.toml"
    head = b'name = "Padded"\n'
    file.write_bytes(head + b"#" * (MAX_FILE_BYTES - len(head) - 1) + b"\n")
    assert load_ruleset_file(file).name == "Padded"


def test_a_file_that_grows_while_read_is_cut_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The size is checked before reading, and the read itself stops after 1 MiB and a byte."""
    file = tmp_path / "growing.toml"
    file.write_bytes(b"#" * (2 * MAX_FILE_BYTES))
    real_stat, real_fstat = os.stat, os.fstat

    def small(st: os.stat_result) -> os.stat_result:
        return os.stat_result((*st[:6], 10, *st[7:10]))

    monkeypatch.setattr(os, "stat", lambda *a, **k: small(real_stat(*a, **k)))
    monkeypatch.setattr(os, "fstat", lambda fd: small(real_fstat(fd)))
    assert "too big for a ruleset file" in one_line_error(file)


def test_a_dangling_symlink_is_named_a_link_to_nothing(tmp_path: Path) -> None:
    """As a save and a record file linked to nothing are: the folder lists the file, so "no such file" misleads."""
    link = tmp_path / "gone.toml"
    link.symlink_to(tmp_path / "nowhere.toml")
    assert one_line_error(link) == f"{link}: a link to a file that does not exist"
    assert one_line_error(tmp_path / "nowhere.toml") == f"{tmp_path / 'nowhere.toml'}: no such file"


def test_load_ruleset_by_path_refuses_the_same_way(tmp_path: Path) -> None:
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    with pytest.raises(RulesetError, match="is a device"):
        load_ruleset(str(link))


def test_a_file_read_again_after_an_edit_gives_the_new_rules(tmp_path: Path) -> None:
    """A file's rules are read once per content (the setup screen lists every preset, then the chosen one is read
    again to play), so an edit, even one of the same size at the same moment, is read anew."""
    path = tmp_path / "mine.toml"
    path.write_text('name = "Mine"\n[yaniv]\nlimit = 5\n', encoding="utf-8")
    first = load_ruleset_file(path)
    assert load_ruleset_file(path) is first  # the same bytes: read once
    path.write_text('name = "Mine"\n[yaniv]\nlimit = 6\n', encoding="utf-8")
    assert load_ruleset_file(path).yaniv_limit == 6
    assert load_ruleset_file(path, "other").id == "other"  # the id is the caller's, not the first reader's


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("limit = " + "9" * 4000, "a number of 4000 digits"),
        ("limit = -" + "9" * 4000, "a number of 4000 digits"),
        ('limit = "' + "x" * 5000 + '"', '"' + "x" * 40 + '"... (5000 characters)'),
        ('limit = "' + "\\u0007" * 5000 + '"', "(5000 characters)"),
    ],
    ids=["digits", "negative digits", "text", "control characters"],
)
def test_a_refusal_quotes_no_more_of_a_hostile_value_than_a_line_holds(tmp_path: Path, line: str, names: str) -> None:
    """A value thousands of characters long is cut in the refusal, not quoted whole into a line of kilobytes."""
    path = tmp_path / "hostile.toml"
    path.write_text(f'name = "Hostile"\n[yaniv]\n{line}\n', encoding="utf-8")
    with pytest.raises(RulesetError) as refused:
        load_ruleset_file(path)
    message = str(refused.value)
    assert "\n" not in message
    assert names in message
    assert "yaniv.limit" in message and "whole number" in message
    assert len(message) < 300 + len(str(path))
