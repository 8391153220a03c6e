"""A game rebuilt from a full state, checked against every rule between its fields that play keeps."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .actions import Phase, Turn
from .cards import Card, standard_deck
from .drops import DropKind, drop_kind, takeable
from .ruleset import Ruleset
from .ruleset_read import printable
from .scoring import RoundScore

if TYPE_CHECKING:
    from .game import Game

G = TypeVar("G", bound="Game")

PHASES: tuple[Phase, ...] = ("turn", "slap", "over")
_KINDS: tuple[DropKind, ...] = ("single", "set", "run")


class GameStateError(ValueError):
    """A state no game of these rules can reach; the message is one line naming the field and what is wrong."""


def _fail(where: str, message: str) -> GameStateError:
    return GameStateError(f"{where}: {message}")


# -- reading the arguments: right types and shapes, copied --------------------------------------------


def _int(value: Any, where: str, low: int | None = None) -> int:
    if type(value) is not int:
        raise _fail(where, f"must be a whole number, got {type(value).__name__}")
    if low is not None and value < low:
        raise _fail(where, f"must be at least {low}, got {value}")
    return value


def _seat(value: Any, where: str, n: int) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise _fail(where, f"must be a seat from 0 to {n - 1}, got {value!r:.20}")
    return value


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, Card):
        raise _fail(where, f"must be a card, got {type(value).__name__}")
    return value


def _cards(value: Any, where: str) -> list[Card]:
    return [_card(card, f"{where}[{i}]") for i, card in enumerate(_seq(value, where))]


def _seq(value: Any, where: str) -> Sequence[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise _fail(where, f"must be a list, got {type(value).__name__}")
    return value


def _per_seat(value: Any, where: str, n: int) -> list[Any]:
    value = _seq(value, where)
    if len(value) != n:
        raise _fail(where, f"must have one entry per seat ({n}), got {len(value)}")
    return list(value)


def _names(rules: Ruleset, players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(_seq(players, "players"))
    if not rules.min_players <= len(names) <= rules.max_players:
        raise _fail(
            "players", f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {len(names)}"
        )
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise _fail(f"players[{i}]", "every player needs a name")
        if not name.isprintable():
            # A name is printed on the table and in listings: an escape or control character could drive the terminal.
            raise _fail(f"players[{i}]", f"{printable(name)!r} has a control character; names take printable text")
    return names


def _turn(value: Any, where: str, n: int) -> Turn:
    if not isinstance(value, Turn):
        raise _fail(where, f"must be a Turn, got {type(value).__name__}")
    drop = tuple(_cards(value.drop, f"{where}.drop"))
    if not drop:
        raise _fail(f"{where}.drop", "a drop holds at least one card")
    take = None if value.take is None else _card(value.take, f"{where}.take")
    slapped = None if value.slapped is None else _card(value.slapped, f"{where}.slapped")
    return Turn(_seat(value.seat, f"{where}.seat", n), drop, take, slapped)


def _round(value: Any, where: str, n: int) -> RoundScore:
    if not isinstance(value, RoundScore):
        raise _fail(where, f"must be a RoundScore, got {type(value).__name__}")
    for name in ("hands", "values", "added", "scores", "zero_wins"):
        _per_seat(getattr(value, name), f"{where}.{name}", n)
    for name in ("assafers", "zeroed", "bonus", "eliminated", "winners"):
        for i, seat in enumerate(getattr(value, name)):
            _seat(seat, f"{where}.{name}[{i}]", n)
    _seat(value.caller, f"{where}.caller", n)
    _seat(value.winner, f"{where}.winner", n)
    return value


def fill(
    game: G,
    rules: Ruleset,
    players: tuple[str, ...],
    hands: list[list[Card] | None],
    deck: list[Card],
    pile: list[tuple[Card, ...]],
    current: int,
    phase: Phase,
    slap_card: Card | None,
    log: list[Turn],
    history: list[RoundScore],
    seed: int,
    rng: random.Random,
    round_no: int,
    *,
    known: tuple[list[int | None], list[bool], DropKind, tuple[Card, ...], tuple[Card, ...]] | None = None,
) -> G:
    """Set every attribute of a bare game from values already of the right types; no checks (see `build`).

    Scores, who is out and the zero-hand wins are the last finished round's; the previous drop's kind and
    what may be taken of it follow from the pile's top; the counters of turns and reshuffles start at 0.
    `known` gives (scores, out, previous kind, takeable, full deck) already worked out, to save the time.
    """
    n = len(players)
    last = history[-1] if history else None
    game.rules = rules
    game.players = players
    game.seed = seed
    game.rng = rng
    if known is None:
        game.scores = list(last.scores) if last else [0] * n
        game.out = [False] * n
        for score in history:
            for seat in score.eliminated:
                game.out[seat] = True
        top = pile[-1] if pile else ()
        kind = previous_kind_of(top, rules) if top else "single"  # no top: check_state refuses the pile
        game.previous_kind = kind
        game.takeable = top if kind == "single" else takeable(top, kind, rules)
        game._full_deck = tuple(standard_deck(rules.jokers_per_deck) * rules.decks_for(n))
    else:
        game.scores, game.out, game.previous_kind, game.takeable, game._full_deck = known
    game.hands = hands
    game.deck = deck
    game.pile = pile
    game.current = current
    game.phase = phase
    game.slap_card = slap_card
    game.log = log
    game.history = history
    game.zero_wins = list(last.zero_wins) if last else [0] * n
    game.round_no = round_no
    game.turns = 0
    game.reshuffles = 0
    game.dealer = None
    return game


def previous_kind_of(top: Sequence[Card], rules: Ruleset) -> DropKind:
    """What the pile's top group was dropped as (with a slapped card, a set)."""
    return "single" if len(top) == 1 else drop_kind(top, rules) or "set"


