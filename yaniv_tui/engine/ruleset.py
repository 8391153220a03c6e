"""The ruleset: every rule that differs between Yaniv tables, as one frozen value."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Literal

TakeRule = Literal["ends", "any"]
ZeroRule = Literal["lowest", "assafers", "first_lowest"]
EndMode = Literal["elimination", "first_to_limit"]
EndTrigger = Literal["above", "reach"]
FirstRule = Literal["random", "left_of_dealer"]


class RulesetError(ValueError):
    """A ruleset that cannot be used; the message is one line naming the file and the key."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One choice of every rule parameter. Every field has a default.

    The defaults are the core rules of RULES.md with the Israeli (seed 000)
    choices where the sources differ.
    """

    id: str = "custom"
    name: str = "Custom"
    description: str = ""
    source: str = ""

    # Players and cards.
    min_players: int = 2
    max_players: int = 8
    decks: int = 1
    #: Player counts at which one more deck joins: (4,) means two decks from 4 players.
    more_decks_from: tuple[int, ...] = ()
    jokers_per_deck: int = 2
    hand_size: int = 5

    # Card values in hand.
    ace_value: int = 1
    jack_value: int = 10
    queen_value: int = 10
    king_value: int = 10
    joker_value: int = 0
    #: The jack swing (seed 003): jacks count `jack_low` if the hand totals at
    #: most `jack_swing_up_to` that way, else `jack_high` each.
    jack_swing: bool = False
    jack_low: int = -2
    jack_high: int = 15
    #: None: the Yaniv limit.
    jack_swing_up_to: int | None = None

    # Drops.
    set_min: int = 2
    run_min: int = 3
    run_min_natural: int = 1
    jokers_in_sets: bool = False
    jokers_in_runs: bool = True
    #: Two or more jokers alone may be dropped as a set.
    joker_set: bool = True
    #: After drawing from the deck a card of the rank just dropped as a single
    #: or set, the player may drop it at once.
    slap_down: bool = False

    # Taking from the previous drop.
    take_from_set: TakeRule = "ends"
    take_from_run: TakeRule = "ends"

    # Calling Yaniv.
    yaniv_limit: int = 5
    yaniv_limit_choices: tuple[int, ...] = (5,)

    # Assaf.
    assaf: bool = True
    assaf_on_tie: bool = False
    assaf_penalty: int = 30
    assaf_penalty_per_extra: int = 0
    assaf_caller_adds_hand: bool = True
    assaf_zero: ZeroRule = "lowest"
    assaf_others_score: bool = True

    # Lucky resets: a score landing exactly on a key drops to its value.
    resets: tuple[tuple[int, int], ...] = ()
    #: Every multiple of this drops by `reset_every_by`; 0 is off. Above the
    #: knockout score too: 250 drops to 200 and stays in (RULES.md).
    reset_every: int = 0
    reset_every_by: int = 0

    # End of the game.
    end_mode: EndMode = "elimination"
    end_limit: int = 200
    end_limit_choices: tuple[int, ...] = (200,)
    end_limit_any: bool = False
    end_on: EndTrigger = "above"

    first_player: FirstRule = "random"

    # Bonus (seed 000 house rule): every `bonus_zero_wins`-th round won with a
    # hand of 0 takes `bonus_points` off the score; 0 is off.
    bonus_zero_wins: int = 0
    bonus_points: int = 20
    bonus_min_players: int = 3

    # Derived lookups, filled in by __post_init__.
    rank_values: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    _reset_map: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        values = (
            self.joker_value,
            self.ace_value,
            *range(2, 11),
            self.jack_value,
            self.queen_value,
            self.king_value,
        )
        object.__setattr__(self, "rank_values", values)
        object.__setattr__(self, "_reset_map", dict(self.resets))

    def card_value(self, rank: int) -> int:
        """A card's value in hand by its rank, before any jack swing."""
        return self.rank_values[rank]

    def may_call(self, hand_value: int) -> bool:
        """Whether a hand of this value may call Yaniv: the one place the Yaniv limit is applied."""
        return hand_value <= self.yaniv_limit

    @property
    def swing_up_to(self) -> int:
        return self.yaniv_limit if self.jack_swing_up_to is None else self.jack_swing_up_to

    def decks_for(self, players: int) -> int:
        """How many decks a game of `players` players uses."""
        return self.decks + sum(1 for n in self.more_decks_from if players >= n)

    def deck_size_for(self, players: int) -> int:
        return self.decks_for(players) * (52 + self.jokers_per_deck)

    def reset_target(self, score: int) -> int | None:
        """The score a total landing exactly on `score` resets to, or None."""
        target = self._reset_map.get(score)
        if target is not None:
            return target
        if self.reset_every and score % self.reset_every == 0 and score > 0:
            return score - self.reset_every_by
        return None

    def is_out(self, score: int) -> bool:
        """Whether a total passes the end limit (out, or the game ends)."""
        return score > self.end_limit if self.end_on == "above" else score >= self.end_limit

    def with_choices(self, *, yaniv_limit: int | None = None, end_limit: int | None = None) -> Ruleset:
        """This ruleset with the limits a host chose at setup; ValueError for one not offered."""
        rules = self
        if yaniv_limit is not None:
            if yaniv_limit not in self.yaniv_limit_choices:
                offered = ", ".join(map(str, self.yaniv_limit_choices))
                raise ValueError(f"Yaniv limit {yaniv_limit} is not offered by {self.id}: choose {offered}")
            rules = dataclasses.replace(rules, yaniv_limit=yaniv_limit)
        if end_limit is not None:
            if end_limit not in self.end_limit_choices:
                if not self.end_limit_any:
                    offered = ", ".join(map(str, self.end_limit_choices))
                    raise ValueError(f"end score {end_limit} is not offered by {self.id}: choose {offered}")
                low, high = end_limit_range()
                if not low <= end_limit <= high:
                    raise ValueError(f"end score {end_limit} must be from {low} to {high}")
                _check_typed_end(self, end_limit)
            rules = dataclasses.replace(rules, end_limit=end_limit)
        return rules


def _check_typed_end(rules: Ruleset, end_limit: int) -> None:
    """ValueError when a typed end score could never be reached under these rules (resets catching every
    total below it): the checks a file's own end scores pass, so that a game's save always loads again."""
    from .playable import playable_problems  # imported here: that module imports this one

    offered = dataclasses.replace(rules, end_limit=end_limit, end_limit_choices=(end_limit,))
    problems = playable_problems(offered)
    if problems:
        raise ValueError(f"end score {end_limit} cannot be played under {rules.id}: {problems[0].message}")


def end_limit_range() -> tuple[int, int]:
    """The end scores a ruleset may hold, typed by a host or not: the ruleset files' own range, declared once."""
    from .ruleset_file import END_LIMITS  # imported here: that module imports this one

    return END_LIMITS
