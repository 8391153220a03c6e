"""A long game's save: what is written can be read back (one limit, `saves.MAX_SAVE_BYTES`), and a game too long
for the limit keeps its game first, then its record, before its undo; none is lost without a line saying so."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from yaniv_tui.bots import MediumBot
from yaniv_tui.codec.record import MAX_RECORD_BYTES, GameRecord, after_action, start_record
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import saves
from yaniv_tui.store.saves import SaveError, SaveMeta, Seat, UndoStack, read_save, save_game

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Ben"), Seat.bot("medium", "Cy"))


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    return folder


def long_game(rounds: int) -> tuple[Game, UndoStack, GameRecord]:
    """A game to a high end score, played by bots for `rounds` rounds, its record kept and undo checkpoints taken
    before the person's moves, as a table keeps them."""
    rules = dataclasses.replace(load_ruleset("israeli"), end_limit=100_000, end_limit_choices=(100_000,), resets=())
    game = Game.new(rules, [seat.name for seat in SEATS], seed=5)
    record = start_record(game, SEATS)
    undo = UndoStack()
    bot = MediumBot()
    while len(game.history) < rounds:
        seat = game.current
        if seat == 0:
            undo.checkpoint(game)
        action = bot.choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    return game, undo, record


def parts(path: Path) -> dict[str, int]:
    document = json.loads(path.read_bytes())
    return {key: len(json.dumps(value, separators=(",", ":"))) for key, value in document.items()}


def test_a_record_at_its_own_limit_fits_a_save_with_its_game_and_undo() -> None:
    # Per round, the game and its undo checkpoints take a share of what the record takes: a save holding a record
    # of MAX_RECORD_BYTES holds that share of it more, and must still be read back whole.
    game, undo, record = long_game(40)
    sizes = parts(save_game(game, SaveMeta(SEATS), undo, record=record))
    share = (sizes["game"] + sizes["undo"]) / sizes["record"]
    assert MAX_RECORD_BYTES * (1 + share) + 64 * 1024 <= saves.MAX_SAVE_BYTES


def test_a_save_too_big_with_its_undo_is_written_without_it_and_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    game, undo, record = long_game(20)
    sizes = parts(save_game(game, SaveMeta(SEATS), undo, record=record))
    assert sizes["undo"] > 1000
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", sum(sizes.values()) - sizes["undo"] + 200)
    path = save_game(game, SaveMeta(SEATS), undo, record=record)
    saved = read_save(path)
    assert saved.game.history == game.history and saved.game.scores == game.scores
    assert saved.record is not None and saved.record.events == record.events
    assert len(saved.undo) == 0
    assert len(undo) > 0  # the table still undoes this session: only the save goes without


def test_a_save_too_big_with_its_record_keeps_the_game_and_resumes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    game, undo, record = long_game(20)
    sizes = parts(save_game(game, SaveMeta(SEATS), undo, record=record))
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", sizes["game"] + sizes["meta"] + 1000)
    saved = read_save(save_game(game, SaveMeta(SEATS), undo, record=record))
    assert saved.game.history == game.history and saved.game.hands == game.hands
    assert saved.record is None  # resumed, the game starts a partial record from here (codec.start_record)


def test_a_game_too_long_for_any_save_is_told_and_its_last_save_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    game, undo, record = long_game(5)
    path = save_game(game, SaveMeta(SEATS), undo, record=record)
    before = path.read_bytes()
    game_id = read_save(path).game_id
    more, _, _ = long_game(30)
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", parts(path)["game"] + 1000)
    with pytest.raises(SaveError) as told:
        save_game(more, SaveMeta(SEATS, game_id=game_id), record=record)
    line = str(told.value)
    assert "\n" not in line and "too long to save" in line and "MiB" in line
    assert path.read_bytes() == before and "stays" in line
    monkeypatch.undo()
    assert read_save(path).game.history == game.history


@pytest.mark.parametrize("room", [0, -1])
def test_a_save_at_the_limit_is_whole_and_one_byte_over_is_not(monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    game, undo, record = long_game(3)
    whole = save_game(game, SaveMeta(SEATS), undo, record=record).stat().st_size
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", whole + room)
    path = save_game(game, SaveMeta(SEATS), undo, record=record)
    assert path.stat().st_size <= saves.MAX_SAVE_BYTES
    assert (len(read_save(path).undo) > 0) == (room == 0)
