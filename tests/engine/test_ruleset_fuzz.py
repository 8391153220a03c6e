"""Fuzzing ruleset files: whatever a file holds, loading it gives rules that play, or one line saying what is wrong.

Every example either loads into a Ruleset that passes the checks, whose game easy bots then play without an
error until it ends or the game guards stop it (lowered here so an example takes milliseconds), or raises
RulesetError with a one-line message. Any other exception fails.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import Any

import tomlkit
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from yaniv_tui.bots import make_bot
from yaniv_tui.engine import KEYS, Game, Ruleset, RulesetError, check_ruleset, load_ruleset_file, ruleset_from_dict
from yaniv_tui.engine.guards import game_overrun, round_overrun

#: The guards, lowered for the fuzz: enough for ordinary games to end, small enough to stay fast.
ROUNDS, TURNS = 60, 1_500
#: Every key, the slap-down too: a hand it empties must still end its round.
FUZZED_KEYS = list(KEYS)
#: 80 examples each keep the three tests to a few seconds; FUZZ_EXAMPLES=2000 searches further.
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "80")), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def play_out(rules: Ruleset, seed: int) -> str:
    """Easy bots play a game of the rules: "over", or "stopped" by the (lowered) guards."""
    players = random.Random(seed).randint(rules.min_players, max(rules.min_players, min(rules.max_players, 4)))
    game = Game.new(rules, [f"P{i}" for i in range(players)], seed=seed)
    bots = [make_bot("easy", seed + i) for i in range(players)]
    round_began = game.turns
    rounds = 0
    while not game.is_over:
        game.apply(bots[game.current].choose(game.view(game.current)))
        if len(game.history) > rounds:
            rounds, round_began = len(game.history), game.turns
            if not game.is_over and game_overrun(rounds, ROUNDS):
                return "stopped"
        elif round_overrun(game.turns - round_began, TURNS):
            return "stopped"
    return "over"


DEFAULTS = Ruleset()


def valid_value(key: Any) -> st.SearchStrategy[Any]:
    """A value of the key's own kind and range, mostly near the default (so many files load and get played)."""
    if key.kind == "int":
        low, high = key.low, key.high
        default = getattr(DEFAULTS, key.field)
        if default is None:  # jack_swing_up_to follows the Yaniv limit
            default = DEFAULTS.yaniv_limit
        near = st.integers(max(low, default - 4), min(high, default + 4))
        return st.one_of(near, near, near, st.integers(low, high))
    if key.kind == "ints":
        return st.lists(st.integers(key.low, min(key.high, key.low + 300)), min_size=1, max_size=4, unique=True)
    if key.kind == "bool":
        return st.booleans()
    if key.kind == "choice":
        return st.sampled_from(key.choices)
    if key.kind == "resets":
        return st.dictionaries(st.integers(1, 300).map(str), st.integers(0, 50), max_size=4)
    return st.text(max_size=12)


JUNK = st.one_of(
    st.integers(-(10**6), 10**6),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.lists(st.integers(-5, 400), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(-5, 400), max_size=3),
)


@st.composite
def ruleset_dicts(draw: st.DrawFn) -> dict[str, Any]:
    """A parsed ruleset file: a few known keys, mostly with values of their kind, some junk, some unknown keys."""
    chosen = draw(st.lists(st.sampled_from(FUZZED_KEYS), max_size=6, unique_by=lambda key: key.path))
    data: dict[str, Any] = {}
    for key in chosen:
        value = draw(JUNK if draw(st.integers(0, 9)) == 0 else valid_value(key))
        table, _, name = key.path.rpartition(".")
        (data.setdefault(table, {}) if table else data)[name] = value
    if draw(st.integers(0, 19)) == 0:
        data[draw(st.text(min_size=1, max_size=6))] = draw(JUNK)
    return data


def check_outcome(load: Any, seed: int) -> None:
    try:
        rules = load()
    except RulesetError as error:
        message = str(error)
        assert message and "\n" not in message and message.isprintable(), message
        event("refused")
        return
    check_ruleset(rules)
    assert rules.name.isprintable() and rules.description.isprintable()
    outcome = play_out(rules, seed)
    assert outcome in ("over", "stopped")
    event(f"played: {outcome}")


@FUZZ
@given(ruleset_dicts(), st.integers(0, 10_000))
def test_any_ruleset_dict_loads_and_plays_or_is_one_line(data: dict[str, Any], seed: int) -> None:
    check_outcome(lambda: ruleset_from_dict(data, source="fuzz.toml"), seed)


@FUZZ
@given(ruleset_dicts(), st.integers(0, 10_000))
def test_any_ruleset_file_written_from_a_dict_loads_and_plays_or_is_one_line(data: dict[str, Any], seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.toml"
        path.write_text(tomlkit.dumps(data), encoding="utf-8")
        check_outcome(lambda: load_ruleset_file(path), seed)


#: Pieces of ruleset files, to be put together in any order with random text between.
FRAGMENTS = [
    *(f"[{table}]" for table in sorted({key.path.split(".")[0] for key in KEYS if "." in key.path})),
    *(f"{key.path.rpartition('.')[2]} = " for key in KEYS),
    "= ",
    "[[",
    "]]",
    "{ ",
    " }",
    '"',
    "'''",
    "#",
    "0",
    "-50",
    "100",
    "true",
    "[5, 7]",
    "{ 100 = 50 }",
    '"\\u001b[31m"',
    "\n",
]


@FUZZ
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6)), max_size=30), st.integers(0, 10_000))
def test_any_toml_ish_text_loads_and_plays_or_is_one_line(pieces: list[str], seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.toml"
        path.write_text("".join(pieces), encoding="utf-8")
        check_outcome(lambda: load_ruleset_file(path), seed)
