"""What a seat can know of the hidden cards, read from its view alone: unseen cards and cards known in other hands."""

from __future__ import annotations

from collections import Counter

from yaniv_tui.engine import Card, PlayerView, Ruleset, full_deck_of, hand_value, swing_values

_FULL_DECKS: dict[tuple[int, int], Counter[Card]] = {}


def full_deck(rules: Ruleset, players: int, playing: int | None = None) -> Counter[Card]:
    """Every card of a round of a game of `players` seats (`playing` of them still in) under `rules`, counted
    (shared: do not change it)."""
    playing = players if playing is None else playing
    key = (rules.jokers_per_deck, rules.decks_for(rules.dealing_for(players, playing)))
    deck = _FULL_DECKS.get(key)
    if deck is None:
        deck = Counter(full_deck_of(rules, players, playing))
        _FULL_DECKS[key] = deck
    return deck


class Memory:
    """The cards a seat has seen this round, as facts about where the rest may be.

    `known[s]` holds the cards seat `s` took from the pile and has not dropped since;
    `unseen` is every card neither in this seat's hand, nor visible on the pile, nor
    known in another hand: the deck and the others' unknown cards share it.
    `cap[s]` is the worth of the last drop of seat `s` this round (None before it
    dropped): a player who drops high keeps cards worth at most about that much.
    `fresh[s]` is whether seat `s` took its last card from the deck, unseen.
    """

    __slots__ = ("cap", "fresh", "known", "pile_takes", "unseen")

    def __init__(self, view: PlayerView) -> None:
        # Made for every move of every bot in every play-out of the expert's search: plain dicts and loops
        # here, each a Counter only at the end (in the order a Counter's own arithmetic would leave it).
        n = len(view.players)
        rules = view.rules
        known: list[dict[Card, int]] = [{} for _ in range(n)]
        cap: list[int | None] = [None] * n
        last_drop: list[tuple[Card, ...] | None] = [None] * n  # each seat's last drop this round: its cap
        fresh = [False] * n
        pile_takes = [0] * n
        me = view.seat
        high = swing_values(rules, high=True)
        swing = rules.jack_swing
        for seat, drop, take, slapped, given in view.seen:
            if seat == me:
                continue
            held = known[seat]
            if held:
                for card in drop:
                    if held.get(card, 0) > 0:
                        held[card] -= 1
                if slapped is not None and held.get(slapped, 0) > 0:
                    held[slapped] -= 1
                if given is not None and held.get(given, 0) > 0:
                    held[given] -= 1  # the joker swap: a card known in the hand given for the joker
            last_drop[seat] = drop
            if take is None:
                fresh[seat] = slapped is None
            else:
                held[take] = held.get(take, 0) + 1
                fresh[seat] = False
                pile_takes[seat] += 1
        for seat, last in enumerate(last_drop):
            if last is not None:
                cap[seat] = hand_value(last, rules) if not swing else max(high[c.rank] for c in last)
        playing = sum(1 for size in view.hand_sizes if size is not None)
        # Every card of the round less those seen, in the full deck's order; a card whose count would fall to
        # none (or below, in a view no game has) is taken out.
        unseen = dict(full_deck(rules, n, playing))
        seen = [(card, 1) for cards in (view.hand, view.discards, view.previous_drop) for card in cards]
        for held in known:
            seen.extend(held.items())
        for card, count in seen:
            left = unseen.get(card)
            if left is not None and count:
                if left > count:
                    unseen[card] = left - count
                else:
                    del unseen[card]
        self.unseen = Counter(unseen)
        self.known = [
            Counter({card: count for card, count in held.items() if count > 0}) if held else Counter() for held in known
        ]
        self.cap = cap
        self.fresh = fresh
        self.pile_takes = pile_takes

    def next_seat(self, view: PlayerView) -> int:
        """The seat that plays after this one (seats out are skipped)."""
        n = len(view.players)
        seat = (view.seat + 1) % n
        while view.out[seat] and seat != view.seat:
            seat = (seat + 1) % n
        return seat

    def opponents(self, view: PlayerView) -> list[int]:
        return [s for s in range(len(view.players)) if s != view.seat and not view.out[s]]
