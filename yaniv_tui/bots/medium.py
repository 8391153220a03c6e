"""The medium bot: drop the most points, take a low pile card, call Yaniv when it may."""

from __future__ import annotations

from yaniv_tui.engine import JOKER, Action, CallYaniv, Play, PlayerView, SlapDown

from .heaviest import heaviest_drop


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
        if view.swaps:
            # The joker swap: the hand sheds the card given and gains the joker, surely lower when the card is
            # worth more (and every joker of a run is a card the next run may need).
            joker = rules.value_of(JOKER)
            given = [card for card in view.swaps_after(best_drop) if rules.value_of(card) > joker]
            if given:
                return Play(best_drop, JOKER, max(given, key=rules.value_of))
        values = rules.rank_values
        own = rules.own_values  # cards with a value of their own: rarely any, so the rank's value is read first
        # A pile card is worth taking only when it is lower than every card dropped:
        # then the hand surely gets lower, and two medium bots cannot swap cards forever.
        take = None
        low = self.take_at_most + 1
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
