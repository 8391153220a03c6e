"""The screens say what table/words.py says: a turn a bot played because its seat's time ran out (the table's log
and the replay), the reset by its table's name (the round's end, the help's rules, the game-end chart's key), the
round's end in the table's words (no Assaf where the table has none, the zero-hand bonus where it is taken), the
deck reshuffled and the empty pile."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Sequence

import pytest
from playing import deal
from records_helpers import GameEndApp, finished_session
from rich.console import Console
from textual.pilot import Pilot
from tui_helpers import SIZE, make_options, screen_text

from yaniv_tui.codec.record import GameRecord, add_event, after_action, start_record
from yaniv_tui.engine import CallYaniv, Play, RoundScore, Ruleset, Seat, Turn, load_ruleset, parse_cards, score_round
from yaniv_tui.table.session import Session, TableSession
from yaniv_tui.table.words import EMPTY_PILE, RESHUFFLED, call_line, round_lines, winners_line
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.rules_text import describe
from yaniv_tui.tui.screens.replay_steps import event_words, log_lines, move_text, steps_of
from yaniv_tui.tui.screens.round_end import RoundEndScreen, headline, result_table
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.screens.table_view import log_lines as table_log
from yaniv_tui.tui.widgets.score_chart import chart_key
from yaniv_tui.tui.widgets.table import turn_text

NAMES = ("Ann", "Bea", "Cy")


async def until(pilot: Pilot[None], done: Callable[[], object], seconds: float = 20.0) -> None:
    for _ in range(int(seconds * 20)):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("never happened")


# -- a turn played when its seat's time ran out ------------------------------------------------------------


async def test_the_log_says_a_turn_a_bot_played_when_the_time_ran_out() -> None:
    """Before: the log's line read "Ann dropped Q♠, took from the deck." as if Ann had played it herself."""
    options = dataclasses.replace(make_options("israeli", "Ann,bot:medium:Bea"), turn_seconds=0.2, bot_delay=0.05)
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)

        def lines() -> list[str]:
            return [
                line.plain for line in table_log(table.public, table.reshuffled_after, None, False, table.timed_out)
            ]

        await until(pilot, lambda: any(line.startswith("Ann's time ran out: a bot dropped ") for line in lines()))
        await until(pilot, lambda: "Ann's time ran out: a bot dropped" in screen_text(app))
        played = lines()
        assert any(line.startswith("Bea dropped ") for line in played), played
        assert not any(line.startswith("Ann dropped ") for line in played), played
        assert not any("Bea's time ran out" in line for line in played), played


def test_the_log_marks_only_the_turns_whose_time_ran_out() -> None:
    game = deal(load_ruleset("israeli"), ["5H 7H KD 2H 9C", "6H KS 2C 9D 3S"], up="AS", deck="4D 2D 9S 6C 10D 8C")
    game.apply(Play(tuple(parse_cards("KD"))))
    game.apply(Play(tuple(parse_cards("KS"))))
    view = game.view(0)
    said = [line.plain for line in table_log(view, [], None, False, [2])]
    assert said == [
        "Round 1: P0 starts.",
        "P0 dropped K♦, took from the deck.",
        "P1's time ran out: a bot dropped K♠, took from the deck.",
    ]


def timed_out_record() -> GameRecord:
    """P0 plays in time, P1's time runs out (its bot drops K♠), then P0 plays in time again."""
    game = deal(load_ruleset("israeli"), ["5H 7H KD 2H 9C", "6H KS 2C 9D 3S"], up="AS", deck="4D 2D 9S 6C 10D 8C")
    record = start_record(game, [Seat.person("P0"), Seat.person("P1")])
    for index, drop in enumerate(("KD", "KS", "9C")):
        if index == 1:
            add_event(record, "seat", 1, status="timeout")
        seat = game.current
        action = Play(tuple(parse_cards(drop)))
        game.apply(action)
        after_action(record, game, seat, action)
    return record


