"""Whole seeded games under every preset, each action judged by the independent reading of RULES.md
(`rules_oracle.py`) before the engine sees it: the engine takes exactly the actions the rules allow, and an action
it refuses changes nothing at all; cards are conserved, a hand changes size only as the rules say, the one seeded
generator makes a game repeat exactly, and every preset plays its games to their end."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from typing import Any

import pytest
import rules_oracle as oracle
from builders import rebuilt
from hypothesis import given, settings
from hypothesis import strategies as st
from playing import snapshot

from yaniv_tui.engine import (
    JOKER,
    CallYaniv,
    Card,
    Game,
    IllegalActionError,
    KeepCard,
    Play,
    Ruleset,
    SlapDown,
    load_ruleset,
)
from yaniv_tui.engine.actions import Action
from yaniv_tui.engine.deal import full_deck_of

PRESETS = (
    "bga",
    "cpp-yaniv",
    "fuzzymango",
    "israeli",
    "jdross",
    "seven-cards",
    "sursis",
    "yaniv-games",
    "yanivo",
)
#: A game that has not ended after this many actions is a failure.
MAX_ACTIONS = 6000


def rules_allow(game: Game, action: Action) -> bool:
    """Whether RULES.md (the oracle's reading) allows the action now, from the game's public facts and the hand."""
    rules = game.rules
    hand = game.hands[game.current] or []
    if game.phase == "slap":
        return isinstance(action, KeepCard) or (isinstance(action, SlapDown) and action.card == game.slap_card)
    if isinstance(action, CallYaniv):
        return oracle.hand_value(hand, rules) <= rules.yaniv_limit
    if not isinstance(action, Play):
        return False
    drop = action.drop
    if Counter(drop) - Counter(hand) or not oracle.kinds(drop, rules):
        return False
    if action.given is not None:
        return swap_allowed(game, action, hand)
    if action.take is None:
        return bool(game.deck)
    previous = game.pile[-1] if game.pile else ()
    if not previous:
        return False
    kind = "single" if len(previous) == 1 else game.previous_kind
    return action.take in oracle.takeable_cards(previous, kind, rules)


def swap_allowed(game: Game, action: Play, hand: list[Card]) -> bool:
    """The joker swap (`take.joker_swap`, CPP-Yaniv): the next player takes a joker from inside the run just
    dropped, not at its ends, giving from the hand they keep the natural card that joker stands for."""
    previous = game.pile[-1] if game.pile else ()
    if not game.rules.joker_swap or action.take != JOKER or len(previous) < 3 or game.previous_kind != "run":
        return False
    suit = next(c.suit for c in previous if c.rank)
    start = next(c.rank - i for i, c in enumerate(previous) if c.rank)
    inside = {Card(start + i, suit) for i in range(1, len(previous) - 1) if previous[i] == JOKER}
    kept = Counter(hand) - Counter(action.drop)
    return action.given in inside and kept[action.given] > 0


def may_slap_now(game: Game, drop: tuple[Card, ...], kind: str, drawn: Card, hand_after: int) -> bool:
    """Whether the rules offer a slap-down of the card just drawn from the deck onto the drop just made."""
    rules = game.rules
    if not rules.slap_down or (hand_after == 1 and not rules.slap_last_card):
        return False
    if kind == "run":
        if not rules.slap_runs or drawn.rank == 0:
            return False
        suit = next(c.suit for c in drop if c.rank)
        first = next(c.rank - i for i, c in enumerate(drop) if c.rank)
        return drawn.suit == suit and drawn.rank in (first - 1, first + len(drop))
    if kind == "set" and rules.slap_after == "single":
        return False
    ranks = {c.rank for c in drop if c.rank} or {0}
    if drawn.rank == 0 and not rules.slap_jokers:
        return False
    return ranks == {drawn.rank}


def candidates(game: Game, rng: random.Random) -> list[Action]:
    """Some actions, legal or not: drops of a few cards of the hand (or a card not in it), each take."""
    hand = game.hands[game.current] or []
    found: list[Action] = [CallYaniv(), KeepCard()]
    if game.slap_card is not None:
        found.append(SlapDown(game.slap_card))
    found.append(SlapDown(rng.choice(hand) if hand else JOKER))
    previous = game.pile[-1] if game.pile else ()
    takes: list[Card | None] = [None, *dict.fromkeys(previous), Card(rng.randint(1, 13), rng.choice("CDHS")), JOKER]
    for _ in range(6):
        k = rng.randint(1, min(5, len(hand))) if hand else 1
        drop = tuple(rng.sample(hand, k)) if hand else (JOKER,)
        if rng.random() < 0.1:
            drop = (*drop, Card(rng.randint(1, 13), rng.choice("CDHS")))
        found.append(Play(drop, rng.choice(takes)))
    if JOKER in previous and hand:  # a joker swap, given a card of the hand for the joker (right or wrong)
        given = rng.choice(hand)
        found.append(Play((rng.choice(hand),), JOKER, given))
        found.append(Play((rng.choice(hand),), JOKER, Card(given.rank, rng.choice("CDHS"))))
    return found


def play_checked(preset: str | Ruleset, players: int, seed: int, *, judged: bool = True) -> list[dict[str, Any]]:
    """Play a whole game, every action judged by the rules first; returns the state after each action. Not `judged`:
    the same actions chosen (the rules' judgments draw no chance), the game's own checks only, for a game played
    again to see that it repeats, whose every state the first play judged."""
    rules = load_ruleset(preset) if isinstance(preset, str) else preset
    game = Game.new(rules, [f"P{i}" for i in range(players)], seed=seed)
    chooser = random.Random(seed)
    states = [snapshot(game)]
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            return states
        # The game as it is now, taken once a turn: every refused action below is checked to leave it so.
        before = states[-1]
        for action in candidates(game, chooser):
            allowed = judged and rules_allow(game, action)
            try:
                game.apply(action)
            except IllegalActionError as error:
                if judged:
                    assert not allowed, f"{preset}: the rules allow {action} but the engine says {error}"
                    assert str(error) and "\n" not in str(error)
                    assert snapshot(game) == before, f"{preset}: refusing {action} changed the game"
                continue
            if judged:
                assert allowed, f"{preset}: the engine took {action}, which the rules do not allow"
                check_after(game, before, action)
                if game.turns % 4 == 0:
                    check_rebuilt(game)
            states.append(snapshot(game))
            break
        else:
            legal = game.legal_actions()
            assert legal, f"{preset}: no legal action in phase {game.phase}"
            if judged:
                check_listed(game, legal)
                assert game.view(game.current).legal_actions == legal, "the seat's view lists other actions"
            call = [a for a in legal if isinstance(a, CallYaniv)]
            action = call[0] if call and chooser.random() < 0.6 else chooser.choice(legal)
            if judged:
                assert rules_allow(game, action), f"{preset}: the engine lists {action}, which the rules do not allow"
            game.apply(action)
            if judged:
                check_after(game, before, action)
            states.append(snapshot(game))
    raise AssertionError(f"{preset} with {players} players, seed {seed}: no end after {MAX_ACTIONS} actions")


def check_rebuilt(game: Game) -> None:
    """Every state play reaches is one `Game.from_state` takes, and rebuilds exactly (what it works out included)."""
    assert snapshot(rebuilt(game, derived=True)) == snapshot(game)


def check_listed(game: Game, legal: list[Action]) -> None:
    """The engine lists every action the rules allow on a turn, and no other (joker swaps aside)."""
    if game.phase != "turn":
        return
    rules = game.rules
    hand = game.hands[game.current] or []
    previous = game.pile[-1] if game.pile else ()
    kind = "single" if len(previous) == 1 else game.previous_kind
    takes: set[Card | None] = set(oracle.takeable_cards(previous, kind, rules)) if previous else set()
    if game.deck:
        takes.add(None)
    drops: set[tuple[Card, ...]] = set()
    for k in range(1, len(hand) + 1):
        drops.update(tuple(sorted(d)) for d in itertools.combinations(hand, k) if oracle.kinds(d, rules))
    expected: set[tuple[object, Card | None]] = {(d, t) for d in drops for t in takes}
    if oracle.hand_value(hand, rules) <= rules.yaniv_limit:
        expected.add(("call", None))
    listed = {
        ("call", None) if isinstance(a, CallYaniv) else (tuple(sorted(a.drop)), a.take)
        for a in legal
        if isinstance(a, CallYaniv) or (isinstance(a, Play) and a.given is None)
    }
    assert listed == expected, f"listed but not allowed: {listed - expected}; allowed, not listed: {expected - listed}"


def check_after(game: Game, before: dict[str, Any], action: Action) -> None:
    """Cards conserved and in one place each; the hand's size changed only as the action allows."""
    full = Counter(full_deck_of(game.rules, len(game.players), sum(h is not None for h in game.hands)))
    if not game.is_over:
        assert game.cards_in_play() == full, "cards made or lost"
    seat = before["current"]
    old_hand = before["hands"][seat]
    round_over = game.round_no != before["round_no"] or game.is_over
    if round_over:
        assert isinstance(action, (CallYaniv, SlapDown)), "a round ended without a call"
        if isinstance(action, CallYaniv) and not game.rules.bonus_zero_wins and not game.rules.reset_jokers_held:
            settled = oracle.settle(game.rules, before["scores"], before["hands"], seat)
            result = game.history[-1]
            assert (result.scores, result.winner, frozenset(result.eliminated)) == (
                settled.scores,
                settled.starter,
                settled.out,
            ), f"a round scored {result.scores}, the rules say {settled.scores}"
            assert game.is_over == settled.game_over
        if not game.is_over:
            assert all(h is None or len(h) == game.rules.hand_size for h in game.hands)
            assert game.log == []
            check_new_round(game, before, seat)
        return
    new_hand = game.hands[seat] or []
    if isinstance(action, Play):
        gave = 0 if action.given is None else 1  # a joker swap gives a card for the joker it takes
        assert len(new_hand) == len(old_hand) - len(action.drop) + 1 - gave
        if game.phase == "slap":
            assert game.current == seat and action.take is None
            assert game.slap_card == new_hand[-1] == before["deck"][-1]
        laid = game.pile[-1]
        assert Counter(laid) == Counter(action.drop)
        check_reshuffle(game, before, action)
        if action.take is None:
            drawn = before["deck"][-1]
            kind = "single" if len(laid) == 1 else game.previous_kind
            expected = may_slap_now(game, laid, kind, drawn, len(new_hand))
            assert (game.phase == "slap") == expected, f"slap-down offered: {game.phase}, rules: {expected}"
    elif isinstance(action, SlapDown):
        assert len(new_hand) == len(old_hand) - 1
    elif isinstance(action, KeepCard):
        assert new_hand == old_hand
    if game.phase == "turn":
        assert game.current != seat or sum(not o for o in game.out) == 1


def check_new_round(game: Game, before: dict[str, Any], seat: int) -> None:
    """A round dealt after the round `seat` ended: the card turned up alone on the pile (none without `turn_up`),
    the rest face down, and the seat the rules name to start: the round's winner, its caller, or the seat after the
    one that started the round just played (`next_first`), passed on to the next seat still in."""
    rules = game.rules
    result = game.history[-1]
    if rules.turn_up:
        assert len(game.pile) == 1 and len(game.pile[0]) == 1 and game.takeable == game.pile[0]
    else:
        assert game.pile == [] and game.takeable == ()
    if rules.next_first == "round_winner":
        start = result.winner
    elif rules.next_first == "caller":
        start = seat
    else:
        started = before["log"][0].seat if before["log"] else seat  # a call on the round's first turn: the caller
        start = started + 1
    n = len(game.players)
    while game.out[start % n]:
        start += 1
    assert game.current == start % n, f"{rules.next_first}: seat {game.current} starts, the rules say {start % n}"


def check_reshuffle(game: Game, before: dict[str, Any], action: Play) -> None:
    """When the deck runs out the pile, but for the group on top (the drop just made), is shuffled into a new deck;
    with nothing below the top group the deck stays empty and the next player takes from the drop."""
    if before["deck"][:-1] if action.take is None else before["deck"]:
        return  # cards are left to draw
    buried = Counter(card for group in before["pile"] for card in group)
    if action.take is not None and action.given is None:
        buried[action.take] -= 1
    elif action.given is not None:
        buried[JOKER] -= 1
        buried[action.given] += 1
    buried = +buried
    if buried:
        assert game.pile == [game.pile[-1]] and Counter(game.deck) == buried
        assert game.reshuffles == before["reshuffles"] + 1
    else:
        assert game.deck == [] and game.reshuffles == before["reshuffles"]


@pytest.mark.slow  # about 20 s on the shared 2-core machine
@settings(max_examples=18, deadline=None, derandomize=True)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 2**31), players=st.integers(2, 8))
def test_games_take_exactly_the_rules_actions(preset: str, seed: int, players: int) -> None:
    rules = load_ruleset(preset)
    players = max(rules.min_players, min(players, rules.max_players))
    play_checked(preset, players, seed)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_plays_a_seeded_game_to_its_end_and_again_exactly(preset: str) -> None:
    rules = load_ruleset(preset)
    players = min(4, rules.max_players)
    first = play_checked(preset, players, 2026)
    again = play_checked(preset, players, 2026, judged=False)
    assert first == again
    assert first[-1]["phase"] == "over"


