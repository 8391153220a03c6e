"""The ruleset: every rule that differs between Yaniv tables, as one frozen value."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

from .cards import Card, parse_card
from .ruleset_keys import Key, card_values, declared_keys, one_of, reset_pairs, switch, text, whole, wholes
from .ruleset_keys import RulesetError as RulesetError  # raised by the readers; declared beside the keys

TakeRule = Literal["ends", "any"]
ZeroRule = Literal["lowest", "assafers", "first_lowest", "last_lowest"]
EndMode = Literal["elimination", "first_to_limit"]
EndTrigger = Literal["above", "reach"]
FirstRule = Literal["random", "left_of_dealer"]
SpareJoker = Literal["as_laid", "before_first"]
NextFirst = Literal["round_winner", "caller", "left_of_last_first"]
EmptyHand = Literal["call_next_turn", "wins_at_once"]
SlapAfter = Literal["single_or_set", "single"]


#: The Yaniv limits and end scores a ruleset may hold, chosen from a list or typed by a host: one range each.
YANIV_LIMITS = (0, 100)
END_LIMITS = (1, 100_000)
#: The hand sizes a ruleset may deal, fixed or chosen at setup.
HAND_SIZES = (1, 20)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One choice of every rule parameter. Every field has a default.

    The defaults are the core rules of RULES.md with the Israeli (seed 000)
    choices where the sources differ, but no lucky resets and one deck at any
    table size (rulesets/README.md). Each field but the id is declared as a
    key of a ruleset file (`ruleset_keys.py`): its place, kind, range and meaning.
    """

    id: str = "custom"
    name: str = field(
        default="Custom", metadata=text("name", "the ruleset's name as players see it", default_doc="the id")
    )
    description: str = field(default="", metadata=text("description", "one line saying what the ruleset plays"))
    source: str = field(default="", metadata=text("source", "where the rules come from"))

    # Players and cards.
    min_players: int = field(default=2, metadata=whole("players.min", 2, 16, "fewest players"))
    max_players: int = field(
        default=8,
        metadata=whole(
            "players.max",
            2,
            16,
            "most players; every count up to it must be dealable from the decks",
            allowed_also="at least `min`",
        ),
    )
    decks: int = field(default=1, metadata=whole("deck.decks", 1, 8, "decks used by the fewest players"))
    #: Player counts at which one more deck joins: (4,) means two decks from 4 players.
    more_decks_from: tuple[int, ...] = field(
        default=(),
        metadata=wholes(
            "deck.more_decks_from",
            2,
            16,
            "player counts from which one more deck joins: `[4]` is two decks from 4 players, `[4, 7]` three from 7",
        ),
    )
    jokers_per_deck: int = field(default=2, metadata=whole("deck.jokers", 0, 8, "jokers in each deck"))
    hand_size: int = field(default=5, metadata=whole("deck.hand_size", *HAND_SIZES, "cards dealt to each player"))
    #: (): only `hand_size` (see `hand_sizes`).
    hand_size_choices: tuple[int, ...] = field(
        default=(),
        metadata=wholes(
            "deck.hand_size_choices",
            *HAND_SIZES,
            "the hand sizes a host may choose at setup; without `hand_size`, it is 5 if offered, else the first",
            allowed_also="must include `hand_size`; each dealable at every player count",
            default_doc="`[hand_size]`",
        ),
    )
    deck_recount: bool = field(
        default=False,
        metadata=switch(
            "deck.recount",
            "each round is dealt from the decks the players still in need (a table down to three goes back to one "
            "deck); `false`: the decks of the game's start, whoever is out",
            allowed_also="`true` only where the decks deal every count knockouts leave, down to two players",
        ),
    )
    turn_up: bool = field(
        default=True,
        metadata=switch(
            "deck.turn_up",
            "a card is turned up after the deal to start the pile; `false`: the pile starts empty, so the first "
            "player of a round drops and must draw from the deck",
        ),
    )

    # Card values in hand.
    ace_value: int = field(default=1, metadata=whole("values.ace", -50, 50, "an ace"))
    jack_value: int = field(default=10, metadata=whole("values.jack", -50, 50, "a jack (when there is no jack swing)"))
    queen_value: int = field(default=10, metadata=whole("values.queen", -50, 50, "a queen"))
    king_value: int = field(default=10, metadata=whole("values.king", -50, 50, "a king"))
    joker_value: int = field(default=0, metadata=whole("values.joker", -50, 50, "a joker"))
    #: The jack swing (seed 003): jacks count `jack_low` if the hand totals at
    #: most `jack_swing_up_to` that way, else `jack_high` each.
    jack_swing: bool = field(
        default=False,
        metadata=switch(
            "values.jack_swing",
            "the jack swing of source 003: total the hand with every jack at `jack_low`; if that is at most "
            "`jack_swing_up_to`, that is the hand's value, else every jack counts `jack_high`",
        ),
    )
    jack_low: int = field(
        default=-2,
        metadata=whole(
            "values.jack_low", -50, 50, "a jack's value when the swing is low", allowed_also="at most `jack_high`"
        ),
    )
    jack_high: int = field(
        default=15, metadata=whole("values.jack_high", -50, 50, "a jack's value when the swing is high")
    )
    #: None: the Yaniv limit.
    jack_swing_up_to: int | None = field(
        default=None,
        metadata=whole(
            "values.jack_swing_up_to",
            -50,
            200,
            "the highest total that keeps jacks low; unset, it follows `yaniv.limit` "
            "(also the limit a host picks at setup)",
            default_doc="the Yaniv limit",
        ),
    )
    #: (code, value) pairs, sorted by code: cards counted apart from their rank (`values.cards`).
    card_values: tuple[tuple[str, int], ...] = field(
        default=(),
        metadata=card_values(
            "values.cards",
            -50,
            50,
            "cards with a value of their own, over their rank's (and the jack swing): `cards = { KH = 0 }` is the "
            "king of hearts worth nothing",
        ),
    )

    # Drops.
    set_min: int = field(default=2, metadata=whole("drops.set_min", 2, 16, "fewest cards in a set (cards of one rank)"))
    run_min: int = field(
        default=3,
        metadata=whole("drops.run_min", 2, 13, "fewest cards in a run (consecutive cards of one suit, ace low only)"),
    )
    run_min_natural: int = field(
        default=1,
        metadata=whole(
            "drops.run_min_natural",
            1,
            13,
            "fewest cards in a run that are not jokers",
            allowed_also="at most `run_min`",
        ),
    )
    jokers_in_sets: bool = field(
        default=False, metadata=switch("drops.jokers_in_sets", "jokers stand in for a card in a set (`5H 5S JK`)")
    )
    jokers_in_runs: bool = field(
        default=True,
        metadata=switch(
            "drops.jokers_in_runs",
            "jokers stand in for a card in a run (`5H JK 7H`); a spare joker goes on the high end "
            "unless the player lays it low",
        ),
    )
    joker_ends: bool = field(
        default=True,
        metadata=switch(
            "drops.joker_ends",
            "a joker may be a run's first or last card (`5H 6H JK`); `false`: jokers only fill gaps inside a run",
        ),
    )
    joker_set: bool = field(
        default=True, metadata=switch("drops.joker_set", "two or more jokers alone may be dropped as a set")
    )
    spare_joker: SpareJoker = field(
        default="as_laid",
        metadata=one_of(
            "drops.spare_joker",
            ("as_laid", "before_first"),
            "where a joker a run does not need inside it goes, which decides the run's takeable ends: `as_laid` "
            "keeps the order laid when it reads as a run either way up (else spare jokers go high); `before_first`: "
            "a joker laid before the first natural card goes on the low end, the rest on the high end",
        ),
    )
    slap_down: bool = field(
        default=False,
        metadata=switch(
            "drops.slap_down",
            "after drawing from the deck a card of the rank just dropped as a single or set, the same player "
            "may drop it at once onto that group (or keep it)",
        ),
    )
    slap_jokers: bool = field(
        default=True,
        metadata=switch(
            "drops.slap_jokers",
            "with the slap-down, a joker drawn from the deck may be slapped down onto dropped jokers (two jokers "
            "match as a pair); `false`: a slap-down matches natural ranks only",
        ),
    )
    slap_after: SlapAfter = field(
        default="single_or_set",
        metadata=one_of(
            "drops.slap_after",
            ("single_or_set", "single"),
            "with the slap-down, what a matching card may be slapped onto: a single or a set, or a single only",
        ),
    )
    slap_runs: bool = field(
        default=False,
        metadata=switch(
            "drops.slap_runs",
            "with the slap-down, a card drawn from the deck that extends the run just dropped, at either end, may "
            "be slapped down onto it",
        ),
    )
    slap_last_card: bool = field(
        default=True,
        metadata=switch(
            "drops.slap_last_card",
            "with the slap-down, a slap-down may empty the hand; `false`: not the last card in hand",
        ),
    )

    # Taking from the previous drop.
    take_from_set: TakeRule = field(
        default="ends",
        metadata=one_of(
            "take.from_set", ("ends", "any"), "from a set: its first or last card as dropped, or any card of it"
        ),
    )
    take_from_run: TakeRule = field(
        default="ends", metadata=one_of("take.from_run", ("ends", "any"), "from a run: either end, or any card of it")
    )
    joker_swap: bool = field(
        default=False,
        metadata=switch(
            "take.joker_swap",
            "instead of taking a card, the next player may take a joker from inside the run just dropped by putting "
            "in its place the natural card it stands for, from their hand",
        ),
    )

    # Calling Yaniv.
    yaniv_limit: int = field(
        default=5, metadata=whole("yaniv.limit", *YANIV_LIMITS, "the highest hand value that may call Yaniv")
    )
    yaniv_limit_choices: tuple[int, ...] = field(
        default=(5,),
        metadata=wholes(
            "yaniv.limit_choices",
            *YANIV_LIMITS,
            "the Yaniv limits a host may choose at setup",
            allowed_also="must include `limit`",
            default_doc="`[limit]`",
        ),
    )
    empty_hand: EmptyHand = field(
        default="call_next_turn",
        metadata=one_of(
            "yaniv.empty_hand",
            ("call_next_turn", "wins_at_once"),
            "a hand a slap-down empties: calls Yaniv on its next turn, or wins the round at once with a hand of 0 "
            "(nobody can Assaf it)",
        ),
    )

    # Assaf.
    assaf: bool = field(
        default=True,
        metadata=switch(
            "assaf.enabled",
            "`false`: no Assaf rule; on a call the lowest hands (the caller's too, if lowest) score 0 and "
            "everyone else, the caller included, adds their hand",
        ),
    )
    assaf_on_tie: bool = field(
        default=False,
        metadata=switch(
            "assaf.on_tie",
            "a hand equal to the caller's Assafs; `false`: Assaf needs a strictly lower hand and the caller wins ties",
        ),
    )
    assaf_penalty: int = field(default=30, metadata=whole("assaf.penalty", 0, 1000, "points the Assafed caller adds"))
    assaf_penalty_per_extra: int = field(
        default=0,
        metadata=whole("assaf.penalty_per_extra", 0, 1000, "more penalty for each Assafer after the first"),
    )
    assaf_caller_adds_hand: bool = field(
        default=True,
        metadata=switch("assaf.caller_adds_hand", "the Assafed caller adds their hand value as well as the penalty"),
    )
    assaf_zero: ZeroRule = field(
        default="lowest",
        metadata=one_of(
            "assaf.zero",
            get_args(ZeroRule),
            "who scores 0 on an Assaf: every opponent with the lowest hand; every opponent who Assafed; only one "
            "lowest, ties going to the first in turn after the caller; or only one lowest, ties going to the one "
            "in the last seat (the highest seat number, wherever the caller sits). The one scoring 0 under "
            "`last_lowest`, otherwise the first lowest after the caller, starts the next round.",
        ),
    )
    assaf_others_score: bool = field(
        default=True,
        metadata=switch(
            "assaf.others_score",
            "on an Assaf the other players add their hands; `false`: only the caller scores (a flat penalty)",
        ),
    )

    # Lucky resets: a score landing exactly on a key drops to its value.
    resets: tuple[tuple[int, int], ...] = field(
        default=(),
        metadata=reset_pairs("resets.at", "exact totals and what they drop to: `at = { 100 = 50, 200 = 100 }`"),
    )
    #: Every multiple of this drops by `reset_every_by`; 0 is off. Above the
    #: knockout score too: 250 drops to 200 and stays in (RULES.md).
    reset_every: int = field(
        default=0,
        metadata=whole(
            "resets.every",
            0,
            10000,
            "every multiple of this drops by `every_by`; `0` is off. Multiples above the end score count too: "
            "under `yanivo` a total landing on 250 drops to 200, exactly the knockout score, and stays in",
        ),
    )
    reset_every_by: int = field(
        default=0,
        metadata=whole(
            "resets.every_by",
            0,
            10000,
            "how far a multiple of `every` drops",
            allowed_also="at most `every`; at least 1 when `every` is set",
        ),
    )
    reset_on_zero_added: bool = field(
        default=False,
        metadata=switch(
            "resets.on_zero_added",
            "a total the round adds nothing to (a 50 that wins the round under `every = 50`) is reset again; "
            "`false`: only a round that adds points resets",
        ),
    )
    reset_with_penalty: bool = field(
        default=True,
        metadata=switch(
            "resets.with_penalty",
            "an Assafed caller's total landing on a reset is reset like any other; `false`: a total the Assaf "
            "penalty brings there stays",
        ),
    )
    reset_name: str = field(
        default="lucky reset",
        metadata=text(
            "resets.name",
            'what the table calls a reset, as the round\'s end, the log and the help name it: "sursis" under '
            "source 002",
            allowed_also="not blank",
        ),
    )
    reset_jokers_held: int = field(
        default=0,
        metadata=whole(
            "resets.jokers_held",
            0,
            20,
            "a player ending a round holding at least this many jokers has their total set to 0 after the round's "
            "scoring (before anyone is knocked out); `0` is off",
        ),
    )

    # End of the game.
    end_mode: EndMode = field(
        default="elimination",
        metadata=one_of(
            "end.mode",
            ("elimination", "first_to_limit"),
            "`elimination`: a player past the limit is out and the last player left wins; `first_to_limit`: the "
            "game ends when anyone passes the limit and the lowest score wins. Equal lowest share the win.",
        ),
    )
    end_limit: int = field(default=200, metadata=whole("end.limit", *END_LIMITS, "the end score (knockout score)"))
    end_limit_choices: tuple[int, ...] = field(
        default=(200,),
        metadata=wholes(
            "end.limit_choices",
            *END_LIMITS,
            "the end scores a host may choose at setup",
            allowed_also="must include `limit`",
            default_doc="`[limit]`",
        ),
    )
    end_limit_any: bool = field(default=False, metadata=switch("end.any_limit", "the host may also type any end score"))
    end_on: EndTrigger = field(
        default="above",
        metadata=one_of(
            "end.on", ("above", "reach"), "what passes the limit: a total strictly above it, or at or above it"
        ),
    )

    first_player: FirstRule = field(
        default="random",
        metadata=one_of(
            "players.first",
            ("random", "left_of_dealer"),
            "who plays first in the first round: a seat drawn by lot, or the seat after a dealer drawn by lot. "
            "Later rounds: `next_first`.",
        ),
    )
    next_first: NextFirst = field(
        default="round_winner",
        metadata=one_of(
            "players.next_first",
            ("round_winner", "caller", "left_of_last_first"),
            "who starts each later round: the last round's winner, its caller, or the seat after the one that "
            "started it (the deal moves round the table); a seat knocked out passes it to the next seat in",
        ),
    )

    # Bonus (seed 000 house rule): every `bonus_zero_wins`-th round won with a
    # hand of 0 takes `bonus_points` off the score; 0 is off.
    bonus_zero_wins: int = field(
        default=0,
        metadata=whole(
            "bonus.zero_hand_wins",
            0,
            100,
            "every this many rounds won (by a Yaniv or an Assaf) with a hand of 0, the winner's score drops by "
            "`points`; `0` is off",
        ),
    )
    bonus_points: int = field(
        default=20, metadata=whole("bonus.points", 0, 1000, "what the bonus takes off (a score never goes below 0)")
    )
    bonus_min_players: int = field(
        default=3, metadata=whole("bonus.min_players", 2, 16, "fewest players in the round for a win to count")
    )

    # Derived lookups, filled in by __post_init__.
    rank_values: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    #: Each card with a value of its own (`values.cards`) and that value.
    own_values: dict[Card, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: Whether a hand counts by `rank_values` alone: no jack swing and no card with a value of its own.
    plain_values: bool = field(default=True, init=False, repr=False, compare=False)
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
        own = {parse_card(code): value for code, value in self.card_values}
        object.__setattr__(self, "own_values", own)
        object.__setattr__(self, "plain_values", not self.jack_swing and not own)
        object.__setattr__(self, "_reset_map", dict(self.resets))

    def card_value(self, rank: int) -> int:
        """A card's value in hand by its rank, before any jack swing and any card's own value."""
        return self.rank_values[rank]

    def value_of(self, card: Card) -> int:
        """A card's value in hand, its own value (`values.cards`) or its rank's, before any jack swing."""
        own = self.own_values.get(card)
        return self.rank_values[card[0]] if own is None else own

    @property
    def slap_empties(self) -> bool:
        """Whether a slap-down can empty a hand: the slap-down, onto the last card too."""
        return self.slap_down and self.slap_last_card

    def may_call(self, hand_value: int) -> bool:
        """Whether a hand of this value may call Yaniv: the one place the Yaniv limit is applied (with `call_room`,
        its other side)."""
        return hand_value <= self.yaniv_limit

    def call_room(self, hand_value: int) -> int:
        """How many points a hand of this value may gain and still call Yaniv: `may_call(hand_value + k)` for every
        k up to it (negative when the hand may not call now), for a bot weighing many cards at once."""
        return self.yaniv_limit - hand_value

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The hand sizes a host may choose at setup: the choices, or the hand size alone."""
        return self.hand_size_choices or (self.hand_size,)

    @property
    def swing_up_to(self) -> int:
        return self.yaniv_limit if self.jack_swing_up_to is None else self.jack_swing_up_to

    def decks_for(self, players: int) -> int:
        """How many decks a game of `players` players uses."""
        return self.decks + sum(1 for n in self.more_decks_from if players >= n)

    def dealing_for(self, players: int, playing: int) -> int:
        """The player count a round's decks are counted for, at a table of `players` seats with `playing` of them
        still in: the seats, or the players still in under `deck.recount`."""
        return playing if self.deck_recount else players

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

    def after_round(
        self, score: int, added: int, *, penalised: bool = False, jokers: int = 0
    ) -> tuple[int, int | None]:
        """A seat's total once a round adds `added` points to `score` (never below 0), and the total it resets to
        (None: no reset): the one place a round's resets are worked out, for the scoring and for a bot weighing a
        call. `penalised`: the seat is the Assafed caller (`added` holds the penalty, `resets.with_penalty`);
        `jokers`: the jokers its hand holds at the round's end (`resets.jokers_held`)."""
        total = max(0, score + added)
        target = None
        if (added > 0 or (added == 0 and self.reset_on_zero_added)) and (not penalised or self.reset_with_penalty):
            target = self.reset_target(total)
        if self.reset_jokers_held and total and jokers >= self.reset_jokers_held:
            target = 0
        return total, target

    def is_out(self, score: int) -> bool:
        """Whether a total passes the end limit (out, or the game ends)."""
        return score > self.end_limit if self.end_on == "above" else score >= self.end_limit

    def with_choices(
        self, *, yaniv_limit: int | None = None, end_limit: int | None = None, hand_size: int | None = None
    ) -> Ruleset:
        """This ruleset with what a host chose at setup: the limits and the hand size; ValueError for one not
        offered."""
        from .choosing import choose  # with the playability checks: not imported for the setup screen's first frame

        return choose(self, end_range=END_LIMITS, yaniv_limit=yaniv_limit, end_limit=end_limit, hand_size=hand_size)


def end_limit_range() -> tuple[int, int]:
    """The end scores a ruleset may hold, typed by a host or not: the ruleset files' own range, declared once."""
    return END_LIMITS


#: Every key a ruleset file may hold, from the fields' declarations: grouped by table, as rulesets/README.md lists
#: them.
KEYS: tuple[Key, ...] = declared_keys(Ruleset)
