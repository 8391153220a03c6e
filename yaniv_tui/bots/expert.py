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
    Play,
    PlayerView,
    Ruleset,
    SlapDown,
    Turn,
    hand_value,
    swing_values,
)
from yaniv_tui.engine.determinize import game_from_view

from .hard import HardBot
from .heaviest import heaviest_drop, heaviest_worth
from .lookahead import Lookahead
from .measures import Odds
from .memory import Memory
from .standing import GameSense

#: A rollout that has not reached a Yaniv call after this many turns is judged on the hands as they stand.
ROLLOUT_TURNS = 80


class ExpertBot:
    """A searcher over guesses at the hidden cards.

    Each move, until its time budget is spent, it deals the hidden cards anew in
    a way that fits its view (every hand size, the cards it saw each player take,
    the unseen cards, players keeping cards no higher than their last drop) and
    plays its options forward in each guess, every option meeting the same guesses:
    the few best plays by its own judgement (the hard bot's, with `shed_weight` on
    what the next drop sheds, less by `threat_weight` as an opponent may call),
    ranked again by what its next turn can make of each (`lookahead`, the weight
    of that second look; None skips it), each followed by the others' replies
    (plain hard bots by default, `replies="quick"` for fast plain players) and
    judged by the hands as they then stand, or, where a guess's round ends, by what
    the round does to its chance to win the game (`game_sense`: a lucky reset, a
    knockout, a lead kept or lost count for what they do to the game, not their
    face value; bots/standing.py). It leaves the first of that ranking
    only for an option that did better on average by `margin` standard errors.
    With `samples` it takes that many guesses a move (at most, with a budget too;
    exactly, with `budget_ms` None, so a seeded game replays the same on any
    machine). Its guesses give each player's kept cards more low values than
    high (`sample_lean`, as `lean` below): players keep their low cards, drop
    after drop, and guesses dealt so estimate the chance of an Assaf as often
    as it happens (benchmarks/assaf_calibration.py). With `belief` above 0, a
    guess giving a player a hand it could have called Yaniv on at its last turn
    is dealt again with that chance; the lean already makes such hands as likely
    as they are, and with it a belief of 0.9 won no more four-seat games and
    scored more points a round.

    It calls Yaniv when the hard bot's worth of the call (its Assaf estimate, with
    an opponent's kept cards likelier low by `lean`, and what the round does to
    every score) is above minus `call_slack`: playing on
    lets the others call first. With more than one opponent it takes `table_slack`
    instead: an Assaf is likelier with three to beat the call, and calling only on
    a call worth a little more than playing on (-3) scored fewer points a round
    than the heads-up slack at four seats. With either slack None it searches that choice
    too, calling against the hard bot's best play, the round played out to its
    end by fast plain players (or hard bots, `rollout="hard"`) who call only when
    a wary hard bot says so.
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget_ms: float | None = 200.0,
        samples: int | None = None,
        candidates: int = 4,
        margin: float = 2.0,
        search_calls: bool = True,
        horizon: int | None = 1,
        wary: bool = True,
        belief: float = 0.0,
        retries: int = 12,
        replies: str = "hard",
        rollout: str = "quick",
        call_slack: float | None = 8.0,
        table_slack: float | None = -3.0,
        lookahead: float | None = 1.0,
        shed_weight: float = 1.0,
        threat_weight: float = 0.5,
        game_sense: bool = True,
        lean: float = 0.2,
        sample_lean: float = 0.2,
    ) -> None:
        if budget_ms is None and samples is None:
            raise ValueError("the expert needs a time budget, a number of samples, or both")
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.samples = samples
        self.candidates = candidates
        self.margin = margin
        self.search_calls = search_calls
        self.horizon = horizon
        self.wary = wary
        self.belief = belief  # how sure it is that a player who could call Yaniv would have
        self.retries = retries
        self.replies = replies  # who answers its candidate plays: "quick" plain players, or "hard" bots
        self.call_slack = call_slack
        self.table_slack = table_slack  # the call slack with more than one opponent, where an Assaf is likelier
        self.rollout = rollout  # who plays a round out after a call is declined: "quick" or "hard"
        # Its ranker: the hard bot's measure, valuing the next drop more, and the hand held now more
        # when an opponent may call. Played alone it beats the hard bot: 53.5% of 2,000 games (benchmarks/ranker.py).
        # It takes the others for plain hard bots.
        self.ranker = HardBot(shed_weight=shed_weight, threat_weight=threat_weight, lean=lean)
        self.sample_lean = sample_lean  # the lean of its guesses at the others' kept cards
        self.model = HardBot()
        self._option_seconds = 0.0  # the longest an option took to play out in one guess, lately
        self.game_sense = game_sense  # judge a round's end by its effect on the chance to win the game
        self._sense: GameSense | None = None  # what the game makes of points at this move's scores
        # Its ranker's few best plays, ranked again by what the turn after can make of each (None: not).
        self.lookahead = (
            None
            if lookahead is None
            else Lookahead(
                shed_weight=self.ranker.shed_weight, callable_bonus=self.ranker.callable_bonus, weight=lookahead
            )
        )

    def choose(self, view: PlayerView) -> Action:
        started = time.perf_counter()
        if view.phase == "slap":
            assert view.slap_card is not None
            return SlapDown(view.slap_card)
        if not view.hand:
            return CallYaniv()  # emptied by a slap-down: nothing to drop, so the call is the only move
        memory = Memory(view)
        odds = Odds(memory.unseen, view.rules)
        if self.game_sense:
            self._sense = GameSense(view.rules, view.scores, view.seat, view.out)
        # A twentieth of the budget is kept back for what follows the search and for a busy machine.
        deadline = None if self.budget_ms is None else started + 0.95 * self.budget_ms / 1000
        ranked = self.ranker.best_plays(view, memory, odds, self.candidates)
        plays: list[Action]
        if self.lookahead is not None:
            # A third of the budget at most: the search needs the rest.
            third = None if deadline is None else started + (deadline - started) / 3
            plays = list(self.lookahead.rerank(view.hand, ranked, memory.unseen, odds, view.rules, third))
        else:
            plays = [play for _, play in ranked]
        if view.may_call:
            worth = self.ranker.call_worth(view, memory, odds)
            slack = self.call_slack if len(memory.opponents(view)) <= 1 else self.table_slack
            if slack is not None:
                # Playing on gives every other seat a turn to call first: a call worth a little less than
                # nothing beats it. Measured against the hard bot, this won more rounds than searching the call.
                if worth > self.ranker.margin_now(view) - slack:
                    return CallYaniv()
            elif not self.search_calls:
                if worth > self.ranker.margin_now(view):
                    return CallYaniv()
            else:
                # The big question, call or play on, each played out to the end of the round.
                ranker_calls = worth > self.ranker.margin_now(view)
                pair: list[Action] = [CallYaniv(), plays[0]] if ranker_calls else [plays[0], CallYaniv()]
                share = deadline if deadline is None or len(plays) == 1 else (started + deadline) / 2
                if isinstance(pair[self._search(view, memory, pair, share, None, 0.0)], CallYaniv):
                    return CallYaniv()
        if len(plays) == 1:
            return plays[0]
        # Then which play: each candidate met by the others' replies, and the hands judged as they then stand.
        return plays[self._search(view, memory, plays, deadline, self.horizon, self.margin)]

    def _search(
        self,
        view: PlayerView,
        memory: Memory,
        options: list[Action],
        deadline: float | None,
        horizon: int | None,
        margin: float,
    ) -> int:
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
            world = self._sample(view, memory)
            seed = self.rng.getrandbits(32)
            first = 0.0
            for i, option in enumerate(options):
                value = self._play_out(view, world, option, seed, horizon)
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
                if edge > margin * spread and edge > best_edge:
                    best, best_edge = i, edge
        return best

    # -- guessing the hidden cards ----------------------------------------------------------

    def _sample(self, view: PlayerView, memory: Memory) -> tuple[list[list[Card] | None], list[Card]]:
        """Other seats' hands and the deck, dealt from the unseen cards so they fit the view.

        A player whose hand was low enough to call Yaniv at its last turn mostly
        would have called, so a guess giving it such a hand is mostly dealt again.
        """
        rng = self.rng
        rules = view.rules
        pool = list(memory.unseen.elements())
        rng.shuffle(pool)
        worth = rules.rank_values
        keep = [0.85 * math.exp(-self.sample_lean * w) for w in worth]
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
            last = last_turns.get(seat)
            for attempt in range(self.retries + 1):
                hand = list(known)
                if kept > 0 and cap is not None:
                    # Players shed their highest cards: what they kept through their last drop is mostly no higher.
                    low = [i for i, card in enumerate(pool) if worth[card[0]] <= cap]
                    take = [i for i in low if rng.random() < keep[pool[i][0]]][:kept]
                    for i in sorted(take, reverse=True):
                        hand.append(pool.pop(i))
                while len(hand) < size:
                    hand.append(pool.pop())
                if last is None or attempt == self.retries or not self._could_call(hand, last, rules):
                    break
                # Put the guessed cards back and deal this seat again.
                pool.extend(hand[len(known) :])
                rng.shuffle(pool)
            hands.append(hand)
        return hands, pool

    def _could_call(self, hand: list[Card], last: Turn, rules: Ruleset) -> bool:
        """Whether the hand held before its last turn (now less the take, plus the drop) could call, and would."""
        if last.slapped is not None:
            return False
        before = list(hand)
        taken = last.take if last.take is not None else hand[-1]  # a deck draw is the card dealt last
        if taken not in before:
            return False
        before.remove(taken)
        before.extend(last.drop)
        return rules.may_call(hand_value(before, rules)) and self.rng.random() < self.belief

    # -- playing forward ------------------------------------------------------------------------

    def _play_out(
        self,
        view: PlayerView,
        world: tuple[list[list[Card] | None], list[Card]],
        option: Action,
        seed: int,
        horizon: int | None,
    ) -> float:
        """What `option` is worth in one guessed world, to this seat, against the table.

        With `horizon` None the round is played out and scored. Otherwise play stops
        when this seat's turn has come round `horizon` times, and every hand is judged
        by the hard bot's measure (its value less what its next drop sheds).
        """
        hands, deck = world
        game = game_from_view(view, [None if h is None else list(h) for h in hands], deck, seed=seed, check=False)
        me = view.seat
        rounds = len(game.history)
        game.apply(option)
        turns = 0
        laps = 0
        limit = ROLLOUT_TURNS
        while len(game.history) == rounds and not game.is_over and turns < limit:
            if game.current == me and game.phase == "turn":
                laps += 1
                if horizon is not None and laps >= horizon:
                    break
            seat = game.current
            if (seat != me and self.replies == "hard" and horizon is not None) or (
                horizon is None and self.rollout == "hard"
            ):
                game.apply(self.model.choose(game.view(seat)))
            else:
                game.apply(_quick_action(game, self.model if self.wary else None))
            turns += 1
        if len(game.history) > rounds:
            result = game.history[rounds]
            if self._sense is not None:
                return self._sense.round_worth(result)
            before = view.scores
            return _worth(view, me, before, result.scores, result.game_over, result.winners, result.eliminated)
        rules = view.rules
        judged = [None if h is None else self._measure(h, rules) for h in game.hands]
        mine = judged[me] or 0.0
        others = [v for s, v in enumerate(judged) if v is not None and s != me]
        return (sum(others) / len(others) - mine) if others else 0.0

    def _measure(self, hand: list[Card], rules: Ruleset) -> float:
        ranker = self.ranker
        value = hand_value(hand, rules)
        cost = value - ranker.shed_weight * heaviest_worth(hand, rules, swing_values(rules, high=True))
        return cost - ranker.callable_bonus if rules.may_call(value) else cost


def _last_turns(view: PlayerView) -> dict[int, Turn]:
    """Each other seat's last turn this round."""
    last: dict[int, Turn] = {}
    for turn in view.seen:
        if turn.seat != view.seat:
            last[turn.seat] = turn
    return last


