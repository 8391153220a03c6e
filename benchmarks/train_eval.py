"""Fits the expert's learned judgement (yaniv_tui/bots/evaluate.py) on hard bots' self-play, and writes its weights.

Run: python benchmarks/train_eval.py [--games N] [--seed N] [--write]

Hard bots play whole games of every preset, heads-up and at four seats. At the start of every turn the
position is taken from the seat to play (`evaluate.features`: the game's whole state, as the expert's
search holds a guessed world), and labelled when the round ends with what it brought that seat: the
others' mean points added less its own. A linear model is fitted by least squares (a small ridge) in
plain Python on the first four fifths of each table's games; the last fifth is held out, and the fit's
error there is printed beside that of the expert's old face-value measure (each hand's value less its
next drop, less a bonus where it may call; its own against the others' mean), scaled by its best fit.
The same seed fits the same weights; `--write` stores them in yaniv_tui/bots/eval_weights.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.bots import HardBot
from yaniv_tui.bots.evaluate import FEATURES, WEIGHTS_FILE, features
from yaniv_tui.bots.heaviest import WorthMemo
from yaniv_tui.engine import Game, hand_value, load_ruleset, swing_values

PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")
SEATS = (2, 4)
#: How many turns a game may take before it is left (hard bots never stall; this only bounds the loop).
MAX_TURNS = 20_000
RIDGE = 1e-3

Sample = tuple[list[float], float, float]  # features, the label, the old measure


def play(preset: str, seats: int, seed: int) -> list[Sample]:
    """Every turn's position of one game of hard bots, each with its round's outcome for the seat to play."""
    rules = load_ruleset(preset)
    game = Game.new(rules, [f"P{s + 1}" for s in range(seats)], seed=seed)
    bots = [HardBot(seed * 10 + s) for s in range(seats)]
    heaviest = WorthMemo(rules, swing_values(rules, high=True))
    bonus = bots[0].callable_bonus
    samples: list[Sample] = []
    pending: list[tuple[int, list[float], float]] = []
    rounds = 0
    for _ in range(MAX_TURNS):
        if game.is_over:
            break
        if game.phase == "turn":
            me = game.current
            pending.append((me, features(game, me, heaviest), _old_measure(game, me, heaviest, bonus)))
        game.apply(bots[game.current].choose(game.view(game.current)))
        if len(game.history) > rounds:
            rounds = len(game.history)
            added = game.history[-1].added
            for me, x, old in pending:
                others = [a for s, a in enumerate(added) if a is not None and s != me]
                samples.append((x, sum(others) / len(others) - (added[me] or 0), old))
            pending = []
    return samples


def _old_measure(game: Game, me: int, heaviest: WorthMemo, bonus: float) -> float:
    """The expert's face-value judgement of a lap's end: each hand's value less its next drop, less a bonus if it
    may call; the others' mean less its own."""
    rules = game.rules
    judged: list[float] = []
    mine = 0.0
    for s, hand in enumerate(game.hands):
        if hand is None:
            continue
        value = hand_value(hand, rules)
        cost = value - heaviest(hand) - (bonus if rules.may_call(value) else 0.0)
        if s == me:
            mine = cost
        else:
            judged.append(cost)
    return sum(judged) / len(judged) - mine


def fit(rows: list[tuple[list[float], float]]) -> list[float]:
    """Least squares with a small ridge (not on the bias), by the normal equations and Gauss-Jordan elimination."""
    k = len(rows[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in rows:
        for i in range(k):
            xi = x[i]
            if xi == 0.0:
                continue
            b[i] += xi * y
            row = a[i]
            for j in range(k):
                row[j] += xi * x[j]
    for i in range(1, k):
        a[i][i] += RIDGE * len(rows)
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        p = a[col][col]
        for r in range(k):
            if r != col and a[r][col] != 0.0:
                f = a[r][col] / p
                for j in range(col, k):
                    a[r][j] -= f * a[col][j]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def error(rows: list[tuple[list[float], float]], w: list[float]) -> float:
    """Root mean square error of the model `w` over `rows`."""
    total = sum((sum(wi * xi for wi, xi in zip(w, x, strict=True)) - y) ** 2 for x, y in rows)
    return float((total / len(rows)) ** 0.5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games of each preset at each table (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help=f"store the weights in {WEIGHTS_FILE.name}")
    args = parser.parse_args()
    started = time.perf_counter()
    train: list[Sample] = []
    held: list[Sample] = []
    for preset in PRESETS:
        for seats in SEATS:
            for g in range(args.games):
                seed = args.seed * 1_000_003 + g
                (held if g >= args.games * 4 // 5 else train).extend(play(preset, seats, seed))
    print(f"{len(train)} positions to fit, {len(held)} held out, played in {time.perf_counter() - started:.0f} s")
    weights = fit([(x, y) for x, y, _ in train])
    old = fit([([1.0, m], y) for _, y, m in train])
    spread = error([([1.0], y) for _, y, _ in held], [sum(y for _, y, _ in train) / len(train)])
    print(f"held-out error (points): the mean alone {spread:.3f}")
    print(f"  the face-value measure, best scaled ({old[0]:+.3f} {old[1]:+.3f} x): ", end="")
    print(f"{error([([1.0, m], y) for _, y, m in held], old):.3f}")
    print(f"  the learned model: {error([(x, y) for x, y, _ in held], weights):.3f}")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:>20} {w:+.4f}")
    if args.write:
        data = {
            "features": list(FEATURES),
            "weights": [round(w, 6) for w in weights],
            "trained": f"python benchmarks/train_eval.py --games {args.games} --seed {args.seed}",
        }
        WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"written to {WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
