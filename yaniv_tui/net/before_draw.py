"""The table as every seat but the drawer sees it while the drawer decides on a slap-down: the turn before the draw.

Its one home: worked out from the game alone, its drawer's last play taken back (so a table resumed from a save
made in that phase, a save following every action, has it too), once for each such draw (`BeforeTheDraw`). The host
sends it to a seat or watcher joining meanwhile (host.py); a table at a screen shows it to the seats there that may
not see the draw (table/session.py).
"""

from __future__ import annotations

from yaniv_tui.engine import Card, Game, arrange_drop, drop_kind, takeable
from yaniv_tui.engine.drops import DropKind, slapped_group


class BeforeTheDraw:
    """`before_the_draw`, worked out once for each draw a game waits on and kept until the next one."""

    def __init__(self) -> None:
        self._kept: tuple[Game, tuple[int, int, int], Game] | None = None

    def of(self, game: Game) -> Game:
        """The table before the draw `game` waits on (ValueError if it waits for no slap-down decision)."""
        kept = self._kept
        # The game changes in place: the round, the turn and the deck's reshuffles name the draw it waits on.
        at = (game.round_no, game.turns, game.reshuffles)
        if kept is None or kept[0] is not game or kept[1] != at:
            kept = self._kept = (game, at, before_the_draw(game))
        return kept[2]


def before_the_draw(game: Game) -> Game:
    """A copy of `game`, which waits for its drawer's slap-down decision (phase "slap"), as it stood before the
    drawer's play: what every other seat and watcher saw last. Only what they may see is made back (the drawer's
    hand holds the drop again, in another order; a deck that ran out at this draw and was made of the pile is told
    as one card, the pile under the previous drop in card order, since its order before is nobody's to know)."""
    if game.phase != "slap" or game.slap_card is None or not game.log:
        raise ValueError("the game does not wait for a slap-down decision")
    seen = game.clone()
    last = seen.log.pop()
    drawn = game.slap_card
    hand = seen.hands[seen.current]
    assert hand is not None
    hand.remove(drawn)
    hand.extend(last.drop)
    top = _top_group(seen)
    if seen.log and len(seen.pile) == 1:
        # The draw emptied the deck, and the pile under the drop (the previous top group with it) became the deck.
        buried = list(seen.deck)
        for card in top[0] if top is not None else ():
            buried.remove(card)
        seen.pile = ([tuple(sorted(buried))] if buried else []) + ([top[0]] if top is not None else [])
        seen.deck = [drawn]
        seen.reshuffles -= 1
    else:
        seen.pile.pop()
        seen.deck.append(drawn)  # the deck's top is its last card
    if not seen.log:  # the drawer played the round's first turn: the pile is as dealt
        seen.previous_kind = "single"
        seen.takeable = seen.pile[0] if seen.pile else ()
    elif top is not None:
        seen.previous_kind = top[1]
        seen.takeable = top[0] if top[1] == "single" else takeable(top[0], top[1], game.rules)
    seen.phase = "turn"
    seen.slap_card = None
    seen.turns -= 1
    return seen


def _top_group(seen: Game) -> tuple[tuple[Card, ...], DropKind] | None:
    """The group the turn before the drawer's left on top of the pile, and its kind (None: no turn before)."""
    if not seen.log:
        return None
    turn = seen.log[-1]
    kind: DropKind = "single" if len(turn.drop) == 1 else arrange_drop(turn.drop, seen.rules)[1]
    if turn.slapped is None:
        return tuple(turn.drop), kind
    group = slapped_group(turn.drop, turn.slapped, kind)
    return group, drop_kind(group, seen.rules) or "set"
