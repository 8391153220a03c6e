"""What the table says of every house rule's events, under every preset: a turn (a slap-down, a joker swap, a card
taken from the pile or the deck, a turn whose time ran out), the pile and the deck, and a round's end (Yaniv, an
Assaf and its penalty, a tie, the jack swing, a hand emptied by a slap-down, a reset, a knock-out, the game's end).
Exact text for a handful; for every line: one line, a full sentence, no `None`, no `{`, no empty part."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence

import pytest

from yaniv_tui.engine import Card, RoundScore, Ruleset, Turn, load_ruleset, parse_cards, preset_paths, score_round
from yaniv_tui.engine.cards import faces
from yaniv_tui.table.words import (
    EMPTY_PILE,
    RESHUFFLED,
    call_line,
    clock_line,
    reset_line,
    round_lines,
    score_line,
    seat_line,
    turn_parts,
)

PRESETS = sorted(preset_paths())
PLAYERS = ("Ann", "You", "Cal")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def turn_line(turn: Turn, players: Sequence[str], *, timed_out: bool = False, drawn: Card | None = None) -> str:
    """A turn's parts (`turn_parts`) joined as the log's plain text reads them, cards as the screen's faces."""
    parts = turn_parts(turn, players, timed_out=timed_out, drawn=drawn)
    return "".join(part if isinstance(part, str) else faces(part) for part in parts)


def rounds(rules: Ruleset) -> Iterator[RoundScore]:
    """A round of each kind the preset can end: won, Assafed (lower, and tied), a reset landed, a knock-out and the
    game's end, the jack swing at either value, a hand emptied by a slap-down."""
    low, mid, high = cards("AC 2D"), cards("3C 2H"), cards("KS QH 9D")
    yield score_round(rules, [0, 0, 0], [low, mid, high], 0)
    yield score_round(rules, [10, 20, 30], [mid, low, high], 0)  # Assafed
    yield score_round(rules, [10, 20, 30], [cards("AS 2C"), low, high], 0)  # a tie
    if rules.resets or rules.reset_every:
        at, _ = rules.resets[0] if rules.resets else (rules.reset_every, 0)
        yield score_round(rules, [0, 0, at - 29], [low, mid, high], 0)  # Cal's 29 lands on the reset
    yield score_round(rules, [0, 10, rules.end_limit - 5], [low, mid, high], 0)  # Cal goes out, or the game ends
    if rules.jack_swing:
        yield score_round(rules, [0, 0, 0], [cards("JC JD AH"), cards("JS 9C"), high], 0)
    if rules.empty_hand == "wins_at_once":
        yield score_round(rules, [0, 0, 0], [(), mid, high], 0)


def turns() -> Iterator[tuple[Turn, bool]]:
    yield Turn(0, cards("7S 7H"), cards("3C")[0]), False
    yield Turn(1, cards("QS"), None), True
    yield Turn(2, cards("5H"), None, slapped=cards("5D")[0]), False
    yield Turn(0, cards("4H JK 6H"), None, given=cards("5H")[0]), False


def every_line(rules: Ruleset) -> Iterator[str]:
    for result in rounds(rules):
        yield from round_lines(result, PLAYERS, rules)
    for turn, timed_out in turns():
        yield turn_line(turn, PLAYERS, timed_out=timed_out)
    yield turn_line(Turn(0, cards("9C"), None), PLAYERS, drawn=cards("2C")[0])
    yield reset_line("Ann", 100, 50, rules)
    for news in ("timeout", "bot", "back"):
        yield clock_line("Cal", news)
    for change in ("handed", "given", "opened"):
        yield seat_line("Cal", change, "hard")
    yield RESHUFFLED
    yield EMPTY_PILE


def problems(line: str) -> Sequence[str]:
    found = []
    if "\n" in line or "\r" in line:
        found.append("more than one line")
    if "None" in line or "{" in line or "}" in line:
        found.append("a value not filled in")
    if re.search(r"(^\s|\s$|\s\s|\s[.,:;)]|[,:;]\s*[.,:;]|\(\s*\))", line):
        found.append("an empty part")
    if not line[:1].isupper() or not line.endswith((".", "!")):
        found.append("not a sentence")
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_every_line_under_every_preset_is_whole(preset: str) -> None:
    rules = load_ruleset(preset)
    lines = list(every_line(rules))
    assert len(lines) > 15
    for line in lines:
        assert problems(line) == [], (preset, line)


def test_a_round_won_and_a_round_assafed_in_words() -> None:
    rules = load_ruleset("israeli")
    won = score_round(rules, [0, 0, 0], [cards("AC 2D"), cards("3C 2H"), cards("KS QH 9D")], 0)
    assert round_lines(won, PLAYERS, rules) == [
        "Ann calls Yaniv with 3 and wins the round.",
        "Ann scores 0: the lowest hand. Total 0.",
        "You add 5 for the hand. Total 5.",
        "Cal adds 29 for the hand. Total 29.",
    ]
    assafed = score_round(rules, [10, 20, 30], [cards("3C 2H"), cards("AC 2D"), cards("KS QH 9D")], 0)
    assert call_line(assafed, PLAYERS, rules) == "Ann calls Yaniv with 5, but you Assaf with 3."
    assert score_line(0, assafed, PLAYERS, rules) == (
        "Ann adds 5 for the hand, and a 30-point penalty for the Assaf. Total 45."
    )


def test_a_tie_assafs_where_the_preset_says_so() -> None:
    rules = load_ruleset("sursis")
    tied = score_round(rules, [0, 0, 0], [cards("AS 2C"), cards("AC 2D"), cards("KS QH 9D")], 0)
    assert call_line(tied, PLAYERS, rules) == "Ann calls Yaniv with 3, but you Assaf with 3 (a tie Assafs here)."


