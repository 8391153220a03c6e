"""`yaniv export -`: a lone `-` is the output, as FILE's help says, not a game's id. It writes the newest finished
game's record to the output, the game `yaniv replay` and `yaniv review` open with no id; before, it was read as
the id '-' and refused ("'-' is not a game id"). A `-` given as the id before a FILE is refused in one line saying
where `-` goes."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from playing import play_recorded
from test_game_records_cli import SEATS, one_line

from yaniv_tui.cli import main
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import History
from yaniv_tui.store.meta import SaveMeta

pytestmark = pytest.mark.usefixtures("data_dir")


def finished_game(seed: int) -> SaveMeta:
    """A seeded game played to its end and kept in the history with its record."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=seed)
    record = play_recorded(game, SEATS)
    meta = SaveMeta(SEATS)
    with History() as history:
        assert history.record(game, meta, record)
    return meta


def test_a_lone_dash_writes_the_newest_finished_games_record_to_the_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    finished_game(4)
    newest = finished_game(9)
    capsys.readouterr()
    assert main(["export", newest.game_id[:8], "-"]) == 0
    by_id = capsys.readouterr().out
    assert main(["export", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out == by_id and json.loads(by_id.splitlines()[0])["format"] == "yaniv-game-record"
    assert captured.err == ""
    assert not list(tmp_path.glob("yaniv-*.jsonl"))  # the output, not a file


def test_a_lone_dash_with_no_finished_game_says_so_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(capsys, main(["export", "-"]), 1, "yaniv export")
    assert "no finished game in the history has a record" in line and "'-'" not in line


def test_a_dash_before_a_file_says_where_the_dash_goes(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(capsys, main(["export", "-", "out.jsonl"]), 1, "yaniv export")
    assert "yaniv export ID -" in line and "not a game id" in line
    assert not Path("out.jsonl").exists()


def test_the_help_says_what_a_lone_dash_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "- alone: the newest finished game's record to the output" in text


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_lone_dash_writes_the_records_utf8_bytes_whatever_the_outputs_encoding(
    encoding: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record is UTF-8 (its file's format): `-` writes the very bytes `yaniv export ID FILE` writes. Before: it was
    written in the output's encoding, and a name of Hebrew letters under LC_ALL=C (PYTHONUTF8=0) or
    PYTHONIOENCODING=latin-1 was a traceback (UnicodeEncodeError), the record not written."""
    game = Game.new(load_ruleset("israeli"), ["נועה", "Zoé"], seed=3)
    record = play_recorded(game, SEATS)
    meta = SaveMeta(SEATS)
    with History() as history:
        assert history.record(game, meta, record)
    assert main(["export", meta.game_id[:8], "whole.jsonl"]) == 0
    capsys.readouterr()
    output = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    monkeypatch.setattr(sys, "stdout", output)
    assert main(["export", "-"]) == 0
    output.flush()
    written = output.buffer.getvalue()
    assert written == (tmp_path / "whole.jsonl").read_bytes() and "נועה".encode() in written
