"""A learned ranker for the expert (issue 34): a linear judgement of the hand a play leaves, fitted on self-play.

Run: python benchmarks/train_ranker.py [--games N] [--seed N] [--labels rollouts|outcome] [--candidates N]
     [--deals N] [--every P] [--single-rounds] [--own-turns] [--model FILE] [--out FILE]
     python benchmarks/train_ranker.py --measure-plus FACT=W [--out FILE]
     python benchmarks/train_ranker.py --toward MODEL SHARE [--out FILE]

The hard bot ranks each (drop, take) by a hand measure with hand-set weights (bots/hard.py). This
fits those weights instead: every play is described by facts of the hand it leaves and of the
table (`FEATURES`; a deck draw's facts averaged over the unseen cards by rank, as the hard bot's
measure is), and a linear model of the round's outcome for the seat (the points it adds less the
mean its opponents add) is fitted by least squares in plain Python (normal equations, a little
ridge), on seeded heads-up games between a hard bot on the expert's weights and a plain hard bot
(one tenth of the games held out). Labels:

- `rollouts` (the default): at a share `--every` of the turns, the hard measure's best
  `--candidates` plays are each played to the round's end from the true position by the same
  bots, the deck shuffled anew `--deals` times, every play on the same shuffles; facts and
  outcomes less their turn's mean, so the fit learns what tells one turn's plays apart. On the
  held-out turns it prints how the model's choice did against the ranker's first play.
- `outcome`: every play made, labelled by its own round; each bot plays one of its best four at
  random with chance `--explore`, so the facts vary apart from the bots' habits.

The weights are written as JSON; `python benchmarks/ranker.py --model FILE` plays a ranker on
them (ranking again the hard measure's best plays, as many as it was fitted on) against plain
hard. `--measure-plus FACT=W` fits nothing: it writes the expert's own measure as such a model,
with W more of one fact, so one direction can be played the same way; `--toward FILE SHARE`
writes it moved a share of the way to a fitted model. The figures:
docs/bots.md, "What was tried".
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.bots.expert import LEAN, SHED_WEIGHT, THREAT_WEIGHT
from yaniv_tui.bots.hard import HardBot, swapped
from yaniv_tui.bots.heaviest import WorthMemo, worth_memo
from yaniv_tui.bots.measures import Odds, deck_draws, drops_and_rests, opponent_parts
from yaniv_tui.bots.memory import Memory
from yaniv_tui.engine import (
    JOKER,
    Action,
    CallYaniv,
    Card,
    Game,
    Play,
    PlayerView,
    Ruleset,
    SlapDown,
    hand_value,
    load_ruleset,
    swing_values,
)

FEATURES = (
    "bias",
    "value",  # the hand's value
    "shed",  # what its next drop sheds (the heaviest drop, jacks high)
    "cards",  # cards held
    "callable",  # 1 if it may call Yaniv on it
    "near",  # 1 if it may call once its next drop is shed (before the draw)
    "top",  # its highest card's worth
    "pairs",  # ranks held twice or more
    "threat_value",  # the chance an opponent may call, times the value
    "threat_shed",
    "threat_callable",
    "feed",  # the hard bot's penalty for what the drop leaves the next player (patience-weighted)
    "pull",  # the hard bot's pull toward a lucky reset (patience-weighted)
    "shown",  # 1 if the card taken is the pile's (the opponents know it is kept)
    "threat",  # the chance an opponent may call (the same for every play of a turn)
    "their_value",  # the opponents' mean estimated hand value
    "their_cards",  # the opponents' mean cards held
    "laps",  # laps played this round
)

Row = list[float]


class Facts:
    """What every play of one turn shares, and the facts of each play (`plays`)."""

    def __init__(self, view: PlayerView, memory: Memory, odds: Odds, judge: HardBot) -> None:
        rules = view.rules
        self.view = view
        self.rules = rules
        self.worth = swing_values(rules, high=True)
        self.heaviest: WorthMemo = worth_memo(None, rules, self.worth)
        opponents = memory.opponents(view)
        self.threat = judge.threat(view, memory, odds) if opponents else 0.0
        est = []
        for seat in opponents:
            known, parts = opponent_parts(view, memory, seat, odds, judge.lean)
            est.append(known + sum(Odds.mean(p) for p in parts))
        self.their_value = sum(est) / len(est) if est else 0.0
        self.their_cards = sum(view.hand_sizes[s] or 0 for s in opponents) / max(1, len(opponents))
        seats = sum(1 for out in view.out if not out)
        self.laps = len(view.seen) / max(1, seats)
        self.patience = judge.patience(view)
        self.hungry = judge._hunger(view, memory)
        self.score = view.scores[view.seat] or 0
        self.draws = deck_draws(odds, self.worth)

    def _row(
        self, value: float, shed: float, cards: float, callable_: float, near: float, top: float, pairs: float
    ) -> Row:
        t = self.threat
        return [1.0, value, shed, cards, callable_, near, top, pairs, t * value, t * shed, t * callable_]

    def hand(self, new: list[Card]) -> Row:
        rules = self.rules
        value = hand_value(new, rules)
        shed = self.heaviest(new)
        counts: dict[int, int] = {}
        for card in new:
            counts[card[0]] = counts.get(card[0], 0) + 1
        pairs = sum(1 for rank, k in counts.items() if rank and k >= 2)
        top = max((self.worth[c[0]] for c in new), default=0)
        return self._row(
            value,
            shed,
            len(new),
            float(rules.may_call(value)),
            float(rules.may_call(value - shed)),
            top,
            pairs,
        )

    def drawn(self, rest: list[Card]) -> Row:
        """A hand's facts once it draws from the deck, averaged over the unseen cards by rank."""
        rules = self.rules
        base = hand_value(rest, rules)
        counts: dict[int, int] = {}
        for card in rest:
            counts[card[0]] = counts.get(card[0], 0) + 1
        shed_now = self.heaviest(rest)
        pairs_now = sum(1 for rank, k in counts.items() if rank and k >= 2)
        top_now = max((self.worth[c[0]] for c in rest), default=0)
        set_min = rules.set_min
        room = rules.call_room(base)
        total = [0.0] * 11
        for rank, p, w in self.draws:
            sheds = shed_now if shed_now > w else w
            held = counts.get(rank, 0)
            if held and rank and held + 1 >= set_min and (held + 1) * w > sheds:
                sheds = (held + 1) * w
            value = base + w
            row = self._row(
                value,
                sheds,
                len(rest) + 1,
                float(w <= room),
                float(rules.may_call(value - sheds)),
                max(top_now, w),
                pairs_now + (1 if held == 1 and rank else 0),
            )
            for i, x in enumerate(row):
                total[i] += p * x
        return total

    def plays(self) -> list[tuple[Row, int, tuple[Card, ...], Card | None, Card | None]]:
        """Every play of the turn: (its facts, its drop's place, drop, take, given), as the hard bot lists them."""
        view = self.view
        rules = self.rules
        takes = view.takeable
        deck = view.deck_size > 0
        common = [self.threat, self.their_value, self.their_cards, self.laps]
        found: list[tuple[Row, int, tuple[Card, ...], Card | None, Card | None]] = []
        for i, (drop, rest) in enumerate(drops_and_rests(view.hand, rules)):
            feed = 0.0
            if self.patience:
                feed = HardBot._feed_penalty(drop, rules, self.hungry, self.worth) * self.patience
            options: list[tuple[list[Card], Card, Card | None]] = [([*rest, take], take, None) for take in takes]
            if view.swaps:
                options.extend((swapped(rest, given), JOKER, given) for given in view.swaps if given in rest)
            for new, take, given in options:
                pull = 0.0
                if self.patience:
                    pull = self.patience * HardBot._reset_pull(rules, self.score, hand_value(new, rules))
                found.append(([*self.hand(new), feed, pull, 1.0, *common], i, drop, take, given))
            if deck and self.draws:
                found.append(([*self.drawn(rest), feed, 0.0, 0.0, *common], i, drop, None, None))
            elif not deck and not takes:
                found.append(([*self.hand(rest), feed, 0.0, 0.0, *common], i, drop, None, None))
        return found


