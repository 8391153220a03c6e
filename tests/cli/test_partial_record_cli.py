"""`yaniv replay`, `review` and `export` of a partial record (a game resumed from a save that kept no record) say
where it starts in one line (`codec.record.not_recorded`). Before: replay and review said nothing, and export said
nothing of a record resumed part-way through its first round, as if it held every turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playing import play, play_on
from test_game_records_cli import SEATS, one_line

from yaniv_tui.bots import review as reviewing
from yaniv_tui.cli import main
from yaniv_tui.codec.record import record_text, start_record
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import History
from yaniv_tui.store.meta import SaveMeta

pytestmark = pytest.mark.usefixtures("data_dir")

GAME_ID = "abcdef0123456789"


def partial_in_history(turns: int) -> str:
    """A finished game resumed `turns` turns into its first round from a save that kept no record, in the history:
    its record's text."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    play(game, turns)
    record = play_on(game, start_record(game, SEATS))
    with History() as history:
        assert history.record(game, SaveMeta(SEATS, game_id=GAME_ID), record)
    return record_text(record)


def rounds_of(text: str) -> int:
    return text.count('"event": "round_end"')


def test_an_export_of_a_record_resumed_in_its_first_round_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    text = partial_in_history(3)
    line = one_line(capsys, main(["export", "abcdef01", "game.jsonl"]), 0, "yaniv export")
    assert line == (
        f"yaniv export: the game abcdef01's record is in game.jsonl; it starts at round 1 of {rounds_of(text)}, "
        "after its first 3 turns: they were not recorded"
    )


def test_a_replay_of_a_partial_record_says_where_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened: list[Any] = []

    def run_app(*args: Any, **kwargs: Any) -> int:  # the replay screen, not opened
        opened.append(kwargs["replay"])
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    text = partial_in_history(1)
    says = f"starts at round 1 of {rounds_of(text)}, after its first turn: it was not recorded"
    line = one_line(capsys, main(["replay", "abcdef01"]), 0, "yaniv replay")
    assert line == f"yaniv replay: the game abcdef01's record {says}" and len(opened) == 1
    file = tmp_path / "game.jsonl"
    file.write_text(text, encoding="utf-8")
    line = one_line(capsys, main(["replay", str(file)]), 0, "yaniv replay")
    assert line == f"yaniv replay: the record in {file} {says}" and len(opened) == 2


def test_a_review_of_a_partial_record_says_where_it_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(reviewing, "REVIEW_GUESSES", 2)
    text = partial_in_history(2)
    assert main(["review", "abcdef01"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"yaniv review: the game abcdef01's record starts at round 1 of {rounds_of(text)}, after its first 2 turns: "
        "they were not recorded"
    ]
