"""A whole game rebuilt from one seat's view and a guess at the hidden cards, for bots that search."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .cards import Card, cards_text
from .deal import full_deck_of
from .game import Game, GameStateError, PlayerView


class DeterminizeError(ValueError):
    """Guessed hidden cards that do not fit the view: wrong hand sizes, deck size or card counts."""


def game_from_view(
    view: PlayerView,
    hands: Sequence[Sequence[Card] | None],
    deck: Sequence[Card],
    *,
    seed: int,
    check: bool = True,
) -> Game:
    """A game that looks exactly like `view` to its seat, with `hands` for the others and `deck` (top last).

    `hands[view.seat]` is ignored (the view's own hand is used). The guess must fit
    the view: every seat's hand size, the deck size, and, with the pile and the
    seat's own hand, exactly the game's cards. Chance from here on comes from
    `random.Random(seed)`. The game's log and history are the view's, so the
    result plays on as the real game would if the guess were right. The game is
    built by `Game.from_state`, so a guess that fits no real game (a card the
    table saw a seat take, missing from its hand) is refused too. `check=False`
    skips every check, for a caller that builds its guesses from the view's own
    unseen cards and samples thousands of them.
    """
    n = len(view.players)
    if len(hands) != n:
        raise DeterminizeError(f"one hand per seat: {n} seats, {len(hands)} hands")
    rules = view.rules
    pile_groups: list[tuple[Card, ...]] = []
    discards = view.discards
    if discards:
        pile_groups.append(tuple(discards))
    if view.previous_drop:  # else the pile is empty: no card was turned up and nothing is dropped yet
        pile_groups.append(tuple(view.previous_drop))
    game_hands = _hands(view, hands)
    if len(deck) != view.deck_size:
        raise DeterminizeError(f"the deck holds {view.deck_size} cards, not {len(deck)}")
    players = tuple(view.players)
    if not check:
        # The expert's own guesses, dealt from the view's unseen cards: set, not checked, as it makes thousands.
        return _unchecked(view, game_hands, list(deck), pile_groups, seed)
    playing = sum(1 for hand in game_hands if hand is not None)
    _check_cards(full_deck_of(rules, n, playing), deck, pile_groups, game_hands)
    try:
        return Game.from_state(
            rules,
            players,
            hands=game_hands,
            deck=deck,
            pile=pile_groups,
            current=view.current,
            seed=seed,
            phase=view.phase,
            slap_card=view.slap_card,
            log=view.seen,
            history=view.history,
            scores=view.scores,
            out=view.out,
            round_no=view.round_no,
            previous_kind=view.previous_kind,
            takeable=view.takeable,
        )
    except GameStateError as error:
        raise DeterminizeError(f"the guess does not fit the view: {error}") from None


def _unchecked(
    view: PlayerView, hands: list[list[Card] | None], deck: list[Card], pile: list[tuple[Card, ...]], seed: int
) -> Game:
    """The game of the view and the guess, made as given: `Game(...)` takes each field and checks nothing."""
    history = list(view.history)
    return Game(
        rules=view.rules,
        players=tuple(view.players),
        seed=seed,
        rng=random.Random(seed),
        scores=list(view.scores),
        out=list(view.out),
        hands=hands,
        deck=deck,
        pile=pile,
        previous_kind=view.previous_kind,
        takeable=tuple(view.takeable),
        current=view.current,
        phase=view.phase,
        slap_card=view.slap_card,
        log=list(view.seen),
        history=history,
        zero_wins=list(history[-1].zero_wins) if history else [0] * len(view.players),
        round_no=view.round_no,
        turns=0,
        reshuffles=0,
        dealer=None,
    )


def _hands(view: PlayerView, hands: Sequence[Sequence[Card] | None]) -> list[list[Card] | None]:
    """Every seat's hand: the view's own, and the guessed others, each of the size the view shows."""
    game_hands: list[list[Card] | None] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            # A seat that is out still watches the table: its view's hand is empty, its game hand None.
            game_hands.append(None if size is None else list(view.hand))
            continue
        hand = hands[seat]
        if size is None:
            if hand:
                raise DeterminizeError(f"seat {seat} is out and holds no cards")
            game_hands.append(None)
            continue
        if hand is None or len(hand) != size:
            raise DeterminizeError(f"seat {seat} holds {size} cards, not {0 if hand is None else len(hand)}")
        game_hands.append(list(hand))
    return game_hands


def _check_cards(
    full: tuple[Card, ...],
    deck: Sequence[Card],
    pile: list[tuple[Card, ...]],
    hands: list[list[Card] | None],
) -> None:
    counted: Counter[Card] = Counter(deck)
    for group in pile:
        counted.update(group)
    for hand in hands:
        if hand is not None:
            counted.update(hand)
    wanted = Counter(full)
    if counted != wanted:
        extra = counted - wanted
        short = wanted - counted
        raise DeterminizeError(
            f"the guess does not hold the game's cards: extra {cards_text(extra.elements()) or 'none'}, "
            f"missing {cards_text(short.elements()) or 'none'}"
        )