class LearnedRanker(HardBot):
    """A hard bot (on the expert's call weights) that ranks its plays by a fitted linear judgement."""

    def __init__(self, weights: list[float], rerank: int) -> None:
        super().__init__(shed_weight=SHED_WEIGHT, threat_weight=THREAT_WEIGHT, lean=LEAN)
        self.weights = weights
        self.rerank = rerank  # how many of the hard measure's best plays it ranks again (as many as it was fitted on)

    def best_plays(self, view: PlayerView, memory: Memory, odds: Odds, count: int) -> list[tuple[float, Play]]:
        """The hard measure's best `rerank` plays (the plays the model was fitted on), ranked again by the model."""
        first = super().best_plays(view, memory, odds, max(count, self.rerank))
        if len(first) < 2:
            return first[:count]
        facts = {(d, t, g): row for row, _, d, t, g in Facts(view, memory, odds, self).plays()}
        w = self.weights
        scored = []
        for place, (_, play) in enumerate(first):
            row = facts[(play.drop, play.take, play.given)]
            scored.append((sum(a * b for a, b in zip(w, row, strict=True)), place, play))
        scored.sort(key=lambda item: (item[0], item[1]))
        return [(cost, play) for cost, _, play in scored[:count]]


def load_model(path: str) -> LearnedRanker:
    """A learned ranker on the weights written by this script."""
    model = json.loads(Path(path).read_text())
    weights = [float(w) for w in model["weights"]]
    if len(weights) != len(FEATURES):
        raise ValueError(f"{len(weights)} weights where there are {len(FEATURES)} facts")
    return LearnedRanker(weights, int(model.get("candidates", 5)))


