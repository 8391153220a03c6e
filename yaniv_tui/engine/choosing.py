"""What a host chooses at setup from what a ruleset offers: a Yaniv limit, an end score, a hand size."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .playable import playable_problems

if TYPE_CHECKING:
    from .ruleset import Ruleset


def _offered(what: str, value: int, offered: Sequence[int], rules: Ruleset) -> int:
    if value not in offered:
        raise ValueError(f"{what} {value} is not offered by {rules.id}: choose {', '.join(map(str, offered))}")
    return value


def choose(
    rules: Ruleset,
    *,
    end_range: tuple[int, int],
    yaniv_limit: int | None = None,
    end_limit: int | None = None,
    hand_size: int | None = None,
) -> Ruleset:
    """`rules` with the host's choices (None keeps the ruleset's own); ValueError for one not offered. A typed
    end score is held to `end_range`, the ruleset files' own range."""
    if yaniv_limit is not None:
        _offered("Yaniv limit", yaniv_limit, rules.yaniv_limit_choices, rules)
        rules = dataclasses.replace(rules, yaniv_limit=yaniv_limit)
    if hand_size is not None:
        _offered("hand size", hand_size, rules.hand_sizes, rules)
        rules = dataclasses.replace(rules, hand_size=hand_size)
    if end_limit is not None:
        if end_limit not in rules.end_limit_choices:
            if not rules.end_limit_any:
                _offered("end score", end_limit, rules.end_limit_choices, rules)
            low, high = end_range
            if not low <= end_limit <= high:
                raise ValueError(f"end score {end_limit} must be from {low} to {high}")
            _check_typed_end(rules, end_limit)
        rules = dataclasses.replace(rules, end_limit=end_limit)
    return rules


def _check_typed_end(rules: Ruleset, end_limit: int) -> None:
    """ValueError when a typed end score could never be reached under these rules (resets catching every
    total below it): the checks a file's own end scores pass, so that a game's save always loads again."""
    offered = dataclasses.replace(rules, end_limit=end_limit, end_limit_choices=(end_limit,))
    problems = playable_problems(offered)
    if problems:
        raise ValueError(f"end score {end_limit} cannot be played under {rules.id}: {problems[0].message}")
