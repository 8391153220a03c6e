"""The expert's review (bots/review.py): a record with known poor moves is marked on exactly those moves, a review
never changes when only cards hidden from the seat change, and the same record gives the same review."""

from __future__ import annotations

import dataclasses
import random

from playing import REVIEW_RULES, deal, drop, easy_bots, play_on, scripted

from yaniv_tui.bots.review import decisions_of, judge, mark_for, review_seat
from yaniv_tui.codec.record import GameRecord
from yaniv_tui.engine import Action, CallYaniv, Play, parse_card

#: Few guesses, so the tests are quick; the marks below are far over their thresholds.
GUESSES = 8


def marks(record: GameRecord, seat: int = 0) -> list[tuple[int, str | None]]:
    return [(d.turn, d.mark) for d in review_seat(record, seat, guesses=GUESSES).decisions]


def test_keeping_a_king_while_dropping_an_ace_is_marked_and_dropping_the_king_is_not() -> None:
    # P1 drops a run of four and takes the 2 turned up: two cards left, it may well call next turn, and does.
    # P0, holding K and A with three middling cards, drops the ace and keeps the king: marked; the king: not.
    hands = ["KS AH 5D 9C 8S", "5H 6H 7H 8H AS"]
    poor = scripted(hands, "2C", "QD 3S", [drop("5H 6H 7H 8H", "2C"), drop("AH"), CallYaniv()], first=1)
    good = scripted(hands, "2C", "QD 3S", [drop("5H 6H 7H 8H", "2C"), drop("KS"), CallYaniv()], first=1)
    [decision] = review_seat(poor, 0, guesses=GUESSES).decisions
    assert decision.mark == "blunder"
    assert isinstance(decision.best, Play) and decision.best.drop == (parse_card("KS"),)
    assert decision.reason.startswith("drop KS (10 points off)")
    assert marks(good) == [(1, None)]


def test_calling_into_a_certain_assaf_is_marked() -> None:
    # P1 drops its whole hand, a run of five, and takes the ace turned up: it holds one ace, seen by all.
    # P0 (7 points) calls into it: Assafed in every guess. Playing on instead is not marked.
    hands = ["AC AD AH 2C 2S", "5H 6H 7H 8H 9H"]
    called = scripted(hands, "AS", "QD 3S KD", [drop("5H 6H 7H 8H 9H", "AS"), CallYaniv()], first=1)
    [decision] = review_seat(called, 0, guesses=GUESSES).decisions
    assert decision.mark == "blunder"
    assert "Assafed in 8 of 8" in decision.note
    assert not isinstance(decision.best, CallYaniv)


def test_a_call_not_made_that_wins_against_every_guess_is_marked_and_the_call_after_is_not() -> None:
    # P0 holds 7 with no joker in the game: no five cards left unseen are worth 7 or less, so calling wins.
    hands = ["AC AD AH 2C 2S", "KH KS QH QS JH"]
    record = scripted(hands, "9D", "AS 10C QC", [drop("2S"), drop("KH KS"), CallYaniv()])
    reviewed = review_seat(record, 0, guesses=GUESSES).decisions
    assert [(d.turn, d.mark is not None) for d in reviewed] == [(0, True), (2, False)]
    assert "would have won in every one of 8 guesses" in reviewed[0].note
    assert isinstance(reviewed[0].best, CallYaniv)


def test_a_review_never_changes_when_only_hidden_cards_change() -> None:
    """P1 and P2 swap two cards of one rank neither plays: P0's view never differs, nor does its review."""
    # P3 calls on its second turn with 6; P0 has two choices before, and sees neither seven.
    actions: list[Action] = [
        drop("KS"),
        drop("QH"),
        drop("QC"),
        drop("JS"),
        drop("9C"),
        drop("8H"),
        drop("10C"),
        CallYaniv(),
    ]
    deck = "2D 3D 4D AH 5S 6S 8C 9S"
    one = scripted(["KS 4C 5H 9C 3H", "QH 7D 2H 8H 4H", "QC 7C JH 10C 6C", "JS AD AC AS 2S"], "KD", deck, actions)
    other = scripted(["KS 4C 5H 9C 3H", "QH 7C 2H 8H 4H", "QC 7D JH 10C 6C", "JS AD AC AS 2S"], "KD", deck, actions)
    assert one.events != other.events
    first = review_seat(one, 0, guesses=GUESSES)
    assert len(first.decisions) == 2
    assert review_seat(other, 0, guesses=GUESSES) == first


