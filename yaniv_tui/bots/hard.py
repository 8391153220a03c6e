"""The hard bot: remembers the cards seen, plans drop and take together, calls Yaniv when an Assaf is unlikely."""

from __future__ import annotations

from yaniv_tui.engine import (
    JOKER,
    Action,
    CallYaniv,
    Card,
    Play,
    PlayerView,
    Ruleset,
    SlapDown,
    hand_value,
    swing_values,
    takeable,
)

from .heaviest import WorthMemo, swapped, worth_memo
from .measures import Odds, after_reset, deck_draws, draw_cost, opponent_parts
from .memory import Memory
from .weigher import Weigher

#: The most hands a hard bot keeps the weighers of (`HardBot._weigher`): enough for a round played out again from
#: the same guess (a review's candidates).
WEIGHERS = 256
#: The most drops the weighers a hard bot keeps may hold between them, the oldest forgotten first: a weigher's memory
#: grows with its hand's drops (each drop's cards, the hand it leaves, each take's weight: about 2 KB a drop at hands
#: of 20), so a bound on the count alone let a bot at hands of 20 hold about 13 MB (docs/benchmarks.md).
WEIGHED_DROPS = 1024


class HardBot:
    """A careful player who sees only its view.

    Each turn it scores every (drop, take) pair by the hand it leaves: its value,
    less what the next drop from it can shed (so pairs, sets and runs in the
    making are worth keeping), with a bonus for a hand low enough to call on,
    and a penalty for leaving the next player a low card or one it collects.
    A deck draw is scored over the unseen cards. It calls Yaniv when the call's
    expected worth, from the estimated chance of an Assaf and what the round
    would do to every score (lucky resets, going out, the game's end), beats
    playing on.
    """

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        *,
        shed_weight: float = 0.8,
        callable_bonus: float = 4.0,
        feed_weight: float = 1.0,
        call_margin: float = 0.0,
        threat_weight: float = 0.0,
        lean: float = 0.0,
    ) -> None:
        del seed  # the hard bot plays the same from the same view; the argument keeps make_bot uniform
        self.shed_weight = shed_weight
        self.callable_bonus = callable_bonus
        self.feed_weight = feed_weight
        self.call_margin = call_margin
        self.threat_weight = threat_weight
        # How much likelier it takes an opponent's kept card to be low than high (Odds.value_counts).
        self.lean = lean
        self._heaviest: WorthMemo | None = None  # the hands it has weighed, under the rules it last played
        self._weighers: dict[tuple[Card, ...], Weigher] = {}  # the hands it has chosen from, under `_weighed_by`
        self._weighed_drops = 0  # the drops of `_weighers`, between them
        self._weighed_by: WorthMemo | None = None

    # -- the turn ---------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Action:
        if view.phase == "slap":
            assert view.slap_card is not None
            return SlapDown(view.slap_card)
        if not view.hand:
            return CallYaniv()  # emptied by a slap-down: nothing to drop, so the call is the only move
        memory = Memory(view)
        odds = Odds(memory.unseen, view.rules)
        if view.may_call and self.call_worth(view, memory, odds) > self.margin_now(view):
            return CallYaniv()
        return self.best_plays(view, memory, odds, 1)[0][1]

    def margin_now(self, view: PlayerView) -> float:
        """The worth a call must beat now: it falls as a round drags on, so two wary players cannot stall forever."""
        return self.call_margin - 0.5 * max(0, len(view.seen) - 8 * _seats_in(view))

    @staticmethod
    def patience(view: PlayerView) -> float:
        """1 for a round's first four laps, falling to 0 by its eighth."""
        laps = len(view.seen) / max(1, _seats_in(view))
        return min(1.0, max(0.0, (8 - laps) / 4))

    def best_plays(self, view: PlayerView, memory: Memory, odds: Odds, count: int) -> list[tuple[float, Play]]:
        """The `count` best plays by this bot's judgement, best first, each with its cost (lower is better)."""
        rules = view.rules
        worth = swing_values(rules, high=True)  # a hand worth shedding from is not low: jacks count high
        heaviest = self._heaviest = worth_memo(self._heaviest, rules, worth)
        hand = view.hand
        takes = view.takeable
        deck = view.deck_size > 0
        shed = self.shed_weight
        if self.threat_weight:
            # An opponent who may call next turn makes the hand held now count more than the next drop.
            shed *= 1.0 - self.threat_weight * self.threat(view, memory, odds)
        bonus = self.callable_bonus
        draw_odds = deck_draws(odds, worth)
        hungry = self._hunger(view, memory)
        my_score = view.scores[view.seat] or 0
        # Tactics that keep a hand from shrinking (holding it on a lucky reset, not feeding the next player)
        # give way as a round drags on: two players both using them would pass the same cards for ever.
        patience = self.patience(view)
        swaps = view.swaps
        # Each play as (cost, drop's place, drop, take, given): a Play is made only for the few returned.
        scored: list[tuple[float, int, tuple[Card, ...], Card | None, Card | None]] = []
        may_call = rules.may_call
        # Each hand a play leaves is weighed from the hand's parts, less the drop and plus the take: its value too,
        # where it is the plain sum of its cards (`Ruleset.plain_values`).
        weigher = self._weigher(heaviest, hand)
        pulls: dict[int, float] = {}  # the reset's pull of each hand value met, at this seat's score
        values = rules.rank_values if rules.plain_values else None
        whole = hand_value(hand, rules) if values is not None else 0
        for i, (drop, rest) in enumerate(weigher.drops):
            feed = self._feed_penalty(drop, rules, hungry, worth) * self.feed_weight * patience if patience else 0.0
            if values is not None:
                rest_value = whole
                for card in drop:
                    rest_value -= values[card[0]]
            else:
                rest_value = hand_value(rest, rules)
            # Each hand the play leaves: (its value, its heaviest drop, the card taken, the card given for the joker).
            options: list[tuple[int, int, Card, Card | None]] = [
                (
                    rest_value + values[take[0]] if values is not None else hand_value([*rest, take], rules),
                    weigher.worth(i, take),
                    take,
                    None,
                )
                for take in takes
            ]
            if swaps:  # the joker swap: a card the drop leaves given for the joker standing for it
                for card in swaps:
                    if card in rest:
                        new = swapped(rest, card)
                        options.append((hand_value(new, rules), heaviest(new), JOKER, card))
            for value, weighed, take, given in options:
                cost = value - shed * weighed
                if may_call(value):
                    cost -= bonus
                if patience:
                    pull = pulls.get(value)
                    if pull is None:
                        pull = pulls[value] = self._reset_pull(rules, my_score, value)
                    cost += patience * pull
                scored.append((cost + feed, i, drop, take, given))
            if deck and draw_odds:
                cost = draw_cost(rest_value, weigher.ranks(i), weigher.worth(i), rules, draw_odds, shed, bonus)
                scored.append((cost + feed, i, drop, None, None))
            elif not deck and not takes:
                scored.append((0.0, i, drop, None, None))
        if count == 1 and scored:
            best = [min(scored, key=_cost_then_drop)]  # the first of the cheapest, as a stable sort puts first
        else:
            best = sorted(scored, key=_cost_then_drop)[:count]
        return [(cost, Play(drop, take, given)) for cost, _, drop, take, given in best]

    def _weigher(self, memo: WorthMemo, hand: tuple[Card, ...]) -> Weigher:
        """The hand's weigher, kept while the rules stay: the expert's guesses, and the moves each of its candidates
        is met with, ask of the same hands again and again (the same drops, each hand they leave weighed once)."""
        kept = self._weighers
        if self._weighed_by is not memo:
            kept.clear()
            self._weighed_drops = 0
            self._weighed_by = memo
        weigher = kept.get(hand)
        if weigher is None:
            weigher = Weigher(memo, hand)
            drops = self._weighed_drops + len(weigher.drops)
            while kept and (len(kept) >= WEIGHERS or drops > WEIGHED_DROPS):  # the oldest first
                drops -= len(kept.pop(next(iter(kept))).drops)
            kept[hand] = weigher
            self._weighed_drops = drops
        return weigher

    # -- pieces of judgement --------------------------------------------------------------

    @staticmethod
    def _hunger(view: PlayerView, memory: Memory) -> tuple[set[int], set[tuple[str, int]]]:
        """What the next player is known to collect: ranks it holds, and (suit, rank) of its known cards."""
        nxt = memory.next_seat(view)
        held = memory.known[nxt]
        return {c[0] for c in held if c[0]}, {(c[1], c[0]) for c in held if c[0]}

    @staticmethod
    def _feed_penalty(
        drop: tuple[Card, ...],
        rules: Ruleset,
        hungry: tuple[set[int], set[tuple[str, int]]],
        worth: tuple[int, ...],
    ) -> float:
        """How much the cards this drop leaves takeable help the next player."""
        if len(drop) == 1:
            offered: tuple[Card, ...] = drop
        else:
            offered = takeable(drop, "run" if len({c[0] for c in drop if c[0]}) > 1 else "set", rules)
        ranks, suited = hungry
        worst = 0.0
        for rank, suit in offered:
            w = worth[rank]
            help_ = max(0.0, 3.0 - w) * 0.5
            if rank and rank in ranks:
                help_ += 3.0 + w * 0.3
            elif rank and ((suit, rank - 1) in suited or (suit, rank + 1) in suited):
                help_ += 1.0
            if help_ > worst:
                worst = help_
        return worst

    @staticmethod
    def _reset_pull(rules: Ruleset, score: int, value: int) -> float:
        """A small pull toward a hand that would land this seat's score exactly on a lucky reset if caught."""
        if value > 0 and after_reset(rules, score, value) < score + value:
            return -min(6.0, (score + value - after_reset(rules, score, value)) / 10)
        return 0.0

    def threat(self, view: PlayerView, memory: Memory, odds: Odds) -> float:
        """The chance some opponent holds a hand it may call Yaniv on: its unknown cards within its known cards'
        room to call, as the ruleset gives it (`Ruleset.call_room`, the other side of the engine's `may_call`)."""
        call_room = view.rules.call_room
        asks = []
        for seat in memory.opponents(view):
            known, parts = opponent_parts(view, memory, seat, odds, self.lean)
            asks.append((parts, call_room(known)))
        clear = 1.0
        for chance in odds.chances_at_most(asks):
            clear *= 1.0 - chance
        return 1.0 - clear

    def call_worth(self, view: PlayerView, memory: Memory, odds: Odds) -> float:
        """The expected worth of calling Yaniv now against playing on, in points relative to the table."""
        rules = view.rules
        me = view.seat
        mine = view.hand_value
        opponents = memory.opponents(view)
        if not opponents:
            return 1.0
        beats_at = mine if (rules.assaf and rules.assaf_on_tie) else mine - 1
        clear = 1.0
        assafers = 0.0  # how many opponents are expected to beat the call
        expected: list[float] = []
        hands = [opponent_parts(view, memory, seat, odds, self.lean) for seat in opponents]
        for (known, parts), beats in zip(
            hands, odds.chances_at_most([(parts, beats_at - known) for known, parts in hands]), strict=True
        ):
            clear *= 1.0 - beats
            assafers += beats
            expected.append(known + sum(Odds.mean(p) for p in parts))
        assaf = 1.0 - clear
        score = view.scores[me] or 0
        jokers = view.hand.count(JOKER)
        mean_gain = sum(expected) / len(expected)
        # What the call's round does to this seat's own total, won (0 added) or Assafed: a reset either way.
        win = mean_gain + score - after_reset(rules, score, 0, jokers=jokers)
        win += self._ending_bonus(view, opponents, expected, winning=True)
        add = rules.assaf_penalty + (mine if rules.assaf_caller_adds_hand else 0) if rules.assaf else mine
        if rules.assaf and rules.assaf_penalty_per_extra and assaf > 0:
            # Each Assafer past the first adds `penalty_per_extra`: as many as are expected, once one Assafs.
            add += round(rules.assaf_penalty_per_extra * (assafers - assaf) / assaf)
        after = after_reset(rules, score, add, penalised=rules.assaf, jokers=jokers)
        lose = float(score - after)
        if len(opponents) > 1 and (rules.assaf_others_score or not rules.assaf):
            lose += mean_gain * (len(opponents) - 1) / len(opponents)
        if rules.is_out(after):
            lose -= 60.0
        return (1.0 - assaf) * win + assaf * lose

    @staticmethod
    def _ending_bonus(view: PlayerView, opponents: list[int], expected: list[float], *, winning: bool) -> float:
        """Extra worth of a successful call that pushes opponents out or ends a game this seat leads."""
        rules = view.rules
        scores = view.scores
        me = view.seat
        bonus = 0.0
        mine = scores[me] or 0
        for seat, value in zip(opponents, expected, strict=True):
            theirs = scores[seat] or 0
            if rules.is_out(theirs + round(value)):
                if rules.end_mode == "elimination":
                    bonus += 40.0 / len(opponents)
                elif all(mine < (scores[s] or 0) + v for s, v in zip(opponents, expected, strict=True)):
                    bonus += 40.0
        return bonus if winning else 0.0


def _cost_then_drop(item: tuple[float, int, tuple[Card, ...], Card | None, Card | None]) -> tuple[float, int]:
    return item[0], item[1]


def _seats_in(view: PlayerView) -> int:
    """How many seats are still in the game: a lap of a round is that many turns."""
    return sum(1 for out in view.out if not out)
