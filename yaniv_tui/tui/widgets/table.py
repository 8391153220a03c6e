"""The pieces of the table: a seat, the deck, the previous drop, a hand, the log of turns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Label, Static

from yaniv_tui.engine import Card, Turn
from yaniv_tui.table.words import PILE_EMPTY, turn_parts

from ..colours import colour, palette
from ..marks import mark
from ..phrases import clause_lines
from .cards import CardFace, backs, faces_text
from .clauses import Clauses


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What everyone at the table knows of one seat."""

    name: str
    kind: str
    score: int | None
    cards: int | None
    out: bool
    playing: bool
    thinking: bool
    you: bool
    #: Who is at a remote seat now: "waiting", "joined" or "away"; "" for a seat that is not remote.
    status: str = ""
    #: What the seat did since the viewer's last move, shown until the viewer acts.
    lately: Turn | None = None
    #: Its person conceded: a bot plays it out (`kind` says so).
    conceded: bool = False
    #: Whole seconds left of its turn's clock, while one runs for it (None: none does).
    time_left: int | None = None


def lately_text(turn: Turn, ascii_only: bool, width: int = 0) -> Text:
    """A turn in few characters, for a seat: `−7♠ 7♥ +deck` (dropped, then took; a deck card is never named); a
    joker swap's card given counts among the cards that left the hand: `−K♠ 6♥ +★JK`. Within `width` cells (0:
    any), three cards dropped or more are shortened to the first and the last (`−4♣…7♣ +deck`), so the take stays."""
    dropped = [*turn.drop, *(card for card in (turn.slapped, turn.given) if card is not None)]
    gold = f"bold {colour('gold')}"
    took = Text()
    took.append(" +", style=gold)
    took.append_text(Text("deck") if turn.take is None else faces_text([turn.take], ascii_only))
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    text.append(mark("dropped", ascii_only), style=gold)
    drop = faces_text(dropped, ascii_only)
    if width and len(dropped) > 2 and 1 + drop.cell_len + took.cell_len > width:
        drop = faces_text(dropped[:1], ascii_only)
        drop.append(mark("more", ascii_only))
        drop.append_text(faces_text(dropped[-1:], ascii_only))
    text.append_text(drop)
    text.append_text(took)
    return text


#: The cells of a box's bottom edge around its label: the corners, and a line and a space each side ("╰─ " " ─╯").
_BORDER_LABEL_EDGES = 6

#: The cells a compact line's score takes unless told (the table gives the largest score's, the same on every line).
SCORE_WIDTH = 4


class SeatPanel(Static):
    """One player at the table: name, score, card backs for the hand size, bot or human, out or in; in a box, or
    on one compact line when many seats share the width."""

    _shown: tuple[SeatInfo, bool, int, int, int, int] | None = None

    def show(self, info: SeatInfo, ascii_only: bool, name_width: int = 0, score_width: int = SCORE_WIDTH) -> None:
        """Show `info`: in a box, or on one line with names padded to `name_width` when it is not 0 (and scores
        to `score_width`)."""
        width = self.content_size.width
        shown = (info, ascii_only, name_width, palette(), width, score_width)
        if self._shown == shown:
            return
        self._shown = shown
        self.set_class(info.playing, "-playing")
        self.set_class(info.out, "-out")
        self.set_class(info.thinking, "-thinking")
        self.set_class(info.status == "away", "-away")
        self.set_class(bool(name_width), "-compact")
        if name_width:
            self.border_title = self.border_subtitle = None
            self.update(compact_line(info, ascii_only, name_width, width, score_width))
            return
        # Text, not a str: Textual reads a str as markup, and a name is shown as typed ("[b]x", "[/]").
        self.border_title = Text(f"{info.name}{' (you)' if info.you and info.name.lower() != 'you' else ''}")
        text = Text()
        if info.out:
            text.append("out", style="bold")
        elif info.cards is not None:
            text.append_text(backs(info.cards, ascii_only))
            text.append(f" {info.cards}")
        text.append("\n")
        text.append(f"{info.score if info.score is not None else '-'}", style="bold")
        text.append(" pts")
        if info.lately is not None:
            text.append("\n")
            text.append_text(lately_text(info.lately, ascii_only, width))
        self.update(text)
        self.border_subtitle = box_label(info, ascii_only, self.outer_size.width - _BORDER_LABEL_EDGES)


