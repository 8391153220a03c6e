"""The expert bot: samples the hidden cards its view allows, plays its best candidate moves forward, keeps the best."""

from __future__ import annotations

import math
import random
import time

from yaniv_tui.engine import (
    Action,
    CallYaniv,
    Card,
    Game,
    PlayerView,
    Ruleset,
    SlapDown,
    Turn,
    hand_value,
    swing_values,
)
from yaniv_tui.engine.determinize import game_from_view

from .hard import HardBot
from .heaviest import WorthMemo, worth_memo
from .lookahead import Lookahead
from .measures import Odds
from .memory import Memory
from .standing import GameSense

#: The expert's thinking time a move unless told otherwise.
DEFAULT_BUDGET_MS = 200.0
#: A play-out that has not come back to the expert's turn after this many turns is judged as it stands.
ROLLOUT_TURNS = 80
#: How many of its ranker's best plays it searches.
CANDIDATES = 4
#: It leaves its ranking's first play only for one that did better on average by this many standard errors.
MARGIN = 2.0
#: It calls Yaniv on a call its ranker finds worth more than minus this slack: heads-up, and at a table of more.
CALL_SLACK = 8.0
TABLE_SLACK = -3.0
#: Its ranker's weights: the next drop counted fully, the hand held now counted more when an opponent may call,
#: an opponent's kept cards likelier low (the hard bot's measure; bots/hard.py).
SHED_WEIGHT = 1.0
THREAT_WEIGHT = 0.5
LEAN = 0.2
#: How much likelier low than high its guesses deal each player's kept cards (benchmarks/assaf_calibration.py).
GUESS_LEAN = 0.2

World = tuple[list[list[Card] | None], list[Card]]


