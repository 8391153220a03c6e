"""The consistency check of a game's state: every rule between its fields that play keeps, one clear error if not."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from .cards import Card
from .deal import full_deck_of
from .drops import drop_kind, hand_value, joker_swaps, may_slap, slapped_group
from .scoring import RoundScore, next_first, score_round
from .state import GameState, S
from .state import fail as _fail


def check_state(game: S) -> S:
    """`game`, checked: GameStateError (one line) unless its rules can reach its state (see `Game.from_state`)."""
    _check_phase_rule(game)
    _check_cards(game)
    _check_history(game)
    _check_rounds(game)
    _check_this_round(game)
    return game


def check_round(game: S) -> S:
    """`game`, its round under way checked as `check_state` checks it, for a game whose finished rounds are checked
    already (they were when it was made, or played): the same errors, in the same order, in a time of the round's
    size, not the game's. GameStateError (one line) unless its rules can reach its state."""
    _check_phase_rule(game)
    _check_cards(game)
    _check_this_round(game)
    return game


def _check_phase_rule(game: GameState) -> None:
    if game.phase == "slap" and not game.rules.slap_down:
        raise _fail("phase", "a slap-down needs the slap-down rule")


def _check_this_round(game: GameState) -> None:
    """The round under way: its seats and hands, its turns, the pile and the phase."""
    seats = _check_seats_in(game)
    _check_turn_order(game, seats)
    _check_hand_sizes(game, seats)
    _check_log(game)
    _check_pile(game)
    _check_phase(game)


def _check_cards(game: GameState) -> None:
    have = game.cards_in_play()
    full = Counter(game.full_deck())
    if have == full:
        return
    extra = have - full
    if extra:
        card, count = next(iter(extra.items()))
        raise _fail("cards", f"{count} {card} too many: the cards in hands, deck and pile must be the game's full deck")
    card, count = next(iter((full - have).items()))
    raise _fail("cards", f"{count} {card} missing: the cards in hands, deck and pile must be the game's full deck")


def _check_history(game: GameState) -> None:
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


def _plain(value: Any) -> Any:
    """A value with its lists as tuples, so a round given with lists compares equal to the same one scored."""
    return tuple(_plain(item) for item in value) if isinstance(value, list | tuple) else value


def _check_rounds(game: GameState) -> None:
    """Each finished round is one play can reach: every hand no bigger than dealt, no card more often than the
    game's decks hold it, a caller allowed to call, and every figure what the hands, the caller and the totals
    before it give under the rules (the round is scored again, as the call scored it)."""
    rules = game.rules
    n = len(game.players)
    scores: list[int | None] = [0] * n
    wins = [0] * n
    for i, score in enumerate(game.history):
        where = f"history[{i}]"
        full = Counter(full_deck_of(rules, n, sum(1 for hand in score.hands if hand is not None)))
        held: Counter[Card] = Counter()
        for s, hand in enumerate(score.hands):
            if hand is None:
                continue
            if len(hand) > rules.hand_size:
                raise _fail(
                    f"{where}.hands[{s}]",
                    f"{len(hand)} cards, but a hand holds at most {rules.hand_size} under {rules.name}",
                )
            if not hand and not rules.slap_empties:
                raise _fail(
                    f"{where}.hands[{s}]", f"no cards, but only a slap-down empties a hand and {rules.name} has none"
                )
            held.update(hand)
        extra = held - full
        if extra:
            card = next(iter(extra))
            raise _fail(f"{where}.hands", f"{held[card]} {card} in the hands, but the game's cards hold {full[card]}")
        value = hand_value(score.hands[score.caller] or (), rules)
        if not rules.may_call(value):
            raise _fail(f"{where}.caller", f"a hand of {value} called Yaniv, above the limit of {rules.yaniv_limit}")
        scored = score_round(rules, scores, score.hands, score.caller, zero_wins=wins)
        for field in dataclasses.fields(RoundScore):
            if _plain(getattr(score, field.name)) != _plain(getattr(scored, field.name)):
                raise _fail(f"{where}.{field.name}", f"not what the round's hands and caller give under {rules.name}")
        scores, wins = list(score.scores), list(score.zero_wins)


def _check_seats_in(game: GameState) -> list[int]:
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


def _check_hand_sizes(game: GameState, seats: list[int]) -> None:
    """A hand holds at most the cards dealt, none only after a slap-down, and exactly what its turns leave."""
    rules = game.rules
    left = dict.fromkeys(seats, rules.hand_size)
    for turn in game.log:
        if turn.seat in left:
            # A turn drops its cards and takes one; a slap-down drops one more; a swap gives a card for the joker taken.
            left[turn.seat] -= len(turn.drop) - 1 + (turn.slapped is not None) + (turn.given is not None)
    for s in seats:
        size = len(game.hands[s] or ())
        if size > rules.hand_size:
            raise _fail(f"hands[{s}]", f"{size} cards, but a hand holds at most {rules.hand_size} under {rules.name}")
        if size == 0 and not rules.slap_empties:
            raise _fail(f"hands[{s}]", f"no cards, but only a slap-down empties a hand and {rules.name} has none")
        if size == 0 and rules.empty_hand == "wins_at_once" and game.phase != "over":
            raise _fail(f"hands[{s}]", f"no cards, but an emptied hand wins the round at once under {rules.name}")
        if size != left[s]:
            raise _fail(f"hands[{s}]", f"{size} cards, but seat {s}'s turns this round leave it {left[s]}")


