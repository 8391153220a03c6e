"""A game's record: versioned JSON Lines, one event a line, and its replay through the engine.

The format is documented in docs/game-record.md. A record is built as a game is played (`start_record`, then
`after_action` and the other steps, fed by the table's runner), kept in the save while the game goes on and
in the history once it is over; `replay` rebuilds the game from the record's first deal (or, for a partial
record, the state it started from) with `Game.from_state` and applies its actions with `Game.apply`, so no
rule is decided here (each later deal and reshuffled deck the record holds is given to the game by
`Game.set_cards`, checked as `from_state` checks it, in a time of the round's size: a long game's replay is linear
in its events): a record that does not replay is refused in one RecordError line naming its first event that does
not. Reading a record file (`read_record_file`) is reading hostile input: its size, nesting and
characters are checked as a ruleset file's are (engine/files.py, engine/ruleset_read.py).

    record = start_record(game, seats)        # the header and the first deal
    after_action(record, game, seat, action)  # after each action the game applied
    text = record_text(record)                # JSON Lines
    game = replay(parse_record(text, "file")) # RecordError("record line 57: ...") when it does not replay
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yaniv_tui.engine import (
    BOT_LEVELS,
    Action,
    Card,
    Game,
    GameStateError,
    IllegalActionError,
    RoundScore,
    Ruleset,
    Seat,
)
from yaniv_tui.engine.clock import ClockNews
from yaniv_tui.engine.files import NotAFile, TooBig, read_regular
from yaniv_tui.engine.ruleset_read import MAX_NESTING, nesting, printable
from yaniv_tui.engine.seats import SEAT_KINDS

from .fields import Reader, SnapshotError, fail, kind_of, read_card, read_cards, read_hand, read_int, read_name
from .game import state_from_dict, state_to_dict
from .rules import ruleset_from_snapshot, ruleset_to_dict
from .values import action_from_dict, action_to_dict, card_codes, hand_codes, read_round, round_to_dict

__all__ = [
    "FORMAT",
    "MAX_RECORD_BYTES",
    "VERSION",
    "GameRecord",
    "RecordError",
    "add_event",
    "after_action",
    "back_to",
    "bots_playing",
    "parse_record",
    "read_record_file",
    "read_record_text",
    "record_from_events",
    "record_players",
    "record_text",
    "replay",
    "replay_steps",
    "start_record",
    "timeouts_in_a_row",
    "within_limit",
]

#: Names a file as a yaniv game record, so another JSON Lines file is told apart from a damaged record.
FORMAT = "yaniv-game-record"
#: Bumped whenever an event changes meaning; a record of another version is refused, not guessed at.
VERSION = 1
#: The largest record read: a long game's record is a few hundred kilobytes; one longer is written cut to its last
#: rounds (`within_limit`), so every record written can be read.
MAX_RECORD_BYTES = 8 * 1024 * 1024


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message is one line naming the first bad event
    ("record line 57: ...")."""


@dataclass(slots=True)
class GameRecord:
    """The events of one game so far, each JSON-safe data (`record_text` writes them one a line).

    `rounds` and `reshuffles` are how many finished rounds and reshuffles of the game the events hold, so the
    next step knows what is new."""

    events: list[dict[str, Any]]
    rounds: int = 0
    reshuffles: int = 0

    @property
    def partial(self) -> bool:
        """Whether the record starts from a game already under way (a save written before records were kept)."""
        return bool(self.events[0].get("partial"))


# -- building a record as the game is played -----------------------------------------------


def _seat_to_dict(name: str, seat: Seat) -> dict[str, Any]:
    data: dict[str, Any] = {"name": name, "kind": seat.kind}
    if seat.level is not None:
        data["level"] = seat.level
    return data


def _deal_event(game: Game) -> dict[str, Any]:
    """The round the engine just dealt: every hand, the deck from its top (the next card drawn first), the pile."""
    return {
        "event": "deal",
        "round": game.round_no,
        "first": game.current,
        "dealer": game.dealer,
        "hands": [hand_codes(hand) for hand in game.hands],
        "deck": card_codes(reversed(game.deck)),
        "pile": [card_codes(group) for group in game.pile],
    }


