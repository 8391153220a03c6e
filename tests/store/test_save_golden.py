"""The save's bytes are pinned: a fixed game saved now is byte for byte the file an earlier version wrote, and
the files older versions wrote still read. A change to how a card, a turn, a round or a rule is written shows
here before it reaches a player's saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yaniv_tui.engine import Game, Seat
from yaniv_tui.store import saves
from yaniv_tui.store.saves import SaveMeta, UndoStack, read_save, save_game

from .helpers import new_game, play, slap_rules

GOLDEN = Path(__file__).parent / "golden" / "save-v2-slap.json"
DATA = Path(__file__).parent / "data"


def two_rounds_in(actions: int) -> Game:
    """A four-seat slap-down game (so a slap's fields are written too) two rounds in, `actions` more played."""
    return play(play(new_game(slap_rules(), players=4, seed=11), rounds=2), actions)


def fixed_save(target: Path, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The fixed game with two undo checkpoints and each kind of seat, saved at a fixed time under a fixed id."""
    monkeypatch.setattr(saves, "now_iso", lambda: "2026-12-03T12:00:00")
    undo = UndoStack()
    undo.checkpoint(two_rounds_in(2))
    undo.checkpoint(two_rounds_in(3))
    game = two_rounds_in(5)
    assert len(game.history) == 2 and not game.is_over
    seats = (
        Seat.person("Player 1"),
        Seat.bot("hard", "Player 2"),
        Seat.remote("Player 3"),
        Seat.bot("expert", "Player 4"),
    )
    meta = SaveMeta(
        seats, screen_seat=0, game_id="g0lden0001", started_at="2026-12-03T11:00:00", sort_by="suit", hints=(1, 0, 0, 0)
    )
    return save_game(game, meta, undo, target).read_bytes()


def test_a_save_written_now_is_byte_for_byte_the_pinned_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert fixed_save(tmp_path / "g0lden0001.json", monkeypatch) == GOLDEN.read_bytes()


def test_the_pinned_save_reads_back_to_the_game_it_holds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = read_save(GOLDEN)
    again = fixed_save(tmp_path / "g0lden0001.json", monkeypatch)
    assert saved.game_id == "g0lden0001" and len(saved.undo) == 2
    assert json.loads(again)["game"]["history"] == json.loads(GOLDEN.read_bytes())["game"]["history"]
    assert len(saved.game.history) == 2


def test_a_version_1_save_of_an_older_yaniv_still_reads() -> None:
    saved = read_save(DATA / "save-v1.json")
    assert saved.game.players and saved.meta.seats