class ExpertBot:
    """A searcher over guesses at the hidden cards, from its seat's view alone.

    Each move it ranks its plays by the hard bot's measure with its own weights (`ranker`), ranks
    the best few again by what its next turn can make of each (bots/lookahead.py), and calls
    Yaniv where the ranker finds the call worth more than minus a slack (`CALL_SLACK` heads-up,
    `TABLE_SLACK` at a table of more). Then, until its budget is spent, it deals the hidden cards
    anew in a way that fits its view (`guess_hidden`) and plays every candidate forward in each
    guess, the others answering as hard bots, until its turn comes round: a hand is judged by its
    value less what its next drop sheds, a round that ends by what it does to the chance to win
    the game (bots/standing.py). It leaves its ranking's first play only for one that did
    clearly better (`MARGIN`).

    `budget_ms` is its thinking time a move; `samples` caps its guesses a move (with `budget_ms`
    None it takes exactly that many, so a seeded game replays the same on any machine). Its
    design, and the variants measured and dropped with their figures: docs/bots.md.
    """

    name = "expert"

    def __init__(
        self, seed: int | None = None, *, budget_ms: float | None = DEFAULT_BUDGET_MS, samples: int | None = None
    ) -> None:
        if budget_ms is None and samples is None:
            raise ValueError("the expert needs a time budget, a number of samples, or both")
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.samples = samples
        # Played alone, its ranker beats the hard bot: 53.5% of 2,000 games (benchmarks/ranker.py).
        self.ranker = HardBot(shed_weight=SHED_WEIGHT, threat_weight=THREAT_WEIGHT, lean=LEAN)
        self.model = HardBot()  # it takes the others for plain hard bots
        self.lookahead = Lookahead(shed_weight=self.ranker.shed_weight, callable_bonus=self.ranker.callable_bonus)
        self._option_seconds = 0.0  # the longest an option took to play out in one guess, lately
        self._sense: GameSense | None = None  # what the game makes of points at this move's scores
        self._heaviest: WorthMemo | None = None  # the hands its play-outs have judged

    def choose(self, view: PlayerView) -> Action:
        started = time.perf_counter()
        if view.phase == "slap":
            assert view.slap_card is not None
            return SlapDown(view.slap_card)
        if not view.hand:
            return CallYaniv()  # emptied by a slap-down: nothing to drop, so the call is the only move
        memory = Memory(view)
        odds = Odds(memory.unseen, view.rules)
        self._sense = GameSense(view.rules, view.scores, view.seat, view.out)
        # A twentieth of the budget is kept back for what follows the search and for a busy machine.
        deadline = None if self.budget_ms is None else started + 0.95 * self.budget_ms / 1000
        ranked = self.ranker.best_plays(view, memory, odds, CANDIDATES)
        # A third of the budget at most for the second look: the search needs the rest.
        third = None if deadline is None else started + (deadline - started) / 3
        plays: list[Action] = list(self.lookahead.rerank(view.hand, ranked, memory.unseen, odds, view.rules, third))
        if view.may_call:
            worth = self.ranker.call_worth(view, memory, odds)
            slack = CALL_SLACK if len(memory.opponents(view)) <= 1 else TABLE_SLACK
            # Playing on gives every other seat a turn to call first: a call worth a little less than
            # nothing beats it. Measured against the hard bot, this won more rounds than searching the call.
            if worth > self.ranker.margin_now(view) - slack:
                return CallYaniv()
        if len(plays) == 1:
            return plays[0]
        # Then which play: each candidate met by the others' replies, and the hands judged as they then stand.
        return plays[self._search(view, memory, plays, deadline)]

    def _search(self, view: PlayerView, memory: Memory, options: list[Action], deadline: float | None) -> int:
        """The index of the option that did best over guessed worlds (the first unless another is clearly better)."""
        totals = [0.0] * len(options)
        squares = [0.0] * len(options)  # of the difference from the first option, for the margin
        done = 0
        # The longest one guess has taken: another starts only if it would end in time. Before the first
        # guess of a move, the guesses of the moves before tell (per option played out).
        slowest = self._option_seconds * len(options)
        while self.samples is None or done < self.samples:
            now = time.perf_counter()
            if deadline is not None and now + 1.25 * slowest > deadline:
                break
            hands, deck = guess_hidden(view, memory, self.rng)
            seed = self.rng.getrandbits(32)
            # The guessed world, made once: each option plays on a copy of it, its chance from the same seed.
            world = guessed_world(view, hands, deck, seed=seed)
            first = 0.0
            for i, option in enumerate(options):
                value = self._play_out(view, world.clone(random.Random(seed)), option)
                totals[i] += value
                if i == 0:
                    first = value
                else:
                    squares[i] += (value - first) ** 2
            done += 1
            slowest = max(slowest, time.perf_counter() - now)
        if done:
            self._option_seconds = max(slowest / len(options), 0.8 * self._option_seconds)
        best = 0
        if done >= 2:
            best_edge = 0.0
            for i in range(1, len(options)):
                edge = (totals[i] - totals[0]) / done
                spread = (max(0.0, squares[i] / done - edge * edge) / done) ** 0.5
                if edge > MARGIN * spread and edge > best_edge:
                    best, best_edge = i, edge
        return best

    def _play_out(self, view: PlayerView, game: Game, option: Action) -> float:
        """What `option` is worth in `game`, a guessed world of `view` (played on here), to this seat.

        The others answer as hard bots until this seat's turn comes round; then every hand is judged by
        the ranker's measure (its value less what its next drop sheds), the seat's against the others'
        mean. A round that ends before is judged by what it does to the seat's chance to win the game.
        """
        me = view.seat
        rounds = len(game.history)
        game.apply(option)
        turns = 0
        while len(game.history) == rounds and not game.is_over and turns < ROLLOUT_TURNS:
            if game.current != me:
                game.apply(self.model.choose(game.view(game.current)))
            elif game.phase == "turn":
                break
            else:  # its own drawn card, offered for a slap-down: it slaps
                assert game.slap_card is not None
                game.apply(SlapDown(game.slap_card))
            turns += 1
        if len(game.history) > rounds:
            assert self._sense is not None
            return self._sense.round_worth(game.history[rounds])
        rules = view.rules
        heaviest = self._heaviest = worth_memo(self._heaviest, rules, swing_values(rules, high=True))
        judged = [None if h is None else self._measure(h, heaviest) for h in game.hands]
        mine = judged[me] or 0.0
        others = [v for s, v in enumerate(judged) if v is not None and s != me]
        return (sum(others) / len(others) - mine) if others else 0.0

    def _measure(self, hand: list[Card], heaviest: WorthMemo) -> float:
        ranker = self.ranker
        rules = heaviest.rules
        value = hand_value(hand, rules)
        cost = value - ranker.shed_weight * heaviest(hand)
        return cost - ranker.callable_bonus if rules.may_call(value) else cost


