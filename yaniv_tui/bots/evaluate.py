"""A learned judgement of a position at a seat's turn: the round's points it can expect against the others'.

A linear model over a few facts of the position (each hand's value, what its next drop sheds, its size, who
may call and on what, the deck, the turns played, the scores and the call limit), fitted offline on positions
of hard bots' self-play by `benchmarks/train_eval.py`, which writes its weights to `eval_weights.json`
beside this module. Pure Python: play needs no numerical library. The position is a whole game (in the
expert's search, a guessed world), so every hand in it is the guess's, never a hidden card of the real game.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from yaniv_tui.engine import GameState, hand_value

from .heaviest import WorthMemo

#: The model's inputs, in the order of its weights; `features` gives them and `benchmarks/train_eval.py` fits them.
FEATURES = (
    "bias",
    "value",
    "shed",
    "cards",
    "callable",
    "safe_call",
    "near_call",
    "over_lowest",
    "opp_value",
    "opp_shed",
    "opp_cards",
    "opp_min_value",
    "opp_callable",
    "opp_callable_below",
    "opp_near",
    "limit",
    "deck",
    "turns",
    "opponents",
    "lead",
)

WEIGHTS_FILE = Path(__file__).with_name("eval_weights.json")


def features(game: GameState, seat: int, heaviest: WorthMemo) -> list[float]:
    """The model's inputs for `seat` in `game` (at that seat's turn), in the order of `FEATURES`.

    `heaviest` weighs what a hand's next drop sheds under the game's rules (`heaviest.worth_memo`).
    """
    rules = game.rules
    hands = game.hands
    mine = hands[seat] or []
    value = hand_value(mine, rules)
    shed = heaviest(mine)
    callable_now = rules.may_call(value)
    others: list[tuple[int, int, int]] = []  # each opponent's hand value, shed and size
    for s, hand in enumerate(hands):
        if hand is not None and s != seat:
            others.append((hand_value(hand, rules), heaviest(hand), len(hand)))
    n = len(others) or 1
    lowest = min((v for v, _, _ in others), default=value)
    # A call is safe when no other hand undercuts it (or matches it, where a tie Assafs).
    safe = callable_now and (
        not rules.assaf or (lowest > value if rules.assaf_on_tie else lowest >= value) or not others
    )
    scores = game.scores
    my_score = scores[seat] or 0
    opp_scores = [t or 0 for s, t in enumerate(scores) if s != seat and hands[s] is not None]
    lead = (sum(opp_scores) / len(opp_scores) - my_score) if opp_scores else 0.0
    return [
        1.0,
        float(value),
        float(shed),
        float(len(mine)),
        1.0 if callable_now else 0.0,
        1.0 if safe else 0.0,
        1.0 if rules.may_call(value - shed) else 0.0,
        float(max(-20, min(20, value - lowest))),
        sum(v for v, _, _ in others) / n,
        sum(h for _, h, _ in others) / n,
        sum(c for _, _, c in others) / n,
        float(lowest),
        sum(1 for v, _, _ in others if rules.may_call(v)) / n,
        sum(1 for v, _, _ in others if rules.may_call(v) and v < value) / n,
        sum(1 for v, h, _ in others if rules.may_call(v - h)) / n,
        float(rules.yaniv_limit),
        len(game.deck) / 10,
        len(game.log) / 10,
        float(len(others)),
        lead / 100,
    ]


@cache
def weights() -> tuple[float, ...]:
    """The shipped model's weights, read once, in the order of `FEATURES`."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{WEIGHTS_FILE.name}: its features are not the model's; rerun benchmarks/train_eval.py")
    return tuple(float(w) for w in data["weights"])


def judge(game: GameState, seat: int, heaviest: WorthMemo) -> float:
    """The round's points `seat` can expect to gain on the others' mean from here (higher is better for it)."""
    return sum(w * x for w, x in zip(weights(), features(game, seat, heaviest), strict=True))
