"""The frames' bytes are pinned: each seat's state, a watcher's and each kind of action, for a fixed game, are byte
for byte what an earlier version sent. A change to how the save writes a card, a turn, a round or a rule cannot change
the protocol without showing here."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from playing import REVIEW_RULES, play, play_recorded

from yaniv_tui.codec.record import parse_record, record_text, replay
from yaniv_tui.engine import CallYaniv, Game, KeepCard, Play, Seat, SlapDown, load_ruleset, parse_cards
from yaniv_tui.net.protocol import ActionMessage, Record, State, encode, from_host

GOLDEN = Path(__file__).parent / "golden" / "frames.jsonl"
#: The record frame of a finished one-round game: the record's JSON Lines text, as a record file holds it.
GOLDEN_RECORD = Path(__file__).parent / "golden" / "record.jsonl"


def fixed_game() -> Game:
    rules = dataclasses.replace(load_ruleset("israeli"), slap_down=True)
    return play(play(Game.new(rules, ["Ann", "Ben", "Dan", "Noa"], seed=11), rounds=2), 5)


def first_slap(game: Game) -> Game:
    """The game played on until a seat may slap down the card it drew (bounded: the seed is known to get there)."""
    for _ in range(400):
        if game.phase == "slap":
            return game
        play(game, 1)
    raise AssertionError("no slap in 400 actions")


def frames() -> list[str]:
    game = fixed_game()
    lines = [
        encode(State(game.view(seat), ("here", "joined", "away", "waiting"), ack=seat or None))
        for seat in range(len(game.players))
    ]
    slap = first_slap(game)
    lines.append(encode(State(slap.view(slap.current), ("here",) * 4, ack=9)))
    five, nine = parse_cards("5H 9C")
    lines += [
        encode(ActionMessage(1, 0, CallYaniv(), 2, 0)),
        encode(ActionMessage(2, 1, Play((five, *parse_cards("5S")), nine), 3, 5)),
        encode(ActionMessage(3, 2, Play(tuple(parse_cards("JK"))), 3, 6)),
        encode(ActionMessage(4, 3, SlapDown(five), 3, 7)),
        encode(ActionMessage(5, 0, KeepCard(), 3, 7)),
        encode(ActionMessage(6, 1, Play(tuple(parse_cards("KS")), *parse_cards("JK 6H")), 3, 8)),  # a joker swap
    ]
    # A watcher's state (no seat, no hand), two watching.
    lines.append(encode(State(game.watcher_view(), ("here", "joined", "away", "waiting"), watchers=2)))
    return lines


def test_the_frames_of_a_fixed_game_are_byte_for_byte_the_pinned_ones() -> None:
    assert "\n".join(frames()) + "\n" == GOLDEN.read_text(encoding="utf-8")


def test_the_pinned_states_read_back_as_each_seat_saw_them() -> None:
    game = fixed_game()
    for seat, line in enumerate(GOLDEN.read_text(encoding="utf-8").splitlines()[:4]):
        state = from_host(line)
        assert isinstance(state, State)
        assert state.view.hand == game.view(seat).hand and tuple(state.view.history) == tuple(game.history)


def finished_game_record() -> tuple[Game, str]:
    """A one-round game of two seats (Ann here, Ben joined from elsewhere) played to its end, and its record."""
    game = Game.new(REVIEW_RULES, ["Ann", "Ben"], seed=11)
    record = play_recorded(game, [Seat.person("Ann"), Seat.remote("Ben")])
    return game, record_text(record)


def test_the_record_frame_of_a_finished_game_is_byte_for_byte_the_pinned_one() -> None:
    _, text = finished_game_record()
    assert encode(Record(text)) + "\n" == GOLDEN_RECORD.read_text(encoding="utf-8")


def test_the_pinned_record_frame_reads_back_as_the_records_own_text_and_replays() -> None:
    game, text = finished_game_record()
    frame = from_host(GOLDEN_RECORD.read_text(encoding="utf-8").rstrip("\n"))
    assert frame == Record(text)
    assert replay(parse_record(frame.text, "frame"), finished=True).scores == game.scores