def measure_weights() -> list[float]:
    """The expert's ranker's own measure (bots/hard.py `best_plays`) over `FEATURES`: a `LearnedRanker` on these
    ranks as the expert's ranker does."""
    judge = expert_ranker()
    w = [0.0] * len(FEATURES)
    for name, weight in (
        ("value", 1.0),
        ("shed", -judge.shed_weight),
        ("threat_shed", judge.shed_weight * judge.threat_weight),
        ("callable", -judge.callable_bonus),
        ("feed", judge.feed_weight),
        ("pull", 1.0),
    ):
        w[FEATURES.index(name)] = weight
    return w


def expert_ranker() -> HardBot:
    """The expert's ranker as shipped: a hard bot on the expert's weights."""
    return HardBot(shed_weight=SHED_WEIGHT, threat_weight=THREAT_WEIGHT, lean=LEAN)


# -- self-play ------------------------------------------------------------------------------


def play_game(
    rules: Ruleset,
    bots: list[HardBot],
    seed: int,
    explore: float,
    rng: random.Random,
    rows: list[tuple[Row, float]],
) -> None:
    """One heads-up game; each play's facts, labelled by its round's outcome for the seat, go to `rows`."""
    game = Game.new(rules, ["A", "B"], seed=seed, first=0)
    pending: list[tuple[int, Row]] = []
    judge = expert_ranker()  # every seat's facts read with the expert's lean
    done = 0
    while not game.is_over:
        seat = game.current
        view = game.view(seat)
        bot = bots[seat]
        action: Action
        if view.phase == "slap":
            assert view.slap_card is not None
            action = SlapDown(view.slap_card)
        elif not view.hand:
            action = CallYaniv()
        else:
            memory = Memory(view)
            odds = Odds(memory.unseen, rules)
            if view.may_call and bot.call_worth(view, memory, odds) > bot.margin_now(view):
                action = CallYaniv()
            else:
                best = bot.best_plays(view, memory, odds, 4)
                pick = best[rng.randrange(len(best))][1] if rng.random() < explore else best[0][1]
                facts = Facts(view, memory, odds, judge)
                for row, _, drop, take, given in facts.plays():
                    if drop == pick.drop and take == pick.take and given == pick.given:
                        pending.append((seat, row))
                        break
                action = pick
        game.apply(action)
        if len(game.history) > done:
            result = game.history[done]
            done += 1
            for s, row in pending:
                mine = result.added[s] or 0
                theirs = [a or 0 for o, a in enumerate(result.added) if o != s and result.hands[o] is not None]
                rows.append((row, mine - sum(theirs) / max(1, len(theirs))))
            pending.clear()
            if done > 60:
                break


