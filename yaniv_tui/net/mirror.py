"""A client's game: one seat's view made a whole Game, the hidden cards invented from the cards it has not seen."""

from __future__ import annotations

import random
from collections import Counter

from yaniv_tui.bots.memory import Memory
from yaniv_tui.engine import Card, Game, PlayerView, is_name
from yaniv_tui.engine.determinize import DeterminizeError, game_from_view


class MirrorError(ValueError):
    """The host's view fits no game (the host is broken or not a yaniv host); one line."""


def mirror_game(view: PlayerView, rng: random.Random) -> Game:
    """A game that looks exactly like `view` to its seat; the other hands and the deck are dealt by `rng`
    from the cards this seat has not seen (never the real ones, which it does not know).

    Cards the table saw another seat take from the pile go to that seat's hand, as in the real game. Once the
    game is over, the hands are the last round's revealed ones. MirrorError if the view fits no game.
    """
    hands, deck = _guess(view, rng)
    # Only the drawer sees the slap phase: to the others the drawer's turn goes on, which no checked game
    # shows (the turn order says the next seat plays), so that one moment is built as given.
    hidden_slap = view.phase == "turn" and bool(view.seen) and view.seen[-1].seat == view.current
    if hidden_slap and not all(is_name(name) for name in view.players):
        raise MirrorError("the host sent a player name the name rule refuses (engine.names)")
    try:
        return game_from_view(view, hands, deck, seed=rng.randrange(2**32), check=not hidden_slap)
    except DeterminizeError as error:
        raise MirrorError(f"the host's view fits no game: {error}") from None


def _guess(view: PlayerView, rng: random.Random) -> tuple[list[list[Card] | None], list[Card]]:
    """Every other seat's hand and the deck (top last), dealt from the unseen cards."""
    memory = Memory(view)
    pool = list(memory.unseen.elements())
    if view.phase == "over" and view.history:
        revealed = view.history[-1].hands
        left = Counter(pool)
        for known in memory.known:
            left.update(known)
        for seat, hand in enumerate(revealed):
            if seat != view.seat and hand is not None:
                left.subtract(hand)
        if all(count >= 0 for count in left.values()):
            pool = list(left.elements())
            rng.shuffle(pool)
            return [None if h is None else list(h) for h in revealed], pool
    rng.shuffle(pool)
    hands: list[list[Card] | None] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat or size is None:
            hands.append(None if size is None else [])
            continue
        guess = list(memory.known[seat].elements())[:size]
        while len(guess) < size and pool:
            guess.append(pool.pop())
        hands.append(guess)
    return hands, pool
