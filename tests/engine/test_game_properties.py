"""Whole games under every preset, checked after every action: no card made or lost, only legal actions, games end."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Action, CallYaniv, Game, Ruleset, load_ruleset, preset_paths, ruleset_from_dict

#: Every shipped preset, the four seed families and the five programs' tables.
PRESETS = tuple(sorted(preset_paths()))
#: A game that has not ended after this many actions never will.
MAX_ACTIONS = 20_000


class RandomPlayer:
    """Any legal action at random, but Yaniv whenever it may be called, so that rounds end."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, legal: list[Action]) -> Action:
        if CallYaniv() in legal:
            return CallYaniv()
        return self.rng.choice(legal)


@dataclass
class Table:
    rules: Ruleset
    players: int
    seed: int
    random_seats: tuple[bool, ...]


def house_rules() -> Ruleset:
    """The house rules the presets leave off, all at once: slap-down, any card taken, wild sets, the bonus."""
    return ruleset_from_dict(
        {
            "drops": {"slap_down": True, "jokers_in_sets": True},
            "take": {"from_set": "any", "from_run": "any"},
            "bonus": {"zero_hand_wins": 2},
            "yaniv": {"limit": 7},
        },
        ruleset_id="house",
    )


@st.composite
def tables(draw: st.DrawFn, mix: bool, rules: Ruleset | None = None) -> Table:
    chosen = rules if rules is not None else load_ruleset(draw(st.sampled_from(PRESETS)))
    players = draw(st.integers(chosen.min_players, chosen.max_players))
    seed = draw(st.integers(0, 2**32 - 1))
    if mix:
        random_seats = tuple(draw(st.lists(st.booleans(), min_size=players, max_size=players)))
    else:
        random_seats = (False,) * players
    return Table(chosen, players, seed, random_seats)


def play_out(table: Table) -> Game:
    """Play a whole game, checking every invariant after every action."""
    game = Game.new(table.rules, [f"P{s}" for s in range(table.players)], seed=table.seed)
    full = Counter(game.full_deck())
    assert sum(full.values()) == table.rules.deck_size_for(table.players)
    bot = MediumBot()
    randoms = RandomPlayer(table.seed)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        seat = game.current
        legal = game.legal_actions()
        assert legal, "the player to act always has a legal action"
        action = randoms.choose(legal) if table.random_seats[seat] else bot.choose(game.view(seat))
        assert action in legal, f"{action} was not among the legal actions"
        sizes = [None if h is None else len(h) for h in game.hands]
        round_no = game.round_no
        game.apply(action)

        # No card is ever created or lost: every card is in exactly one hand, the deck or the pile.
        assert game.cards_in_play() == full
        # Hands never grow within a round.
        if game.round_no == round_no:
            for before, hand in zip(sizes, game.hands, strict=True):
                assert (hand is None) == (before is None)
                assert hand is None or before is None or len(hand) <= before
        assert all(score is None or score >= 0 for score in game.scores)
    assert game.is_over, f"no end after {MAX_ACTIONS} actions"
    left = [s for s in range(table.players) if not game.out[s]]
    if table.rules.end_mode == "elimination" and left:
        assert game.winners == tuple(left) and len(left) == 1, "the last player left wins"
    else:
        pool = left or list(game.history[-1].eliminated)
        best = min(game.scores[s] or 0 for s in pool)
        assert game.winners == tuple(s for s in pool if game.scores[s] == best), "the lowest score wins"
    return game


@settings(max_examples=60, deadline=None)
@given(tables(mix=False))
def test_plain_bot_games_keep_every_card_and_end(table: Table) -> None:
    """Plain bots at 2 to 8 seats under every preset: no card made or lost, only legal actions, every game ends."""
    play_out(table)


@settings(max_examples=60, deadline=None)
@given(tables(mix=True))
def test_random_players_keep_every_card_and_end(table: Table) -> None:
    """Random legal actions mixed with plain bots reach every corner of the rules; the invariants still hold."""
    play_out(table)


@settings(max_examples=25, deadline=None)
@given(tables(mix=True, rules=house_rules()))
def test_house_rule_games_keep_every_card_and_end(table: Table) -> None:
    """With the slap-down and other house rules on, the invariants hold too."""
    play_out(table)
