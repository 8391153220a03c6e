"""The steps of a replay (each round's deal, then each move, rebuilt by the engine: `codec.record.Replayer`),
and each step and each event of the table between them (a hint asked, a concede, a seat taken, left or back, the
pile shuffled into a new deck) said in the table's words, with every hand face up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, overload

from rich.text import Text

from yaniv_tui.codec.record import GameRecord, Replayer, ReplayPoint, record_players, timed_out_actions
from yaniv_tui.codec.record_format import UNPLAYED
from yaniv_tui.codec.values import action_from_dict
from yaniv_tui.engine import Action, Card, Game, KeepCard, Play, RoundScore, SlapDown, Turn
from yaniv_tui.table.words import RESHUFFLED, clause, clock_line, possessive, round_lines, seat_line, subject

from ..colours import colour
from ..widgets.cards import faces_text
from ..widgets.table import turn_text
from .round_end import headline


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One place in a replay: a round just dealt, or the game after a move."""

    kind: Literal["deal", "move"]
    #: The engine's game after this step (after a move that ended a round, the game as it went on: see `result`).
    game: Game
    round_no: int
    #: Moves played in the game up to this step (0 at the first deal).
    move: int
    #: The seat that made this move, or that plays first in the round just dealt.
    seat: int
    #: The round's turns so far, as everyone at the table saw them.
    turns: tuple[Turn, ...]
    #: The round this move ended (its reveal and scoring), else None.
    result: RoundScore | None = None
    #: The move's action, and its number in the game (the record's "turn"; None at a deal).
    action: Action | None = None
    turn: int | None = None
    #: The card this move drew from the deck (every hand is face up in a replay), else None.
    drawn: Card | None = None
    #: The table's events of this round so far that are not moves (a hint asked, a concede, ...), each said in
    #: words, with how many of the round's turns had been played when it happened.
    notes: tuple[tuple[int, str], ...] = ()
    #: For each of `turns`, the game's action numbers that made it (a drop and take, then its slap-down or keep).
    made_by: tuple[tuple[int, ...], ...] = ()
    #: The round's turns (counted from 1) a bot played for a seat whose time ran out (the record's
    #: `timed_out_actions`).
    timed_out: tuple[int, ...] = ()

    @property
    def kept(self) -> bool:
        """The move kept the card drawn instead of slapping it down."""
        return isinstance(self.action, KeepCard)

    @property
    def hands(self) -> Sequence[Sequence[Card] | None]:
        """Every hand as it stood: the round's reveal after the move that ended it."""
        return self.result.hands if self.result is not None else self.game.hands

    @property
    def scores(self) -> Sequence[int | None]:
        return self.result.scores if self.result is not None else self.game.scores


