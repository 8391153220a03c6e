"""The easy bot: a beginner who plays any legal move, without a plan."""

from __future__ import annotations

import random

from yaniv_tui.engine import JOKER, Action, CallYaniv, Card, KeepCard, Play, PlayerView, SlapDown, legal_drops


class EasyBot:
    """Drops a random legal group, takes from the deck or the pile at random, calls Yaniv when it feels like it.

    Its chance comes from its own seeded generator, never the game's, so a game
    with an easy bot replays the same from the same seeds.
    """

    name = "easy"

    def __init__(self, seed: int | None = None, call_chance: float = 0.6) -> None:
        self.rng = random.Random(seed)
        self.call_chance = call_chance

    def choose(self, view: PlayerView) -> Action:
        rng = self.rng
        if view.phase == "slap":
            assert view.slap_card is not None
            return SlapDown(view.slap_card) if rng.random() < 0.5 else KeepCard()
        if not view.hand:
            return CallYaniv()  # emptied by a slap-down: nothing to drop, so the call is the only move
        rules = view.rules
        if view.may_call and rng.random() < self.call_chance:
            return CallYaniv()
        drop = rng.choice(legal_drops(view.hand, rules))
        if view.swaps:  # the joker swap, now and then, for a card the drop leaves in hand
            given = view.swaps_after(drop)
            if given and rng.random() < 0.5:
                return Play(drop, JOKER, rng.choice(given))
        options: list[Card | None] = list(view.takeable)
        if view.deck_size > 0:
            options.extend([None] * max(1, len(options)))
        return Play(drop, rng.choice(options))
