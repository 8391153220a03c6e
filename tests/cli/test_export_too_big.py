"""A game of some 21,000 rounds of 8 seats: the results of its finished rounds alone are over the 8 MiB a record is
read up to, so no record of its last rounds fits (each starts from a state holding every result before it) and the
history keeps its record whole. `yaniv replay` and `yaniv review` say so in one line, naming why (the rounds'
results alone are over the limit, so no part of it can be replayed) and pointing at `yaniv export`, which writes
it out whole. Before, the line said only that it was too big, as for a record a cut could have made fit.

The game is built fast: its finished rounds are scored by the engine (`score_round`) from hands of jokers, each
round called by the next seat, and given to `Game.from_state` (which checks them all); bots play its last round."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from test_game_records_cli import one_line

from yaniv_tui.bots import make_bot
from yaniv_tui.cli import main
from yaniv_tui.codec import record as codec_record
from yaniv_tui.codec.record import after_action, record_text, rounds_held, start_record
from yaniv_tui.engine import Game, RoundScore, Seat, load_ruleset, parse_cards
from yaniv_tui.engine.scoring import score_round
from yaniv_tui.store import History
from yaniv_tui.store.meta import SaveMeta

ROUNDS = 21_000
SEATS = 8


pytestmark = pytest.mark.usefixtures("data_dir")


def huge_game() -> tuple[Game, codec_record.GameRecord]:
    """A finished game of `ROUNDS` rounds, its record started from its last round (as a resumed save's is)."""
    end = 1  # every round before the last scores nothing; the bots' last round knocks all but one out
    rules = dataclasses.replace(
        load_ruleset("israeli"), end_limit=end, end_limit_choices=(end,), reset_every=0, resets=(), jokers_per_deck=8
    )
    names = [f"P{seat}" for seat in range(SEATS)]
    scores: list[int | None] = [0] * SEATS
    wins = [0] * SEATS
    history: list[RoundScore] = []
    for number in range(ROUNDS - 1):
        caller = number % SEATS
        hands = [parse_cards("JK" if seat == caller else "JK JK") for seat in range(SEATS)]
        result = score_round(rules, scores, hands, caller, zero_wins=wins)
        history.append(result)
        scores, wins = list(result.scores), list(result.zero_wins)
    dealt = Game.new(rules, names, seed=5)
    game = Game.from_state(
        rules,
        names,
        hands=dealt.hands,
        deck=dealt.deck,
        pile=dealt.pile,
        current=history[-1].winner,
        seed=5,
        history=history,
    )
    seats = [Seat.bot("easy", name) for name in names]
    record = start_record(game, seats)
    bots = [make_bot("easy", seed=seat) for seat in range(SEATS)]
    while not game.is_over:
        seat = game.current
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    assert len(game.history) == ROUNDS
    return game, record


def test_a_game_whose_rounds_alone_are_over_the_limit_says_why_it_cannot_be_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, record = huge_game()
    text = record_text(record)
    rounds, results = rounds_held(text)
    assert rounds == ROUNDS and results > codec_record.MAX_RECORD_BYTES
    seats = tuple(Seat.bot("easy", name) for name in game.players)
    meta = SaveMeta(seats, game_id="0123456789abcdef")
    with History() as history:
        assert history.record(game, meta, record)
        found = history.find_record("01234567")
    assert found.record == text  # no cut fits: kept whole, never lost
    for verb, done in (("replay", "replayed"), ("review", "reviewed")):
        line = one_line(capsys, main([verb, "01234567"]), 1, f"yaniv {verb}")
        assert f"too big to {verb} (8.4 MiB; a record is read up to 8.0 MiB)" in line, line
        assert f"its {ROUNDS:,} rounds' results alone (8.4 MiB)" in line, line
        assert f"no part of it can be {done}" in line and line.endswith("'yaniv export 01234567' writes it out whole")
    assert main(["export", "01234567", str(tmp_path / "whole.jsonl")]) == 0
    assert (tmp_path / "whole.jsonl").read_text(encoding="utf-8") == text


def test_a_record_a_cut_would_fit_says_only_that_it_is_too_big(capsys: pytest.CaptureFixture[str]) -> None:
    """A record kept whole before the history cut records to their last rounds: its rounds' results are small, and
    the line says no more than that it is too big (and how to have it whole)."""
    from playing import play_recorded

    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    seats = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
    record = play_recorded(game, seats)
    meta = SaveMeta(seats, game_id="fedcba9876543210")
    with History() as history:
        assert history.record(game, meta, record)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(codec_record, "MAX_RECORD_BYTES", len(record_text(record)) - 1)
        line = one_line(capsys, main(["replay", "fedcba98"]), 1, "yaniv replay")
    assert "too big to replay" in line and "no part" not in line and "'yaniv export fedcba98'" in line
