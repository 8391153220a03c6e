"""The keys of a human's turn: choose cards, drop them, take, call Yaniv, slap down; each checked by the engine."""

from __future__ import annotations

import secrets
from collections import Counter
from typing import TYPE_CHECKING

from textual.binding import Binding

from yaniv_tui.engine import (
    JOKER,
    CallYaniv,
    Card,
    DropError,
    IllegalActionError,
    KeepCard,
    Play,
    SlapDown,
    arrange_drop,
    hand_value,
)
from yaniv_tui.store import UndoError

if TYPE_CHECKING:
    from yaniv_tui.engine import Action, Game, Ruleset

    from ..session import Session

#: The stages of a human's turn, and which actions each allows.
STAGE_OF_ACTION = {
    "choose": {"choose"},
    "cursor": {"choose"},
    "toggle_card": {"choose"},
    "sort": {"choose"},
    "drop": {"choose"},
    "yaniv": {"choose"},
    "yaniv_refused": {"choose"},
    "take": {"take"},
    "take_deck": {"take"},
    "back": {"choose", "take"},
    "slap": {"slap"},
    "keep": {"slap"},
    "undo": {"choose", "take", "slap"},
}
#: What a hand emptied by a slap-down cannot do: it has no card to choose or drop, only Yaniv to call.
NEEDS_A_CARD = frozenset(("choose", "cursor", "toggle_card", "sort", "drop", "back"))


def fresh_seed() -> int:
    """A seed no one can foresee, from the system's entropy (undo draws the unseen cards anew with it)."""
    return secrets.randbits(64)


def digit_bindings(action: str, description: str, shown: str = "1-9") -> list[Binding]:
    """`1` shown as `1-9` in the footer; `2`..`9` do the same with their number, unseen."""
    first = Binding("1", f"{action}(1)", description, key_display=shown)
    return [first] + [Binding(str(n), f"{action}({n})", description, show=False) for n in range(2, 10)]


