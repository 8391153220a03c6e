"""Whole games under every preset, checked after every action: no card made or lost, none shown to a seat (or a
watcher) that may not see it, only legal actions, games end."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from builders import rebuilt
from hypothesis import given, settings
from hypothesis import strategies as st

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import (
    Action,
    CallYaniv,
    Card,
    Game,
    PlayerView,
    Ruleset,
    load_ruleset,
    preset_paths,
    ruleset_from_dict,
)

#: Every shipped preset, the four seed families and the five programs' tables.
PRESETS = tuple(sorted(preset_paths()))
#: A game that has not ended after this many actions never will.
MAX_ACTIONS = 20_000


class RandomPlayer:
    """Any legal action at random, but Yaniv whenever it may be called, so that rounds end."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, legal: list[Action]) -> Action:
        if CallYaniv() in legal:
            return CallYaniv()
        return self.rng.choice(legal)


@dataclass
class Table:
    rules: Ruleset
    players: int
    seed: int
    random_seats: tuple[bool, ...]


def house_rules() -> Ruleset:
    """The house rules the presets leave off, all at once: slap-down, any card taken, wild sets, the bonus, a deck
    more from 4 players and the decks counted again as players are knocked out."""
    return ruleset_from_dict(
        {
            "deck": {"more_decks_from": [4], "recount": True},
            "drops": {"slap_down": True, "jokers_in_sets": True},
            "take": {"from_set": "any", "from_run": "any"},
            "bonus": {"zero_hand_wins": 2},
            "yaniv": {"limit": 7},
        },
        ruleset_id="house",
    )


@st.composite
def tables(draw: st.DrawFn, mix: bool, rules: Ruleset | None = None) -> Table:
    chosen = rules if rules is not None else load_ruleset(draw(st.sampled_from(PRESETS)))
    players = draw(st.integers(chosen.min_players, chosen.max_players))
    seed = draw(st.integers(0, 2**32 - 1))
    if mix:
        random_seats = tuple(draw(st.lists(st.booleans(), min_size=players, max_size=players)))
    else:
        random_seats = (False,) * players
    return Table(chosen, players, seed, random_seats)


def play_out(table: Table) -> Game:
    """Play a whole game, checking every invariant after every action."""
    game = Game.new(table.rules, [f"P{s}" for s in range(table.players)], seed=table.seed)
    full = Counter(game.full_deck())
    assert sum(full.values()) == table.rules.deck_size_for(table.players)
    bot = MediumBot()
    randoms = RandomPlayer(table.seed)
    leaks = random.Random(table.seed)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        seat = game.current
        legal = game.legal_actions()
        assert legal, "the player to act always has a legal action"
        action = randoms.choose(legal) if table.random_seats[seat] else bot.choose(game.view(seat))
        assert action in legal, f"{action} was not among the legal actions"
        sizes = [None if h is None else len(h) for h in game.hands]
        round_no = game.round_no
        game.apply(action)

        # No card is ever created or lost: every card is in exactly one hand, the deck or the pile; a round is
        # dealt from the decks of the seats (or, under `deck.recount`, of the players still in).
        if game.round_no != round_no and not game.is_over:
            playing = sum(1 for out in game.out if not out)
            full = Counter(game.full_deck())
            dealing = table.rules.dealing_for(table.players, playing)
            assert sum(full.values()) == table.rules.deck_size_for(dealing)
        assert game.cards_in_play() == full
        # Hands never grow within a round.
        if game.round_no == round_no:
            for before, hand in zip(sizes, game.hands, strict=True):
                assert (hand is None) == (before is None)
                assert hand is None or before is None or len(hand) <= before
        assert all(score is None or score >= 0 for score in game.scores)
        # No view shows a card its viewer may not see.
        check_no_leak(game, leaks)
    assert game.is_over, f"no end after {MAX_ACTIONS} actions"
    left = [s for s in range(table.players) if not game.out[s]]
    if table.rules.end_mode == "elimination" and left:
        assert game.winners == tuple(left) and len(left) == 1, "the last player left wins"
    else:
        pool = left or list(game.history[-1].eliminated)
        best = min(game.scores[s] or 0 for s in pool)
        assert game.winners == tuple(s for s in pool if game.scores[s] == best), "the lowest score wins"
    return game


