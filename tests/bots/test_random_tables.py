"""Bots at every table: under random valid rulesets (every key of engine/ruleset_keys.py, any value it takes) with
2 to 8 seats, and under every shipped preset at each table size it seats up to 8, bots of each level make only legal
moves, never raise, play the game to its end, play the same game again from the same seeds, and choose from their
seat's view alone (the cards hidden from them dealt anew, the same choice)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_view_only import reshuffled_hidden

from yaniv_tui.bots import LEVELS, Bot, bot_seed, make_bot
from yaniv_tui.engine import KEYS, Game, Ruleset, RulesetError, load_ruleset, preset_paths, ruleset_from_dict
from yaniv_tui.engine.guards import round_overrun

#: How long a game of the test may go: rulesets are drawn with end scores mostly small, so most games end; a longer one
#: (an end score in the thousands, or rules under which bots call late) is played this many moves, each checked.
MOVES = 400
#: The expert at small work: this many guesses a move, never a clock, so its games repeat.
EXPERT_SAMPLES = 2
#: How often a bot's choice is checked against the same view with the cards hidden from it dealt anew.
BLIND_EVERY = 5
CARDS = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CDHS"]


def _key_value(key: Any) -> st.SearchStrategy[Any]:
    """Any value the key takes as a file writes it (the ends of its range included)."""
    if key.kind == "str":
        return st.text(st.characters(categories=("L", "N")), min_size=1, max_size=10)
    if key.kind == "int":
        low, high = key.low, key.high
        if key.path == "end.limit":  # mostly games that end in a test's time, sometimes a long one cut short
            return st.one_of(st.integers(low, min(high, 150)), st.integers(low, high))
        return st.one_of(st.integers(low, high), st.sampled_from((low, high)))
    if key.kind == "ints":
        high = min(key.high, 150) if key.path == "end.limit_choices" else key.high
        return st.lists(st.integers(key.low, high), min_size=1, max_size=4, unique=True)
    if key.kind == "bool":
        return st.booleans()
    if key.kind == "choice":
        return st.sampled_from(key.choices)
    if key.kind == "resets":
        return st.dictionaries(st.integers(1, 400).map(str), st.integers(0, 400), max_size=4)
    if key.kind == "card_values":
        return st.dictionaries(st.sampled_from(CARDS), st.integers(key.low, key.high), max_size=5)
    raise AssertionError(f"a key of a kind this test does not draw: {key.kind} ({key.path})")


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """A valid ruleset: every key given a value in a random order, each kept when the rules with it still load (a
    value that contradicts one kept before is left at its default)."""
    data: dict[str, Any] = {}
    for key in draw(st.permutations(list(KEYS))):
        value = draw(_key_value(key))
        table, _, name = key.path.rpartition(".")
        tried = copy.deepcopy(data)
        (tried.setdefault(table, {}) if table else tried)[name] = value
        try:
            ruleset_from_dict(tried, ruleset_id="drawn")
        except RulesetError:
            continue
        data = tried
    event(f"keys set: {sum(len(v) if isinstance(v, dict) else 1 for v in data.values()) // 10 * 10}+")
    return ruleset_from_dict(data, ruleset_id="drawn")


def _bot(level: str, seed: int, seat: int) -> Bot:
    return make_bot(level, bot_seed(seed, seat), samples=EXPERT_SAMPLES if level == "expert" else None)


def play(
    rules: Ruleset, level: str, seats: int, seed: int, blind: random.Random | None = None, most: int = MOVES
) -> list[str]:
    """A game of `seats` bots of `level`, each move checked, `most` moves at most; the moves as text, and how it
    ended."""
    game = Game.new(rules, [f"P{s}" for s in range(seats)], seed=seed)
    bots = [_bot(level, seed, seat) for seat in range(seats)]
    moves: list[str] = []
    round_began = 0
    while not game.is_over and len(moves) < most:
        seat = game.current
        view = game.view(seat)
        twin = copy.deepcopy(bots[seat]) if blind is not None and len(moves) % BLIND_EVERY == 0 else None
        action = bots[seat].choose(view)
        assert action in game.legal_actions(), f"{level} bot at seat {seat} chose {action} under {rules}"
        if twin is not None and blind is not None:
            other = reshuffled_hidden(game, seat, blind)
            assert twin.choose(other.view(seat)) == action, f"{level} bot at seat {seat} saw a hidden card"
        rounds = len(game.history)
        game.apply(action)
        moves.append(f"{seat}:{action}")
        if len(game.history) > rounds:
            round_began = game.turns
        assert round_overrun(game.turns - round_began) is None, f"a round of {level} bots stalled under {rules}"
    moves.append(f"over {game.winners} {game.scores}" if game.is_over else f"cut at {most} moves {game.scores}")
    return moves


TABLES = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


#: The expert, even at two guesses a move, takes most of a minute over its twelve tables: left out of the fast loop.
LEVELS_MARKED = [pytest.param(level, marks=pytest.mark.slow) if level == "expert" else level for level in LEVELS]


@pytest.mark.parametrize("level", LEVELS_MARKED)
@TABLES
@given(rules=rulesets(), seats=st.integers(2, 8), seed=st.integers(0, 2**31 - 1))
def test_bots_of_each_level_play_any_valid_table_legally_and_alike(
    level: str, rules: Ruleset, seats: int, seed: int
) -> None:
    seats = min(max(seats, rules.min_players), rules.max_players)
    first = play(rules, level, seats, seed, blind=random.Random(seed))
    event("over" if first[-1].startswith("over") else "cut short")
    assert play(rules, level, seats, seed) == first  # the same seeds, the same game


#: Moves a game of the presets' test plays: rounds enough at every table size, in the fast loop (the expert,
#: which is not, a lap or two).
PRESET_MOVES = {"expert": 24}


@pytest.mark.parametrize("level", LEVELS_MARKED)
@pytest.mark.parametrize("preset", list(preset_paths()))
def test_bots_of_each_level_play_every_preset_at_every_table_size_legally_and_alike(level: str, preset: str) -> None:
    # Every shipped preset, its own keys as they are, at each table size it seats from 2 to 8.
    rules = load_ruleset(preset)
    most = PRESET_MOVES.get(level, 120)
    for seats in range(rules.min_players, min(8, rules.max_players) + 1):
        first = play(rules, level, seats, seats, blind=random.Random(seats), most=most)
        assert play(rules, level, seats, seats, most=most) == first, (preset, seats)