# -- guessing the hidden cards ----------------------------------------------------------------


def guessed_world(view: PlayerView, hands: list[list[Card] | None], deck: list[Card], *, seed: int) -> Game:
    """The game of `view` with `hands` and `deck` guessed (`game_from_view`, unchecked: made from the view's own
    unseen cards), chance from `seed` on, and the dealer the view knows.

    Under `left_of_last_first` the next round starts after the seat that started this one (`scoring.next_first`,
    from the dealer); everyone saw who that was: the round's first turn, or the seat to play when none is played
    yet. The seat before it stands for the dealer, as `Game.new` makes it: the first seat in after it is the same.
    Other rules start the next round without the dealer.
    """
    world = game_from_view(view, hands, deck, seed=seed, check=False)
    if view.rules.next_first == "left_of_last_first":
        seen = view.seen
        first = seen[0].seat if seen else view.current
        world.dealer = (first - 1) % len(view.players)
    return world


def guess_hidden(view: PlayerView, memory: Memory, rng: random.Random, lean: float = GUESS_LEAN) -> World:
    """Other seats' hands and the deck, dealt from the unseen cards so they fit the view.

    Every hand size, the cards each player was seen to take and the unseen cards are kept;
    a player's cards kept through its last drop are no higher than that drop, and low ones
    likelier than high by `lean` (players keep their low cards, drop after drop).
    """
    rules = view.rules
    pool = list(memory.unseen.elements())
    rng.shuffle(pool)
    worth = rules.rank_values
    keep = [0.85 * math.exp(-lean * w) for w in worth]
    last_turns = _last_turns(view)
    hands: list[list[Card] | None] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat or size is None:
            hands.append(None if size is None else [])
            continue
        known = list(memory.known[seat].elements())
        unknown = size - len(known)
        cap = memory.cap[seat]
        free = 1 if (memory.fresh[seat] or cap is None) else 0
        kept = unknown - free
        hand = list(known)
        if kept > 0 and cap is not None:
            # Players shed their highest cards: what they kept through their last drop is mostly no higher.
            low = [i for i, card in enumerate(pool) if worth[card[0]] <= cap]
            take = [i for i in low if rng.random() < keep[pool[i][0]]][:kept]
            for i in sorted(take, reverse=True):
                hand.append(pool.pop(i))
        while len(hand) < size:
            hand.append(pool.pop())
        last = last_turns.get(seat)
        if last is not None and _could_have_called(hand, last, rules):
            # The guesses once dealt such a hand again by a chance drawn here (a `belief`, measured and dropped:
            # docs/bots.md). The draw is still taken, so a seed plays the games it always has (sim_digest.py).
            rng.random()
        hands.append(hand)
    return hands, pool


def _could_have_called(hand: list[Card], last: Turn, rules: Ruleset) -> bool:
    """Whether the hand held before its last turn (now less the take, plus the drop) was low enough to call."""
    if last.slapped is not None:
        return False
    before = list(hand)
    taken = last.take if last.take is not None else hand[-1]  # a deck draw is the card dealt last
    if taken not in before:
        return False
    before.remove(taken)
    before.extend(last.drop)
    if last.given is not None:
        before.append(last.given)  # the joker swap gave it for the joker taken
    return rules.may_call(hand_value(before, rules))


def _last_turns(view: PlayerView) -> dict[int, Turn]:
    """Each other seat's last turn this round."""
    last: dict[int, Turn] = {}
    for turn in view.seen:
        if turn.seat != view.seat:
            last[turn.seat] = turn
    return last
