"""The end scores a host may type are the ruleset files' own limits; a seed is 0 or more."""

from __future__ import annotations

from pathlib import Path

import pytest

from yaniv_tui.engine import KEYS, Game, GameSetupError, check_seed, load_ruleset
from yaniv_tui.engine.ruleset import end_limit_range
from yaniv_tui.store.game_format import game_from_dict, game_to_dict


def test_the_typed_end_score_range_is_the_files_range() -> None:
    ranges = {(key.low, key.high) for key in KEYS if key.field in ("end_limit", "end_limit_choices")}
    assert ranges == {end_limit_range()}
    yaniv = {(key.low, key.high) for key in KEYS if key.field in ("yaniv_limit", "yaniv_limit_choices")}
    assert len(yaniv) == 1


def test_every_typed_end_score_in_range_saves_and_loads_back() -> None:
    rules = load_ruleset("seven-cards")
    low, high = end_limit_range()
    for end in (low, low + 1, 137, high - 1, high):
        typed = rules.with_choices(end_limit=end)
        game = Game.new(typed, ["Ann", "Ben"], seed=1)
        assert game_from_dict(game_to_dict(game)).rules == typed
    for end in (low - 1, high + 1, -5, 10**12):
        with pytest.raises(ValueError, match=f"end score {end} must be from {low} to {high}"):
            rules.with_choices(end_limit=end)


def test_a_listed_end_score_is_taken_and_another_named_with_the_choices() -> None:
    rules = load_ruleset("sursis")
    assert rules.with_choices(end_limit=100).end_limit == 100
    with pytest.raises(ValueError, match="end score 100001 is not offered by sursis: choose 100, 200"):
        rules.with_choices(end_limit=100001)


@pytest.mark.parametrize("seed", [-1, -5, True, 1.5])
def test_a_seed_is_a_whole_number_of_0_or_more(seed: object) -> None:
    with pytest.raises(GameSetupError, match="must be 0 or more"):
        check_seed(seed)  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="the seed must be 0 or more"):
        Game.new(load_ruleset("israeli"), ["Ann", "Ben"], seed=seed)  # type: ignore[arg-type]


def test_seed_0_and_large_seeds_deal() -> None:
    assert check_seed(0) == 0
    for seed in (0, 2**64):
        assert Game.new(load_ruleset("israeli"), ["Ann", "Ben"], seed=seed).seed == seed


def test_a_typed_end_score_the_resets_never_let_a_score_pass_is_refused(tmp_path: Path) -> None:
    """Before: the file's own end score (200) passed the checks, but a typed 500 behind a wall of resets
    (every total from 250 to 399 back to 0) started a game whose save was then refused as damaged."""
    from yaniv_tui.engine import ruleset_from_dict

    walls = {str(total): 0 for total in range(250, 400)}
    rules = ruleset_from_dict({"end": {"any_limit": True}, "resets": {"at": {"100": 50, **walls}}}, ruleset_id="wall")
    with pytest.raises(ValueError, match=r"end score 500 cannot be played under wall: no score can pass"):
        rules.with_choices(end_limit=500)
    for end in (240, 200, 137):  # below the wall: played, and each game's save loads back
        typed = rules.with_choices(end_limit=end)
        game = Game.new(typed, ["Ann", "Ben"], seed=1)
        assert game_from_dict(game_to_dict(game)).rules == typed


def test_an_unseeded_game_draws_its_seed_from_62_bits() -> None:
    """A seat that knows its deal must not be able to search every seed for the one that dealt it."""
    from yaniv_tui.engine.game import UNSEEDED

    seeds = {Game.new(load_ruleset("israeli"), ["Ann", "Ben"]).seed for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= s < UNSEEDED for s in seeds)
    assert max(seeds) >= 2**40  # 20 draws below 2**40 out of 2**62: about one chance in 10**120


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis", "seven-cards"])
def test_the_room_to_call_is_the_yaniv_limit_seen_from_a_hand(preset: str) -> None:
    # A bot asks how much a card may add to a hand and still call (`call_room`): the same line as `may_call`.
    for limit in load_ruleset(preset).yaniv_limit_choices or (load_ruleset(preset).yaniv_limit,):
        rules = load_ruleset(preset).with_choices(yaniv_limit=limit)
        for value in range(-10, 40):
            room = rules.call_room(value)
            assert rules.may_call(value) == (room >= 0)
            for gain in range(-12, 16):
                assert rules.may_call(value + gain) == (gain <= room), (preset, limit, value, gain)
