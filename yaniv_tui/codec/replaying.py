"""A game's record replayed through the engine (docs/game-record.md): `replay` rebuilds the game from the record's
first deal (or, for a partial record, the state it started from) with `Game.from_state` and applies its actions with
`Game.apply`, so no rule is decided here (each later deal and reshuffled deck the record holds is given to the game
by `Game.set_cards`, checked as `from_state` checks it, in a time of the round's size: a long game's replay is linear
in its events); a record that does not replay is refused in one RecordError line naming its first event that does
not. `Replayer` replays one event at a time, and goes on from a `ReplayPoint` kept on the way (the replay screen).
Imported from `codec/record.py`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from yaniv_tui.engine import BOT_LEVELS, Action, Card, Game, GameStateError, IllegalActionError, RoundScore, Ruleset
from yaniv_tui.engine.ruleset_read import printable
from yaniv_tui.engine.seats import SEAT_KINDS

from .fields import Reader, SnapshotError, fail, read_card, read_cards, read_hand, read_int, read_name, read_seed
from .game import state_from_dict
from .record_format import GameRecord, RecordError, at_line
from .rules import ruleset_from_snapshot
from .values import action_from_dict, read_round

__all__ = ["ReplayPoint", "Replayer", "replay", "replay_steps"]


@dataclass(slots=True)
class _Replay:
    """A record being replayed: the header's rules, names and seed, the game so far, and what must come next."""

    rules: Ruleset
    players: tuple[str, ...]
    seed: int
    game: Game | None = None
    #: What the engine did that the record must say next: "round_end", "deal", "end" or "reshuffle".
    owed: list[str] = field(default_factory=list)
    reshuffles: int = 0
    #: Told each action before it is applied: the game as it stands (the caller's to copy, never to change),
    #: the seat and its action.
    before: Callable[[Game, int, Action], None] | None = None


def _header(event: dict[str, Any], second: Any = None) -> _Replay:
    """The header's replay, its `partial` checked against the `second` line (docs/game-record.md): true when, and only
    when, the record resumes a game there."""
    r = Reader(event)
    partial = r.bool_("partial")
    resumes = isinstance(second, dict) and second.get("event") == "resume"
    if second is not None and partial != resumes:
        said = "resumes a game" if resumes else "starts with a deal"
        raise fail("partial", f"{str(partial).lower()}, but the record {said} on its second line")
    rules = ruleset_from_snapshot(r.get("rules"))

    def seat(value: Any, where: str) -> str:
        s = Reader(value, where)
        kind = s.get("kind")
        if kind not in SEAT_KINDS:
            raise fail(s.path("kind"), f"must be one of {', '.join(SEAT_KINDS)}")
        level = s.data.get("level")
        if (kind == "bot") != (level is not None) or (level is not None and level not in BOT_LEVELS):
            raise fail(s.path("level"), f"a bot's level is one of {', '.join(BOT_LEVELS)}; other seats have none")
        return read_name(s.get("name"), s.path("name"))

    players = tuple(r.list_("seats", seat))
    if not rules.min_players <= len(players) <= rules.max_players:
        allowed = f"{rules.min_players} to {rules.max_players}"
        raise fail("seats", f"{rules.name} is for {allowed} players, not {len(players)}")
    return _Replay(rules, players, read_seed(r.get("seed"), r.path("seed")))


def _deck(r: Reader) -> list[Card]:
    return list(reversed(r.list_("deck", read_card)))


def _deal(at: _Replay, r: Reader) -> Game:
    n = len(at.players)
    hands = r.list_("hands", read_hand)
    if len(hands) != n:
        raise fail(r.path("hands"), f"must have one hand per seat ({n}), got {len(hands)}")
    first = r.int_("first", 0, n - 1)
    dealer = r.get("dealer")
    dealer = None if dealer is None else read_int(dealer, r.path("dealer"), 0, n - 1)
    cards: dict[str, Any] = {"hands": hands, "deck": _deck(r), "pile": r.list_("pile", read_cards)}
    game = at.game
    number = r.int_("round", 1)
    if game is None:
        if number != 1:  # a record that starts later in a game resumes its state instead
            raise fail(r.path("round"), "a record's first deal is round 1")
        return Game.from_state(at.rules, at.players, current=first, seed=at.seed, dealer=dealer, **cards)
    if number != game.round_no:
        raise fail(r.path("round"), f"the engine deals round {game.round_no} here")
    if (first, dealer) != (game.current, game.dealer):
        raise fail(r.path("first"), f"the rules make seat {game.current} play first here, not seat {first}")
    return game.set_cards(**cards)  # the engine dealt this round: the record says which cards it dealt