def build(game: G, rules: Ruleset, players: Sequence[str], state: dict[str, Any]) -> G:
    """`game` (bare) filled from `state`, the keyword arguments of `Game.from_state`, after every check."""
    if not isinstance(rules, Ruleset):
        raise _fail("rules", f"must be a Ruleset, got {type(rules).__name__}")
    names = _names(rules, players)
    n = len(names)
    hands = [
        None if h is None else _cards(h, f"hands[{s}]") for s, h in enumerate(_per_seat(state["hands"], "hands", n))
    ]
    pile = [tuple(_cards(group, f"pile[{i}]")) for i, group in enumerate(_seq(state["pile"], "pile"))]
    phase = state["phase"]
    if phase not in PHASES:
        raise _fail("phase", f'must be "turn", "slap" or "over", got {phase!r:.20}')
    slap_card = state["slap_card"]
    history = [_round(r, f"history[{i}]", n) for i, r in enumerate(_seq(state["history"], "history"))]
    over = phase == "over"
    round_no = state["round_no"]
    if round_no is None:
        round_no = len(history) if over else len(history) + 1
    rng = state["rng"]
    if rng is None:
        rng = random.Random(_int(state["seed"], "seed"))
    elif not isinstance(rng, random.Random):
        raise _fail("rng", f"must be a random.Random, got {type(rng).__name__}")
    else:
        rng = _copy_rng(rng)
    fill(
        game,
        rules,
        names,
        hands,
        _cards(state["deck"], "deck"),
        pile,
        _seat(state["current"], "current", n),
        phase,
        None if slap_card is None else _card(slap_card, "slap_card"),
        [_turn(t, f"log[{i}]", n) for i, t in enumerate(_seq(state["log"], "log"))],
        history,
        _int(state["seed"], "seed"),
        rng,
        _int(round_no, "round_no", 1),
    )
    _given_matches(game, state)
    game.turns = _int(state["turns"], "turns", 0)
    game.reshuffles = _int(state["reshuffles"], "reshuffles", 0)
    dealer = state["dealer"]
    game.dealer = None if dealer is None else _seat(dealer, "dealer", n)
    check_state(game)
    return game


def _copy_rng(rng: random.Random) -> random.Random:
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


def _given_matches(game: Game, state: dict[str, Any]) -> None:
    """Fields that follow from others may be given too: then they must be what they follow from."""
    n = len(game.players)
    for name, derived, why in (
        ("scores", game.scores, "must be the totals after the last finished round"),
        ("out", game.out, "must be the seats eliminated in the finished rounds"),
        ("zero_wins", game.zero_wins, "must be the counts after the last finished round"),
    ):
        given = state[name]
        if given is not None and _per_seat(given, name, n) != derived:
            raise _fail(name, why)
    kind = state["previous_kind"]
    if kind is not None:
        if kind not in _KINDS:
            raise _fail("previous_kind", f'must be "single", "set" or "run", got {kind!r:.20}')
        if kind != game.previous_kind and game.pile and game.pile[-1]:
            top = " ".join(c.code for c in game.pile[-1])
            raise _fail("previous_kind", f"the previous drop {top} is a {game.previous_kind}, not a {kind}")
    took = state["takeable"]
    if took is not None and tuple(_cards(took, "takeable")) != game.takeable:
        raise _fail("takeable", "must be the cards of the previous drop the rules let the next player take")