#: The play keys' other values: each game below turns some of them on over a preset.
HOUSE_KEYS: dict[str, tuple[object, ...]] = {
    "jokers_in_sets": (True, False),
    "joker_set": (True, False),
    "joker_ends": (True, False),
    "run_min_natural": (1, 2),
    "spare_joker": ("as_laid", "before_first"),
    "slap_down": (True, False),
    "slap_jokers": (True, False),
    "slap_after": ("single_or_set", "single"),
    "slap_runs": (True, False),
    "slap_last_card": (True, False),
    "take_from_set": ("ends", "any"),
    "take_from_run": ("ends", "any"),
    "turn_up": (True, False),
    "next_first": ("round_winner", "caller", "left_of_last_first"),
    "yaniv_limit": (3, 5, 7, 10),
    "empty_hand": ("call_next_turn", "wins_at_once"),
}


@pytest.mark.slow  # about 8 s on the shared 2-core machine
@settings(max_examples=10, deadline=None, derandomize=True)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 2**31), data=st.data())
def test_house_rule_games_take_exactly_the_rules_actions(preset: str, seed: int, data: st.DataObject) -> None:
    rules = load_ruleset(preset)
    changes = {
        key: data.draw(st.sampled_from(values)) for key, values in HOUSE_KEYS.items() if data.draw(st.booleans())
    }
    rules = dataclasses.replace(rules, **changes)  # type: ignore[arg-type]
    players = data.draw(st.integers(rules.min_players, min(rules.max_players, 5)))
    play_checked(rules, players, seed)