def test_the_same_record_gives_the_same_review() -> None:
    hands = ["KS AH 5D 9C 8S", "AS AC AD 2C 2D"]
    record = scripted(hands, "6H", "QD 3S", [drop("AH"), CallYaniv()])
    assert review_seat(record, 0, guesses=GUESSES) == review_seat(record, 0, guesses=GUESSES)


def test_only_the_seats_own_choices_are_judged() -> None:
    hands = ["KS AH 5D 9C 8S", "5H 6H 7H 8H AS"]
    record = scripted(hands, "2C", "QD 3S", [drop("5H 6H 7H 8H", "2C"), drop("AH"), CallYaniv()], first=1)
    assert [turn for turn, _view, _action in decisions_of(record, 0)] == [1]
    assert [turn for turn, _view, _action in decisions_of(record, 1)] == [0, 2]


def test_the_thresholds_name_the_marks() -> None:
    assert [mark_for(points) for points in (0.0, 1.9, 2.0, 5.0, 9.9, 10.0, 30.0)] == [
        None,
        None,
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_a_persons_seat_played_by_a_bot_after_a_concede_or_while_away_makes_no_decision() -> None:
    hands = ["KS AH 5D 9C 8S", "5H 6H 7H 8H AS"]
    record = scripted(hands, "2C", "QD 3S", [drop("5H 6H 7H 8H", "2C"), drop("AH"), CallYaniv()], first=1)
    at = next(i for i, event in enumerate(record.events) if event.get("turn") == 1)
    conceded = GameRecord([*record.events[:at], {"event": "concede", "seat": 0, "round": 1}, *record.events[at:]])
    assert review_seat(conceded, 0, guesses=GUESSES).decisions == ()
    away = GameRecord([*record.events[:at], {"event": "seat", "seat": 0, "status": "away"}, *record.events[at:]])
    assert review_seat(away, 0, guesses=GUESSES).decisions == ()
    back = GameRecord(
        [*away.events[: at + 1], {"event": "seat", "seat": 0, "status": "joined"}, *away.events[at + 1 :]]
    )
    assert [d.turn for d in review_seat(back, 0, guesses=GUESSES).decisions] == [1]


def test_a_move_that_lands_its_total_on_a_reset_counts_the_reset() -> None:
    # P0 stands at 37, and a total landing on 50 resets to 0. P1 drops a run of four, keeping AS 2C (3 points), and
    # calls next. P0 drops its three kings and takes the run's 8H: 3C 2D 8H, 13 points, so 50 and back to 0; taking
    # the 5H (10 points, 47) adds fewer points but keeps them. The review counts what the round does to the score.
    rules = dataclasses.replace(REVIEW_RULES, end_limit=200, end_limit_choices=(200,), resets=((50, 0),))
    game = deal(rules, ["KS KH KD 3C 2D", "5H 6H 7H 8H AS"], "2C", "QD 3S", first=1)
    game.scores = [37, 0]
    game.apply(drop("5H 6H 7H 8H", "2C"))
    decision = judge(game.view(0), drop("KS KH KD", "8H"), turn=1, rng=random.Random(3), guesses=GUESSES)
    assert decision.played_points < 0  # in most guesses P1 calls at once, and P0's total resets from 37 to 0
    assert decision.mark is None and decision.cost == 0  # before, it cost 3 points (13 against 10): marked


def test_a_joined_seats_review_is_named_as_the_table_called_it() -> None:
    """A remote seat is "Player 2" in the record's header until its joiner's `joined` event names it: the review
    (the replay's and `yaniv review`'s) is of Noa, not of "Player 2"."""
    from yaniv_tui.codec.record import add_event, start_record
    from yaniv_tui.engine import Game, Seat, load_ruleset

    rules = dataclasses.replace(load_ruleset("israeli"), end_limit=30, end_limit_choices=(30,))
    game = Game.new(rules, ["Bo", "Player 2"], seed=5)
    record = start_record(game, [Seat.bot("easy", "Bo"), Seat.remote()])
    add_event(record, "joined", 1, name="Noa")
    play_on(game, record, easy_bots(5, 2))
    assert review_seat(record, 1, guesses=2).name == "Noa"