def _step(at: _Replay, event: dict[str, Any]) -> None:
    """Replay one event (after the header); SnapshotError or GameStateError say why it does not replay."""
    kind = event["event"]
    r = Reader(event)
    game = at.game
    if at.owed and kind != at.owed[0]:
        raise fail("", f"the record must say the {at.owed[0].replace('_', ' ')} here, not {printable(kind)[:20]!r}")
    if kind == "resume":
        if game is not None:
            raise fail("", "a record resumes a game only on its second line")
        at.game = state_from_dict(r.get("state"))
        if at.game.players != at.players or at.game.rules != at.rules:
            raise fail("state", "not the game the header names (its players or rules differ)")
        at.reshuffles = at.game.reshuffles
        return
    if kind == "deal":
        if game is not None and not at.owed:
            raise fail("", "no round ended here, so nothing is dealt")
        at.game = _deal(at, r)
        at.owed.clear()
        at.reshuffles = at.game.reshuffles
        return
    if game is None:
        raise fail("", "the record must start with a deal (or resume a game) on its second line")
    n = len(at.players)
    if kind == "action":
        _act(at, game, r, n)
    elif kind == "reshuffle":
        if game.reshuffles <= at.reshuffles:
            raise fail("", "the deck was not reshuffled here")
        game.set_cards(deck=_deck(r))
        at.reshuffles = game.reshuffles
        at.owed.pop(0)
    elif kind == "round_end":
        result = read_round(r.get("result"), "result", n)
        number = r.int_("round", 1)
        if number > len(game.history) or game.history[number - 1] != result:
            raise fail("result", f"round {number} did not end so: {_round_line(game.history, number)}")
        at.owed.pop(0)
    elif kind == "end":
        scores = r.list_("scores", lambda v, w: None if v is None else read_int(v, w, 0))
        winners = r.list_("winners", lambda v, w: read_int(v, w, 0, n - 1))
        if scores != list(game.scores) or winners != list(game.winners):
            raise fail("scores", f"the game ends with scores {_scores(game.scores)} and winners {list(game.winners)}")
        at.owed.pop(0)
    elif kind in ("hint", "concede", "joined", "seat"):
        seat = r.int_("seat", 0, n - 1)
        if kind == "joined":  # the table called the seat by its joiner's name from then on, and so does a replay
            name = read_name(r.get("name"), "name")
            game.players = (*game.players[:seat], name, *game.players[seat + 1 :])
    else:
        raise fail("event", f"unknown event {printable(kind)[:20]!r}")


def _scores(scores: Sequence[int | None]) -> str:
    return "[" + ", ".join("out" if s is None else str(s) for s in scores) + "]"


def _round_line(history: Sequence[RoundScore], number: int) -> str:
    if number > len(history):
        return f"only {len(history)} rounds have ended"
    result = history[number - 1]
    return f"seat {result.caller} called, and the scores are {_scores(result.scores)}"


def _act(at: _Replay, game: Game, r: Reader, n: int) -> None:
    if game.is_over:
        raise fail("", "the game is over: no more actions")
    seat = r.int_("seat", 0, n - 1)
    turn = r.int_("turn", 0)
    action = action_from_dict(r.get("action"), "action")
    if seat != game.current:
        raise fail("seat", f"it is seat {game.current}'s turn, not seat {seat}'s")
    if turn != game.turns:
        raise fail("turn", f"this is action {game.turns} of the game, not {turn}")
    if at.before is not None:
        at.before(game, seat, action)
    rounds = len(game.history)
    try:
        game.apply(action)
    except IllegalActionError as error:
        raise IllegalActionError(f"seat {seat}'s action '{action}' is not legal here: {error}") from None
    if len(game.history) > rounds:
        at.owed = ["round_end"] * (len(game.history) - rounds) + ["end" if game.is_over else "deal"]
    elif game.reshuffles > at.reshuffles:
        at.owed = ["reshuffle"]


@dataclass(frozen=True, slots=True)
class ReplayPoint:
    """A replay stopped after one event of its record, kept to go on from there (`Replayer`): the event's line, a
    copy of the game then (never changed: going on copies it) and what the record had to say next.

    The finished rounds are not copied: a point shares the replay's own list of them, which a replay only ever adds
    to, and keeps how many of them it had (`rounds`), so a point costs the size of a round's cards, not of the game's
    rounds so far."""

    line: int
    game: Game
    shared_history: list[RoundScore]
    rounds: int
    owed: tuple[str, ...]
    reshuffles: int
    rules: Ruleset
    players: tuple[str, ...]
    seed: int


