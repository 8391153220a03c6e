"""`rounds_held`: the finished rounds a record's text holds and the bytes of their results, as a state written to
resume the game holds them (what a record cut to the game's last round would start from, at the least)."""

from __future__ import annotations

import json

from playing import play_recorded

from yaniv_tui.codec.game import state_to_dict
from yaniv_tui.codec.record import record_text, rounds_held, rounds_resumed, start_record
from yaniv_tui.codec.values import round_to_dict
from yaniv_tui.engine import Game, Seat, load_ruleset

SEATS = (Seat.person("Ann"), Seat.bot("easy", "Bea"))


def results_size(game: Game) -> int:
    return sum(len(json.dumps(round_to_dict(result), ensure_ascii=False).encode()) + 2 for result in game.history)


def test_a_whole_record_holds_each_rounds_result() -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    text = record_text(play_recorded(game, SEATS))
    assert len(game.history) > 1
    assert rounds_held(text) == (len(game.history), results_size(game))
    assert results_size(game) < len(text.encode())


def test_a_resumed_records_state_holds_the_rounds_before_it() -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    play_recorded(game, SEATS)
    resumed = start_record(game, SEATS)  # started from the finished game: every round is in its state
    assert resumed.events[1]["event"] == "resume"
    assert len(state_to_dict(game)["history"]) == len(game.history)
    assert rounds_held(record_text(resumed)) == (len(game.history), results_size(game))


def test_a_text_that_is_no_record_holds_none() -> None:
    assert rounds_held("") == (0, 0)
    assert rounds_held('{"event": "round_end", "result": {"caller": 0\n') == (0, 0)
    assert rounds_held("not json at all\n") == (0, 0)


def test_the_rounds_a_record_resumes_from_are_those_of_its_state() -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    whole = record_text(play_recorded(game, SEATS))
    assert rounds_resumed(whole) == 0  # from the first deal: every round play by play
    assert rounds_resumed(record_text(start_record(game, SEATS))) == len(game.history) > 1
    assert rounds_resumed("") == rounds_resumed('{"format": 1}\n{"event": "resume", "state": [\n') == 0
