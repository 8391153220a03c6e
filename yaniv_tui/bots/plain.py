"""The plain bot: drop the most points, take a low pile card, call Yaniv when it may."""

from __future__ import annotations

from yaniv_tui.engine import Action, CallYaniv, Card, Play, PlayerView, SlapDown, hand_value, legal_drops


class PlainBot:
    """Drops the group worth the most, takes a pile card worth `take_at_most` or less, calls Yaniv at once."""

    name = "plain"

    def __init__(self, take_at_most: int = 3) -> None:
        self.take_at_most = take_at_most

    def choose(self, view: PlayerView) -> Action:
        rules = view.rules
        if view.phase == "slap":
            assert view.slap_card is not None
            return SlapDown(view.slap_card)
        hand = view.hand
        if hand_value(hand, rules) <= rules.yaniv_limit:
            return CallYaniv()
        values = rules.rank_values
        best_worth = -(10**9)
        best_drop: tuple[Card, ...] = ()
        swing = rules.jack_swing
        for drop in legal_drops(hand, rules):
            if swing:
                worth = hand_value(drop, rules)
            elif len(drop) == 1:
                worth = values[drop[0][0]]
            else:
                worth = sum([values[c[0]] for c in drop])
            if worth > best_worth or (worth == best_worth and len(drop) > len(best_drop)):
                best_worth, best_drop = worth, drop
        # A pile card is worth taking only when it is lower than every card dropped:
        # then the hand surely gets lower, and two plain bots cannot swap cards forever.
        take = None
        low = min(self.take_at_most + 1, min([values[c[0]] for c in best_drop]))
        for card in view.takeable:
            card_worth = values[card[0]]
            if card_worth < low:
                low, take = card_worth, card
        if take is None and view.deck_size == 0:
            take = view.takeable[0]
        return Play(best_drop, take)