class Replayer:
    """A record replayed one event at a time by the engine, as `replay` does, from its header or from a point a
    replay of the same record kept (`start`). Iterating gives (the event's line, the event, the game after it) for
    each event from there, the game changed in place (copy what you keep); `point()`, after any of them, is where the
    replay stands, for another Replayer to go on from. RecordError names the first line that does not replay."""

    def __init__(self, record: GameRecord, start: ReplayPoint | None = None) -> None:
        self.record = record
        self.start = start
        self._at: _Replay | None = None
        self._line = 1

    def __iter__(self) -> Iterator[tuple[int, dict[str, Any], Game]]:
        for line, event, at in _replayed(self.record, start=self.start, track=self._track):
            if at.game is not None:
                yield line, event, at.game

    def _track(self, at: _Replay, line: int) -> None:
        self._at, self._line = at, line

    def point(self) -> ReplayPoint:
        """Where the replay stands after the last event it gave (a copy)."""
        at = self._at
        if at is None or at.game is None:
            raise RecordError("a replay has no point before its first deal")
        game = at.game
        history = game.history
        game.history = []  # shared, not copied: see ReplayPoint
        try:
            copy = game.clone()
        finally:
            game.history = history
        return ReplayPoint(
            self._line, copy, history, len(history), tuple(at.owed), at.reshuffles, at.rules, at.players, at.seed
        )


def _from_point(point: ReplayPoint) -> _Replay:
    game = point.game.clone()
    game.history = point.shared_history[: point.rounds]
    return _Replay(point.rules, point.players, point.seed, game, list(point.owed), point.reshuffles)


def _replayed(
    record: GameRecord,
    before: Callable[[Game, int, Action], None] | None = None,
    *,
    start: ReplayPoint | None = None,
    track: Callable[[_Replay, int], None] | None = None,
) -> Iterator[tuple[int, dict[str, Any], _Replay]]:
    """The one replay of a record: (its line, the event, the replay so far) after each event past the header (or
    past `start`, a point of a replay of the same record), the game changed in place; RecordError names the first line
    that does not replay. `before(game, seat, action)` is told each action before it is applied; `track(replay, line)`
    each event's replay and line before it is given."""
    events = record.events
    if start is None:
        try:
            at = _header(events[0], events[1] if len(events) > 1 else None)
        except SnapshotError as error:
            raise RecordError(f"{at_line(1)}: {error}") from None
        first = 2
    else:
        at, first = _from_point(start), start.line + 1
    at.before = before
    for index, event in enumerate(events[first - 1 :], first):
        try:
            _step(at, event)
        except (SnapshotError, GameStateError, IllegalActionError) as error:
            raise RecordError(f"{at_line(index)}: {error}") from None
        if track is not None:
            track(at, index)
        yield index, event, at
    if at.game is None:
        raise RecordError(f"{at_line(len(events))}: the record ends before the first deal")
    if at.owed:
        raise RecordError(f"{at_line(len(events))}: the record stops before the {at.owed[0].replace('_', ' ')}")


def replay_steps(record: GameRecord) -> Iterator[tuple[int, dict[str, Any], Game]]:
    """The game after each event of the record past its header, as (the event's line, the event, the game): a copy
    each, rebuilt by the engine as `replay` does; RecordError as `replay` says. (The replay screen keeps a copy only
    every few steps: `Replayer`.)"""
    for line, event, game in Replayer(record):
        yield line, event, game.clone()


def replay(
    record: GameRecord, *, finished: bool = False, before: Callable[[Game, int, Action], None] | None = None
) -> Game:
    """The game the record plays, rebuilt from its first deal (or the state it resumed from) by the engine, every
    action applied and every round's scoring and the end checked against the engine's. RecordError names the first
    line that does not replay; `finished`: also when the record stops before the game's end. `before(game, seat,
    action)` is told each action before it is applied (to step through the game: bots/review.py)."""
    game: Game | None = None
    for _, _, at in _replayed(record, before):
        game = at.game
    if game is None:
        raise RecordError(f"{at_line(len(record.events))}: the record ends before the first deal")
    if finished and not game.is_over:
        raise RecordError(f"{at_line(len(record.events))}: the record stops before the game's end (cut short?)")
    return game