def start_record(game: Game, seats: Sequence[Seat]) -> GameRecord:
    """The record of `game` from now on: its header, and its first deal when no action has been played yet; else
    (a game resumed from a save that kept no record) the whole state it is in, and the record is partial."""
    fresh = game.turns == 0 and not game.history and game.phase == "turn"
    header = {
        "event": "game",
        "format": FORMAT,
        "version": VERSION,
        "partial": not fresh,
        "rules": ruleset_to_dict(game.rules),
        "seats": [_seat_to_dict(name, seat) for name, seat in zip(game.players, seats, strict=True)],
        "seed": game.seed,
    }
    first = _deal_event(game) if fresh else {"event": "resume", "state": state_to_dict(game)}
    return GameRecord([header, first], rounds=len(game.history), reshuffles=game.reshuffles)


def after_action(record: GameRecord, game: Game, seat: int, action: Action) -> None:
    """Add the action `seat` just played in `game` (applied already), and what it led to: a reshuffled deck, the
    round's reveal and scoring, then the next deal or the game's end."""
    events = record.events
    events.append({"event": "action", "turn": game.turns - 1, "seat": seat, "action": action_to_dict(action)})
    if len(game.history) > record.rounds:
        for number, result in enumerate(game.history[record.rounds :], record.rounds + 1):
            events.append({"event": "round_end", "round": number, "result": round_to_dict(result)})
        record.rounds = len(game.history)
        if game.is_over:
            events.append({"event": "end", "scores": list(game.scores), "winners": list(game.winners)})
        else:
            events.append(_deal_event(game))
    elif game.reshuffles > record.reshuffles:
        events.append({"event": "reshuffle", "deck": card_codes(reversed(game.deck))})
    record.reshuffles = game.reshuffles


def add_event(record: GameRecord, kind: str, seat: int, **fields: Any) -> None:
    """Add an event of the table that changes no card: a hint asked ("hint"), a concede ("concede"), a joiner's
    name ("joined"), a remote seat taken, left or back ("seat")."""
    record.events.append({"event": kind, "seat": seat, **fields})


#: A "seat" event's statuses, named here once for every reader of a record (`bots_playing`, `timeouts_in_a_row`):
#: the turn clock's news (engine/clock.py: a timeout, the seat handed to its bot, its player back), its host's
#: changes to a remote seat (net/host.py: handed to a bot of a "level", given back) and a remote seat's connection
#: (net/host.py: its player connected, or not: away, or waiting for someone to take it).
_TIMEOUT: ClockNews = "timeout"
_TO_A_BOT: tuple[str, ...] = ("bot", "handed")
_HOSTS_CHOICE = "handed"
_TO_ITS_PLAYER: tuple[str, ...] = ("back", "given")
_CONNECTED = "joined"
_NOT_CONNECTED: tuple[str, ...] = ("away", "waiting")


def _seat_news(event: dict[str, Any]) -> tuple[int, Any] | None:
    """The seat and status of a "seat" event; None for any other event, or one without a seat number."""
    seat = event.get("seat")
    if event.get("event") != "seat" or not isinstance(seat, int) or isinstance(seat, bool):
        return None
    return seat, event.get("status")


def bots_playing(record: GameRecord) -> dict[int, str | None]:
    """The seats a bot plays as the record ends (until their players act or the host gives them back), each with
    the bot level its host chose, or None for a seat the turn clock handed to its bot. An opened seat stays the
    bot's, as at the table, until its new player acts; a level that is no bot's is read as None."""
    playing: dict[int, str | None] = {}
    for event in record.events:
        news = _seat_news(event)
        if news is None:
            continue
        seat, status = news
        if status in _TO_A_BOT:
            level = event.get("level")
            playing[seat] = level if status == _HOSTS_CHOICE and level in BOT_LEVELS else None
        elif status in _TO_ITS_PLAYER:
            playing.pop(seat, None)
    return playing