def _public(view: PlayerView) -> dict[str, object]:
    """Everything a view holds, read as its users read it: each slot, the private ones through their public face
    (this round's turns, the finished rounds, the pile, the legal actions), so that a slot added later is read too."""
    read: dict[str, object] = {}
    for name in PlayerView.__slots__:
        if name.endswith("_len"):
            continue
        if name == "_log":
            read[name] = view.seen
        elif name == "_history":
            read[name] = view.history
        elif name == "_pile":
            read[name] = (view.discards, view.previous_drop)
        elif name == "_legal":
            read[name] = view.legal_actions
        else:
            read[name] = getattr(view, name)
    return read


def _views(game: Game) -> dict[int | None, PlayerView]:
    """Every seat's view and the watcher's (None)."""
    return {**{seat: game.view(seat) for seat in range(len(game.players))}, None: game.watcher_view()}


def _known_held(game: Game) -> dict[int, Counter[Card]]:
    """The cards each seat took from the pile this round and holds still: everyone saw them taken."""
    held: dict[int, Counter[Card]] = {}
    for turn in game.log:
        cards = held.setdefault(turn.seat, Counter())
        cards.subtract((*turn.drop, *(c for c in (turn.slapped, turn.given) if c is not None)))
        if turn.take is not None:
            cards[turn.take] += 1
    return {seat: +cards for seat, cards in held.items()}


def _hidden_dealt_again(game: Game, viewer: int | None, rng: random.Random) -> Game:
    """The same game with the cards `viewer` cannot see (the deck, the other hands but for the cards seen taken
    into them and a drawn card waiting to be slapped down) dealt again among the same places."""
    known = _known_held(game)
    if game.slap_card is not None:
        known.setdefault(game.current, Counter())[game.slap_card] += 1
    kept: list[list[Card] | None] = []
    pool = list(game.deck)
    for seat, hand in enumerate(game.hands):
        if hand is None or seat == viewer:
            kept.append(None if hand is None else list(hand))
            continue
        stays = Counter(known.get(seat, Counter()))
        mine: list[Card] = []
        for card in hand:
            if stays[card] > 0:
                stays[card] -= 1
                mine.append(card)
            else:
                pool.append(card)
        kept.append(mine)
    rng.shuffle(pool)
    hands: list[list[Card] | None] = []
    for seat, hand in enumerate(game.hands):
        mine_now = kept[seat]
        if hand is None or mine_now is None or seat == viewer:
            hands.append(mine_now)
            continue
        refill = len(hand) - len(mine_now)
        hands.append(mine_now + [pool.pop() for _ in range(refill)])
    return rebuilt(game, hands=hands, deck=pool)


#: One action in this many (at random) also checks that each view stays the same with its hidden cards dealt again.
DEAL_AGAIN_EVERY = 25


def check_no_leak(game: Game, rng: random.Random) -> None:
    """No view shows a card its viewer may not see: every card a view shows is in its own hand, on the pile, in this
    round's public turns, or in the finished rounds as played; and (one action in `DEAL_AGAIN_EVERY`) each seat's
    view and the watcher's are the same whatever the cards hidden from it are (the deck's, the other hands')."""
    public: Counter[Card] = Counter(c for group in game.pile for c in group)
    for turn in game.log:
        public.update((*turn.drop, *(c for c in (turn.take, turn.slapped, turn.given) if c is not None)))
    deal_again = rng.randrange(DEAL_AGAIN_EVERY) == 0
    for viewer, view in _views(game).items():
        own = set() if viewer is None else set(game.hands[viewer] or ())
        # The finished rounds are public, their hands revealed: a view holds them as they are, and no more.
        assert view.history == tuple(game.history)
        shown = set(_cards_in({k: v for k, v in _public(view).items() if k != "_history"}))
        assert shown <= own | set(public), f"seat {viewer}'s view shows {shown - own - set(public)}"
        if game.phase == "over" or not deal_again:
            continue
        other = _hidden_dealt_again(game, viewer, rng)
        again = other.watcher_view() if viewer is None else other.view(viewer)
        assert _public(again) == _public(view), f"seat {viewer}'s view changes with cards hidden from it"


