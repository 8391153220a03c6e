"""Plain helpers the tests share (stacked deals, a game's state as data, bots playing on): imported by name,
not found through conftest, so a test file's imports do not depend on which conftest pytest met first."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from yaniv_tui.codec.record import GameRecord, after_action, start_record
from yaniv_tui.engine import Action, Card, Game, Play, Ruleset, Seat, load_ruleset, parse_card, parse_cards
from yaniv_tui.sim import play_out

if TYPE_CHECKING:
    from yaniv_tui.bots import Bot


def short_rules(preset: str = "israeli", end: int = 60, **changes: Any) -> Ruleset:
    """A preset whose game ends at `end` points, so a whole game is a few rounds (and any other `changes`)."""
    rules = load_ruleset(preset)
    choices = tuple(sorted({end, *rules.end_limit_choices}))
    return dataclasses.replace(rules, end_limit=end, end_limit_choices=choices, **changes)


def stack(hands: Sequence[str], up: str, deck: str = "") -> list[Card]:
    """The order `Game.new` deals from: hands a card at a time round the table, the up card, the deck top first."""
    parsed = [parse_cards(h) for h in hands]
    size = len(parsed[0])
    if any(len(h) != size for h in parsed):
        raise ValueError("every stacked hand needs the same number of cards")
    order = [parsed[seat][i] for i in range(size) for seat in range(len(parsed))]
    return order + parse_cards(up) + parse_cards(deck)


def deal(
    rules: str | Ruleset,
    hands: Sequence[str],
    up: str,
    deck: str = "",
    *,
    first: int = 0,
    seed: int = 0,
    players: int | None = None,
) -> Game:
    """A game whose first round starts with these hands, this turned-up card and this deck top."""
    ruleset = load_ruleset(rules) if isinstance(rules, str) else rules
    n = players if players is not None else len(hands)
    names = [f"P{seat}" for seat in range(n)]
    return Game.new(ruleset, names, seed=seed, deck=stack(hands, up, deck), first=first)


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a game holds, copied, so two moments of it can be compared for equality."""
    return {
        "rules": game.rules,
        "players": game.players,
        "seed": game.seed,
        "rng": game.rng.getstate(),
        "scores": list(game.scores),
        "out": list(game.out),
        "hands": [None if h is None else list(h) for h in game.hands],
        "deck": list(game.deck),
        "pile": list(game.pile),
        "previous_kind": game.previous_kind,
        "takeable": game.takeable,
        "current": game.current,
        "phase": game.phase,
        "slap_card": game.slap_card,
        "log": list(game.log),
        "history": list(game.history),
        "zero_wins": list(game.zero_wins),
        "round_no": game.round_no,
        "turns": game.turns,
        "reshuffles": game.reshuffles,
        "dealer": game.dealer,
    }


def play(game: Game, actions: int | None = None, *, rounds: int | None = None) -> Game:
    """Let plain bots play `actions` actions, or until `rounds` rounds are finished, or to the end."""
    from yaniv_tui.bots import MediumBot

    bot = MediumBot()
    done = 0
    while not game.is_over and (actions is None or done < actions):
        if rounds is not None and len(game.history) >= rounds:
            break
        game.apply(bot.choose(game.view(game.current)))
        done += 1
    return game


def easy_bots(seed: int, seats: int) -> list[Bot]:
    """An easy bot for each of `seats` seats, seat `s`'s seeded `seed + s`: a short game, the same each run."""
    from yaniv_tui.bots import make_bot

    return [make_bot("easy", seed + seat) for seat in range(seats)]


def play_on(game: Game, record: GameRecord, bots: Sequence[Bot] | None = None) -> GameRecord:
    """Let `bots` (one for each seat; plain bots when None) play `game` to its end (in place), each action added to
    `record` as the table adds it: the record."""
    from yaniv_tui.bots import MediumBot

    play_out(game, list(bots) if bots is not None else [MediumBot()] * len(game.players), record)
    return record


def play_recorded(game: Game, seats: Sequence[Seat], bots: Sequence[Bot] | None = None) -> GameRecord:
    """Let `bots` (one for each seat; plain bots when None) play `game` to its end (in place), each action recorded:
    the game's record."""
    return play_on(game, start_record(game, seats), bots)


# -- scripted one-round games, recorded (the review's tests) --------------------------------

#: No jokers, a call at 7 or less, and a game that ends when a seat adds a point or more: one round is the game.
REVIEW_RULES = dataclasses.replace(
    load_ruleset("israeli"), jokers_per_deck=0, yaniv_limit=7, end_limit=1, end_limit_choices=(1,), resets=()
)


def drop(cards: str, take: str | None = None) -> Play:
    return Play(tuple(parse_cards(cards)), None if take is None else parse_card(take))


def scripted(hands: Sequence[str], up: str, deck: str, actions: Sequence[Action], first: int = 0) -> GameRecord:
    """The record (P0 a person, the others hard bots) of a one-round game dealt so, played by `actions` in turn,
    which must end it."""
    game = deal(REVIEW_RULES, hands, up, deck, first=first)
    record = start_record(game, [Seat.person("P0"), *(Seat.bot("hard", f"P{s}") for s in range(1, len(hands)))])
    for action in actions:
        seat = game.current
        game.apply(action)
        after_action(record, game, seat, action)
    assert game.is_over
    return record


def slap_to_come(new: Callable[[int], Game]) -> tuple[Game, Play]:
    """The first of the games `new(seed)` makes (slap-downs on) whose player to move has a play that draws a card
    matching its drop, and that play."""
    for seed in range(1, 500):
        game = new(seed)
        for action in game.legal_actions():
            if isinstance(action, Play) and action.take is None:
                trial = game.clone()
                trial.apply(action)
                if trial.phase == "slap":
                    return game, action
    raise AssertionError("no seed draws a matching card")