def timeouts_in_a_row(record: GameRecord) -> dict[int, int]:
    """Each seat's timeouts in a row as the record ends (the turn clock's `timeouts`, engine/clock.py), for the
    seats at 1 or more, so `yaniv host --resume` counts on from them. A timeout adds one, and the action after it
    is the bot's; the seat's player acting clears them, as the clock's `acted`: an action of the seat with no
    timeout before it, while no bot plays it (handed by the clock or its host) and its player is connected (an away
    or waiting seat's action is the away bot's), or the seat taken back or given back."""
    counts: dict[int, int] = {}
    bots_turn: set[int] = set()
    handed: set[int] = set()
    away: set[int] = set()
    for event in record.events:
        news = _seat_news(event)
        if news is not None:
            seat, status = news
            if status == _TIMEOUT:
                counts[seat] = counts.get(seat, 0) + 1
                bots_turn.add(seat)
            elif status in _TO_A_BOT:
                handed.add(seat)
            elif status in _TO_ITS_PLAYER:
                handed.discard(seat)
                counts.pop(seat, None)
            elif status == _CONNECTED:
                away.discard(seat)
            elif status in _NOT_CONNECTED:
                away.add(seat)
            continue
        actor = event.get("seat")
        if event.get("event") != "action" or not isinstance(actor, int) or isinstance(actor, bool):
            continue
        if actor in bots_turn:
            bots_turn.discard(actor)
        elif actor not in handed and actor not in away:
            counts.pop(actor, None)
    return counts


def back_to(record: GameRecord, game: Game) -> None:
    """Undo took the game back to `game` (within its round): drop every event from its first action undone on."""
    events = record.events
    cut = next(
        (i for i, event in enumerate(events) if event.get("event") == "action" and event.get("turn", -1) >= game.turns),
        len(events),
    )
    del events[cut:]
    record.reshuffles = game.reshuffles


def _line(event: dict[str, Any]) -> str:
    """An event as its line of a record's text: names as they are written (not escaped)."""
    return json.dumps(event, ensure_ascii=False) + "\n"


def record_text(record: GameRecord) -> str:
    """The record as JSON Lines: one event a line, names as they are written (not escaped)."""
    return "".join(map(_line, record.events))


# -- reading a record ----------------------------------------------------------------------


def _where(line: int) -> str:
    return f"record line {line}"


def _check_text(value: Any, line: int) -> None:
    """RecordError for a text anywhere in an event holding a control or format character (not one line of
    printable text), or for nesting deeper than a ruleset file may."""
    if isinstance(value, dict | list) and nesting(value) > MAX_NESTING:
        raise RecordError(f"{_where(line)}: nested too deep (an event nests at most {MAX_NESTING} levels)")
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isprintable():
                bad = next(c for c in item if not c.isprintable())
                raise RecordError(f"{_where(line)}: a text holds a control character ({printable(bad)})")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def record_from_events(items: Any, first_line: int = 1) -> GameRecord:
    """A record from its events as data (the save keeps them as a list): each one an object with an "event", the
    first the header of this format and version; RecordError otherwise. Whether it replays is `replay`'s."""
    if not isinstance(items, list):
        raise RecordError(f"a record is a list of events, got {kind_of(items)}")
    if not items:
        raise RecordError("a record holds its header at least, and this one is empty")
    first = items[0]
    if isinstance(first, dict) and "event" not in first and isinstance(first.get("format"), str):
        # Another of the game's files (a save, a table file): named by its format, with the way to what was meant.
        shown = printable(first["format"])[:40]
        raise RecordError(
            f"{_where(first_line)}: a {shown!r} file, not a game record (its first line names {FORMAT!r}): a game "
            "still played is resumed with 'yaniv --resume', and a finished one's record written by 'yaniv export'"
        )
    for offset, event in enumerate(items):
        line = first_line + offset
        _check_text(event, line)
        if not isinstance(event, dict) or not isinstance(event.get("event"), str):
            raise RecordError(f'{_where(line)}: an event is an object with its kind in "event", got {kind_of(event)}')
    header = items[0]
    if header.get("event") != "game" or header.get("format") != FORMAT:
        raise RecordError(f"{_where(first_line)}: not a yaniv game record (its first line names {FORMAT!r})")
    if header.get("version") != VERSION:
        shown = printable(repr(header.get("version")))[:20]
        raise RecordError(f"{_where(first_line)}: record version {shown}: this yaniv reads version {VERSION}")
    rounds = sum(1 for event in items if event["event"] == "round_end")
    resumed = items[1].get("state") if len(items) > 1 and items[1]["event"] == "resume" else None
    if isinstance(resumed, dict) and isinstance(resumed.get("history"), list):
        rounds += len(resumed["history"])
    return GameRecord(list(items), rounds=rounds)