def _worth(
    view: PlayerView,
    me: int,
    before: tuple[int | None, ...],
    after: tuple[int | None, ...],
    game_over: bool,
    winners: tuple[int, ...],
    eliminated: tuple[int, ...],
) -> float:
    """A round's outcome for `me`: how far the others' totals rose against its own, and the game's end."""
    gains = []
    mine = 0.0
    for seat, (old, new) in enumerate(zip(before, after, strict=True)):
        if old is None or new is None:
            continue
        if seat == me:
            mine = new - old
        else:
            gains.append(new - old)
    value = (sum(gains) / len(gains) if gains else 0.0) - mine
    if game_over:
        value += 100.0 if me in winners else -100.0
    elif me in eliminated:
        value -= 100.0
    else:
        value += 100.0 * len(eliminated) / max(1, len(gains))
    return value


def _quick_action(game: Game, cautious: HardBot | None = None) -> Action:
    """Fast plain play straight from the guessed game: shed the most, take a low pile card, call at the limit.

    With `cautious`, a seat that may call asks that hard bot first whether an Assaf is too likely,
    from that seat's own view, as a wary player would.
    """
    rules = game.rules
    if game.phase == "slap":
        assert game.slap_card is not None
        return SlapDown(game.slap_card)
    hand = game.hands[game.current]
    assert hand is not None
    if not hand:
        return CallYaniv()  # emptied by a slap-down: the call is the only move
    if rules.may_call(hand_value(hand, rules)):
        if cautious is None:
            return CallYaniv()
        view = game.view(game.current)
        memory = Memory(view)
        if cautious.call_worth(view, memory, Odds(memory.unseen, rules)) > cautious.margin_now(view):
            return CallYaniv()
    values = rules.rank_values
    best_drop, _ = heaviest_drop(hand, rules, values)
    take = None
    low = min(4, min([values[c[0]] for c in best_drop]))
    for card in game.takeable:
        if values[card[0]] < low:
            low, take = values[card[0]], card
    if take is None and not game.deck:
        take = game.takeable[0]
    return Play(best_drop, take)