#: The types whose values hold no card (a card's own rank and suit, a seat, a name): passed over at once.
_LEAVES = frozenset({str, int, bool, float, type(None)})
#: The sequence types a view holds, walked item by item.
_SEQUENCES = frozenset({tuple, list, set, frozenset})
#: The record types met so far whose values cannot change (a NamedTuple such as a turn, a frozen dataclass such as
#: an action): each value's cards are read once and kept (`_parts_cards`), as every view holds this round's turns
#: again after every action.
_KEPT: set[type] = set()
#: The other dataclass types met so far, with their field names.
_FIELDS: dict[type, tuple[str, ...]] = {}


def _parts(item: object) -> list[object]:
    """A record's parts: a NamedTuple's items or a dataclass's fields."""
    if isinstance(item, tuple):
        return list(item)
    return [getattr(item, field.name) for field in dataclasses.fields(item)]  # type: ignore[arg-type]


@functools.lru_cache(maxsize=1 << 16)
def _parts_cards(item: object) -> tuple[Card, ...]:
    """The cards in an unchangeable record, read once for each value (equal values hold equal cards)."""
    return tuple(_cards_in(_parts(item)))


def _cards_in(value: object) -> list[Card]:
    """Every card anywhere in a value: in its tuples, lists, dicts and dataclasses. A walk with a stack of its own,
    by exact type first (this runs for every view after every action, the bulk of these tests' time), any other
    type told by `isinstance` as it is first met."""
    found: list[Card] = []
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is Card:
            found.append(cast(Card, item))
        elif kind in _LEAVES:
            continue
        elif kind in _SEQUENCES:
            stack.extend(cast(Iterable[object], item))
        elif kind is dict:
            stack.extend(cast(dict[object, object], item).values())
        elif kind in _KEPT:
            try:
                found.extend(_parts_cards(item))
            except TypeError:  # a part that cannot be hashed (a list): read this value each time
                stack.extend(_parts(item))
        elif kind in _FIELDS:
            stack.extend(getattr(item, name) for name in _FIELDS[kind])
        elif isinstance(item, Card):
            found.append(item)
        elif isinstance(item, Ruleset):  # the rules name cards (a card's own value), not where any card is
            continue
        elif isinstance(item, tuple) and hasattr(kind, "_fields"):  # a NamedTuple
            _KEPT.add(kind)
            stack.append(item)
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            if kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
                _KEPT.add(kind)
            else:
                _FIELDS[kind] = tuple(field.name for field in dataclasses.fields(item))
            stack.append(item)
    return found


@settings(max_examples=60, deadline=None)
@given(tables(mix=False))
def test_plain_bot_games_keep_every_card_and_end(table: Table) -> None:
    """Plain bots at 2 to 8 seats under every preset: no card made or lost, only legal actions, every game ends."""
    play_out(table)


@settings(max_examples=60, deadline=None)
@given(tables(mix=True))
def test_random_players_keep_every_card_and_end(table: Table) -> None:
    """Random legal actions mixed with plain bots reach every corner of the rules; the invariants still hold."""
    play_out(table)


@settings(max_examples=25, deadline=None)
@given(tables(mix=True, rules=house_rules()))
def test_house_rule_games_keep_every_card_and_end(table: Table) -> None:
    """With the slap-down and other house rules on, the invariants hold too."""
    play_out(table)