def box_label(info: SeatInfo, ascii_only: bool, room: int) -> Text:
    """What a seat's box says on its bottom edge (`doing`, without what it did lately) within `room` cells: the
    turn's mark and its seconds left are kept whole and the words between them cut to what fits ("▶ at the… 26s",
    where Textual cut "▶ at the host 26s" to "▶ at the hos…"); a conceded seat's "conceded · bot" is "conceded"."""
    words = _doing(info, ascii_only, lately=False)
    left = _seconds_left(info)
    if words.cell_len + left.cell_len <= room:
        return Text.assemble(words, left)
    if info.conceded and words.plain == info.kind:
        words = Text("conceded")  # "conceded · bot" cut to "conceded · b…" in a narrow box: the word whole
    turn = f"{mark('turn', ascii_only)} "
    kept = Text(turn) if info.playing and words.plain.startswith(turn) else Text()
    rest = words[len(kept.plain) :]
    fits = room - kept.cell_len - left.cell_len
    more = mark("more", ascii_only)
    if rest.cell_len > fits:
        rest.truncate(max(0, fits - cell_len(more)))
        rest.rstrip()
        rest.append(more)
    if not rest.plain.strip(more):
        # No room for any word: the turn's mark (if it is the seat's turn) and the seconds alone.
        rest, kept = Text(), Text(turn.strip() if kept else "")
    return Text.assemble(kept, rest, left)


def _seconds_left(info: SeatInfo) -> Text:
    """ " 12s": a turn on the clock's whole seconds left, nothing without one."""
    if info.playing and info.time_left is not None:
        return Text(f" {info.time_left}s", style=f"bold {colour('gold')}")
    return Text()


def doing(info: SeatInfo, ascii_only: bool, *, lately: bool = True) -> Text:
    """What the seat is doing, else (if `lately`) what it did since your last move, else who sits there: a
    human, a bot of some level, or for a remote seat whether its player has joined or is away; a turn on the clock
    ends with its seconds left ("▶ to play 12s")."""
    said = _doing(info, ascii_only, lately=lately)
    said.append_text(_seconds_left(info))
    return said


def _doing(info: SeatInfo, ascii_only: bool, *, lately: bool) -> Text:
    if info.status and not info.out:
        return Text(f"{mark('turn', ascii_only)} {info.status}" if info.playing else info.status)
    if info.thinking:
        return Text(f"thinking{mark('more', ascii_only)}")
    if info.playing:
        return Text(f"{mark('turn', ascii_only)} to play")
    if info.out:
        return Text("out")
    if lately and info.lately is not None:
        return lately_text(info.lately, ascii_only)
    return Text(info.kind)


#: The compact line's columns besides the name, the score and what the seat is doing: "▶ ", " ", " 5▮", " ",
#: " pts  ".
_COMPACT_FIXED = 2 + 1 + 3 + 1 + 6
#: The fewest cells of a name the compact line keeps when what a seat did needs the room.
_NAME_KEPT = 5


def scores_width(infos: Iterable[SeatInfo]) -> int:
    """The cells the largest score of `infos` takes ("-" for none): every compact line's score takes as many, so
    the lines' columns stay one under another and a name keeps the cells no score needs."""
    return max((len("-" if info.score is None else str(info.score)) for info in infos), default=1)


def compact_said(info: SeatInfo, ascii_only: bool) -> Text:
    """What a compact line says the seat is doing, or did since your move."""
    said = doing(info, ascii_only)
    if info.conceded and said.plain == info.kind:
        said = Text("conceded")  # the room of "medium bot": the seat's box says who plays it out
    return said