def rollout_positions(
    rules: Ruleset,
    bots: list[HardBot],
    seed: int,
    rng: random.Random,
    rows: list[tuple[Row, float]],
    *,
    every: float,
    candidates: int,
    deals: int,
    sizes: list[int],
    rounds: int = 60,
    only: HardBot | None = None,
) -> None:
    """One heads-up game; at a share `every` of its plays, the best `candidates` plays are each played to the
    round's end from the true position, the deck shuffled anew `deals` times (every play on the same shuffles),
    by the same bots. Each play's facts and mean outcome go to `rows`, both less their mean over the position's
    plays, the ranker's first play first: the fit then learns only what tells the plays of one turn apart. How
    many plays each position gave goes to `sizes`."""
    game = Game.new(rules, ["A", "B"], seed=seed, first=0)
    judge = expert_ranker()
    while not game.is_over and len(game.history) < rounds:
        seat = game.current
        view = game.view(seat)
        bot = bots[seat]
        if view.phase != "turn" or not view.hand or (only is not None and bot is not only) or rng.random() >= every:
            game.apply(bot.choose(view))
            continue
        memory = Memory(view)
        odds = Odds(memory.unseen, rules)
        if view.may_call and bot.call_worth(view, memory, odds) > bot.margin_now(view):
            game.apply(CallYaniv())
            continue
        best = [play for _, play in judge.best_plays(view, memory, odds, candidates)]
        if len(best) >= 2:
            facts = {(d, t, g): row for row, _, d, t, g in Facts(view, memory, odds, judge).plays()}
            outcomes = [0.0] * len(best)
            for _ in range(deals):
                shuffle = rng.getrandbits(32)
                for k, play in enumerate(best):
                    outcomes[k] += _round_out(game, bots, seat, play, shuffle) / deals
            chosen = [facts[(p.drop, p.take, p.given)] for p in best]
            mean_y = sum(outcomes) / len(outcomes)
            mean_x = [sum(col) / len(chosen) for col in zip(*chosen, strict=True)]
            for row, y in zip(chosen, outcomes, strict=True):
                rows.append(([a - m for a, m in zip(row, mean_x, strict=True)], y - mean_y))
            sizes.append(len(best))
        game.apply(bot.choose(view))


def _round_out(game: Game, bots: list[HardBot], seat: int, play: Play, shuffle: int) -> float:
    """The points `seat` adds less its opponents' mean, `play` played and the round played out (deck shuffled)."""
    g = game.clone(random.Random(shuffle))
    random.Random(shuffle).shuffle(g.deck)
    rounds = len(g.history)
    g.apply(play)
    turns = 0
    while len(g.history) == rounds and turns < 300:
        g.apply(bots[g.current].choose(g.view(g.current)))
        turns += 1
    if len(g.history) == rounds:
        return 0.0
    result = g.history[rounds]
    theirs = [a or 0 for o, a in enumerate(result.added) if o != seat and result.hands[o] is not None]
    return (result.added[seat] or 0) - sum(theirs) / max(1, len(theirs))


def fit(rows: list[tuple[Row, float]], ridge: float) -> list[float]:
    """Least squares with a little ridge (none on the bias), by the normal equations."""
    k = len(rows[0][0])
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for row, y in rows:
        for i, a in enumerate(row):
            if a:
                xty[i] += a * y
                line = xtx[i]
                for j in range(i, k):
                    line[j] += a * row[j]
    for i in range(k):
        for j in range(i):
            xtx[i][j] = xtx[j][i]
    # A fact that never varies (the bias and the turn's own facts, once less their turn's mean) is left out.
    top = max(xtx[i][i] for i in range(k))
    active = [i for i in range(k) if xtx[i][i] > 1e-9 * top]
    for i in active:
        if i:
            xtx[i][i] += ridge * len(rows)
    solved = solve([[xtx[i][j] for j in active] for i in active], [xty[i] for i in active])
    w = [0.0] * k
    for i, x in zip(active, solved, strict=True):
        w[i] = x
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def rmse(rows: list[tuple[Row, float]], w: list[float]) -> float:
    total = sum((sum(a * b for a, b in zip(w, row, strict=True)) - y) ** 2 for row, y in rows)
    return math.sqrt(total / len(rows))


