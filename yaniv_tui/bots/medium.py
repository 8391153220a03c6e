"""The medium bot: drop the most points, take a low pile card, call Yaniv when it may."""

from __future__ import annotations

from yaniv_tui.engine import JOKER, Action, CallYaniv, Play, PlayerView, SlapDown, card_values, hand_value

from .heaviest import heaviest_drop, swapped


class MediumBot:
    """Drops the group worth the most, takes a pile card worth `take_at_most` or less, calls Yaniv at once."""

    name = "medium"

    def __init__(self, take_at_most: int = 3) -> None:
        self.take_at_most = take_at_most

    def choose(self, view: PlayerView) -> Action:
        rules = view.rules
        if view.phase == "slap":
            assert view.slap_card is not None
            return SlapDown(view.slap_card)
        if not view.hand:
            return CallYaniv()  # emptied by a slap-down: nothing to drop, so the call is the only move
        if view.may_call:
            return CallYaniv()
        best_drop, _ = heaviest_drop(view.hand, rules)
        rest = list(view.hand)
        for card in best_drop:
            rest.remove(card)
        if view.swaps:
            # The joker swap: the hand sheds the card given and gains the joker, worth it when the hand gets lower
            # as the engine counts it (and every joker of a run is a card the next run may need).
            kept = hand_value(rest, rules)
            after = {card: hand_value(swapped(rest, card), rules) for card in view.swaps_after(best_drop)}
            given = [card for card, value in after.items() if value < kept]
            if given:
                return Play(best_drop, JOKER, min(given, key=after.__getitem__))
        # A pile card is worth taking only when it is lower than every card dropped:
        # then the hand surely gets lower, and two medium bots cannot swap cards forever.
        take = None
        low = self.take_at_most + 1
        if rules.jack_swing:
            # A jack is worth what the hand counts it: each card dropped its part in the hand it leaves, a card
            # taken what it adds to the hand it joins (engine.card_values, engine.hand_value).
            parts = card_values(view.hand, rules)
            for card in best_drop:
                low = min(low, parts[view.hand.index(card)])
            kept = hand_value(rest, rules)
            for card in view.takeable:
                card_worth = hand_value([*rest, card], rules) - kept
                if card_worth < low:
                    low, take = card_worth, card
        else:
            values = rules.rank_values
            own = rules.own_values  # cards with a value of their own: rarely any, so the rank's value is read first
            for card in best_drop:
                card_worth = rules.value_of(card) if own else values[card[0]]
                if card_worth < low:
                    low = card_worth
            for card in view.takeable:
                card_worth = rules.value_of(card) if own else values[card[0]]
                if card_worth < low:
                    low, take = card_worth, card
        if take is None and view.deck_size == 0:
            take = view.takeable[0]
        return Play(best_drop, take)
