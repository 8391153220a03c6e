"""Engine speed against a plain reference engine: the same greedy game on yaniv-tui's engine and on a small one.

Run: python benchmarks/reference_engine.py [--games N] [--repeat N]

The reference is Yaniv as anyone would write it in one file of plain Python: the `israeli` preset's core
for two players (one deck and two jokers, five cards each, a card turned up; singles, sets of two or more,
runs of three or more of one suit with jokers filling gaps; take an end of the previous drop or the deck;
call at 5 or less, the Assaf +30, resets at 100 and 200, out above 200). It checks nothing, keeps no log
and shows no seat a view. Both engines play the same greedy player, which asks the engine for every legal
action and takes the first that drops the most points (taking a pile card worth 2 or less, else the deck),
and calls Yaniv when it may: through yaniv-tui's engine by `Game.view(seat).legal_actions` and
`Game.apply`, the doors a bot or a screen uses. CPU time of this process, best of --repeat runs; the
figure is yaniv-tui's turns a second as a share of the reference's.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.engine import Action, CallYaniv, Game, Play, hand_value, load_ruleset

RefCard = tuple[int, str]  # (rank, suit); the joker is (0, "")
REF_JOKER: RefCard = (0, "")
VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
LIMIT, PENALTY, OUT_ABOVE, RESETS = 5, 30, 200, {100: 50, 200: 100}


def value(cards: list[RefCard] | tuple[RefCard, ...]) -> int:
    total = 0
    for rank, _ in cards:
        total += VALUES[rank]
    return total


class ReferenceGame:
    """Two-player Yaniv, plainly: lists of (rank, suit) tuples, nothing checked."""

    def __init__(self, seed: int, players: int = 2) -> None:
        self.rng = random.Random(seed)
        self.scores = [0] * players
        self.out = [False] * players
        self.over = False
        self.turns = 0
        self.deal(self.rng.randrange(players))

    def deal(self, first: int) -> None:
        deck: list[RefCard] = [(rank, suit) for suit in "CDHS" for rank in range(1, 14)] + [REF_JOKER] * 2
        self.rng.shuffle(deck)
        self.hands: list[list[RefCard]] = [[] if out else [deck.pop() for _ in range(5)] for out in self.out]
        self.pile: list[tuple[RefCard, ...]] = [(deck.pop(),)]
        self.deck = deck
        self.current = first

    def takeable(self) -> list[RefCard]:
        top = self.pile[-1]
        return [top[0]] if len(top) == 1 or top[0] == top[-1] else [top[0], top[-1]]

    def legal_drops(self, hand: list[RefCard]) -> list[tuple[RefCard, ...]]:
        drops: list[tuple[RefCard, ...]] = [(card,) for card in hand]
        jokers = hand.count(REF_JOKER)
        if jokers >= 2:
            drops.append((REF_JOKER, REF_JOKER))
        by_rank: dict[int, list[RefCard]] = {}
        by_suit: dict[str, dict[int, RefCard]] = {}
        for card in hand:
            if card[0]:
                by_rank.setdefault(card[0], []).append(card)
                by_suit.setdefault(card[1], {})[card[0]] = card
        for same in by_rank.values():
            for size in range(2, len(same) + 1):
                drops.extend(combinations(same, size))
        for cards in by_suit.values():
            ranks = sorted(cards)
            for i, low in enumerate(ranks):
                for high in ranks[i:]:
                    span = high - low + 1
                    gaps = span - sum(1 for r in ranks if low <= r <= high)
                    spare = jokers - gaps
                    if spare < 0 or span + spare < 3:
                        continue
                    run = [cards.get(rank, REF_JOKER) for rank in range(low, high + 1)]
                    extra = max(0, 3 - span)
                    if high + extra > 13:
                        continue
                    drops.append(tuple(run + [REF_JOKER] * extra))
        return drops

    def legal_actions(self) -> list[tuple[str, tuple[RefCard, ...], RefCard | None]]:
        hand = self.hands[self.current]
        actions: list[tuple[str, tuple[RefCard, ...], RefCard | None]] = []
        if value(hand) <= LIMIT:
            actions.append(("call", (), None))
        takes: list[RefCard | None] = [None] if self.deck else []
        takes.extend(self.takeable())
        for drop in self.legal_drops(hand):
            actions.extend(("play", drop, take) for take in takes)
        return actions

    def apply(self, action: tuple[str, tuple[RefCard, ...], RefCard | None]) -> None:
        kind, drop, take = action
        self.turns += 1
        if kind == "call":
            self.end_round(self.current)
            return
        hand = self.hands[self.current]
        for card in drop:
            hand.remove(card)
        if take is None:
            hand.append(self.deck.pop())
        else:
            hand.append(take)
            group = list(self.pile[-1])
            group.remove(take)
            self.pile[-1] = tuple(group)
        self.pile.append(drop)
        if not self.deck:
            buried = [card for group in self.pile[:-1] for card in group]
            self.rng.shuffle(buried)
            self.deck, self.pile = buried, [self.pile[-1]]
        self.current = self.next_seat(self.current)

    def next_seat(self, seat: int) -> int:
        seat = (seat + 1) % len(self.out)
        while self.out[seat]:
            seat = (seat + 1) % len(self.out)
        return seat

    def end_round(self, caller: int) -> None:
        values = [value(hand) for hand in self.hands]
        seats = [s for s in range(len(self.out)) if not self.out[s]]
        lowest = min(values[s] for s in seats if s != caller)
        if lowest < values[caller]:  # Assaf: the lowest hands score 0, the caller its hand and the penalty
            added = {s: 0 if values[s] == lowest else values[s] for s in seats if s != caller}
            added[caller] = values[caller] + PENALTY
            winner = next(s for s in seats if s != caller and values[s] == lowest)
        else:
            added = {s: values[s] for s in seats}
            added[caller] = 0
            winner = caller
        for seat, points in added.items():
            total = self.scores[seat] + points
            self.scores[seat] = RESETS.get(total, total) if points else total
            if self.scores[seat] > OUT_ABOVE:
                self.out[seat] = True
        if sum(1 for out in self.out if not out) <= 1:
            self.over = True
            return
        self.deal(winner if not self.out[winner] else self.next_seat(winner))


def greedy_reference(game: ReferenceGame) -> tuple[str, tuple[RefCard, ...], RefCard | None]:
    actions = game.legal_actions()
    if actions[0][0] == "call":
        return actions[0]
    best = max(value(drop) for _, drop, _ in actions)
    plays = [a for a in actions if value(a[1]) == best]
    low = [a for a in plays if a[2] is not None and VALUES[a[2][0]] <= 2]
    deck = [a for a in plays if a[2] is None]
    return (low or deck or plays)[0]


def greedy(game: Game) -> Action:
    rules = game.rules
    actions = game.view(game.current).legal_actions
    if isinstance(actions[0], CallYaniv):
        return actions[0]
    plays = [a for a in actions if isinstance(a, Play)]
    worths = [hand_value(play.drop, rules) for play in plays]
    best = max(worths)
    heaviest = [play for play, worth in zip(plays, worths, strict=True) if worth == best]
    low = [a for a in heaviest if a.take is not None and hand_value((a.take,), rules) <= 2]
    deck = [a for a in heaviest if a.take is None]
    return (low or deck or heaviest)[0]


def bench(games: int, repeat: int) -> tuple[float, int, float, int]:
    """Best turns a second of yaniv-tui's engine and of the reference, with the turns each played."""
    rules = load_ruleset("israeli")
    ours = theirs = 0.0
    our_turns = their_turns = 0
    for _ in range(repeat):
        start = time.process_time()
        our_turns = 0
        for seed in range(games):
            game = Game.new(rules, ["A", "B"], seed=seed)
            while not game.is_over:
                game.apply(greedy(game))
                our_turns += 1
        ours = max(ours, our_turns / (time.process_time() - start))
        start = time.process_time()
        their_turns = 0
        for seed in range(games):
            ref = ReferenceGame(seed)
            while not ref.over:
                ref.apply(greedy_reference(ref))
            their_turns += ref.turns
        theirs = max(theirs, their_turns / (time.process_time() - start))
    return ours, our_turns, theirs, their_turns


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    ours, our_turns, theirs, their_turns = bench(args.games, args.repeat)
    print(f"yaniv-tui's engine, greedy game: {ours:,.0f} turns/s ({our_turns} turns in {args.games} games)")
    print(f"reference engine, greedy game:   {theirs:,.0f} turns/s ({their_turns} turns in {args.games} games)")
    print(f"yaniv-tui's engine runs at {ours / theirs:.2f}x the reference's speed (best of {args.repeat} each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
