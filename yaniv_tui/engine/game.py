"""The game: deal, turns, Yaniv calls and rounds, with every action checked before it changes anything."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from .actions import Action, CallYaniv, KeepCard, Phase, Play, SlapDown, Turn
from .cards import Card, not_a_card, parse_cards
from .checks import check_round, check_state
from .deal import GameSetupError, check_seed, check_setup, deal, shuffle
from .drops import (
    DropError,
    DropKind,
    arrange_drop,
    drop_kind,
    hand_value,
    joker_swaps,
    may_slap,
    slapped_group,
    takeable,
)
from .ruleset import Ruleset
from .scoring import RoundScore, Standing, final_standings, knocked_out_in, next_first, score_round
from .state import GameState, GameStateError, build, read_cards
from .view import PlayerView, legal_actions_for

__all__ = [
    "Action",
    "CallYaniv",
    "Game",
    "GameSetupError",
    "GameStateError",
    "IllegalActionError",
    "KeepCard",
    "Phase",
    "Play",
    "PlayerView",
    "SlapDown",
    "Turn",
    "check_seed",
]


#: Makes a Turn from a tuple of its five fields without the keyword handling of Turn(...): one a turn.
_new_turn = tuple.__new__


def _face(card: Card | None) -> str:
    return "the deck" if card is None else card.face()


#: What a turn is, said after an action that does not fit the moment.
_DROP_THEN_DRAW = "drop a card or a group, then draw"


def _not_held(card: Card, hand: Sequence[Card]) -> str:
    """Why a drop holding `card` more often than `hand` does is refused."""
    held = hand.count(card)
    if not held:
        return f"{card.face()} is not in this hand: drop only cards you hold"
    times = "once" if held == 1 else f"{held} times"
    return f"{card.face()} is in this hand only {times}: drop only cards you hold"


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the game is left exactly as it was."""


#: Seeds an unseeded game draws from: 62 bits, so any store of a 64-bit integer still holds one.
UNSEEDED = 2**62