def regret(rows: list[tuple[Row, float]], sizes: list[int], w: list[float]) -> str:
    """On positions played out, the outcome of the model's choice and of the ranker's first play, against the
    mean of the plays compared (points the seat adds less the others', lower is better)."""
    at = 0
    model = first = best = 0.0
    changed = 0
    for size in sizes:
        group = rows[at : at + size]
        at += size
        pick = min(range(size), key=lambda k: sum(a * b for a, b in zip(w, group[k][0], strict=True)))
        model += group[pick][1]
        first += group[0][1]
        best += min(y for _, y in group)
        changed += pick != 0
    n = max(1, len(sizes))
    return (
        f"{len(sizes)} positions: the model's choice {model / n:+.3f}, the ranker's first {first / n:+.3f}, "
        f"the best of them {best / n:+.3f}; the model differs in {100 * changed / n:.1f}%"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="self-play games (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="israeli")
    parser.add_argument("--explore", type=float, default=0.2, help="chance of a random play of the best four")
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--model", help="a model (JSON) to play one of the seats instead of the expert's weights")
    parser.add_argument("--out", default="ranker-model.json")
    parser.add_argument(
        "--labels",
        choices=("outcome", "rollouts"),
        default="rollouts",
        help="outcome: each play made labelled by its round; rollouts: the best plays of a turn each played out",
    )
    parser.add_argument("--every", type=float, default=0.1, help="rollouts: share of plays sampled")
    parser.add_argument("--candidates", type=int, default=5, help="rollouts: plays compared a turn")
    parser.add_argument("--deals", type=int, default=3, help="rollouts: deck shuffles a turn")
    parser.add_argument("--single-rounds", action="store_true", help="rollouts: one round a game, from no score")
    parser.add_argument("--own-turns", action="store_true", help="rollouts: only the ranker's own turns")
    parser.add_argument(
        "--measure-plus",
        metavar="FACT=W",
        action="append",
        help="fit nothing: write the expert's own measure as a model, plus W times FACT (repeatable)",
    )
    parser.add_argument(
        "--toward",
        nargs=2,
        metavar=("FILE", "SHARE"),
        help="fit nothing: write the expert's own measure moved SHARE of the way to a model (its value's weight 1)",
    )
    args = parser.parse_args()
    if args.toward is not None:
        path, share = args.toward
        try:
            target = load_model(path).weights
            step = float(share)
        except (OSError, ValueError, KeyError, TypeError) as error:
            parser.error(f"--toward {path} {share}: give a model written by this script and a number ({error})")
        scale = target[FEATURES.index("value")]
        if scale <= 0:
            parser.error(f"--toward {path}: the model does not count a hand's value against it")
        own = measure_weights()
        w = [a + step * (b / scale - a) for a, b in zip(own, target, strict=True)]
        Path(args.out).write_text(
            json.dumps({"candidates": args.candidates, "features": FEATURES, "weights": w}) + "\n"
        )
        return 0
    if args.measure_plus is not None:
        w = measure_weights()
        for item in args.measure_plus:
            name, _, weight = item.partition("=")
            try:
                w[FEATURES.index(name)] += float(weight)
            except ValueError:
                parser.error(f"--measure-plus {item}: give FACT=W, W a number, FACT one of {', '.join(FEATURES)}")
        Path(args.out).write_text(
            json.dumps({"candidates": args.candidates, "features": FEATURES, "weights": w}) + "\n"
        )
        return 0
    rules = load_ruleset(args.ruleset)
    rng = random.Random(args.seed)
    rows: list[tuple[Row, float]] = []
    held: list[tuple[Row, float]] = []
    held_sizes: list[int] = []
    started = time.perf_counter()
    first = load_model(args.model) if args.model else expert_ranker()
    for g in range(args.games):
        bots = [first, HardBot()] if g % 2 == 0 else [HardBot(), first]
        into = held if g % 10 == 9 else rows
        if args.labels == "outcome":
            play_game(rules, bots, rng.getrandbits(32), args.explore, rng, into)
        else:
            rollout_positions(
                rules,
                bots,
                rng.getrandbits(32),
                rng,
                into,
                every=args.every,
                candidates=args.candidates,
                deals=args.deals,
                sizes=held_sizes if into is held else [],
                rounds=1 if args.single_rounds else 60,
                only=first if args.own_turns else None,
            )
    print(f"{len(rows)} plays to fit, {len(held)} held out, {time.perf_counter() - started:.0f} s", flush=True)
    if not rows:
        parser.error(f"--games {args.games} gave no plays to fit: play more games")
    w = fit(rows, args.ridge)
    mean = sum(y for _, y in rows) / len(rows)
    if args.labels == "rollouts":
        w[0] = 0.0  # facts less their turn's mean: the bias is no fact
    if held:  # every tenth game is held out: none below ten games
        print(f"held-out rmse {rmse(held, w):.3f} (the mean alone {rmse(held, [mean] + [0.0] * (len(w) - 1)):.3f})")
    if held_sizes:
        print(f"held out: {regret(held, held_sizes, w)}")
    for name, x in zip(FEATURES, w, strict=True):
        print(f"  {name:16s} {x:+.4f}")
    out = {
        "ruleset": rules.id,
        "games": args.games,
        "seed": args.seed,
        "candidates": args.candidates,
        "features": FEATURES,
        "weights": w,
    }
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