def parse_record(text: str, source: str) -> GameRecord:
    """A record from its JSON Lines text; RecordError (one line, naming `source` and the line) when it is not one."""
    if len(text) > MAX_RECORD_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
        raise RecordError(f"{source}: too big for a game record: at most {MAX_RECORD_BYTES} bytes")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise RecordError(f"{source}: empty, not a game record")
    items = []
    for number, line in enumerate(lines, 1):
        try:
            items.append(json.loads(line, parse_constant=_no_constant))
        except RecursionError:
            raise RecordError(
                f"{source}: {_where(number)}: nested too deep (an event nests at most {MAX_NESTING} levels)"
            ) from None
        except ValueError as error:
            why = printable(str(error).splitlines()[0][:80]) if str(error) else "cut short"
            raise RecordError(f"{source}: {_where(number)}: not valid JSON ({why}): cut short or changed") from None
    try:
        return record_from_events(items)
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record holds")


def read_record_file(path: str | os.PathLike[str]) -> GameRecord:
    """The record in a file, read as hostile input: a regular file of at most MAX_RECORD_BYTES, UTF-8 JSON Lines,
    nested no deeper and holding no character a ruleset file may not; then replayed through the engine, so a record
    that does not replay is refused too. Every refusal is one RecordError line."""
    source = printable(os.fspath(path))
    try:
        raw = read_regular(Path(path), MAX_RECORD_BYTES)
    except NotAFile as error:
        raise RecordError(f"{source}: is {error.kind}, not a game record; a record is a JSON Lines text file") from None
    except TooBig:
        raise RecordError(f"{source}: too big for a game record: at most {MAX_RECORD_BYTES} bytes") from None
    except FileNotFoundError:
        gone = "a link to a file that does not exist" if os.path.lexists(path) else "no such file"
        raise RecordError(f"{source}: {gone}") from None
    except OSError as error:
        raise RecordError(f"{source}: cannot be read ({error.strerror or error})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{source}: not UTF-8 text; a record is a JSON Lines text file") from None
    return read_record_text(text, source)[0]


def read_record_text(text: str, source: str, *, finished: bool = False) -> tuple[GameRecord, Game]:
    """A record's JSON Lines text from anywhere (a file's, a host's frame), read as hostile input as
    `read_record_file` reads a file: at most MAX_RECORD_BYTES of UTF-8, nested no deeper and holding no character
    a ruleset file may not, then replayed through the engine (`finished`: to the game's end). The record and the
    game it replays to; every refusal is one RecordError line naming `source`."""
    record = parse_record(text, source)
    try:
        game = replay(record, finished=finished)
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None
    return record, game


def record_players(record: GameRecord) -> tuple[str, ...]:
    """The seats' names as the record's game ended: the header's, each changed by a later "joined" event (a
    joiner's name, which the table called the seat from then on). For a record read already (`parse_record`)."""
    names = [str(seat.get("name")) for seat in record.events[0].get("seats", [])]
    for event in record.events[1:]:
        seat = event.get("seat")
        if event.get("event") == "joined" and isinstance(seat, int) and 0 <= seat < len(names):
            names[seat] = str(event.get("name"))
    return tuple(names)


# -- replaying a record through the engine ----------------------------------------------------


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


def _header(event: dict[str, Any]) -> _Replay:
    r = Reader(event)
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
    return _Replay(rules, players, r.int_("seed"))


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
    if game is None:
        return Game.from_state(at.rules, at.players, current=first, seed=at.seed, dealer=dealer, **cards)
    if r.int_("round", 1) != game.round_no:
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


