"""Every bot level plays only legal actions, under every preset, at 2 to 8 seats, with the slap-down on or off."""

from __future__ import annotations

import dataclasses

import pytest

from yaniv_tui.bots import LEVELS, make_bot
from yaniv_tui.engine import Game, load_ruleset

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")


def test_levels_run_weakest_first() -> None:
    assert LEVELS == ("easy", "medium", "hard", "expert")


def test_an_unknown_level_is_refused_with_the_levels_named() -> None:
    with pytest.raises(ValueError, match="easy, medium, hard, expert"):
        make_bot("grandmaster")


@pytest.mark.parametrize("slap_down", [False, True], ids=["plain", "slap-down"])
@pytest.mark.parametrize("preset", PRESETS)
def test_every_level_plays_only_legal_actions(preset: str, slap_down: bool) -> None:
    rules = dataclasses.replace(load_ruleset(preset), slap_down=slap_down)
    slaps_offered = 0
    for seats in range(rules.min_players, rules.max_players + 1):
        # Every level sits at every table size, starting from a different seat each time.
        levels = [LEVELS[(seat + seats) % len(LEVELS)] for seat in range(seats)]
        bots = [make_bot(level, seed=seats * 10 + seat, budget_ms=1) for seat, level in enumerate(levels)]
        game = Game.new(rules, [f"P{seat}" for seat in range(seats)], seed=seats, first=0)
        while game.round_no <= 2 and not game.is_over:
            seat = game.current
            legal = game.legal_actions()
            slaps_offered += game.phase == "slap"
            action = bots[seat].choose(game.view(seat))
            assert action in legal, f"{levels[seat]} at seat {seat} chose {action}, not legal now"
            game.apply(action)
        assert game.history, "a round ended with a Yaniv call"
    if slap_down:
        assert slaps_offered, "the slap-down came up, so bots were asked about it"


def test_an_expert_on_a_number_of_guesses_has_no_clock() -> None:
    bot = make_bot("expert", seed=1, samples=7)
    assert bot.samples == 7 and bot.budget_ms is None  # type: ignore[attr-defined]
    timed = make_bot("expert", seed=1)
    assert timed.samples is None and timed.budget_ms == 200.0  # type: ignore[attr-defined]


def test_a_level_loads_only_its_own_module_so_a_table_of_medium_bots_never_loads_the_search() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from yaniv_tui.bots import make_bot; make_bot('medium'); "
        "print(sorted(m for m in sys.modules if m.startswith('yaniv_tui.bots.')))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "yaniv_tui.bots.medium" in loaded
    assert "yaniv_tui.bots.expert" not in loaded and "yaniv_tui.bots.hard" not in loaded

    from yaniv_tui import bots

    assert bots.ExpertBot.__name__ == "ExpertBot" and bots.DEFAULT_BUDGET_MS > 0