def compact_name_room(info: SeatInfo, ascii_only: bool, name_width: int, width: int, score_width: int) -> int:
    """The cells of `name_width` a compact line of `width` cells leaves its name, what the seat is doing whole
    (never fewer than a few cells). The table gives every line the least of these, so their columns stay aligned."""
    said = compact_said(info, ascii_only)
    return min(name_width, max(_NAME_KEPT, width - _COMPACT_FIXED - score_width - said.cell_len))


def compact_line(
    info: SeatInfo, ascii_only: bool, name_width: int, width: int = 0, score_width: int = SCORE_WIDTH
) -> Text:
    """A seat on one line: `▶ Tamar   5▮  32 pts  thinking…`. Within `width` (0: any), long names are cut
    (with …) before what the seat is doing or did since your move is. The score takes `score_width` cells."""
    said = compact_said(info, ascii_only)
    if width:
        name_width = compact_name_room(info, ascii_only, name_width, width, score_width)
    # In terminal cells, not characters: a wide (CJK) name keeps the columns, and is cut to fit.
    more = mark("more", ascii_only)
    name = info.name
    if cell_len(name) > name_width:
        name = set_cell_size(name, name_width - cell_len(more)) + more
    line = Text(no_wrap=True, overflow="ellipsis", end="")
    line.append(f"{mark('turn', ascii_only)} " if info.playing else "  ", style=f"bold {colour('gold')}")
    line.append(f"{set_cell_size(name, name_width)} ", style="bold")
    if info.out:
        line.append("out")
    elif info.cards is not None:
        line.append(f"{info.cards:>2}")
        line.append(mark("back", ascii_only), style=f"bold {colour('card-back')}")
    else:
        line.append("   ")
    score = "-" if info.score is None else str(info.score)
    line.append(f" {score:>{score_width}}", style="bold")
    line.append(" pts  ")
    line.append_text(said)
    return line


class DeckView(Static):
    """The face-down deck and, under its back, its count with its unit ("36 left": a bare number was taken for the
    hand's "worth 36"); a click on it posts `Chosen`."""

    class Chosen(Message):
        """The player chose to take the deck's top card."""

    _shown: tuple[int, bool, str, int] | None = None

    def show(self, count: int, ascii_only: bool, key: str) -> None:
        if self._shown == (count, ascii_only, key, palette()):
            return
        self._shown = (count, ascii_only, key, palette())
        # The count inside the deck, under its back: the border's line has no room for "108 left" and its spaces.
        # The box is as wide as the count and a cell each side (table.tcss), and the back two cells narrower than
        # the count: both centred in it, whatever the count's digits (a fixed box left "43 left" a cell off centre).
        left = f"{count} left"
        shown = Text(mark("deck", ascii_only) * (cell_len(left) - 2), style=f"bold {colour('card-back')}")
        shown.append(f"\n{left}", style=colour("deck-count"))
        self.update(shown)
        self.border_title = key

    def on_click(self) -> None:
        self.post_message(self.Chosen())


