"""`yaniv export` of a game whose record was too big to keep whole: the history keeps its last rounds (`within_limit`,
a partial record starting from the state the game was in when the earliest of them was dealt). The export says so in
one line (`codec.record.not_recorded`), naming the round it starts at and those it holds as results alone; before, it
said only where the record went (or, to the output, nothing), as for a whole one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playing import play_recorded
from test_game_records_cli import SEATS, one_line

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import main
from yaniv_tui.codec import record as codec_record
from yaniv_tui.codec.record import after_action, record_text, start_record
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import History
from yaniv_tui.store.meta import SaveMeta

pytestmark = pytest.mark.usefixtures("data_dir")


def kept_cut(monkeypatch: pytest.MonkeyPatch) -> tuple[Game, str]:
    """A finished game of 26 rounds recorded in the history with a limit its record is over: kept as its last rounds.
    The kept record's text."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    record = play_recorded(game, SEATS)
    monkeypatch.setattr(codec_record, "MAX_RECORD_BYTES", len(record_text(record).encode()) * 6 // 10)
    with History() as history:
        assert history.record(game, SaveMeta(SEATS, game_id="abcdef0123456789"), record)
        found = history.find_record("abcdef01")
    assert found.partial and found.record is not None
    return game, found.record


def first_round_played(text: str) -> int:
    """The round the kept record's first deal starts, read from its resumed state: one past its results."""
    return len(json.loads(text.splitlines()[1])["state"]["history"]) + 1


def test_an_export_of_a_record_cut_to_its_last_rounds_says_which_rounds_it_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game, text = kept_cut(monkeypatch)
    first, last = first_round_played(text), len(game.history)
    assert 1 < first <= last == 26
    line = one_line(capsys, main(["export", "abcdef01", "cut.jsonl"]), 0, "yaniv export")
    assert (tmp_path / "cut.jsonl").read_text(encoding="utf-8") == text
    assert "the game abcdef01's record is in cut.jsonl" in line, line
    assert line.endswith(
        f"; it starts at round {first} of {last}: rounds 1 to {first - 1} were not recorded, only their results"
    ), line


def test_an_export_to_the_output_says_it_too(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    game, text = kept_cut(monkeypatch)
    first, last = first_round_played(text), len(game.history)
    assert main(["export", "abcdef01", "-"]) == 0
    out, err = capsysbinary.readouterr()
    assert out == text.encode()
    lines = err.decode().splitlines()
    assert lines == [
        f"yaniv export: the game abcdef01's record starts at round {first} of {last}: rounds 1 to {first - 1} were not "
        "recorded, only their results"
    ], err


def test_an_export_of_a_whole_record_says_nothing_of_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    record = play_recorded(game, SEATS)
    with History() as history:
        assert history.record(game, SaveMeta(SEATS, game_id="abcdef0123456789"), record)
    line = one_line(capsys, main(["export", "abcdef01", "whole.jsonl"]), 0, "yaniv export")
    assert line == "yaniv export: the game abcdef01's record is in whole.jsonl"
    assert main(["export", "abcdef01", "-"]) == 0
    assert capsys.readouterr().err == ""


def test_a_record_of_its_last_round_alone_names_that_round(capsys: pytest.CaptureFixture[str]) -> None:
    """A game resumed in its last round from a save that kept no record: its record holds that round alone."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    bot = MediumBot()
    while len(game.history) < 25:  # the game of seed 4 has 26 rounds
        game.apply(bot.choose(game.view(game.current)))
    record = start_record(game, SEATS)
    while not game.is_over:
        seat = game.current
        action = bot.choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    assert len(game.history) == 26
    with History() as history:
        assert history.record(game, SaveMeta(SEATS, game_id="abcdef0123456789"), record)
    line = one_line(capsys, main(["export", "abcdef01", "last.jsonl"]), 0, "yaniv export")
    assert line.endswith("it starts at round 26 of 26: rounds 1 to 25 were not recorded, only their results"), line
