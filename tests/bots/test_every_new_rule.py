"""Issue 31's rules all at once: a hand-written ruleset turning every new key on loads, plays to the end in
`yaniv sim` at every bot level with 2 to 8 seats, slap-down on and off, and saves and resumes; and a seeded
property run of short games under random mixes of the new keys never crashes or stalls."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playing import snapshot

from yaniv_tui.bots import make_bot
from yaniv_tui.cli import main as yaniv
from yaniv_tui.engine import BOT_LEVELS, Game, KeepCard, Ruleset, guards, load_ruleset_file, ruleset_from_dict
from yaniv_tui.store.game_format import game_from_dict, game_to_dict

#: Every key of issue 31 away from its default. `slap_last_card = false` keeps a slap-down from emptying a hand,
#: so `EMPTYING` turns it back on for the emptied hand to win at once.
EVERY_RULE = """\
name = "Every new rule"
description = "Issue 31's keys all on at once"

[players]
next_first = "left_of_last_first"

[deck]
more_decks_from = [4]
recount = true

[values]
cards = { KH = 0, QS = 5, "10D" = -1 }

[drops]
joker_ends = false
slap_down = true
slap_after = "single"
slap_runs = true
slap_last_card = false

[take]
joker_swap = true

[yaniv]
limit = 7
empty_hand = "wins_at_once"

[assaf]
on_tie = true
penalty_per_extra = 20

[resets]
at = { 50 = 25, 100 = 50 }
on_zero_added = true
with_penalty = false
jokers_held = 2