def test_the_replay_says_a_turn_a_bot_played_when_the_time_ran_out() -> None:
    steps = steps_of(timed_out_record())
    step = steps[-1]
    said = move_text(step, step.game, False)
    lines = [line.plain for line in log_lines(step, said, False)]
    assert lines == [
        "P0 dropped K♦, took from the deck.",
        event_words({"event": "seat", "seat": 1, "status": "timeout"}, ("P0", "P1")),
        "P1's time ran out: a bot dropped K♠, took from the deck.",
        "P0 dropped 9♣, took from the deck.",
    ]
    bot_step = steps[-2]
    assert (
        move_text(bot_step, bot_step.game, False).plain == "P1's time ran out: a bot dropped K♠, took 2♦ from the deck."
    )
    assert move_text(steps[-1], steps[-1].game, False).plain.startswith("P0 dropped 9♣, took ")


def test_a_log_line_is_the_tables_words_for_a_slap_down_and_a_joker_swap() -> None:
    names = ("Ann", "Bea", "Cal")
    slap = Turn(2, tuple(parse_cards("5H")), None, slapped=parse_cards("5D")[0])
    assert turn_text(slap, names, False).plain == "Cal dropped 5♥, took from the deck, slapped down 5♦ onto the drop."
    swap = Turn(0, tuple(parse_cards("4H JK 6H")), None, given=parse_cards("5H")[0])
    assert turn_text(swap, names, True).plain == (
        "Ann dropped 4H JK 6H, gave 5H for the joker in the run just dropped and took the joker."
    )


# -- the reset by its table's name --------------------------------------------------------------------------


def table_text(rules: Ruleset, scores: list[int | None], hands: list[str], caller: int = 0, **extra: object) -> str:
    result = score_round(rules, scores, [parse_cards(hand) for hand in hands], caller, **extra)  # type: ignore[arg-type]
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(result_table(result, NAMES, False, rules=rules))
    return "\n".join(" ".join(line.split()) for line in console.export_text().splitlines())


@pytest.mark.parametrize(
    ("preset", "scores", "hands", "row"),
    [
        ("sursis", [40, 90, 0], ["AC 2C", "5D 5H", "QS 5C"], "Bea 5♦ 5♥ 10 +10 100 → 50 sursis"),
        ("israeli", [40, 90, 0], ["AC 2C", "5D 5H", "QS 5C"], "Bea 5♦ 5♥ 10 +10 100 → 50 reduction"),
    ],
)
def test_the_round_end_names_the_reset_as_its_table_does(
    preset: str, scores: list[int | None], hands: list[str], row: str
) -> None:
    text = table_text(load_ruleset(preset), scores, hands)
    assert row in text, text
    assert "lucky" not in text


@pytest.mark.parametrize(("preset", "name"), [("sursis", "A sursis"), ("israeli", "A reduction")])
def test_the_help_names_the_reset_as_its_table_does(preset: str, name: str) -> None:
    said = [line for line in describe(load_ruleset(preset)) if "exactly on it" in line]
    assert len(said) == 1 and said[0].startswith(f"{name} when a round's points land"), said
    assert "ucky" not in said[0]


@pytest.mark.parametrize(("preset", "name"), [("sursis", "sursis"), ("israeli", "reduction")])
def test_the_game_end_charts_key_names_the_reset_as_its_table_does(preset: str, name: str) -> None:
    session = finished_session(preset, seed=2 if preset == "israeli" else 1)
    view = session.view(None)
    assert any(result.resets for result in view.history), "the game played lands no reset: pick another seed"
    key = chart_key(view).plain
    assert key.endswith(f"◆ {name}"), key
    assert "lucky" not in key


# -- the round's end in the table's words -------------------------------------------------------------------


