"""One limit for a game's record: the history keeps no record bigger than a record is read (codec's
MAX_RECORD_BYTES). A longer game's record is kept as a partial record of its last rounds, from the state the game
was in when the earliest of them was dealt (as a game resumed from a save without a record starts one), so every
record the history keeps can be replayed and reviewed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playing import play_recorded

from yaniv_tui.codec import record as codec_record
from yaniv_tui.codec.record import parse_record, record_players, record_text, replay, within_limit
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import Seat

SEATS = (Seat.person(), Seat.bot("medium"), Seat.bot("medium"))


def _long_game() -> tuple[Game, codec_record.GameRecord]:
    rules = load_ruleset("israeli")
    game = Game.new(rules, ["Ann", "Ben", "Cy"], seed=11)
    record = play_recorded(game, SEATS)
    assert len(game.history) >= 6
    return game, record


def test_a_record_over_the_limit_is_kept_as_its_last_rounds_and_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: the history kept the whole record, which `yaniv replay` and `review` then refused as too big (and the
    file 'yaniv export' wrote was refused as too big too)."""
    game, record = _long_game()
    whole = record_text(record)
    limit = len(whole.encode("utf-8")) // 2
    monkeypatch.setattr(codec_record, "MAX_RECORD_BYTES", limit)
    meta = SaveMeta(SEATS, game_id="long")
    with History(tmp_path / "h.sqlite3") as history:
        assert history.record(game, meta, record)
        found = history.find_record("long")
        kept = history.finished_record(found, "replay")
    assert found.record is not None and found.partial
    assert len(found.record.encode("utf-8")) <= limit
    replayed = replay(parse_record(found.record, "kept"), finished=True)
    assert replayed.scores == game.scores and replayed.winners == game.winners
    assert replayed.history == game.history  # the rounds before the cut are in the resumed state
    assert kept.partial and 0 < sum(e["event"] == "round_end" for e in kept.events) < len(game.history)
    # the rounds kept are the game's last ones, as they were played
    assert found.record.endswith("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in record.events[-5:]))


def test_a_record_within_the_limit_is_kept_whole(tmp_path: Path) -> None:
    game, record = _long_game()
    assert within_limit(record) is record
    with History(tmp_path / "h.sqlite3") as history:
        assert history.record(game, SaveMeta(SEATS, game_id="short"), record)
        found = history.find_record("short")
    assert found.record == record_text(record) and not found.partial


def test_the_cut_keeps_a_joiners_name_and_the_seats_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """A joiner's name given before the cut names the seat in the kept header; a concede or a hint before the cut is
    kept after the resumed state (the review tells a person's moves from a bot's by them)."""
    game, record = _long_game()
    add_at = 3  # just after the first deal
    events = record.events
    events.insert(add_at, {"event": "joined", "seat": 2, "name": "Dov"})
    events.insert(add_at + 1, {"event": "hint", "seat": 0})
    events.insert(add_at + 2, {"event": "concede", "seat": 1, "round": 1})
    fixed = codec_record.GameRecord(events, rounds=record.rounds, reshuffles=record.reshuffles)
    replay(fixed, finished=True)
    monkeypatch.setattr(codec_record, "MAX_RECORD_BYTES", len(record_text(fixed).encode("utf-8")) // 2)
    cut = within_limit(fixed)
    assert cut is not fixed and cut.partial
    assert [seat["name"] for seat in cut.events[0]["seats"]] == ["Ann", "Ben", "Dov"]
    assert record_players(cut) == ("Ann", "Ben", "Dov")
    assert [e["event"] for e in cut.events[1:4]] == ["resume", "hint", "concede"]
    assert replay(parse_record(record_text(cut), "cut"), finished=True).scores == game.scores


def test_a_record_whose_last_round_alone_is_over_the_limit_is_kept_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing to cut to: the record is kept as it is (never lost); `finished_record` says it is too big to read and
    `yaniv export` writes it out whole."""
    _game, record = _long_game()
    monkeypatch.setattr(codec_record, "MAX_RECORD_BYTES", 2000)
    assert within_limit(record) is record
