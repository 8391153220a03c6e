"""A seat's view of the game: its own hand, every public fact, and its legal actions."""

from __future__ import annotations

import copy
from collections.abc import Collection, Sequence

from .actions import Action, CallYaniv, KeepCard, Phase, Play, SlapDown, Turn, plays_of
from .cards import JOKER, Card
from .drops import DropKind, hand_value, joker_swaps, legal_drops
from .ruleset import Ruleset
from .scoring import RoundScore, Standing, final_standings, knocked_out_in
from .state import GameState


class PlayerView:
    """What one seat may know: its own hand, every public fact, never another seat's cards."""

    __slots__ = (
        "_history",
        "_history_len",
        "_legal",
        "_log",
        "_log_len",
        "_pile",
        "_pile_len",
        "current",
        "deck_size",
        "hand",
        "hand_shown",
        "hand_sizes",
        "out",
        "phase",
        "players",
        "previous_drop",
        "previous_kind",
        "round_no",
        "rules",
        "scores",
        "seat",
        "slap_card",
        "takeable",
    )

    def __init__(self, game: GameState, seat: int) -> None:
        # Built for every turn of every game a bot plays: read each game field once.
        hands = game.hands
        pile = game.pile
        log = game.log
        history = game.history
        current = game.current
        phase = game.phase
        mine = current == seat
        self.seat = seat
        self.players = game.players
        self.rules = game.rules
        hand = hands[seat]
        self.hand: tuple[Card, ...] = () if hand is None else tuple(hand)
        #: Whether this is `seat`'s own view, its hand shown; False for what anyone at the table sees
        #: (`without_hand`, `Game.watcher_view`): then `hand` is () and no seat's cards are in it.
        self.hand_shown = True
        self.hand_sizes: tuple[int | None, ...]
        self.hand_sizes = tuple([None if h is None else len(h) for h in hands])
        self.deck_size = len(game.deck)
        #: The pile's top group; () while the pile is empty (no card turned up, nothing dropped yet).
        self.previous_drop: tuple[Card, ...] = pile[-1] if pile else ()
        self.previous_kind: DropKind = game.previous_kind
        self.takeable: tuple[Card, ...] = game.takeable
        self._pile = pile
        self._pile_len = len(pile)
        self.scores: tuple[int | None, ...] = tuple(game.scores)
        self.out: tuple[bool, ...] = tuple(game.out)
        self.current = current
        # Whether the drawn card matched is the drawer's secret until they slap it down.
        self.phase: Phase = "turn" if phase == "slap" and not mine else phase
        self.slap_card: Card | None = game.slap_card if mine else None
        self.round_no = game.round_no
        # The game only appends to these lists (a new round gets a new log), so a
        # length marks what this view may see without copying them every turn.
        self._log = log
        self._log_len = len(log)
        self._history = history
        self._history_len = len(history)
        self._legal: list[Action] | None = None if mine and phase != "over" else []

    @classmethod
    def given(
        cls,
        *,
        rules: Ruleset,
        players: Sequence[str],
        seat: int,
        hand: Sequence[Card],
        hand_sizes: Sequence[int | None],
        deck_size: int,
        discards: Sequence[Card],
        previous_drop: Sequence[Card],
        previous_kind: DropKind,
        takeable: Sequence[Card],
        scores: Sequence[int | None],
        out: Sequence[bool],
        current: int,
        phase: Phase,
        slap_card: Card | None,
        round_no: int,
        seen: Sequence[Turn],
        history: Sequence[RoundScore],
    ) -> PlayerView:
        """A view given field by field, as another machine sent it; nothing is checked here.

        Every field means what the attribute of the same name means (`seen` is this round's turns). To check
        that the fields fit one game, build the game: `determinize.game_from_view` refuses a view no game has.
        """
        view = cls.__new__(cls)
        view.seat = seat
        view.players = tuple(players)
        view.rules = rules
        view.hand = tuple(hand)
        view.hand_shown = True
        view.hand_sizes = tuple(hand_sizes)
        view.deck_size = deck_size
        view.previous_drop = tuple(previous_drop)
        view.previous_kind = previous_kind
        view.takeable = tuple(takeable)
        pile = [tuple(discards), view.previous_drop] if discards else [view.previous_drop] if previous_drop else []
        view._pile = pile
        view._pile_len = len(pile)
        view.scores = tuple(scores)
        view.out = tuple(out)
        view.current = current
        view.phase = phase
        view.slap_card = slap_card
        view.round_no = round_no
        view._log = list(seen)
        view._log_len = len(view._log)
        view._history = list(history)
        view._history_len = len(view._history)
        view._legal = None if current == seat and phase != "over" else []
        return view

    def without_hand(self) -> PlayerView:
        """This view with its seat's own cards left out (its hand, the card it drew): what anyone at the table
        knows, for a screen that shows no hand (a hand passed between players at one screen, a bots' game)."""
        view = copy.copy(self)
        view.hand = ()
        view.hand_shown = False
        view.slap_card = None
        view.phase = "turn" if self.phase == "slap" else self.phase
        view._legal = []
        return view

    @property
    def seen(self) -> tuple[Turn, ...]:
        """Every turn of this round so far, as the table saw it."""
        return tuple(self._log[: self._log_len])

    @property
    def history(self) -> tuple[RoundScore, ...]:
        """Every finished round, hands revealed."""
        return tuple(self._history[: self._history_len])

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the game, as its last round's public record says; () while it goes on."""
        history = self.history
        return history[-1].winners if self.phase == "over" and history else ()

    def standings(self) -> tuple[Standing, ...]:
        """The standings as everyone at the table sees them (`final_standings`): final once the game is over."""
        return final_standings(self.scores, self.winners, self.out, knocked_out_in(self.history, len(self.out)))

    @property
    def discards(self) -> tuple[Card, ...]:
        """Cards buried in the discard pile, under the previous drop: they go back into the deck when it runs out."""
        # Groups below the top one never change until a reshuffle, which makes a new pile list.
        return tuple(c for group in self._pile[: self._pile_len - 1] for c in group)

    @property
    def hand_value(self) -> int:
        return hand_value(self.hand, self.rules)

    @property
    def may_call(self) -> bool:
        """Whether this seat's hand is low enough to call Yaniv (on its turn, before dropping)."""
        return self.rules.may_call(hand_value(self.hand, self.rules))

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to play now; never in a view without its hand (nobody plays from one)."""
        return self.hand_shown and self.current == self.seat and self.phase != "over"

    @property
    def can_take_deck(self) -> bool:
        return self.deck_size > 0

    @property
    def legal_actions(self) -> list[Action]:
        """This seat's legal actions now; empty when it is not this seat's turn."""
        if self._legal is None:
            self._legal = legal_actions_for(
                self.rules, self.phase, self.hand, self.takeable, self.deck_size > 0, self.slap_card, self.swaps
            )
        return self._legal

    @property
    def swaps(self) -> tuple[Card, ...]:
        """Under the joker swap (`take.joker_swap`), the natural cards this seat may give for a joker inside the
        run just dropped, whether or not it holds them; () without the rule or such a joker."""
        if not self.rules.joker_swap:
            return ()
        return tuple(joker_swaps(self.previous_drop, self.previous_kind, self.rules))

    def swaps_after(self, drop: Sequence[Card]) -> list[Card]:
        """The cards of `swaps` this seat may give once it drops `drop`: those its hand still holds then."""
        return givable(self.hand, drop, self.swaps)


def givable(hand: Sequence[Card], drop: Sequence[Card], swaps: Collection[Card]) -> list[Card]:
    """The cards of `swaps` (`joker_swaps`) a hand still holds once it drops `drop`: those it may give for a joker."""
    return [card for card in swaps if hand.count(card) > drop.count(card)]


def legal_actions_for(
    rules: Ruleset,
    phase: Phase,
    hand: Sequence[Card],
    takes: Sequence[Card],
    deck: bool,
    slap_card: Card | None,
    swaps: Collection[Card] = (),
) -> list[Action]:
    """Every legal action of the seat to play, from what that seat knows; `swaps` the natural cards the joker swap
    lets it give for a joker of the previous drop (`joker_swaps`)."""
    if phase == "over":
        return []
    if phase == "slap":
        assert slap_card is not None
        return [SlapDown(slap_card), KeepCard()]
    actions: list[Action] = []
    if rules.may_call(hand_value(hand, rules)):
        actions.append(CallYaniv())
    options: list[Card | None] = [None] if deck else []
    options.extend(takes)
    held = [card for card in swaps if card in hand]
    if not held:
        actions += plays_of(legal_drops(hand, rules), options)
        return actions
    for drop in legal_drops(hand, rules):
        actions += plays_of((drop,), options)
        actions.extend(Play(drop, JOKER, given) for given in givable(hand, drop, held))
    return actions
