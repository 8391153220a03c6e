"""A game's record: versioned JSON Lines, one event a line, and its replay through the engine.

The format is documented in docs/game-record.md. This module is the record's door, every name imported from here:
a record is built as a game is played (`start_record`, then `after_action` and the other steps, fed by the table's
runner: record_build.py), kept in the save while the game goes on and in the history once it is over, within the
limit a record is read up to (`within_limit`, here beside the limit); `replay` rebuilds the game through the engine
(replaying.py), and a record that does not replay is refused in one RecordError line naming its first event that
does not. Reading a record file (`read_record_file`, here) is reading hostile input: its size, nesting and
characters are checked as a ruleset file's are (engine/files.py, engine/ruleset_read.py). Who played each seat (the
seats a bot plays as a record ends, the actions a bot played for a seat whose time ran out) is read in
record_seats.py.

    record = start_record(game, seats)        # the header and the first deal
    after_action(record, game, seat, action)  # after each action the game applied
    text = record_text(record)                # JSON Lines
    game = replay(parse_record(text, "file")) # RecordError("record line 57: ...") when it does not replay
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yaniv_tui.engine import Game
from yaniv_tui.engine.files import NotAFile, TooBig, read_regular
from yaniv_tui.engine.json_text import JsonError, read_json
from yaniv_tui.engine.ruleset_read import MAX_NESTING, nesting, printable

from .fields import kind_of
from .game import state_to_dict
from .record_build import (
    add_event,
    after_action,
    back_to,
    drop_unplayed_timeouts,
    mark_unplayed_timeouts,
    start_record,
)
from .record_format import FORMAT, VERSION, GameRecord, RecordError, at_line
from .record_seats import bots_playing, timed_out_actions, timeouts_in_a_row

if TYPE_CHECKING:
    from .replaying import Replayer, ReplayPoint, replay, replay_steps

__all__ = [
    "FORMAT",
    "MAX_RECORD_BYTES",
    "VERSION",
    "GameRecord",
    "RecordError",
    "ReplayPoint",
    "Replayer",
    "add_event",
    "after_action",
    "back_to",
    "bots_playing",
    "drop_unplayed_timeouts",
    "mark_unplayed_timeouts",
    "not_recorded",
    "parse_record",
    "read_record_file",
    "read_record_text",
    "record_from_events",
    "record_players",
    "record_text",
    "replay",
    "replay_steps",
    "rounds_held",
    "rounds_resumed",
    "start_record",
    "timed_out_actions",
    "timeouts_in_a_row",
    "within_limit",
]

#: The names of the replay (replaying.py), imported when first asked for: a table being played builds its record
#: and never replays one, and the replay's classes cost its start (0.006 billion instructions) for nothing.
_REPLAYING = frozenset({"Replayer", "ReplayPoint", "replay", "replay_steps"})


def __getattr__(name: str) -> object:
    if name not in _REPLAYING:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import replaying

    value = getattr(replaying, name)
    globals()[name] = value
    return value


#: The largest record read: a long game's record is a few hundred kilobytes; one longer is written cut to its last
#: rounds (`within_limit`), so every record written can be read.
MAX_RECORD_BYTES = 8 * 1024 * 1024


# -- the record's text ---------------------------------------------------------------------


def _line(event: dict[str, Any]) -> str:
    """An event as its line of a record's text: names as they are written (not escaped)."""
    return json.dumps(event, ensure_ascii=False) + "\n"


def record_text(record: GameRecord) -> str:
    """The record as JSON Lines: one event a line, names as they are written (not escaped)."""
    return "".join(map(_line, record.events))


# -- reading a record ----------------------------------------------------------------------


def _check_text(value: Any, line: int) -> None:
    """RecordError for a text anywhere in an event holding a control or format character (not one line of
    printable text), naming where it is (`seats[0].name`, or a key), or for nesting deeper than a ruleset file may."""
    if isinstance(value, dict | list) and nesting(value) > MAX_NESTING:
        raise RecordError(f"{at_line(line)}: nested too deep (an event nests at most {MAX_NESTING} levels)")
    stack: list[tuple[Any, str]] = [(value, "the line")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            if not item.isprintable():
                bad = next(c for c in item if not c.isprintable())
                if "\udc80" <= bad <= "\udcff":  # a byte read as Python keeps one that is not UTF-8 (the history's)
                    raise RecordError(f"{at_line(line)}: {where} holds a byte that is not UTF-8")
                raise RecordError(
                    f"{at_line(line)}: {where} holds a control character ({printable(bad)}): a record's texts are "
                    "printable, one line each, with no control or format character"
                )
        elif isinstance(item, dict):
            named = {key: printable(str(key))[:40] for key in item}  # a key's own control characters are told first
            stack.extend(
                (child, f"{where}.{named[key]}" if where != "the line" else named[key]) for key, child in item.items()
            )
            stack.extend((key, "a key") for key in item)
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{index}]") for index, child in enumerate(item))


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
            f"{at_line(first_line)}: a {shown!r} file, not a game record (its first line names {FORMAT!r}): a game "
            "still played is resumed with 'yaniv --resume', and a finished one's record written by 'yaniv export'"
        )
    for offset, event in enumerate(items):
        line = first_line + offset
        _check_text(event, line)
        if not isinstance(event, dict):
            raise RecordError(f'{at_line(line)}: an event is an object with its kind in "event", got {kind_of(event)}')
        if "event" not in event:
            raise RecordError(f'{at_line(line)}: an event names its kind in "event", and this object has no "event"')
        if not isinstance(event["event"], str):
            kind = kind_of(event["event"])
            raise RecordError(f'{at_line(line)}: an event names its kind in "event" as text, and this one\'s is {kind}')
    header = items[0]
    if header.get("event") != "game" or header.get("format") != FORMAT:
        raise RecordError(f"{at_line(first_line)}: not a yaniv game record (its first line names {FORMAT!r})")
    if type(header.get("version")) is not int or header["version"] != VERSION:  # true and 1.0 equal 1 in Python
        shown = printable(repr(header.get("version")))[:20]
        raise RecordError(f"{at_line(first_line)}: record version {shown}: this yaniv reads version {VERSION}")
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
            items.append(read_json(line))
        except JsonError as error:
            deep = f" (an event nests at most {MAX_NESTING} levels)" if error.too_deep else ""
            raise RecordError(f"{source}: {at_line(number)}: {error}{deep}") from None
    try:
        return record_from_events(items)
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None


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
    from .replaying import replay  # imported when first asked for (`__getattr__`): not a global until then

    record = parse_record(text, source)
    try:
        game = replay(record, finished=finished)
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None
    return record, game


