"""Every bot level and the hint under the joker swap (`take.joker_swap`, issue 31 item 7; DenverCoder1/CPP-Yaniv's
CAN_SWAP_JOKER, as tests/engine/test_joker_swap.py reads it): none crashes or stalls, medium and up swap a card
worth more than the joker, and what a seat gave away is no longer counted in its hand."""

from __future__ import annotations

import dataclasses

import pytest
from playing import deal

from yaniv_tui.bots import make_bot
from yaniv_tui.bots.hint import explain, suggest
from yaniv_tui.bots.memory import Memory
from yaniv_tui.engine import BOT_LEVELS, JOKER, Game, Play, Ruleset, parse_cards

SWAP = Ruleset(joker_swap=True)
SIX = parse_cards("6H")[0]


def after_run(rules: Ruleset = SWAP) -> Game:
    """P0 dropped 5H JK 7H; P1 holds the 6H the joker stands for, and a king to drop."""
    game = deal(rules, ["5H JK 7H KD 2H", "6H KS 2C 9D 3S"], up="AS", deck="4D 9S 8C 6C 10D")
    return game.apply(Play(parse_cards("5H JK 7H")))


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_medium_and_up_give_a_six_for_the_joker(level: str) -> None:
    game = after_run()
    action = make_bot(level, seed=1, samples=8).choose(game.view(1))
    assert isinstance(action, Play) and action.take == JOKER and action.given == SIX, action
    game.apply(action)


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_without_the_rule_no_level_swaps(level: str) -> None:
    game = after_run(Ruleset())
    action = make_bot(level, seed=1, samples=8).choose(game.view(1))
    assert not (isinstance(action, Play) and action.given is not None)
    game.apply(action)


def test_a_card_worth_no_more_than_the_joker_is_not_given_by_the_medium_bot() -> None:
    game = after_run(dataclasses.replace(SWAP, card_values=(("6H", 0),)))
    action = make_bot("medium", seed=1).choose(game.view(1))
    assert isinstance(action, Play) and action.given is None


def test_the_easy_bot_swaps_now_and_then_and_only_legally() -> None:
    swapped = 0
    for seed in range(40):
        game = after_run()
        action = make_bot("easy", seed=seed).choose(game.view(1))
        assert action in game.legal_actions()
        swapped += isinstance(action, Play) and action.given is not None
    assert 0 < swapped < 40


def test_the_hint_suggests_the_swap_and_says_why() -> None:
    game = after_run()
    hint = suggest(game.view(1), seed=3, samples=8, budget_ms=None, face=lambda c: c.code)
    assert hint.action == Play(parse_cards("KS"), JOKER, SIX)
    assert hint.line.startswith("drop KS (10 points off), give 6H for the joker inside the run"), hint.line
    assert "your hand goes 6 lower" in explain(game.view(1), hint.action, lambda c: c.code)


def test_a_card_taken_then_given_away_is_no_longer_known_in_the_hand() -> None:
    """Seat 1 took the 6H from the pile, then gave it for a joker: seat 0 knows it holds the joker, not the 6H."""
    game = deal(SWAP, ["6H 5H JK 7H KD", "KS 2C 9D 3S QC"], up="AS", deck="4D 9S 8C 6C 10D")
    game.apply(Play(parse_cards("6H")))  # P0 drops the 6H and draws
    game.apply(Play(parse_cards("KS"), SIX))  # P1 takes it
    assert Memory(game.view(0)).known[1][SIX] == 1
    game.apply(Play(parse_cards("5H JK 7H")))  # P0 drops a run, the joker standing for the 6H
    game.apply(Play(parse_cards("QC"), JOKER, SIX))  # P1 gives the 6H for it
    memory = Memory(game.view(0))
    assert memory.known[1][JOKER] == 1 and memory.known[1][SIX] == 0
    assert memory.unseen[SIX] == 0 and memory.unseen[JOKER] == 1  # the 6H lies in the pile; one joker of two known


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_plays_whole_rounds_with_swaps_about(level: str) -> None:
    """Seeded games of the level beside a medium bot, under jokers that only fill gaps (so every joker of a run may
    be swapped) and eight jokers: no crash, no stall, only legal actions, and turns that met a joker to swap (the
    card it stands for is rarely in the hand: the choice itself is tested above)."""
    rules = dataclasses.replace(SWAP, joker_ends=False, jokers_per_deck=4, decks=2)
    met = 0
    for seed in range(3):
        game = Game.new(rules, ["A", "B", "C"], seed=seed)
        bots = [make_bot(level, seed=seed, samples=2), make_bot("medium"), make_bot(level, seed=seed + 1, samples=2)]
        for _ in range(600):
            if len(game.history) >= 2 or game.is_over:
                break
            view = game.view(game.current)
            met += bool(view.swaps)
            action = bots[game.current].choose(view)
            assert action in view.legal_actions
            game.apply(action)
        assert len(game.history) >= 2 or game.is_over
    assert met > 0