def _next_in(seat: int, seats: list[int], n: int) -> int:
    seat = (seat + 1) % n
    while seat not in seats:
        seat = (seat + 1) % n
    return seat


def _check_turn_order(game: GameState, seats: list[int]) -> None:
    """The round's turns go round the table from its first seat, and the current seat is the next one."""
    n = len(game.players)
    started = game.history[:-1] if game.phase == "over" else game.history
    first: int | None = None
    moving = game.rules.next_first == "left_of_last_first"  # the deal moves on from the dealer, if known
    if game.dealer is not None and (not started or moving):
        first = _next_in(game.dealer, seats, n)
    elif started and not moving:
        first = next_first(game.rules, started[-1], [s not in seats for s in range(n)], None)[0]
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


def _check_log(game: GameState) -> None:
    """Every drop a legal one, every slap-down a match; a card taken from the pile stays in the hand until dropped."""
    rules = game.rules
    held: dict[int, Counter[Card]] = {}
    before: tuple[Card, ...] = ()  # the group on the pile before this turn's drop (() for the card turned up)
    for i, turn in enumerate(game.log):
        if turn.given is not None:
            _check_swap(game, i, turn.take, turn.given, before)
        kind = "single" if len(turn.drop) == 1 else drop_kind(turn.drop, rules)
        if kind is None:
            raise _fail(
                f"log[{i}].drop", f"{' '.join(c.code for c in turn.drop)} is not a set or run under {rules.name}"
            )
        if turn.slapped is not None and (not rules.slap_down or not may_slap(turn.drop, kind, turn.slapped, rules)):
            raise _fail(f"log[{i}].slapped", "a slap-down needs the rule and a card matching the drop as it allows")
        cards = held.setdefault(turn.seat, Counter())
        cards.subtract(turn.drop)
        if turn.slapped is not None:
            cards[turn.slapped] -= 1
        if turn.given is not None:
            cards[turn.given] -= 1
        if turn.take is not None:
            cards[turn.take] += 1
        before = turn.drop if turn.slapped is None else slapped_group(turn.drop, turn.slapped, kind)
    for seat, cards in held.items():
        missing = +cards - Counter(game.hands[seat] or ())
        if missing:
            card = next(iter(missing))
            raise _fail("log", f"seat {seat} took {card} from the pile and has not dropped it, but does not hold it")


def _check_swap(game: GameState, i: int, take: Card | None, given: Card, before: tuple[Card, ...]) -> None:
    """A joker swap in the log: the rule, a joker taken, and the card given standing for a joker inside the run
    dropped just before it."""
    rules = game.rules
    if not rules.joker_swap:
        raise _fail(f"log[{i}].given", f"a joker swap, but {rules.name} plays no joker swap")
    if take is None or not take.is_joker:
        raise _fail(f"log[{i}].take", "a joker swap takes a joker")
    kind = drop_kind(before, rules) if len(before) > 1 else "single"
    if kind is None or given not in joker_swaps(before, kind, rules):
        raise _fail(f"log[{i}].given", f"{given} stands for no joker inside the run dropped before it")


def _check_pile(game: GameState) -> None:
    """The pile ends with the last drop (the card turned up before any, or nothing where the rules turn none up),
    and buried cards mean a deck."""
    pile = game.pile
    if not game.log and not game.rules.turn_up:
        if pile:
            raise _fail("pile", f"must be empty before the round's first turn: {game.rules.name} turns no card up")
        return
    if not pile or not pile[-1]:
        raise _fail("pile", "must end with the previous drop, of at least one card")
    if game.log:
        last = game.log[-1]
        kind = "single" if len(last.drop) == 1 else drop_kind(last.drop, game.rules) or "set"
        dropped = last.drop if last.slapped is None else slapped_group(last.drop, last.slapped, kind)
        if pile[-1] != dropped:
            raise _fail("pile", f"must end with the last drop, {' '.join(c.code for c in dropped)}")
    elif len(pile) != 1 or len(pile[0]) != 1:
        raise _fail("pile", "before the round's first turn it holds only the card turned up")
    if not game.deck and any(pile[:-1]):
        raise _fail("deck", "empty while cards are buried in the pile: they would have been shuffled into it")


def _check_phase(game: GameState) -> None:
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
    if not may_slap(last.drop, game.previous_kind, drawn, game.rules):
        raise _fail("slap_card", f"{drawn} does not match the drop {' '.join(c.code for c in last.drop)}")
    if not game.rules.slap_last_card and len(game.hands[game.current] or ()) == 1:
        raise _fail("slap_card", f"{drawn} is the last card in hand, and {game.rules.name} slaps no last card")