[end]
limit = 100
limit_choices = [100]
"""
EMPTYING = EVERY_RULE.replace("slap_last_card = false", "slap_last_card = true")


@pytest.fixture(params=["every", "emptying"])
def ruleset_file(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    path = tmp_path / f"{request.param}.toml"
    path.write_text(EVERY_RULE if request.param == "every" else EMPTYING, encoding="utf-8")
    return path


def test_the_file_loads_with_every_new_rule_on(ruleset_file: Path) -> None:
    rules = load_ruleset_file(ruleset_file)
    assert rules.card_values == (("10D", -1), ("KH", 0), ("QS", 5))
    assert (rules.next_first, rules.empty_hand, rules.slap_after) == ("left_of_last_first", "wins_at_once", "single")
    assert rules.deck_recount and rules.slap_runs and not rules.joker_ends and rules.reset_jokers_held == 2
    assert rules.reset_on_zero_added and not rules.reset_with_penalty and rules.joker_swap


def _sim(path: Path, seats: list[str], slap: str, capsys: pytest.CaptureFixture[str], *more: str) -> dict[str, object]:
    argv = ["sim", "--ruleset", str(path), "--seats", ",".join(seats), "--seed", str(len(seats)), *more]
    assert yaniv([*argv, "--slap-down", slap, "--expert-samples", "2", "--json"]) == 0
    figures: dict[str, object] = json.loads(capsys.readouterr().out)
    return figures


def _levels(seats: int) -> list[str]:
    """Every level at the table, in turn round the seats, a different level first at each size."""
    return [BOT_LEVELS[(seats + i) % len(BOT_LEVELS)] for i in range(seats)]


@pytest.mark.parametrize("slap", ["on", "off"])
def test_yaniv_sim_plays_whole_games_of_it(ruleset_file: Path, slap: str, capsys: pytest.CaptureFixture[str]) -> None:
    figures = _sim(ruleset_file, _levels(2), slap, capsys, "--games", "2")
    assert figures["games"] == 2 and figures["rounds"] and figures["turns"]


@pytest.mark.parametrize("slap", ["on", "off"])
@pytest.mark.parametrize("seats", range(2, 9))
def test_yaniv_sim_plays_its_rounds_at_2_to_8_seats(
    tmp_path: Path, seats: int, slap: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "every.toml"
    path.write_text(EVERY_RULE, encoding="utf-8")
    figures = _sim(path, _levels(seats), slap, capsys, "--rounds", "2")
    assert figures["rounds"] == 2 and figures["turns"]


@pytest.mark.slow
@pytest.mark.parametrize("slap", ["on", "off"])
@pytest.mark.parametrize("seats", range(2, 9))
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_yaniv_sim_plays_whole_games_at_every_level_alone_at_2_to_8_seats(
    ruleset_file: Path, level: str, seats: int, slap: str, capsys: pytest.CaptureFixture[str]
) -> None:
    figures = _sim(ruleset_file, [level] * seats, slap, capsys, "--games", "1")
    assert figures["games"] == 1


def _bots(seats: int, seed: int) -> list[object]:
    return [make_bot(BOT_LEVELS[s % len(BOT_LEVELS)], seed=seed + s, samples=2) for s in range(seats)]


def test_it_saves_and_resumes_mid_game(ruleset_file: Path) -> None:
    rules = load_ruleset_file(ruleset_file)
    game = Game.new(rules, [f"P{s}" for s in range(5)], seed=3)
    bots = _bots(5, 3)
    for _ in range(400):
        if game.is_over:
            break
        game.apply(bots[game.current].choose(game.view(game.current)))  # type: ignore[attr-defined]
    saved = json.loads(json.dumps(game_to_dict(game)))
    resumed = game_from_dict(saved)
    assert snapshot(resumed) == snapshot(game)
    while not resumed.is_over:
        resumed.apply(bots[resumed.current].choose(resumed.view(resumed.current)))  # type: ignore[attr-defined]
    assert resumed.winners


# -- the property run ----------------------------------------------------------------------------------------------

#: Each new key and the values it may take in the run.
NEW_KEYS: dict[tuple[str, str], list[object]] = {
    ("values", "cards"): [{}, {"KH": 0}, {"QS": 5, "2C": 9}, {"JH": -5, "AS": 10}],
    ("resets", "jokers_held"): [0, 1, 2, 3],
    ("resets", "on_zero_added"): [False, True],
    ("resets", "with_penalty"): [True, False],
    ("yaniv", "empty_hand"): ["call_next_turn", "wins_at_once"],
    ("drops", "slap_down"): [False, True],
    ("drops", "slap_after"): ["single_or_set", "single"],
    ("drops", "slap_runs"): [False, True],
    ("drops", "slap_last_card"): [True, False],
    ("drops", "joker_ends"): [True, False],
    ("take", "joker_swap"): [False, True],
    ("players", "next_first"): ["round_winner", "caller", "left_of_last_first"],
    ("deck", "recount"): [False, True],
}
#: Rules beside them that change what the new ones meet: a swing of jacks, resets, two decks, a tie Assafing.
BASE: list[dict[str, dict[str, object]]] = [
    {},
    {"values": {"jack_swing": True}, "yaniv": {"limit": 5}},
    {"resets": {"every": 50, "every_by": 50}, "deck": {"more_decks_from": [4]}, "assaf": {"on_tie": True}},
    {"drops": {"jokers_in_sets": True}, "take": {"from_set": "any", "from_run": "any"}, "yaniv": {"limit": 7}},
]


def random_ruleset(rng: random.Random) -> Ruleset:
    data: dict[str, dict[str, object]] = {table: dict(keys) for table, keys in rng.choice(BASE).items()}
    for (table, key), values in NEW_KEYS.items():
        data.setdefault(table, {})[key] = rng.choice(values)
    data["end"] = {"limit": 100, "limit_choices": [100]}
    return ruleset_from_dict(data, ruleset_id="mix")


def play_short_game(seed: int, max_rounds: int = 2) -> tuple[Game, int]:
    """A few rounds of a game under a random mix of the new keys, checked after every action: only legal actions,
    no card made or lost, every round ended within the guards' turns. Returns the game and its turns."""
    rng = random.Random(seed)
    rules = random_ruleset(rng)
    seats = rng.randint(2, min(6, rules.max_players))
    game = Game.new(rules, [f"P{s}" for s in range(seats)], seed=seed)
    levels = [rng.choice(BOT_LEVELS) for _ in range(seats)]
    bots = [make_bot(level, seed=seed + s, samples=2) for s, level in enumerate(levels)]
    round_start = 0
    while not game.is_over and len(game.history) < max_rounds:
        action = bots[game.current].choose(game.view(game.current))
        assert action in game.legal_actions() or isinstance(action, KeepCard), (rules, action)
        rounds = len(game.history)
        game.apply(action)
        assert game.cards_in_play() == Counter(game.full_deck())
        if len(game.history) > rounds:
            round_start = game.turns
        assert game.turns - round_start <= guards.MAX_ROUND_TURNS, f"a round stalled under {rules}"
    return game, game.turns


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 2**32 - 1))
def test_short_games_under_random_mixes_of_the_new_keys_never_crash_or_stall(seed: int) -> None:
    play_short_game(seed)


@pytest.mark.slow
def test_thousands_of_short_games_under_random_mixes() -> None:
    """The big run (its figures are in the report of issue 31): 3,000 seeded games."""
    turns = sum(play_short_game(seed)[1] for seed in range(3000))
    assert turns > 0