class Game(GameState):
    """A whole game of Yaniv: its rounds, turns and scores.

    Make one with `Game.new` (a fresh deal) or `Game.from_state` (a state given, checked).
    `Game(...)` itself takes every field of `GameState` as given and checks nothing: it is the
    engine's door for a state made from one already checked (a seat's view, in `determinize`).
    """

    # -- making a game ----------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Ruleset,
        players: Sequence[str],
        *,
        seed: int | None = None,
        deck: Sequence[Card] | str | None = None,
        first: int | None = None,
    ) -> Game:
        """Seat the players and deal the first round.

        `deck` stacks the top of the deck for the first deal: cards go one at a
        time round the table from seat 0, then one is turned up (where the rules
        turn one up), then the rest is the deck, top first. Cards not given are shuffled below them.
        `first` is the seat that plays first; else the rules choose.
        """
        names = check_setup(rules, players, seed, first)
        n = len(names)
        # Unseeded, 62 bits from the system: a player who knows their own deal cannot search every seed for the
        # one that dealt it (2**32 seeds take a few core-hours), and so learn the deck and the other hands.
        seed = seed if seed is not None else random.SystemRandom().randrange(UNSEEDED)
        rng = random.Random(seed)
        dealer = None
        if first is None:
            if rules.first_player == "left_of_dealer":
                dealer = rng.randrange(n)
                first = (dealer + 1) % n
            else:
                first = rng.randrange(n)
        if rules.next_first == "left_of_last_first" and dealer is None:
            dealer = (first - 1) % n  # the deal moves round the table from the seat before the first
        stacked = parse_cards(deck) if isinstance(deck, str) else None if deck is None else list(deck)
        out = [False] * n
        hands, cards, pile = deal(rules, out, rng, stacked)
        return cls(
            rules=rules,
            players=names,
            seed=seed,
            rng=rng,
            scores=[0] * n,
            out=out,
            hands=hands,
            deck=cards,
            pile=pile,
            previous_kind="single",
            takeable=pile[0] if pile else (),
            current=first,
            phase="turn",
            slap_card=None,
            log=[],
            history=[],
            zero_wins=[0] * n,
            round_no=1,
            turns=0,
            reshuffles=0,
            dealer=dealer,
        )

    @classmethod
    def from_state(
        cls,
        rules: Ruleset,
        players: Sequence[str],
        *,
        hands: Sequence[Sequence[Card] | None],
        deck: Sequence[Card],
        pile: Sequence[Sequence[Card]],
        current: int,
        seed: int,
        phase: Phase = "turn",
        slap_card: Card | None = None,
        log: Sequence[Turn] = (),
        history: Sequence[RoundScore] = (),
        scores: Sequence[int | None] | None = None,
        out: Sequence[bool] | None = None,
        zero_wins: Sequence[int] | None = None,
        round_no: int | None = None,
        previous_kind: DropKind | None = None,
        takeable: Sequence[Card] | None = None,
        rng: random.Random | None = None,
        turns: int = 0,
        reshuffles: int = 0,
        dealer: int | None = None,
    ) -> Game:
        """A game in the state given, checked; GameStateError (one line, naming the field) creates nothing.

        `deck` is top last; `pile` its groups, the previous drop last; `log` this round's turns;
        `history` the finished rounds. Scores, who is out, the zero-hand wins and the round number
        follow from the history, and the previous drop's kind and takeable cards from the pile: left
        out they are worked out, given they must agree. `rng` (copied) carries the game's chance on,
        else a generator seeded with `seed` (kept as given: a save of an older yaniv-tui may hold a
        negative one, which `Game.new` now refuses). The state must be one play can reach: every card of the
        game's decks exactly once across hands, deck and pile; a hand for each seat still in, no more
        cards than dealt and exactly what its turns this round leave (none only after a slap-down);
        the turns in order round the table from the round's first seat, the current seat next; a card
        taken from the pile still held; a valid phase. A finished game (phase "over") builds, and
        `is_over` says so: it takes no more actions.
        """
        state = {
            "hands": hands,
            "deck": deck,
            "pile": pile,
            "current": current,
            "seed": seed,
            "phase": phase,
            "slap_card": slap_card,
            "log": log,
            "history": history,
            "scores": scores,
            "out": out,
            "zero_wins": zero_wins,
            "round_no": round_no,
            "previous_kind": previous_kind,
            "takeable": takeable,
            "rng": rng,
            "turns": turns,
            "reshuffles": reshuffles,
            "dealer": dealer,
        }
        return check_state(build(cls, rules, players, state))

    def set_cards(
        self,
        *,
        hands: Sequence[Sequence[Card] | None] | None = None,
        deck: Sequence[Card] | None = None,
        pile: Sequence[Sequence[Card]] | None = None,
    ) -> Game:
        """Give the round under way these cards (a part left out stays as it is) and return the game: a deal's
        hands, deck (top last) and pile as a record says they were dealt, or the deck's order after a reshuffle.

        Checked as `Game.from_state` checks a state, with the same errors, but for the finished rounds: the game
        holds them checked already (they were when it was made, or played), so this takes a time of the round's
        size, not the game's. GameStateError (one line, naming the field) changes nothing."""
        changes = read_cards(self, hands, deck, pile)
        check_round(dataclasses.replace(self, **changes))
        for name, value in changes.items():
            setattr(self, name, value)
        return self

    def _deal(self, first: int) -> None:
        self.hands, self.deck, self.pile = deal(self.rules, self.out, self.rng)
        self.previous_kind = "single"
        self.takeable = self.pile[0] if self.pile else ()
        self.current = first
        self.phase = "turn"
        self.slap_card = None
        self.log = []
        self.round_no += 1

    def clone(self, rng: random.Random | None = None) -> Game:
        """An independent copy, random generator included; with `rng`, the copy's chance comes from it instead
        (a searching bot plays one guessed world again and again, from the same seed each time)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        if rng is None:
            rng = random.Random(0)  # a seed, so no bytes are read from the system: the state is set next
            rng.setstate(self.rng.getstate())
        other.rng = rng
        other.scores = list(self.scores)
        other.out = list(self.out)
        other.hands = [None if h is None else list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.pile = list(self.pile)
        other.log = list(self.log)
        other.history = list(self.history)
        other.zero_wins = list(self.zero_wins)
        return other

    # -- reading it ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the game (several share an equal lowest); () while it goes on."""
        return self.history[-1].winners if self.is_over else ()

    def standings(self) -> tuple[Standing, ...]:
        """The final standings, best first, equal seats sharing a place (`final_standings`); while the game
        goes on, the order so far with no winner."""
        return final_standings(self.scores, self.winners, self.out, knocked_out_in(self.history, len(self.out)))

    @property
    def previous_drop(self) -> tuple[Card, ...]:
        """The group on top of the pile; () for a pile that is empty (no card turned up, nothing dropped yet)."""
        return self.pile[-1] if self.pile else ()

    def seats_in(self) -> list[int]:
        return [s for s in range(len(self.players)) if not self.out[s]]

    def hand(self, seat: int) -> tuple[Card, ...]:
        hand = self.hands[seat]
        return () if hand is None else tuple(hand)

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know now."""
        if not 0 <= seat < len(self.players):
            raise ValueError(f"no seat {seat}: seats are 0 to {len(self.players) - 1}")
        return PlayerView(self, seat)

    def watcher_view(self) -> PlayerView:
        """What anyone at the table may know now, and no more: every public fact, no seat's hand, nor whether the
        card just drawn matches (`PlayerView.without_hand` of the seat to play). A watcher's view, and a screen's
        that shows no hand."""
        return self.view(self.current).without_hand()

    def legal_actions(self) -> list[Action]:
        """The current seat's legal actions."""
        hand = self.hands[self.current] or []
        return legal_actions_for(
            self.rules, self.phase, hand, self.takeable, bool(self.deck), self.slap_card, self._swaps()
        )

    def _swaps(self) -> dict[Card, int]:
        """The natural cards the current seat may give for a joker inside the run just dropped (`joker_swaps`)."""
        return joker_swaps(self.previous_drop, self.previous_kind, self.rules) if self.rules.joker_swap else {}

    # -- acting -------------------------------------------------------------------------

    def apply(self, action: Action) -> Game:
        """Carry out the current seat's action and return the game; IllegalActionError changes nothing."""
        if self.phase == "over":
            raise IllegalActionError("the game is over")
        if isinstance(action, Play):
            self._play(action)
        elif isinstance(action, CallYaniv):
            self._call()
        elif isinstance(action, SlapDown):
            self._slap(action)
        elif isinstance(action, KeepCard):
            if self.phase != "slap":
                raise IllegalActionError(f"there is no drawn card to keep or slap down: {_DROP_THEN_DRAW}")
            self.slap_card = None
            self._next_turn()
        else:
            raise IllegalActionError(f"not an action: {action!r}")
        self.turns += 1
        return self

    def _slap_first(self) -> str:
        assert self.slap_card is not None
        return f"first slap down {self.slap_card.face()} or keep it"

    def _play(self, action: Play) -> None:
        if self.phase == "slap":
            raise IllegalActionError(self._slap_first())
        drop = action.drop
        wrong = not_a_card([*drop, *(card for card in (action.take, action.given) if card is not None)])
        if wrong:
            raise IllegalActionError(wrong)
        current = self.current
        hand = self.hands[current]
        assert hand is not None
        rest = list(hand)
        for card in drop:
            try:
                rest.remove(card)
            except ValueError:
                raise IllegalActionError(_not_held(card, hand)) from None
        rules = self.rules
        kind: DropKind
        if len(drop) == 1:
            kind = "single"
        else:
            try:
                drop, kind = arrange_drop(drop, rules)
            except DropError as error:
                raise IllegalActionError(str(error)) from None
        take = action.take
        deck = self.deck
        given = action.given
        if given is not None:
            self._check_swap(take, given, rest)
        elif take is None:
            if not deck:
                raise IllegalActionError("the deck is empty: take a card of the previous drop")
        elif not self.takeable:
            raise IllegalActionError(f"{take.face()} cannot be taken: the pile is empty, so draw from the deck")
        elif take not in self.takeable:
            allowed = " or ".join(c.face() for c in self.takeable)
            raise IllegalActionError(
                f"{take.face()} cannot be taken: take {allowed} from the previous drop, or the deck"
            )

        # Legal: from here on nothing can fail.
        pile = self.pile
        if given is not None:
            assert take is not None
            drawn = take
            rest.remove(given)
            group = list(pile[-1])
            group[self._swaps()[given]] = given  # the run stays a run, the natural card in the joker's place
            pile[-1] = tuple(group)
        elif take is None:
            drawn = deck.pop()
        else:
            drawn = take
            group = list(pile[-1])
            group.remove(take)
            pile[-1] = tuple(group)
        rest.append(drawn)
        self.hands[current] = rest
        pile.append(drop)
        self.previous_kind = kind
        self.takeable = drop if kind == "single" else takeable(drop, kind, rules)
        self.log.append(_new_turn(Turn, (current, drop, take, None, given)))
        if not deck:
            self._reshuffle()
        if (
            take is None
            and rules.slap_down
            and (rules.slap_last_card or len(rest) > 1)
            and may_slap(drop, kind, drawn, rules)
        ):
            self.phase = "slap"
            self.slap_card = drawn
            return
        # _next_turn written out, as every play ends here (the phase is "turn" already).
        n = len(self.players)
        seat = (current + 1) % n
        while self.out[seat]:
            seat = (seat + 1) % n
        self.current = seat

    def _check_swap(self, take: Card | None, given: Card, rest: list[Card]) -> None:
        """A joker swap the rules allow: IllegalActionError (one line) says why not."""
        if not self.rules.joker_swap:
            raise IllegalActionError("the joker swap is not played under these rules: take a card or draw")
        if take is None or not take.is_joker:
            raise IllegalActionError(
                f"a joker swap takes a joker, not {_face(take)}: "
                "take a joker from inside the run just dropped for the card given"
            )
        if given not in self._swaps():
            top = " ".join(c.face() for c in self.previous_drop) or "nothing"
            raise IllegalActionError(
                f"{given.face()} stands for no joker inside the run just dropped ({top}): "
                "a joker at a run's end, or after a single or a set, is not swapped"
            )
        if given not in rest:
            raise IllegalActionError(f"{given.face()} is not in this hand besides the drop: give a card you keep")

    def _slap(self, action: SlapDown) -> None:
        if self.phase != "slap":
            raise IllegalActionError(
                f"a slap-down is only for the card just drawn from the deck when it matches the drop: {_DROP_THEN_DRAW}"
            )
        if action.card != self.slap_card:
            drawn = _face(self.slap_card)
            raise IllegalActionError(f"only {drawn}, just drawn, may be slapped down: slap down {drawn} or keep it")
        hand = self.hands[self.current]
        assert hand is not None
        hand.remove(action.card)
        group = slapped_group(self.pile[-1], action.card, self.previous_kind)
        self.pile[-1] = group
        kind = drop_kind(group, self.rules) or "set"
        self.previous_kind = kind
        self.takeable = takeable(group, kind, self.rules)
        last = self.log[-1]
        self.log[-1] = Turn(last.seat, last.drop, last.take, action.card, last.given)
        self.slap_card = None
        if not hand and self.rules.empty_hand == "wins_at_once":
            self._end_round(self.current)  # the emptied hand wins the round at once
            return
        self._next_turn()

    def _reshuffle(self) -> None:
        buried = [c for group in self.pile[:-1] for c in group]
        if not buried:
            return
        shuffle(self.rng, buried)
        self.deck = buried
        self.pile = [self.pile[-1]]
        self.reshuffles += 1

    def _next_turn(self) -> None:
        self.phase = "turn"
        n = len(self.players)
        seat = (self.current + 1) % n
        while self.out[seat]:
            seat = (seat + 1) % n
        self.current = seat

    def _call(self) -> None:
        if self.phase == "slap":
            raise IllegalActionError(self._slap_first())
        hand = self.hands[self.current]
        assert hand is not None
        value = hand_value(hand, self.rules)
        if not self.rules.may_call(value):
            raise IllegalActionError(
                f"the hand is worth {value}: Yaniv may be called at {self.rules.yaniv_limit} or less; "
                "drop cards to lower it"
            )
        self._end_round(self.current)

    def _end_round(self, caller: int) -> None:
        """Score the round `caller` ends (a call, or a hand emptied under `empty_hand = "wins_at_once"`), then
        end the game or deal the next round."""
        result = score_round(self.rules, self.scores, self.hands, caller, zero_wins=self.zero_wins)
        self.history.append(result)
        self.scores = list(result.scores)
        self.zero_wins = list(result.zero_wins)
        for seat in result.eliminated:
            self.out[seat] = True
        if result.game_over:
            self.phase = "over"
            self.hands = [None if h is None else list(h) for h in result.hands]
            return
        first, self.dealer = next_first(self.rules, result, self.out, self.dealer)
        self._deal(first)
