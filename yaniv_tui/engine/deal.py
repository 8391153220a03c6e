"""Setting a game up and dealing: its players and seed checked, its full deck, and a round's hands, deck and pile
(the card turned up, or none), shuffled from the game's one generator."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import repeat, starmap

from .cards import Card, cards_text, standard_deck
from .ruleset import Ruleset


class GameSetupError(ValueError):
    """A game that cannot be started: wrong player count, a bad stacked deck, a bad first seat."""


#: The most digits a game's seed has: every 64-bit seed, and every seed a random deal draws (`game.UNSEEDED`). A
#: person types one of a few digits (`--seed`, the setup screen's Seed); a longer one only passes what a field, a save
#: or a record shows, so none of them takes one.
MAX_SEED_DIGITS = 20


def check_seed(seed: int) -> int:
    """A game's seed: a whole number of 0 or more (random.Random deals -5 as 5: a negative seed only looks new), of at
    most MAX_SEED_DIGITS digits; GameSetupError, one line, for any other."""
    if type(seed) is not int or seed < 0:
        raise GameSetupError(f"must be 0 or more, not {seed!r:.30}")
    if seed >= 10**MAX_SEED_DIGITS:
        try:
            digits = str(len(str(seed)))
        except ValueError:  # more digits than Python writes out
            digits = "thousands"
        raise GameSetupError(f"must be at most {MAX_SEED_DIGITS} digits, not {digits}")
    return seed


def check_setup(rules: Ruleset, players: Sequence[str], seed: int | None, first: int | None) -> tuple[str, ...]:
    """The players' names, once the count, the names, the seed and the first seat fit (GameSetupError if not)."""
    names = tuple(players)
    if not rules.min_players <= len(names) <= rules.max_players:
        raise GameSetupError(
            f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {len(names)}"
        )
    if any(not isinstance(n, str) or not n.strip() for n in names):
        raise GameSetupError("every player needs a name")
    if seed is not None:
        try:
            check_seed(seed)
        except GameSetupError as error:
            raise GameSetupError(f"the seed {error}") from None
    if first is not None and not 0 <= first < len(names):
        raise GameSetupError(f"first seat must be from 0 to {len(names) - 1}, not {first}")
    return names


#: (jokers a deck, decks) -> every card of such a game, in a fixed order; a tuple, so it is shared safely.
_FULL_DECKS: dict[tuple[int, int], tuple[Card, ...]] = {}


def full_deck_of(rules: Ruleset, players: int, playing: int | None = None) -> tuple[Card, ...]:
    """Every card of a round of a game of `players` seats under `rules` (`playing` of them still in; all by
    default), in a fixed order."""
    key = (rules.jokers_per_deck, rules.decks_for(rules.dealing_for(players, players if playing is None else playing)))
    cards = _FULL_DECKS.get(key)
    if cards is None:
        cards = _FULL_DECKS[key] = tuple(standard_deck(key[0]) * key[1])
    return cards


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle in place, drawing from `rng` only.

    Sorting on one random key per card is a uniform shuffle and several times
    faster than `random.shuffle`, whose loop runs in Python; rounds deal often.
    """
    keys = list(starmap(rng.random, repeat((), len(cards))))  # one draw a card, in order, without a Python loop
    cards[:] = map(cards.__getitem__, sorted(range(len(cards)), key=keys.__getitem__))


def deal(
    rules: Ruleset,
    out: Sequence[bool],
    rng: random.Random,
    stacked: Sequence[Card] | None = None,
) -> tuple[list[list[Card] | None], list[Card], list[tuple[Card, ...]]]:
    """A round's hands (None for a seat out), its deck (top last) and its pile: the card turned up, or empty
    where the rules turn none up.

    Cards go one at a time round the table from the first seat in, then one is
    turned up (where the rules say so), then the rest is the deck. `stacked` gives the top of that order;
    the cards not given are shuffled below it (GameSetupError: more of a card than the game has).
    """
    playing = len(out) - sum(out)
    cards = list(full_deck_of(rules, len(out), playing))
    if stacked:
        rest = Counter(cards)
        rest.subtract(stacked)
        missing = [c for c, k in rest.items() if k < 0]
        if missing:
            raise GameSetupError(
                f"the stacked deck holds more {cards_text(missing)} than this game's "
                f"{rules.decks_for(rules.dealing_for(len(out), playing))} deck(s) have"
            )
        below = list(rest.elements())
        shuffle(rng, below)
        order = list(stacked) + below
    else:
        shuffle(rng, cards)
        order = cards
    seats = [s for s in range(len(out)) if not out[s]]
    hands: list[list[Card] | None] = [None] * len(out)
    # One card at a time round the table: the k-th seat in gets every len(seats)-th card from the k-th.
    dealt = rules.hand_size * len(seats)
    for k, s in enumerate(seats):
        hands[s] = order[k : dealt : len(seats)]
    if not rules.turn_up:
        return hands, order[dealt:][::-1], []
    return hands, order[dealt + 1 :][::-1], [(order[dealt],)]
