"""`yaniv replay [ID|FILE]`: the newest finished game's record, a game by a unique id prefix (as `yaniv export`), or a
record file, opened on the replay screen; an unknown or ambiguous id, an old game without a record, a damaged file
and a game in progress each give one line and open nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_game_records_cli import SEATS, finished_game, one_line

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import main
from yaniv_tui.codec.record import GameRecord, record_text, replay, start_record
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import History, save_game
from yaniv_tui.store.meta import SaveMeta

pytestmark = pytest.mark.usefixtures("data_dir")  # each test its own data folder (conftest.py)

PROG = "yaniv replay"


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[tuple[GameRecord, str]]:
    """What the app was opened on, instead of opening it: (the record, what names it) each time."""
    calls: list[tuple[GameRecord, str]] = []

    def run_app(options: Any, launch: Any, claimed: Any = None, **kwargs: Any) -> int:
        assert options is None and claimed is None
        calls.append(kwargs["replay"])
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    return calls


def test_replay_by_id_opens_that_games_record(opened: list[tuple[GameRecord, str]]) -> None:
    game, meta, _ = finished_game()
    assert main(["replay", meta.game_id[:6]]) == 0
    (record, title), *_ = opened
    assert replay(record, finished=True).scores == game.scores
    assert meta.game_id[:8] in title


def test_replay_with_no_argument_opens_the_newest_finished_game_with_a_record(
    opened: list[tuple[GameRecord, str]],
) -> None:
    _, first, _ = finished_game()
    game, newest, _ = finished_game()
    old = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=9)
    bot = MediumBot()
    while not old.is_over:
        old.apply(bot.choose(old.view(old.current)))
    with History() as history:
        history.record(old, SaveMeta(SEATS))  # newer still, but finished before records were kept
    assert main(["replay"]) == 0
    assert len(opened) == 1 and newest.game_id[:8] in opened[0][1] and first.game_id[:8] not in opened[0][1]
    assert replay(opened[0][0], finished=True).scores == game.scores


def test_replay_with_no_finished_game_says_so(
    opened: list[tuple[GameRecord, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert "no finished game" in one_line(capsys, main(["replay"]), 1, PROG)
    assert not opened


def test_replay_refuses_unknown_ambiguous_and_bad_ids_in_one_line(
    opened: list[tuple[GameRecord, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert "no finished game" in one_line(capsys, main(["replay", "abcdef"]), 1, PROG)
    assert "not a game id" in one_line(capsys, main(["replay", "bad id!"]), 1, PROG)
    ids = [finished_game()[1].game_id for _ in range(6)]
    prefix = next((a[:n] for n in range(1, 8) for a in ids if sum(b.startswith(a[:n]) for b in ids) > 1), None)
    if prefix is not None:  # six random ids share a first letter or two most of the time
        assert "give more of the id" in one_line(capsys, main(["replay", prefix]), 1, PROG)
    assert not opened


def test_replay_of_an_old_game_without_a_record_is_one_line(
    opened: list[tuple[GameRecord, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    bot = MediumBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current)))
    meta = SaveMeta(SEATS)
    with History() as history:
        history.record(game, meta)
    assert "no record" in one_line(capsys, main(["replay", meta.game_id[:8]]), 1, PROG)
    assert not opened


def test_replay_refuses_a_game_in_progress(
    opened: list[tuple[GameRecord, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    meta = SaveMeta(SEATS)
    save_game(game, meta, record=start_record(game, SEATS))
    assert "in progress" in one_line(capsys, main(["replay", meta.game_id[:8]]), 1, PROG)
    assert not opened


def test_replay_of_a_file_and_of_a_damaged_file(
    tmp_path: Path, opened: list[tuple[GameRecord, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    game, _, record = finished_game()
    assert isinstance(record, GameRecord)
    good = tmp_path / "game.jsonl"
    good.write_text(record_text(record), encoding="utf-8")
    assert main(["replay", str(good)]) == 0
    assert replay(opened[0][0], finished=True).scores == game.scores and "game.jsonl" in opened[0][1]
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text(record_text(record)[:-40], encoding="utf-8")
    line = one_line(capsys, main(["replay", str(damaged)]), 1, PROG)
    assert "damaged.jsonl" in line and "record line" in line
    assert damaged.exists()  # nothing lost
    unfinished = tmp_path / "unfinished.jsonl"
    unfinished.write_text("".join(record_text(record).splitlines(keepends=True)[:5]), encoding="utf-8")
    assert "end" in one_line(capsys, main(["replay", str(unfinished)]), 1, PROG)
    assert "no such file" in one_line(capsys, main(["replay", str(tmp_path / "none.jsonl")]), 1, PROG)
    assert len(opened) == 1
