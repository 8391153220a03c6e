"""The setup screen's parts: the ruleset list, a seat's row (human or bot, and a name), and the rulesets it
offers."""

from __future__ import annotations

import contextlib
import re
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import OptionList

from yaniv_tui.engine import DEFAULT_RULESET, Ruleset, RulesetError, Seat, load_ruleset
from yaniv_tui.ratings import level_ratings
from yaniv_tui.store import RulesetEntry, all_rulesets, find_ruleset

from ..options import MAX_NAME, levels

HUMAN = "human"
#: A seat played from another machine (offered by `yaniv host` only).
REMOTE = "remote"
#: What a name field takes as typed or pasted: no control or invisible format character (check_name refuses
#: any that gets in another way), so nothing in a name reaches the terminal as a command.
NAME_CHARACTERS = r"[^\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]*"
_NAME_TEXT = re.compile(NAME_CHARACTERS)


class RulesetList(OptionList):
    """The rulesets to choose from, where focus starts: ↑↓ highlight one, enter starts the game with it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "screen.start", "start", show=False)]


class SeatRow(Widget, can_focus=True):
    """One seat on the setup screen, one line: its number, who plays it, and a name typed in place.

    Who plays it is human, a bot of each level (shown with its rating from the ladder, "Bot · medium ≈1690")
    or, when hosting, remote: enter or a click on it moves to the next. Typing edits the name: ← → home end
    move in it, backspace and delete remove, ctrl+u clears, a paste adds its first line. A name takes no
    control character (NAME_CHARACTERS) and at most MAX_NAME characters.

    One widget, not a label, a button and a text field: the setup screen is the first thing `yaniv` shows,
    and three seats of three widgets each were a tenth of the time it took to show it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "cycle", "change who plays", show=False),
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("home", "cursor_to(0)", show=False),
        Binding("end", "cursor_to(-1)", show=False),
        Binding("backspace", "delete(-1)", show=False),
        Binding("delete", "delete(0)", show=False),
        Binding("ctrl+u", "clear", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "seat-row--kind",
        "seat-row--name",
        "seat-row--placeholder",
        "seat-row--cursor",
    }
    DEFAULT_CSS = """
    SeatRow {
        height: 1;
        width: 1fr;
        pointer: text;
        & > .seat-row--kind {
            color: $button-foreground;
            background: $surface;
            text-style: bold;
        }
        &:focus > .seat-row--kind {
            text-style: $button-focus-text-style;
        }
        & > .seat-row--name {
            color: $foreground;
            background: $surface;
        }
        & > .seat-row--placeholder {
            color: $text-disabled;
            background: $surface;
        }
        & > .seat-row--cursor {
            text-style: reverse;
        }
    }
    """
    #: The columns of the seat's number, and of who plays it: "Bot · expert ≈1790" and a space either side.
    NUMBER_WIDTH = 3
    KIND_WIDTH = 20

    def __init__(self, index: int, seat: Seat, *, remote: bool = False) -> None:
        super().__init__(classes="seat-row")
        self.index = index
        self.remote = remote
        self.kind = seat.level if seat.level in levels() else (REMOTE if seat.is_remote and remote else HUMAN)
        self.seat = seat
        #: Each level's rating from the ladder (yaniv_tui/ratings.py), shown beside its name; none if unknown.
        self.ratings = level_ratings()
        self._value = "" if seat.is_bot and not seat.name else seat.name
        self.cursor = len(self._value)

    # -- the name ---------------------------------------------------------------------------------------

    @property
    def value(self) -> str:
        """The name as typed."""
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        self._value = value
        self.cursor = len(value)
        self.refresh()

    @property
    def placeholder(self) -> str:
        return "a bot's name (optional)" if self.kind in levels() else "name"

    def insert(self, text: str) -> None:
        """Put `text` in the name at the cursor, up to MAX_NAME characters; none of it if it holds a character
        a name may not (what is left of an escape sequence is no name either)."""
        if not _NAME_TEXT.fullmatch(text):
            self.app.bell()
            return
        room = MAX_NAME - len(self._value)
        kept = text[: max(room, 0)]
        if len(kept) < len(text):
            self.app.bell()
        if kept:
            self._value = self._value[: self.cursor] + kept + self._value[self.cursor :]
            self.cursor += len(kept)
            self.refresh()

    def action_cursor(self, by: int) -> None:
        self.cursor = min(max(self.cursor + by, 0), len(self._value))
        self.refresh()

    def action_cursor_to(self, where: int) -> None:
        self.cursor = len(self._value) if where < 0 else 0
        self.refresh()

    def action_delete(self, offset: int) -> None:
        """Remove the character before the cursor (-1, backspace) or under it (0, delete)."""
        at = self.cursor + offset
        if 0 <= at < len(self._value):
            self._value = self._value[:at] + self._value[at + 1 :]
            self.cursor = at
            self.refresh()

    def action_clear(self) -> None:
        self.value = ""

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and event.character is not None:
            event.stop()
            event.prevent_default()
            self.insert(event.character)

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        lines = event.text.splitlines()
        if lines:
            self.insert(lines[0])

    def on_click(self, event: events.Click) -> None:
        start = self.NUMBER_WIDTH
        if start <= event.x < start + self.KIND_WIDTH:
            self.action_cycle()
        else:
            self.cursor = min(max(event.x - start - self.KIND_WIDTH - 1, 0), len(self._value))
            self.refresh()

    # -- who plays it -----------------------------------------------------------------------------------

    def kind_label(self) -> str:
        if self.kind == REMOTE:
            return "Remote"
        if self.kind == HUMAN:
            return "Human"
        rating = self.ratings.get(self.kind)
        return f"Bot · {self.kind}" if rating is None else f"Bot · {self.kind} ≈{rating}"

    def seat_named(self, name: str) -> Seat:
        """The seat this row describes, under `name`."""
        if self.kind == HUMAN:
            return Seat.person(name)
        return Seat.remote(name) if self.kind == REMOTE else Seat.bot(self.kind, name)

    def action_cycle(self) -> None:
        """Human, then each bot level weakest first, then (when hosting) remote, then human again."""
        kinds = [HUMAN, *levels(), *([REMOTE] if self.remote else [])]
        self.kind = kinds[(kinds.index(self.kind) + 1) % len(kinds)] if self.kind in kinds else HUMAN
        if self.kind in (HUMAN, REMOTE) and not self._value:
            self.value = f"Player {self.index + 1}"
        elif self.kind not in (HUMAN, REMOTE) and self._value.startswith("Player "):
            self.value = ""
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------------------

    def render(self) -> Text:
        kind_style = self.get_component_rich_style("seat-row--kind")
        name_style = self.get_component_rich_style("seat-row--name")
        line = Text(f"{self.index + 1}.".ljust(self.NUMBER_WIDTH), no_wrap=True, overflow="crop", end="")
        line.append(self.kind_label().center(self.KIND_WIDTH)[: self.KIND_WIDTH], kind_style)
        line.append(" ")
        room = max(self.size.width - len(line), 1)
        if self._value:
            # Scrolled to keep the cursor in view when the name is longer than its room.
            first = max(0, self.cursor - room + 1)
            name = Text(self._value[first : first + room].ljust(room), name_style)
            cursor = self.cursor - first
        else:
            name = Text(self.placeholder[:room].ljust(room), self.get_component_rich_style("seat-row--placeholder"))
            cursor = 0
        if self.has_focus:
            name.stylize(self.get_component_rich_style("seat-row--cursor", partial=True), cursor, cursor + 1)
        line.append_text(name)
        return line

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


def load_presets(extra: str | None) -> tuple[dict[str, Ruleset], set[str], list[RulesetEntry]]:
    """The rulesets that load (shipped, the user's own, a file named on the command line), which ids are the
    user's, and the user's files that do not load, each with its one-line error."""
    presets: dict[str, Ruleset] = {}
    mine: set[str] = set()
    bad: list[RulesetEntry] = []
    entries = all_rulesets()
    if extra and extra not in {entry.id for entry in entries}:
        with contextlib.suppress(RulesetError):
            presets[extra] = find_ruleset(extra)
    for entry in entries:
        if entry.rules is None:
            if entry.origin == "user":
                bad.append(entry)
            continue
        if entry.id not in presets:
            presets[entry.id] = entry.rules
            if entry.origin == "user":
                mine.add(entry.id)
    if not presets:  # every file broken: the shipped rules are still playable
        presets[DEFAULT_RULESET] = load_ruleset(DEFAULT_RULESET)
    return presets, mine, bad