# -- the checks -----------------------------------------------------------------------------------------


def check_state(game: Game) -> None:
    """GameStateError (one line) unless `game` holds a state its rules can reach: see `Game.from_state`."""
    rules = game.rules
    if game.phase == "slap" and not rules.slap_down:
        raise _fail("phase", "a slap-down needs the slap-down rule")
    _check_cards(game)
    _check_history(game)
    seats = _check_seats_in(game)
    _check_turn_order(game, seats)
    _check_hand_sizes(game, seats)
    _check_log(game)
    _check_pile(game)
    _check_phase(game)


def _check_cards(game: Game) -> None:
    have = game.cards_in_play()
    full = Counter(game._full_deck)
    if have == full:
        return
    extra = have - full
    if extra:
        card, count = next(iter(extra.items()))
        raise _fail("cards", f"{count} {card} too many: the cards in hands, deck and pile must be the game's full deck")
    card, count = next(iter((full - have).items()))
    raise _fail("cards", f"{count} {card} missing: the cards in hands, deck and pile must be the game's full deck")


def _check_history(game: Game) -> None:
    """Rounds, scores and who is out follow from the finished rounds; only the last round of a finished game ends it."""
    over = game.phase == "over"
    history = game.history
    if len(history) != (game.round_no if over else game.round_no - 1):
        raise _fail("round_no", f"round {game.round_no} does not fit {len(history)} finished rounds")
    if over and not history:
        raise _fail("history", "a finished game has at least one round")
    out: set[int] = set()
    for i, score in enumerate(history):
        if score.game_over != (over and i == len(history) - 1):
            raise _fail(f"history[{i}].game_over", "only the last round of a finished game ends it")
        played = {s for s, hand in enumerate(score.hands) if hand is not None}
        if played != set(range(len(game.players))) - out:
            raise _fail(f"history[{i}].hands", "must hold a hand for every seat still in, and none for seats out")
        if score.caller not in played or score.winner not in played:
            raise _fail(f"history[{i}]", "its caller and winner must be seats that played the round")
        out.update(score.eliminated)
    if any(s is None or s < 0 for s in game.scores):
        raise _fail("scores", "must be whole numbers of 0 or more")


def _check_seats_in(game: Game) -> list[int]:
    """The seats playing this round: a hand each, and none for the others."""
    n = len(game.players)
    if game.phase == "over":
        before = {s for score in game.history[:-1] for s in score.eliminated}
        seats = [s for s in range(n) if s not in before]
    else:
        seats = [s for s in range(n) if not game.out[s]]
        if len(seats) < 2:
            raise _fail("out", "a game going on has at least two seats in")
    for s in range(n):
        if (game.hands[s] is None) == (s in seats):
            state = "in" if s in seats else "out"
            raise _fail(f"hands[{s}]", f"seat {s} is {state}, so its hand must be {'a list' if s in seats else 'null'}")
    return seats


def _check_hand_sizes(game: Game, seats: list[int]) -> None:
    """A hand holds at most the cards dealt, none only after a slap-down, and exactly what its turns leave."""
    rules = game.rules
    left = dict.fromkeys(seats, rules.hand_size)
    for turn in game.log:
        if turn.seat in left:
            left[turn.seat] -= len(turn.drop) - 1 + (turn.slapped is not None)
    for s in seats:
        size = len(game.hands[s] or ())
        if size > rules.hand_size:
            raise _fail(f"hands[{s}]", f"{size} cards, but a hand holds at most {rules.hand_size} under {rules.name}")
        if size == 0 and not rules.slap_down:
            raise _fail(f"hands[{s}]", f"no cards, but only a slap-down empties a hand and {rules.name} has none")
        if size != left[s]:
            raise _fail(f"hands[{s}]", f"{size} cards, but seat {s}'s turns this round leave it {left[s]}")


def _next_in(seat: int, seats: list[int], n: int) -> int:
    seat = (seat + 1) % n
    while seat not in seats:
        seat = (seat + 1) % n
    return seat


