"""`yaniv replay FILE` and `yaniv review FILE` given a hostile file: a folder, a FIFO, a 50 MB line, bytes that are
not UTF-8, a byte order mark, NaN, a number past a decimal's range or of 10,000 digits, nesting 100,000 deep. Each
is one line naming what is wrong (exit 1, nothing on the output), never a traceback or a wait, and the file is left
as it was; nothing is opened."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playing import play_recorded

from yaniv_tui.cli import main
from yaniv_tui.codec.record import record_text
from yaniv_tui.engine import Game, Seat, load_ruleset

pytestmark = pytest.mark.usefixtures("data_dir")

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
TEXT = record_text(play_recorded(Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4), SEATS))
FIRST, REST = TEXT.split("\n", 1)


def with_value(value: str) -> bytes:
    """The real record, its header holding `value` (as JSON text) under a key of its own."""
    return (FIRST[:-1] + f', "extra": {value}}}\n' + REST).encode("utf-8")


def fifty_mb(path: Path) -> None:
    """A file of one line of 50 MB (sparse: nothing is written, and it is refused before it is read)."""
    with open(path, "wb") as file:
        file.truncate(50 << 20)


#: Each hostile file: how it is made in the folder given, and the words its line says.
FILES: dict[str, tuple[Any, str]] = {
    "folder": (lambda path: path.mkdir(), "is a folder, not a game record"),
    "fifo": (lambda path: os.mkfifo(path), "is a FIFO, not a game record"),
    "50 MB": (lambda path: fifty_mb(path), "too big"),
    "not UTF-8": (lambda path: path.write_bytes(TEXT.encode("utf-8").replace(b"Ann", b"A\xffn", 1)), "not UTF-8"),
    "BOM": (lambda path: path.write_bytes(b"\xef\xbb\xbf" + TEXT.encode("utf-8")), "byte order mark (BOM)"),
    "NaN": (lambda path: path.write_bytes(with_value("NaN")), "NaN is not a number"),
    "1e400": (lambda path: path.write_bytes(with_value("1e400")), "the number 1e400 is beyond any"),
    "digits": (lambda path: path.write_bytes(with_value("1" * 10_000)), "a number has more than 4300 digits"),
    "deep": (lambda path: path.write_bytes(with_value("[" * 100_000 + "]" * 100_000)), "nested too deep"),
}


@pytest.mark.parametrize("command", ["replay", "review"])
@pytest.mark.parametrize("kind", FILES)
def test_a_hostile_record_file_is_one_line_and_left_as_it_was(
    kind: str, command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run_app(*args: Any, **kwargs: Any) -> int:
        raise AssertionError("a hostile file opened the app")

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    path = tmp_path / "game.jsonl"
    make, says = FILES[kind]
    make(path)
    before = path.read_bytes() if path.is_file() else None
    assert main([command, str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"yaniv {command}: {path}: ") and says in line, line
    assert (path.read_bytes() if path.is_file() else None) == before