def test_a_tie_the_caller_wins_where_ties_do_not_assaf() -> None:
    rules = load_ruleset("israeli")
    tied = score_round(rules, [0, 0, 0], [cards("AS 2C"), cards("AC 2D"), cards("KS QH 9D")], 0)
    assert (
        call_line(tied, PLAYERS, rules)
        == "Ann calls Yaniv with 3 and wins the round: a tie with you does not Assaf here."
    )


def test_a_flat_penalty_and_nobody_else_scoring_under_jdross() -> None:
    rules = load_ruleset("jdross")
    assafed = score_round(rules, [10, 20, 30], [cards("3C 2H"), cards("AC 2D"), cards("KS QH 9D")], 0)
    assert score_line(0, assafed, PLAYERS, rules) == "Ann adds a flat 30 points for the Assaf, not the hand. Total 40."
    assert score_line(2, assafed, PLAYERS, rules) == ("Cal adds nothing: only the caller scores on an Assaf. Total 30.")


def test_the_jack_swing_says_what_the_jacks_counted() -> None:
    rules = load_ruleset("seven-cards")
    result = score_round(rules, [0, 0, 0], [cards("JC JD AH"), cards("JS 9C"), cards("KS QH 9D")], 0)
    assert score_line(1, result, PLAYERS, rules) == (
        "You add 24 for the hand, its jack at 15 (at -2 the hand would be more than 5). Total 24."
    )
    assert score_line(0, result, PLAYERS, rules) == (
        "Ann scores 0: the lowest hand, its jacks at -2 each (5 or less that way). Total 0."
    )
    assafed = score_round(rules, [10, 20, 30], [cards("3C 2H"), cards("AC 2D"), cards("KS QH 9D")], 0)
    assert call_line(assafed, PLAYERS, rules) == "Ann calls Yaniv with 5, but you hold a lower hand, 3, and score 0."


def test_a_sursis_a_knock_out_and_the_games_end() -> None:
    sursis = load_ruleset("sursis")
    result = score_round(sursis, [0, 0, 21], [cards("AC 2D"), cards("3C 2H"), cards("KS QH 9D")], 0)
    lines = round_lines(result, PLAYERS, sursis)
    assert lines[-2:] == ["Cal adds 29 for the hand. Total 50.", "Cal's total lands on 50: a sursis takes it to 25."]
    ended = score_round(sursis, [0, 10, 95], [cards("AC 2D"), cards("3C 2H"), cards("KS QH 9D")], 0)
    assert round_lines(ended, PLAYERS, sursis)[-1] == "Cal has 100 or more: the game ends. Ann wins the game with 0."
    israeli = load_ruleset("israeli")
    out = score_round(israeli, [0, 10, 195], [cards("AC 2D"), cards("3C 2H"), cards("KS QH 9D")], 0)
    assert "Cal is out with 224: more than 200." in round_lines(out, PLAYERS, israeli)


def test_a_slap_down_and_a_joker_swap_in_the_log() -> None:
    slap = Turn(2, cards("5H"), None, slapped=cards("5D")[0])
    assert turn_line(slap, PLAYERS) == "Cal dropped 5♥, took from the deck, slapped down 5♦ onto the drop."
    swap = Turn(0, cards("4H JK 6H"), None, given=cards("5H")[0])
    assert turn_line(swap, PLAYERS) == (
        "Ann dropped 4♥ ★JK 6♥, gave 5♥ for the joker in the run just dropped and took the joker."
    )
    assert turn_line(Turn(1, cards("QS"), None), PLAYERS, timed_out=True) == (
        "Your time ran out: a bot dropped Q♠, took from the deck."
    )


@pytest.mark.parametrize(
    "line",
    ["Ann adds None.", "Ann adds {added}.", "Ann adds 5 for the hand. Total .", "Ann, , adds.", "two\nlines.", "ann."],
)
def test_the_check_finds_a_broken_line(line: str) -> None:
    assert problems(line) != []


def test_the_zero_hand_bonus_says_what_it_takes_off() -> None:
    rules = dataclasses.replace(load_ruleset("israeli"), bonus_zero_wins=3)
    result = score_round(rules, [40, 0, 0], [cards("JK JK"), cards("3C 2H"), cards("KS QH 9D")], 0, zero_wins=[2, 0, 0])
    assert score_line(0, result, PLAYERS, rules) == (
        "Ann scores 0: the lowest hand, and takes 20 off for 3 rounds won with a hand of 0. Total 20."
    )
    assert all(problems(line) == [] for line in round_lines(result, PLAYERS, rules))


@pytest.mark.parametrize(
    ("names", "said"),
    [
        ("you", "You win the round."),
        ("youssef", "youssef wins the round."),
        (["youval", "you"], "youval and you win the round."),
        (["Ann", "you"], "Ann and you win the round."),
    ],
)
def test_a_name_that_starts_with_you_keeps_its_case_as_typed_at_a_sentences_start(
    names: str | list[str], said: str
) -> None:
    """Only the seat named "You" is the second person, written "You" at a sentence's start. Before, any name
    typed starting with "you" had its first three letters made "You" there ("Youssef wins the round."), the only
    names whose case was not kept as typed."""
    from yaniv_tui.table.words import sentence

    assert sentence(names, "win", " the round.") == said


def test_a_sentence_of_no_one_is_said_without_a_subject() -> None:
    """A game stopped by its guards has no winner: its game end asks for the sentence of no names, which the
    "You" check (above) read past the end of (an IndexError at the game end, found by tests/tui/test_game_guard)."""
    from yaniv_tui.table.words import subject

    assert subject([], start=True) == ""
    assert subject([]) == ""