class TurnActions:
    """The actions behind the table's bindings; mixed into TableScreen, which draws and runs the game."""

    game: Game
    session: Session
    rules: Ruleset
    stage: str
    chosen: set[int]
    cursor: int
    drop: tuple[Card, ...]
    message: str
    sort_by: str
    fresh: dict[int, Card]

    if TYPE_CHECKING:  # provided by TableScreen

        def refresh_table(self) -> None: ...

        def _acted(self, seat: int) -> None: ...

        def _say(self, message: str) -> None: ...

        def _start_turn(self, seat: int) -> None: ...

        def save(self) -> None: ...

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        stages = STAGE_OF_ACTION.get(action)
        if stages is None:
            return True
        if self.stage not in stages:
            return False
        if action in NEEDS_A_CARD and not self.game.hand(self.game.current):
            return False
        if action == "undo":
            return self.session.why_no_undo() is None
        if action in ("yaniv", "yaniv_refused"):
            allowed = hand_value(self.game.hand(self.game.current), self.rules) <= self.rules.yaniv_limit
            return allowed if action == "yaniv" else not allowed
        return True

    def _hand(self) -> tuple[Card, ...]:
        return self.hand_of(self.game.current)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """A hand in the order it is shown: by rank (sets side by side) or by suit (runs side by side)."""
        hand = self.game.hand(seat)
        if self.sort_by == "suit":
            return tuple(sorted(hand, key=lambda c: (c.suit, c.rank)))
        return tuple(sorted(hand, key=lambda c: (c.rank, c.suit)))

    def action_sort(self) -> None:
        """Show the hand by suit or by rank; the chosen cards stay chosen."""
        hand = self._hand()
        chosen = [hand[i] for i in self.chosen if i < len(hand)]
        self.sort_by = "suit" if self.sort_by == "rank" else "rank"
        shown = self._hand()
        self.chosen = set()
        for card in chosen:
            index = next(i for i, c in enumerate(shown) if c == card and i not in self.chosen)
            self.chosen.add(index)
        self.refresh_table()

    def action_choose(self, number: int) -> None:
        hand = self._hand()
        if number > len(hand):
            self._say(f"there is no card {number}: your hand has {len(hand)} cards")
            return
        self.cursor = number - 1
        self._toggle(number - 1)

    def action_cursor(self, step: int) -> None:
        hand = self._hand()
        if hand:
            self.cursor = (self.cursor + step) % len(hand)
        self.refresh_table()

    def action_toggle_card(self) -> None:
        self._toggle(self.cursor)

    def _toggle(self, index: int) -> None:
        self.message = ""
        self.chosen ^= {index}
        self.refresh_table()

    def action_drop(self) -> None:
        hand = self._hand()
        cards = [hand[i] for i in sorted(self.chosen) if i < len(hand)]
        if not cards:
            self._say("choose the cards to drop first: 1-9, or ←→ and space")
            return
        try:
            drop, _ = arrange_drop(cards, self.rules)
        except DropError as error:
            self._say(str(error))
            return
        self.drop = drop
        self.message = ""
        self.stage = "take"
        self.refresh_table()

    def action_back(self) -> None:
        self.message = ""
        if self.stage == "take":
            self.stage = "choose"
            self.drop = ()
        else:
            self.chosen = set()
        self.refresh_table()

    def _play(self, take: Card | None) -> None:
        seat = self.game.current
        kept = Counter(self.game.hand(seat)) - Counter(self.drop)
        round_no = self.game.round_no
        if not self._apply(Play(self.drop, take)):
            return
        drawn = list((Counter(self.game.hand(seat)) - kept).elements())
        if drawn and self.game.round_no == round_no:
            self.fresh[seat] = drawn[0]
        self._acted(seat)

    def action_take_deck(self) -> None:
        self._play(None)

    def action_take(self, number: int) -> None:
        takeable = self.game.takeable
        if number > len(takeable):
            which = "1" if len(takeable) == 1 else f"1 to {len(takeable)}"
            self._say(f"there is no marked card {number} in the previous drop: take {which}, or 0 for the deck")
            return
        self._play(takeable[number - 1])

    def _call(self) -> None:
        seat = self.game.current
        if self._apply(CallYaniv()):
            self._acted(seat)

    def action_yaniv(self) -> None:
        self._call()

    def action_yaniv_refused(self) -> None:
        self._call()

    def action_slap(self) -> None:
        seat = self.game.current
        card = self.game.slap_card
        if self._apply(SlapDown(card if card is not None else JOKER)):
            self._acted(seat)

    def action_keep(self) -> None:
        seat = self.game.current
        if self._apply(KeepCard()):
            self._acted(seat)

    def _apply(self, action: Action) -> bool:
        """A human's action, checked by the engine; the game just before it is kept for undo."""
        before = self.game.clone()
        try:
            self.game.apply(action)
        except IllegalActionError as error:
            self._say(str(error))
            return False
        self.session.undo.checkpoint(before)
        return True

    def action_undo(self) -> None:
        """Back to just before your last move (against bots only); the bots start afresh from there.

        What the player has not seen is drawn anew, so an undo never tells what comes next: the deck
        is shuffled again and the bots get fresh seeds (the deck's next card and their replies differ).
        """
        session = self.session
        try:
            game = session.undo.undo(self.game, session.meta)
        except UndoError as error:
            self._say(f"cannot undo: {error}")
            return
        game.reshuffle_unseen(fresh_seed())
        session.game = self.game = game
        session.make_bots(fresh_seed())
        self.fresh.clear()
        self.message = ""
        self.save()
        self._start_turn(game.current)

    def action_undo_refused(self) -> None:
        reason = self.session.why_no_undo() if self.stage != "wait" else "wait for your turn"
        self._say(f"cannot undo: {reason or 'wait for your turn'}")
