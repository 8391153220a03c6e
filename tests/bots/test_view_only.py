"""Bots see only their seat's view: other seats' hidden cards and the deck's order cannot change a choice."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from yaniv_tui.bots import LEVELS, Bot, make_bot
from yaniv_tui.engine import Card, Game, load_ruleset


def same_bot(level: str) -> Bot:
    """A fresh bot of the level with a fixed seed; the expert with a fixed number of samples, not a clock."""
    if level == "expert":
        from yaniv_tui.bots.expert import ExpertBot

        return ExpertBot(seed=11, budget_ms=None, samples=24)
    return make_bot(level, seed=11)


def known_to(game: Game, viewer: int) -> list[Counter[Card]]:
    """Cards the viewer saw each other seat take from the pile this round and not drop since."""
    known: list[Counter[Card]] = [Counter() for _ in game.players]
    for turn in game.log:
        if turn.seat == viewer:
            continue
        held = known[turn.seat]
        for card in (*turn.drop, *(c for c in (turn.slapped, turn.given) if c is not None)):  # given: a joker swap
            if held[card]:
                held[card] -= 1
        if turn.take is not None:
            held[turn.take] += 1
    return known


def reshuffled_hidden(game: Game, viewer: int, rng: random.Random) -> Game:
    """The same game as the viewer sees it, with every card hidden from it dealt anew.

    Other seats keep their hand sizes and the cards the viewer saw them take; the
    rest of their cards and the deck are shuffled together and dealt back.
    """
    other = game.clone()
    known = known_to(game, viewer)
    hidden: list[Card] = list(game.deck)
    keep: dict[int, list[Card]] = {}
    for seat, hand in enumerate(game.hands):
        if seat == viewer or hand is None:
            continue
        held = known[seat].copy()
        keep[seat] = []
        for card in hand:
            if held[card] > 0:
                held[card] -= 1
                keep[seat].append(card)
            else:
                hidden.append(card)
    rng.shuffle(hidden)
    for seat, kept in keep.items():
        size = len(game.hands[seat] or [])
        fresh = [hidden.pop() for _ in range(size - len(kept))]
        other.hands[seat] = kept + fresh
    other.deck = hidden
    other.rng = random.Random(rng.random())
    return other


def positions(level: str, seats: int, preset: str, count: int) -> list[tuple[Game, int]]:
    """Game states mid-round, at the turn of seat 0, reached by medium bots."""
    rules = load_ruleset(preset)
    found: list[tuple[Game, int]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = Game.new(rules, [f"P{s}" for s in range(seats)], seed=seed, first=1)
        players = [make_bot("medium") for _ in range(seats)]
        steps = 2 * seats + seed % (3 * seats)
        for _ in range(steps):
            if game.history:
                break
            game.apply(players[game.current].choose(game.view(game.current)))
        if not game.history and game.current == 0 and game.phase == "turn":
            found.append((game, 0))
    return found


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("preset", "seats"), [("israeli", 2), ("yanivo", 4), ("seven-cards", 3)])
def test_a_choice_depends_only_on_the_view(level: str, preset: str, seats: int) -> None:
    rng = random.Random(7)
    changed_hidden = 0
    for game, seat in positions(level, seats, preset, 6):
        before = same_bot(level).choose(game.view(seat))
        for _ in range(2):
            other = reshuffled_hidden(game, seat, rng)
            changed_hidden += other.hands != game.hands
            mine, theirs = game.view(seat), other.view(seat)
            assert (mine.hand, mine.discards, mine.seen, mine.hand_sizes) == (
                theirs.hand,
                theirs.discards,
                theirs.seen,
                theirs.hand_sizes,
            )
            after = same_bot(level).choose(theirs)
            assert after == before, f"{level} chose {before} but {after} once hidden cards moved"
    assert changed_hidden, "the hidden cards really were dealt differently"