def event_words(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """An event of the record that is not a deal or a move, said as the table would; None for the ones the replay
    shows otherwise (a round's end and the game's end are its moves' headlines)."""
    kind = event["event"]
    if kind == "reshuffle":
        return RESHUFFLED
    seat = event.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        return None
    name = names[seat]
    if kind == "hint":
        return f"{subject(name, start=True)} asked the expert for a hint."
    if kind == "concede":
        return f"{subject(name, start=True)} conceded: a bot plays the seat from here on."
    if kind == "joined":
        return f"{event.get('name', name)} took seat {seat + 1}, playing from another machine."
    if kind == "seat":
        status = event.get("status")
        if status == "away":
            return f"{possessive(name, start=True)} player is away: a bot plays the seat until they are back."
        if status == "joined":
            return f"{possessive(name, start=True)} player is at the table."
        if status == "waiting":
            return f"{possessive(name, start=True)} seat waits for its player."
        if status in ("timeout", "bot", "back"):
            return clock_line(name, status)
        if status == UNPLAYED:  # a hosted game saved and left in the bot's pause after that timeout, then resumed
            return f"The game stopped before the bot played: {clause(name, 'play', ' the turn.')}"
        if status in ("handed", "given", "opened"):
            level = event.get("level")
            return seat_line(name, status, level if isinstance(level, str) else None)
    return None


def _drawn(before: _Before, after: Game, seat: int, action: Action) -> Card | None:
    """The card `action` drew from the deck (the one in the seat's hand now that neither was in it nor was taken),
    or kept (the card drawn before it)."""
    if isinstance(action, KeepCard):
        return before.slap_card
    if not isinstance(action, Play) or action.take is not None:
        return None
    old, new = before.hands[seat], after.hands[seat]
    if old is None or new is None:
        return None
    gained = Counter(new) - (Counter(old) - Counter(action.drop))
    return next(iter(gained), None)


def _made_by(before: ReplayStep, rounds: int, game: Game, turn: int) -> tuple[tuple[int, ...], ...]:
    """Which actions made each turn of the round after action `turn` (`rounds`: the rounds finished before it): a new
    turn of its own, or the last one's slap-down or keep (a round's end adds none). Turns from before a resumed
    record's first step have none."""
    made = ((),) * (len(before.turns) - len(before.made_by)) + before.made_by
    if len(game.history) > rounds:
        return made
    if len(game.log) > len(before.turns):
        return (*made, (turn,))
    return (*made[:-1], (*made[-1], turn)) if made else made


@dataclass(frozen=True, slots=True)
class _Before:
    """What a step needs of the game as the step before it left it (the game itself goes on changing)."""

    rounds: int
    slap_card: Card | None
    hands: tuple[tuple[Card, ...] | None, ...]

    @classmethod
    def of(cls, game: Game) -> _Before:
        return cls(len(game.history), game.slap_card, tuple(None if h is None else tuple(h) for h in game.hands))


@dataclass(frozen=True, slots=True)
class _Builder:
    """The steps made so far from a record's events: how many, the last one (whose `game` is never read here: it is
    the step's own only once `ReplaySteps` gives it), what it left of the game, and the moves played."""

    count: int = 0
    last: ReplayStep | None = None
    before: _Before | None = None
    moves: int = 0

    def fed(self, event: dict[str, Any], game: Game, by_bot: bool = False) -> _Builder:
        """After the next event of the record (`game`: the engine's game after it, changed in place later): a new
        step, or a note on the last, or as it was. `by_bot`: the event is an action a bot played for a seat whose time
        ran out (`timed_out_actions`)."""
        kind = event["event"]
        if kind in ("deal", "resume"):
            step = ReplayStep("deal", game, game.round_no, self.moves, game.current, tuple(game.log))
            return _Builder(self.count + 1, step, _Before.of(game), self.moves)
        last, before = self.last, self.before
        if last is None or before is None:
            return self
        if kind == "action":
            moves = self.moves + 1
            seat = int(event["seat"])
            action = action_from_dict(event["action"], "action")
            turn = int(event["turn"])
            made_by = _made_by(last, before.rounds, game, turn)
            if len(game.history) > before.rounds:
                result = game.history[-1]
                step = ReplayStep("move", game, last.round_no, moves, seat, last.turns, result, action, turn)
            else:
                drawn = _drawn(before, game, seat, action)
                step = ReplayStep("move", game, game.round_no, moves, seat, tuple(game.log), None, action, turn, drawn)
            timed_out = last.timed_out
            if by_bot and step.result is None and len(step.turns) > len(last.turns):
                timed_out = (*timed_out, len(step.turns))
            step = replace(step, notes=last.notes, made_by=made_by, timed_out=timed_out)
            return _Builder(self.count + 1, step, _Before.of(game), moves)
        said = event_words(event, game.players)
        if said is None:
            return self
        return replace(self, last=replace(last, notes=(*last.notes, (len(last.turns), said))))


#: A replay keeps where it stood (the engine's game, and the step) every this many steps, and makes any step by
#: replaying from the nearest before it: memory in proportion to the record, a step in the time of this many events.
KEEP_EVERY = 32


class ReplaySteps(Sequence[ReplayStep]):
    """Every step of a record (`steps_of`), made when asked for: the record is replayed once through the engine as the
    screen opens (RecordError when it does not replay), which keeps where it stood every `every` steps; a step is then
    replayed from the nearest kept place before it. Each step given has its own game."""

    def __init__(self, record: GameRecord, every: int = KEEP_EVERY) -> None:
        self.record = record
        self.every = every
        #: The seats' names as the table called them (a joined seat by its joiner's name), which every step shows.
        self.names = record_players(record)
        self._kept: list[tuple[ReplayPoint, _Builder]] = []
        deals: list[int] = []
        by_turn: dict[int, int] = {}
        builder = _Builder()
        #: The lines of the actions a bot played for a seat whose time ran out (the record's one rule for it).
        self.by_bot = timed_out_actions(record)
        replayer = Replayer(record)
        first = record_players(record, first=True)
        for line, event, game in replayer:
            if builder.count == 0:  # a joined seat by its joiner's name from the first step, not by the header's
                game.players = first
            made = builder.fed(event, game, line in self.by_bot)
            if made.count > builder.count:
                if made.last is not None and made.last.kind == "deal":
                    deals.append(made.count - 1)
                if made.last is not None and made.last.turn is not None:
                    by_turn[made.last.turn] = made.count - 1
                if (made.count - 1) % every == 0:
                    point = replayer.point()
                    assert made.last is not None
                    made = replace(made, last=replace(made.last, game=point.game))
                    self._kept.append((point, made))
            builder = made
        self._count = builder.count
        #: The moves of the record (the last step's `move`).
        self.moves = builder.moves
        #: The steps that are a round's deal, in order.
        self.deals: tuple[int, ...] = tuple(deals)
        #: The step of each of the game's actions, by its number (the record's "turn", as a review names a move).
        self.by_turn: dict[int, int] = by_turn

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> ReplayStep: ...

    @overload
    def __getitem__(self, index: slice) -> list[ReplayStep]: ...

    def __getitem__(self, index: int | slice) -> ReplayStep | list[ReplayStep]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(f"step {index} of {self._count}")
        point, builder = self._kept[index // self.every]
        wanted = builder.last
        game = point.game.clone() if builder.count - 1 == index else None
        if game is not None:
            game.history = point.shared_history[: point.rounds]
        for line, event, live in Replayer(self.record, point):
            made = builder.fed(event, live, line in self.by_bot)
            if made.count > builder.count:
                if made.count - 1 > index:
                    break
                game = live.clone()
            builder = made
            wanted = builder.last
        assert wanted is not None and game is not None
        return replace(wanted, game=game)


def steps_of(record: GameRecord, every: int = KEEP_EVERY) -> ReplaySteps:
    """Every step of the record, each round's deal then each move, rebuilt by the engine (RecordError when the
    record does not replay); the table's other events are noted on the step they came after. The steps are made when
    asked for, from a place kept every `every` steps (`ReplaySteps`)."""
    return ReplaySteps(record, every)


def move_text(step: ReplayStep, game: Game, ascii_only: bool, held: str | None = None) -> Text:
    """The step in the table's words: the turn as the table's log says it (naming the card drawn from the deck, as
    every hand is face up), a slap-down or a card kept on its own, the round's end as its headline (the log says
    the rest: `log_lines`). A partial record's first step (`held`: what `codec.record.not_recorded` says of it) says
    where the record starts, not a deal it never saw."""
    names = game.players
    name = names[step.seat]
    if step.result is not None:
        return headline(step.result, names, game.rules)
    if step.kind == "deal" and step.move == 0 and held is not None:
        return Text(f"This record {held}. {clause(name, 'play', ' next.', start=True)}", style="italic")
    if step.kind == "deal":
        return Text(f"Round {step.round_no} dealt: {clause(name, 'play', ' first.')}", style="italic")
    if step.kept:
        text = Text(f"{subject(name, start=True)} kept ")
        text.append_text(faces_text([step.drawn], ascii_only) if step.drawn is not None else Text("the card"))
        return text.append(" drawn from the deck.")
    if isinstance(step.action, SlapDown):
        text = Text(f"{subject(name, start=True)} slapped down ")
        return text.append_text(faces_text([step.action.card], ascii_only)).append(" onto the drop.")
    return turn_text(step.turns[-1], names, ascii_only, step.drawn, timed_out=len(step.turns) in step.timed_out)


def log_lines(step: ReplayStep, said: Text, ascii_only: bool, marks: Mapping[int, str] | None = None) -> list[Text]:
    """The round's log as it stood at `step`: each turn as the table's log says it, the table's other events in
    their place, and the step's own words last when they are not a turn (a deal, a card kept, the round's end, then
    the rest of what the table says of it: `words.round_lines`);
    a line whose move the review marked (`marks`: by the game's action number) ends with its mark."""
    names = step.game.players
    marks = marks or {}
    lines: list[Text] = []
    notes = list(step.notes)
    made_by = ((),) * (len(step.turns) - len(step.made_by)) + step.made_by
    if step.kept and made_by:  # the card kept has a line of its own, with its mark, this once
        made_by = (*made_by[:-1], tuple(n for n in made_by[-1] if n != step.turn))
    for index, turn in enumerate(step.turns):
        lines.extend(Text(note, style="italic") for at, note in notes if at == index)
        line = turn_text(turn, names, ascii_only, timed_out=index + 1 in step.timed_out)
        lines.append(_marked(line, made_by[index], marks))
    if step.kind == "deal":
        lines = [said.copy()]
    elif step.result is not None or step.kept:
        lines.append(_marked(said.copy(), (step.turn,) if step.turn is not None else (), marks))
    if step.result is not None:  # the rest of what the table says of the round's end: scores, resets, the game's end
        rules = step.game.rules
        lines.extend(Text(line, style="italic") for line in round_lines(step.result, names, rules)[1:])
    lines.extend(Text(note, style="italic") for at, note in notes if at >= len(step.turns))
    return lines


def _marked(line: Text, actions: tuple[int, ...], marks: Mapping[int, str]) -> Text:
    found = [marks[n] for n in actions if n in marks]
    if found:
        line.append(f"  ◀ {', '.join(found)}", style=f"bold {colour('bad')}")
    return line