def record_players(record: GameRecord, *, first: bool = False) -> tuple[str, ...]:
    """The seats' names as the record's game ended: the header's, each changed by a later "joined" event (a
    joiner's name, which the table called the seat from then on); with `first`, as its game began, a joined seat by
    the name it was first joined with (a replay's first step). For a record read already (`parse_record`)."""
    names = [str(seat.get("name")) for seat in record.events[0].get("seats", [])]
    named: set[int] = set()
    for event in record.events[1:]:
        seat = event.get("seat")
        if event.get("event") == "joined" and isinstance(seat, int) and 0 <= seat < len(names):
            if not (first and seat in named):
                names[seat] = str(event.get("name"))
            named.add(seat)
    return tuple(names)


# -- a record within the limit a record is read up to ----------------------------------------

#: Events of the table that change no card, kept from before the cut (after the resumed state): a hint asked, a
#: concede, a remote seat taken or left. A joiner's name before it names the seat in the header instead.
_SEAT_EVENTS = ("hint", "concede", "seat")


def _size(event: dict[str, Any]) -> int:
    """The bytes of an event's line in the record's text (`record_text`)."""
    return len(_line(event).encode("utf-8", "surrogatepass"))


def rounds_held(text: str) -> tuple[int, int]:
    """The finished rounds a record's JSON Lines `text` holds (a resumed state's and its "round_end" events'), and
    the bytes of their results as a state written to resume the game holds them: what a record cut to the game's last
    round (`within_limit`) would start from, at the least. (0, 0) for a text that is not JSON Lines."""
    rounds = size = 0
    for line in text.splitlines():
        if not line.startswith(('{"event": "resume"', '{"event": "round_end"')):
            continue
        try:
            event = read_json(line)
        except ValueError:
            return 0, 0
        if not isinstance(event, dict):
            return 0, 0
        state = event.get("state")
        results = state.get("history") if isinstance(state, dict) else [event.get("result")]
        for result in results if isinstance(results, list) else ():
            rounds += 1
            size += len(json.dumps(result, ensure_ascii=False).encode("utf-8", "surrogatepass")) + 2
    return rounds, size


def _resumed_state(text: str) -> dict[str, Any] | None:
    """The state a record's JSON Lines `text` resumes from on its second line; None for a record from the game's first
    deal, or a text that is not JSON Lines."""
    lines = text.split("\n", 2)
    if len(lines) < 2 or not lines[1].startswith('{"event": "resume"'):
        return None
    try:
        event = read_json(lines[1])
    except ValueError:
        return None
    state = event.get("state") if isinstance(event, dict) else None
    return state if isinstance(state, dict) else None


def rounds_resumed(text: str) -> int:
    """The finished rounds a record's JSON Lines `text` holds as their results alone, in the state it resumes from (a
    record cut to its last rounds by `within_limit`, or started from a save that kept none): their plays are not in
    it. 0 for a record from the game's first deal, or a text that is not JSON Lines."""
    results = (_resumed_state(text) or {}).get("history")
    return len(results) if isinstance(results, list) else 0


def not_recorded(text: str) -> str | None:
    """Where a partial record's JSON Lines `text` starts and what it holds only as results, in a few words on one line
    ("starts at round 3 of 9: rounds 1 to 2 were not recorded, only their results"; a game resumed from a save that
    kept no record, or a long game's record cut to its last rounds): what `yaniv export`, `replay` and `review` tell.
    None for a record that holds every turn of the game, or a text that is not JSON Lines."""
    state = _resumed_state(text)
    log = state.get("log") if state is not None else None
    turns = len(log) if isinstance(log, list) else 0
    before = rounds_resumed(text)
    if before == 0 and turns == 0:
        return None
    start = f"starts at round {before + 1:,} of {max(rounds_held(text)[0], before + 1):,}"
    earlier = "round 1" if before == 1 else f"rounds 1 to {before:,}"
    results = f"only {'its' if before == 1 else 'their'} results"
    if turns == 0:
        return f"{start}: {earlier} {'was' if before == 1 else 'were'} not recorded, {results}"
    first = "its first turn" if turns == 1 else f"its first {turns:,} turns"
    they = "it" if turns == 1 else "they"
    if before == 0:
        return f"{start}, after {first}: {they} {'was' if turns == 1 else 'were'} not recorded"
    return f"{start}, after {first}: {they} and {earlier} were not recorded, {results}"


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
    from .replaying import replay  # imported when first asked for (`__getattr__`): not a global until then

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