def _replayed(
    record: GameRecord, before: Callable[[Game, int, Action], None] | None = None
) -> Iterator[tuple[int, dict[str, Any], _Replay]]:
    """The one replay of a record: (its line, the event, the replay so far) after each event past the header, the
    game changed in place; RecordError names the first line that does not replay. `before(game, seat, action)` is
    told each action before it is applied."""
    events = record.events
    try:
        at = _header(events[0])
        at.before = before
    except SnapshotError as error:
        raise RecordError(f"{_where(1)}: {error}") from None
    for index, event in enumerate(events[1:], 2):
        try:
            _step(at, event)
        except (SnapshotError, GameStateError, IllegalActionError) as error:
            raise RecordError(f"{_where(index)}: {error}") from None
        yield index, event, at
    if at.game is None:
        raise RecordError(f"{_where(len(events))}: the record ends before the first deal")
    if at.owed:
        raise RecordError(f"{_where(len(events))}: the record stops before the {at.owed[0].replace('_', ' ')}")


def replay_steps(record: GameRecord) -> Iterator[tuple[int, dict[str, Any], Game]]:
    """The game after each event of the record past its header, as (the event's line, the event, the game): a copy
    each (the replay screen keeps them all), rebuilt by the engine as `replay` does; RecordError as `replay` says."""
    for line, event, at in _replayed(record):
        if at.game is not None:
            yield line, event, at.game.clone()


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
        raise RecordError(f"{_where(len(record.events))}: the record ends before the first deal")
    if finished and not game.is_over:
        raise RecordError(f"{_where(len(record.events))}: the record stops before the game's end (cut short?)")
    return game


# -- a record within the limit a record is read up to ----------------------------------------

#: Events of the table that change no card, kept from before the cut (after the resumed state): a hint asked, a
#: concede, a remote seat taken or left. A joiner's name before it names the seat in the header instead.
_SEAT_EVENTS = ("hint", "concede", "seat")


def _size(event: dict[str, Any]) -> int:
    """The bytes of an event's line in the record's text (`record_text`)."""
    return len(_line(event).encode("utf-8", "surrogatepass"))


def within_limit(record: GameRecord, final: Game | None = None) -> GameRecord:
    """The record as it is written to be read again (the history keeps it, `yaniv sim --record` writes it), within
    the one limit a record is read up to (MAX_RECORD_BYTES), so that every record written can be replayed and
    reviewed. Whole when it fits; else a partial record of the game's last rounds, as a game resumed from a save
    without a record starts one: its header (partial, the seats named as they were then), the state the game was in
    when the earliest round that fits was dealt (every earlier round's result in it), the seats' events from before,
    then every event from there. The record itself when not even the last round fits, or the cut does not replay:
    kept whole, never lost (the history's `RecordTooBig`). `final`: the finished game the record plays, when the
    caller holds it (a replay fewer)."""
    limit = MAX_RECORD_BYTES
    events = record.events
    sizes = [_size(event) for event in events]
    if sum(sizes) <= limit:
        return record
    if final is None:
        try:
            final = replay(record, finished=True)
        except RecordError:
            return record  # not ours to mend: the history's `finished_record` moves a record that does not replay aside
    # The resumed state is hardly ever bigger than the final one (its results are fewer; hands and deck alike): the
    # first deal tried mostly fits, and a few more are tried when it does not (each costs a replay).
    state_most = _size({"event": "resume", "state": state_to_dict(final)})
    tries = 8
    after = [0] * (len(events) + 1)
    for i in range(len(events) - 1, -1, -1):
        after[i] = after[i + 1] + sizes[i]
    for deal in (i for i, event in enumerate(events) if event.get("event") == "deal"):
        if sizes[0] + state_most + after[deal + 1] > limit:
            continue  # the earliest deal whose rounds fit, so the most rounds are kept
        if tries == 0:
            break
        tries -= 1
        try:
            game = replay(GameRecord(events[: deal + 1]))
            seats = [{**seat, "name": name} for seat, name in zip(events[0]["seats"], game.players, strict=True)]
            header = {**events[0], "partial": True, "seats": seats}
            kept = [e for e in events[1:deal] if e.get("event") in _SEAT_EVENTS]
            cut = record_from_events(
                [header, {"event": "resume", "state": state_to_dict(game)}, *kept, *events[deal + 1 :]]
            )
            replay(cut, finished=True)
        except (RecordError, ValueError, TypeError, KeyError):
            return record
        if sum(map(_size, cut.events)) > limit:
            continue
        cut.reshuffles = record.reshuffles
        return cut
    return record
