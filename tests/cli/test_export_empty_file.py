"""`yaniv export ID ""` (a FILE left empty, as an unset shell variable leaves it): one line saying FILE is empty and
what it takes, and nothing written. Before: it was taken as no FILE given, and the record (every hand) was written
into the folder the command ran in, as `yaniv-ID.jsonl`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_game_records_cli import finished_game, one_line

from yaniv_tui.cli import main

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.mark.parametrize("given", ["", "   "])
def test_an_empty_file_is_one_line_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], given: str
) -> None:
    _, meta, _ = finished_game()
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    line = one_line(capsys, main(["export", meta.game_id[:8], given]), 1, "yaniv export")
    assert line == "yaniv export: FILE is empty: give a file or a folder to write the record to, or - for the output"
    assert os.listdir(here) == []