def _check_turn_order(game: Game, seats: list[int]) -> None:
    """The round's turns go round the table from its first seat, and the current seat is the next one."""
    n = len(game.players)
    started = game.history[:-1] if game.phase == "over" else game.history
    first: int | None = None
    if started:
        first = started[-1].winner
    elif game.dealer is not None:
        first = _next_in(game.dealer, seats, n)
    expected = first
    for i, turn in enumerate(game.log):
        if turn.seat not in seats:
            raise _fail(f"log[{i}]", f"seat {turn.seat} is out and cannot play")
        if expected is not None and turn.seat != expected:
            raise _fail(f"log[{i}]", f"seat {turn.seat} played where seat {expected} was to play")
        expected = _next_in(turn.seat, seats, n)
    if game.phase == "slap":
        expected = game.log[-1].seat if game.log else None
        if expected is None:
            raise _fail("log", "a slap-down comes right after the current player drew from the deck")
    if game.out[game.current] and game.phase != "over":
        raise _fail("current", f"seat {game.current} is out and cannot play")
    if expected is not None and game.current != expected:
        raise _fail("current", f"seat {expected} is to play after the round's turns, not seat {game.current}")
    if game.phase == "over" and game.current != game.history[-1].caller:
        raise _fail("current", f"a finished game stops at the last caller, seat {game.history[-1].caller}")


def _check_log(game: Game) -> None:
    """Every drop a legal one, every slap-down a match; a card taken from the pile stays in the hand until dropped."""
    rules = game.rules
    held: dict[int, Counter[Card]] = {}
    for i, turn in enumerate(game.log):
        kind = "single" if len(turn.drop) == 1 else drop_kind(turn.drop, rules)
        if kind is None:
            raise _fail(
                f"log[{i}].drop", f"{' '.join(c.code for c in turn.drop)} is not a set or run under {rules.name}"
            )
        if turn.slapped is not None and (not rules.slap_down or kind == "run" or not _matches(turn.drop, turn.slapped)):
            raise _fail(f"log[{i}].slapped", "a slap-down needs the rule and a card matching a single or set")
        cards = held.setdefault(turn.seat, Counter())
        cards.subtract(turn.drop)
        if turn.slapped is not None:
            cards[turn.slapped] -= 1
        if turn.take is not None:
            cards[turn.take] += 1
    for seat, cards in held.items():
        missing = +cards - Counter(game.hands[seat] or ())
        if missing:
            card = next(iter(missing))
            raise _fail("log", f"seat {seat} took {card} from the pile and has not dropped it, but does not hold it")


def _check_pile(game: Game) -> None:
    """The pile ends with the last drop (the card turned up before any), and buried cards mean a deck."""
    pile = game.pile
    if not pile or not pile[-1]:
        raise _fail("pile", "must end with the previous drop, of at least one card")
    if game.log:
        last = game.log[-1]
        dropped = last.drop + (() if last.slapped is None else (last.slapped,))
        if pile[-1] != dropped:
            raise _fail("pile", f"must end with the last drop, {' '.join(c.code for c in dropped)}")
    elif len(pile) != 1 or len(pile[0]) != 1:
        raise _fail("pile", "before the round's first turn it holds only the card turned up")
    if not game.deck and any(pile[:-1]):
        raise _fail("deck", "empty while cards are buried in the pile: they would have been shuffled into it")


def _check_phase(game: Game) -> None:
    if game.phase != "slap":
        if game.slap_card is not None:
            raise _fail("slap_card", 'must be null unless the phase is "slap"')
        return
    drawn = game.slap_card
    last = game.log[-1]
    if drawn is None or drawn not in (game.hands[game.current] or ()):
        raise _fail("slap_card", "must be a card in the current player's hand")
    if last.take is not None or last.slapped is not None:
        raise _fail("log", "a slap-down comes right after the current player drew from the deck")
    if game.previous_kind == "run" or not _matches(last.drop, drawn):
        raise _fail("slap_card", f"{drawn} does not match the drop {' '.join(c.code for c in last.drop)}")


def _matches(drop: tuple[Card, ...], card: Card) -> bool:
    """Whether `card` is of the rank of the single or set `drop`, as a slap-down needs."""
    ranks = {c.rank for c in drop if c.rank} or {0}
    return ranks == {card.rank}