def test_the_round_end_under_seven_cards_calls_no_lowest_hand_an_assaf() -> None:
    rules = load_ruleset("seven-cards")
    assert not rules.assaf
    result = score_round(rules, [10, 20, 30], [parse_cards("3C 2H"), parse_cards("AC 2D"), parse_cards("KS QH 9D")], 0)
    said = headline(result, NAMES, rules).plain
    assert (
        said
        == call_line(result, NAMES, rules)
        == "Ann calls Yaniv with 5, but Bea holds a lower hand, 3, and scores 0."
    )
    text = table_text(rules, [10, 20, 30], ["3C 2H", "AC 2D", "KS QH 9D"])
    assert "Assaf" not in text, text
    assert "Ann 2♥ 3♣ 5 +5 15 called Yaniv, not the lowest hand" in text, text
    assert "Bea A♣ 2♦ 3 +0 20 the lowest hand, scores 0" in text, text


def test_the_round_end_says_the_zero_hand_bonus_where_it_is_taken() -> None:
    rules = dataclasses.replace(load_ruleset("israeli"), bonus_zero_wins=3)
    text = table_text(rules, [40, 0, 0], ["JK JK", "3C 2H", "KS QH 9D"], zero_wins=[2, 0, 0])
    assert "scores 0, takes 20 off for 3 rounds won with a hand of 0" in text, text


class RoundEndApp(GameEndApp):
    """The app opened straight on the round's end of `result` (sursis: Cy's 95 and 29 end the game)."""

    def __init__(self, result: RoundScore) -> None:
        super().__init__(Session(make_options("sursis", "Ann,bot:easy:Bea,bot:easy:Cy")))
        self.result = result

    def open_table(self, session: TableSession, *, first: bool = False, notices: Sequence[str] = ()) -> None:
        self.push_screen(RoundEndScreen(self.result, NAMES, load_ruleset("sursis"), 4))


async def test_the_round_end_says_the_game_end_in_the_tables_words() -> None:
    """Before: "The game is over: Ann wins.", with no word of why it ended nor of the winning total."""
    rules = load_ruleset("sursis")
    result = score_round(rules, [0, 10, 95], [parse_cards("AC 2D"), parse_cards("3C 2H"), parse_cards("KS QH 9D")], 0)
    app = RoundEndApp(result)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        text = " ".join(screen_text(app).split())
    assert winners_line(result, NAMES, rules) == "Cy has 100 or more: the game ends. Ann wins the game with 0."
    assert "Cy has 100 or more: the game ends. Ann wins the game with 0." in text, text
    assert "Ann calls Yaniv with 3 and wins the round." in text, text


def test_the_replay_says_the_round_end_in_the_tables_words() -> None:
    """The round's end in the replay's log: the headline, then what each seat scores, the reset by its table's name."""
    rules = load_ruleset("sursis")
    game = deal(rules, ["AC AD AH AS JK", "KS QH JD 10C KD"], up="4S", deck="4D 2H 8C")
    record = start_record(game, [Seat.person("P0"), Seat.person("P1")])
    action = CallYaniv()
    game.apply(action)
    after_action(record, game, 0, action)
    step = next(step for step in steps_of(record) if step.result is not None)
    result = step.result
    assert result is not None and result.resets
    said = move_text(step, step.game, False)
    lines = [line.plain for line in log_lines(step, said, False)]
    assert lines == round_lines(result, ("P0", "P1"), rules), lines
    assert lines[0] == said.plain == "P0 calls Yaniv with 4 and wins the round."
    assert lines[-1] == "P1's total lands on 50: a sursis takes it to 25."


def test_the_log_says_the_reshuffle_and_the_empty_pile_as_the_table_does() -> None:
    rules = dataclasses.replace(load_ruleset("israeli"), turn_up=False)
    game = deal(rules, ["5H 7H KD 2H 9C", "6H KS 2C 9D 3S"], up="", deck="4D 2D 9S 6C 10D 8C")
    view = game.view(0)
    assert [line.plain for line in table_log(view, [], None, False, [])] == ["Round 1: P0 starts.", EMPTY_PILE]
    assert event_words({"event": "reshuffle", "deck": []}, ("Ann", "Bob")) == RESHUFFLED
