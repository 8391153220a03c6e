"""`yaniv sim --record` writes only records that `yaniv replay` reads: a game's record over the limit a record is
read up to (codec's MAX_RECORD_BYTES) is written cut to its last rounds (`within_limit`, the one cut the history
makes too), and replays to the game's end."""

from __future__ import annotations

from pathlib import Path

import pytest

from yaniv_tui.codec import record as codec_record
from yaniv_tui.codec.record import read_record_file
from yaniv_tui.engine import load_ruleset
from yaniv_tui.sim import Records, play_one, record_path
from yaniv_tui.store.files import write_new

LEVELS = ("easy", "medium")


def test_a_sim_record_over_the_limit_is_cut_to_its_last_rounds_and_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the whole record was written, and `yaniv replay FILE` refused it as too big."""
    rules = load_ruleset("israeli")
    whole_run = str(tmp_path / "whole")
    play_one(rules, LEVELS, 0, seed=4, records=Records(whole_run, write_new))
    whole = read_record_file(record_path(whole_run, 0))
    size = record_path(whole_run, 0).stat().st_size
    rounds = sum(event["event"] == "round_end" for event in whole.events)
    assert not whole.partial and rounds >= 4

    monkeypatch.setattr(codec_record, "MAX_RECORD_BYTES", size // 2)
    cut_run = str(tmp_path / "cut")
    play_one(rules, LEVELS, 0, seed=4, records=Records(cut_run, write_new))
    path = record_path(cut_run, 0)
    assert path.stat().st_size <= size // 2
    cut = read_record_file(path)  # read as `yaniv replay` reads a file: within the limit, replayed
    assert cut.partial and [e["event"] for e in cut.events[:2]] == ["game", "resume"]
    assert 0 < sum(event["event"] == "round_end" for event in cut.events) < rounds
    assert cut.events[-1] == whole.events[-1]  # the game's end, as played
    assert codec_record.replay(cut, finished=True).history == codec_record.replay(whole, finished=True).history


def test_a_sim_record_within_the_limit_is_written_whole(tmp_path: Path) -> None:
    run = str(tmp_path / "run")
    play_one(load_ruleset("israeli"), LEVELS, 1, seed=4, records=Records(run, write_new))
    record = read_record_file(record_path(run, 1))
    assert not record.partial and record.events[1]["event"] == "deal" and record.events[-1]["event"] == "end"