class CardRow(Horizontal):
    """A row of card slots: a hand or the previous drop."""

    def __init__(self, area: str, slots: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.area = area
        self.slots = slots

    def compose(self) -> ComposeResult:
        for index in range(self.slots):
            yield CardFace(self.area, index, classes="card")

    @property
    def faces(self) -> list[CardFace]:
        return list(self.query(CardFace))


class PileView(Vertical):
    """The previous drop, its takeable cards marked with the key that takes them; a click on a card posts
    `TakeChosen` with that card."""

    @dataclass
    class TakeChosen(Message):
        """The player chose to take `card`, at place `index` of the previous drop (the screen refuses one that is
        not marked)."""

        card: Card
        index: int

    _shown: tuple[object, ...] = ()

    def __init__(self, slots: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.slots = slots

    def compose(self) -> ComposeResult:
        yield Label("previous drop", id="pile-label")
        yield CardRow("pile", self.slots, id="pile-cards")

    def show(
        self,
        drop: tuple[Card, ...],
        kind: str,
        takeable: tuple[Card, ...],
        ascii_only: bool,
        swaps: Mapping[int, str] | None = None,
    ) -> None:
        """Mark each takeable card with its number; `takeable` holds distinct cards in the drop's order. `swaps`
        holds the place of each joker the viewer may swap now (the joker swap), with the key that swaps it."""
        swaps = dict(swaps or {})
        state = (drop, kind, takeable, ascii_only, tuple(swaps.items()), palette())
        if state == self._shown:
            return
        self._shown = state
        # No card turned up (a ruleset's deck.turn_up): nothing dropped yet is an empty pile, not a drop of nothing.
        dot = mark("dot", ascii_only)
        self.query_one("#pile-label", Label).update(f"previous drop {dot} {kind}" if drop else PILE_EMPTY)
        marked: set[int] = set()
        keys: dict[int, str] = {}
        for number, card in enumerate(takeable, start=1):
            for index, dropped in enumerate(drop):
                if dropped == card and index not in marked:
                    marked.add(index)
                    keys[index] = str(number)
                    break
        marked.update(swaps)
        keys.update(swaps)
        for index, slot in enumerate(self.query_one(CardRow).faces):
            slot.show(drop[index] if index < len(drop) else None, ascii_only, key=keys.get(index, ""))
            slot.set_class(index in marked, "-takeable")

    @on(CardFace.Clicked)
    def card_clicked(self, event: CardFace.Clicked) -> None:
        event.stop()
        if event.card is not None:
            self.post_message(self.TakeChosen(event.card, event.index))


class HandView(Vertical):
    """Your hand: each card with its key and value, the chosen ones raised, and the hand's total; a click on a
    card posts `Toggled` with its place."""

    @dataclass
    class Toggled(Message):
        """The player chose or unchose the card at `index` of the hand as shown."""

        index: int

    _shown: tuple[object, ...] = ()
    _ascii = False

    def __init__(self, slots: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.slots = slots

    def compose(self) -> ComposeResult:
        yield Label("", id="hand-label")
        yield CardRow("hand", self.slots, id="hand-cards")

    def show(
        self,
        title: str | Text,
        cards: tuple[Card, ...] | None,
        values: list[int],
        chosen: Sequence[int],
        cursor: int | None,
        ascii_only: bool,
        keys: Mapping[int, str] | None = None,
    ) -> None:
        """Show `cards` face up, or nothing when None (the hand is not yours to see). Each card shows its key, the
        digit that chooses it; `keys` gives them instead, by place (none for a place not in it), and lights the
        edges of the cards it holds (a key may be "": the edge says it)."""
        shown_title = title.markup if isinstance(title, Text) else title
        keyed = None if keys is None else tuple(sorted(keys.items()))
        state = (shown_title, cards, tuple(values), frozenset(chosen), cursor, keyed, palette())
        if state == self._shown and ascii_only == self._ascii:
            return
        self._shown, self._ascii = state, ascii_only
        self.query_one("#hand-label", Label).update(title)
        faces = self.query_one(CardRow).faces
        for index, slot in enumerate(faces):
            card = cards[index] if cards is not None and index < len(cards) else None
            value = str(values[index]) if card is not None and index < len(values) else ""
            digit = str(index + 1) if index < 9 else ""
            slot.show(card, ascii_only, key=digit if keys is None else keys.get(index, ""), value=value)
            slot.set_class(index in chosen, "-chosen")
            slot.set_class(keys is not None and index in keys, "-offered")
            slot.set_class(index == cursor, "-cursor")

    @on(CardFace.Clicked)
    def card_clicked(self, event: CardFace.Clicked) -> None:
        event.stop()
        self.post_message(self.Toggled(event.index))


def turn_text(
    turn: Turn, names: tuple[str, ...], ascii_only: bool, drawn: Card | None = None, *, timed_out: bool = False
) -> Text:
    """One line of the log: what a player dropped and what they took, as everyone at the table saw it, in the
    table's words (`words.turn_parts`): the card `drawn` from the deck where every hand is face up (the replay), and a
    turn a bot played because the seat's time ran out (`timed_out`) said so."""
    text = Text()
    subject, *rest = turn_parts(turn, names, timed_out=timed_out, drawn=drawn)
    text.append(str(subject), style="bold")
    for part in rest:
        if isinstance(part, str):
            text.append(part)
        else:
            text.append_text(faces_text(list(part), ascii_only))
    return text


class TurnLog(VerticalScroll, can_focus=False):
    """Every turn of this round, scrolled to the latest (scroll back with the mouse wheel). Wherever it is scrolled, its
    top row is a turn's first line: a turn wrapped over two or three lines is never shown from its second ("took from
    the deck."), its player and drop above the fold."""

    _shown: list[str] | None = None

    def compose(self) -> ComposeResult:
        yield Clauses(id="log-lines")  # a turn's line wrapped between its clauses, not "took from" / "the deck."

    def on_mount(self) -> None:
        self.border_title = "this round"

    def show(self, lines: list[Text]) -> None:
        plain = [line.markup for line in lines]
        if plain == self._shown:
            return
        self._shown = plain
        shown = Text("\n").join(lines) if lines else Text("No turns yet this round.", style="dim")
        self.query_one("#log-lines", Clauses).update(shown)
        self.call_after_refresh(self.fit_turns)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_turns)  # the turns wrap at the new width

    def turn_starts(self) -> tuple[list[int], int]:
        """The row each turn's line starts at, as the log wraps them at its width now, and the rows they take."""
        found = self.query("#log-lines").results(Clauses)  # none once the log is taken down with its screen
        lines = next(found, None)
        if lines is None or not isinstance(lines.visual, Content) or lines.content_size.width <= 0:
            return [0], 0
        visual, width = lines.visual, lines.content_size.width
        starts: list[int] = []
        row = 0
        for line in visual.split("\n", allow_blank=True):
            starts.append(row)
            row += len(clause_lines(line, width))
        return starts, row

    def fit_turns(self) -> None:
        """Blank rows below the latest turn, as many as make the log's end start with a turn (the latest whole above
        them), then the log scrolled to its end."""
        lines = next(self.query("#log-lines").results(Clauses), None)
        if lines is None or not self.is_attached:
            return  # taken down with its screen after this was asked
        starts, rows = self.turn_starts()
        end = rows - self.scrollable_content_region.height  # the top row at the end, with no blank rows below
        top = next((start for start in starts if start >= end), end) if end > 0 else end
        if lines.styles.padding.bottom != top - end:
            lines.styles.padding = (0, 0, max(0, top - end), 0)
            self.call_after_refresh(self.fit_turns)  # laid out again (a scroll bar come or gone: another width)
            return
        self.scroll_end(animate=False)

    def at_a_turn(self, row: float, was: float) -> float:
        """`row` moved to a turn's first row: the next one down when scrolled down, else the one at or above it."""
        starts, _ = self.turn_starts()
        if row in starts or not self.is_mounted:
            return row
        if row > was:
            return min(next((start for start in starts if start >= row), row), self.max_scroll_y)
        return max((start for start in starts if start <= row), default=0)

    def validate_scroll_y(self, value: float) -> float:
        value = super().validate_scroll_y(value)
        if self.is_mounted and self.app.animator.is_being_animated(self, "scroll_y"):
            return value  # on its way to its target, a turn's first row: not moved to another turn on the way
        return self.at_a_turn(value, self.scroll_y)

    def validate_scroll_target_y(self, value: float) -> float:
        return self.at_a_turn(super().validate_scroll_target_y(value), self.scroll_target_y)
