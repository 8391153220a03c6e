"""A seat's memory of the round, made the fast way, is what Counter arithmetic over the view makes, order and all."""

from __future__ import annotations

from collections import Counter

import pytest

from yaniv_tui.bots import make_bot
from yaniv_tui.bots.memory import Memory, full_deck
from yaniv_tui.engine import Card, Game, PlayerView, hand_value, load_ruleset, swing_values

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")


def counted(view: PlayerView) -> tuple[Counter[Card], list[Counter[Card]], list[int | None], list[bool]]:
    """Memory's facts worked out the plain way: a Counter per seat, subtracted, then the counts above none."""
    n = len(view.players)
    rules = view.rules
    known: list[Counter[Card]] = [Counter() for _ in range(n)]
    cap: list[int | None] = [None] * n
    fresh = [False] * n
    high = swing_values(rules, high=True)
    for turn in view.seen:
        if turn.seat == view.seat:
            continue
        held = known[turn.seat]
        for card in [*turn.drop, *[c for c in (turn.slapped, turn.given) if c is not None]]:
            if held[card] > 0:
                held[card] -= 1
        cap[turn.seat] = hand_value(turn.drop, rules) if not rules.jack_swing else max(high[c.rank] for c in turn.drop)
        if turn.take is None:
            fresh[turn.seat] = turn.slapped is None
        else:
            held[turn.take] += 1
            fresh[turn.seat] = False
    playing = sum(1 for size in view.hand_sizes if size is not None)
    unseen = full_deck(rules, n, playing).copy()
    unseen.subtract(view.hand)
    unseen.subtract(view.discards)
    unseen.subtract(view.previous_drop)
    for held in known:
        unseen.subtract(held)
    return +unseen, [+held for held in known], cap, fresh


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seats", [2, 4])
def test_memory_is_the_counter_arithmetic_over_the_view(preset: str, seats: int) -> None:
    rules = load_ruleset(preset)
    checked = with_known = 0
    for seed in range(6):
        game = Game.new(rules, [f"P{s}" for s in range(seats)], seed=seed)
        bots = [make_bot("hard" if s % 2 else "medium") for s in range(seats)]
        turns = 0
        while not game.is_over and turns < 400:  # bounded: a game of these bots ends long before
            for seat in range(seats):
                view = game.view(seat)
                memory = Memory(view)
                unseen, known, cap, fresh = counted(view)
                # The order matters too: the expert deals its guesses from these cards in this order.
                assert list(memory.unseen.items()) == list(unseen.items())
                assert [list(k.items()) for k in memory.known] == [list(k.items()) for k in known]
                assert (memory.cap, memory.fresh) == (cap, fresh)
                checked += 1
                with_known += any(memory.known)
            game.apply(bots[game.current].choose(game.view(game.current)))
            turns += 1
    assert checked > 1000 and with_known > 100  # pile takes, kept and dropped again, among them
