"""The expert's learned judgement: the facts it reads from a position, and its shipped weights."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from yaniv_tui.bots import evaluate
from yaniv_tui.bots.evaluate import FEATURES, features, judge, weights
from yaniv_tui.bots.heaviest import WorthMemo
from yaniv_tui.engine import Game, load_ruleset, swing_values


def named(game: Game, seat: int) -> dict[str, float]:
    heaviest = WorthMemo(game.rules, swing_values(game.rules, high=True))
    return dict(zip(FEATURES, features(game, seat, heaviest), strict=True))


def dealt(preset: str, deck: str) -> Game:
    """A heads-up deal: cards go one at a time from seat 0, then one is turned up."""
    return Game.new(load_ruleset(preset), ["A", "B"], seed=1, deck=deck, first=0)


def test_a_low_hand_against_a_high_one_reads_as_a_safe_call() -> None:
    game = dealt("israeli", "AS 9H AH 9D 2S KH JK KD AC QH 7C")  # A: AS AH 2S JK AC (5), B: 9H 9D KH KD QH (48)
    mine = named(game, 0)
    assert mine["value"] == 5 and mine["cards"] == 5
    assert mine["callable"] == 1 and mine["safe_call"] == 1
    assert mine["opp_value"] == 48 and mine["opp_min_value"] == 48 and mine["opp_shed"] == 20  # K K dropped
    assert mine["opp_callable"] == 0 and mine["limit"] == 5 and mine["opponents"] == 1
    theirs = named(game, 1)
    assert theirs["callable"] == 0 and theirs["safe_call"] == 0
    assert theirs["opp_callable"] == 1 and theirs["opp_callable_below"] == 1  # the other may call under it


def test_a_tie_is_a_safe_call_only_where_a_tie_does_not_assaf() -> None:
    # Both hands worth 6 under yanivo (a call on 7 or less), where a tie Assafs; then the same deal where it does not.
    game = dealt("yanivo", "AS AC AH AD 2S 2C 2H 2D JK JK 7C")
    assert named(game, 0)["value"] == named(game, 1)["value"] == 6
    assert named(game, 0)["callable"] == 1 and named(game, 0)["safe_call"] == 0
    game.rules = dataclasses.replace(game.rules, assaf_on_tie=False)
    assert named(game, 0)["safe_call"] == 1


def test_the_judgement_is_the_weights_over_the_features() -> None:
    game = dealt("israeli", "AS 9H AH 9D 2S KH JK KD AC QH 7C")
    heaviest = WorthMemo(game.rules, swing_values(game.rules, high=True))
    x = features(game, 0, heaviest)
    assert judge(game, 0, heaviest) == pytest.approx(sum(w * v for w, v in zip(weights(), x, strict=True)))
    # A safe call in hand is worth more to its holder than the other's heavy hand is to the other.
    assert judge(game, 0, heaviest) > judge(game, 1, heaviest)


def test_the_shipped_weights_name_the_models_features_and_say_how_they_were_fitted() -> None:
    data = json.loads(evaluate.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == FEATURES
    assert len(data["weights"]) == len(FEATURES)
    assert data["trained"].startswith("python benchmarks/train_eval.py")


def test_weights_for_other_features_are_refused_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "eval_weights.json"
    stale.write_text(json.dumps({"features": ["bias"], "weights": [0.0], "trained": "x"}), encoding="utf-8")
    monkeypatch.setattr(evaluate, "WEIGHTS_FILE", stale)
    weights.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"rerun benchmarks/train_eval\.py"):
            weights()
    finally:
        weights.cache_clear()
