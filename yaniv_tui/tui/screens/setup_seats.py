"""The setup screen's parts: the ruleset list, a seat's row (human or bot, and a name), and the rulesets it
offers."""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.input import Selection

from yaniv_tui.engine import DEFAULT_RULESET, PRESET_GROUPS, Ruleset, RulesetError, Seat, load_ruleset
from yaniv_tui.engine.names import unnamed_seat
from yaniv_tui.ratings import level_ratings
from yaniv_tui.store import RulesetEntry, all_rulesets, find_ruleset
from yaniv_tui.store.userrules import USER_GROUP
from yaniv_tui.table.options import levels

from ..app_seam import game_app
from ..marks import in_ascii
from ..widgets.form import NameInput, StyledWhenAttached
from .common import KeyScroll, scroll

HUMAN = "human"
#: A seat played from another machine (offered by `yaniv host` only).
REMOTE = "remote"
#: What a name field takes as typed or pasted: no control or invisible format character (check_name refuses
#: any that gets in another way), so nothing in a name reaches the terminal as a command.
NAME_CHARACTERS = r"[^\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]*"


class RulesetList(OptionList, StyledWhenAttached):
    """The rulesets to choose from, where focus starts: ↑↓ highlight one, enter starts the game with it. Each group's
    heading is a disabled option, which ↑↓ pass over; ↓ on the last ruleset moves on to the next field, as ↓ does
    from a field (↑ on the first stays: no wrapping round). Every option is one line (the stylesheet's `text-wrap:
    nowrap`), so a group's first ruleset scrolls into view with its heading above it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "screen.start", "start", show=False)]

    def _choosable(self, indices: range) -> bool:
        return any(not self.get_option_at_index(index).disabled for index in indices)

    def action_cursor_down(self) -> None:
        if self.highlighted is not None and not self._choosable(range(self.highlighted + 1, self.option_count)):
            next_field(self.screen, forward=True)
        else:
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self._choosable(range(self.highlighted)):
            super().action_cursor_up()

    def scroll_to_highlight(self, top: bool = False) -> None:
        super().scroll_to_highlight(top)
        index = self.highlighted
        # The heading's line is the one above (index - 1); scrolled only when it is above the rows shown.
        if index and self.scroll_offset.y > index - 1 and self.get_option_at_index(index - 1).disabled:
            heading = Region(0, index - 1, self.scrollable_content_region.width, 2)
            self.scroll_to_region(heading, animate=False, force=True, immediate=True)


class RulesBox(KeyScroll):
    """The highlighted ruleset's text under the list, a stop for tab (not for ↑↓ between fields, `next_field`) while
    it runs past its box: ↑↓ scroll it a line (the screen's keys, `step`), page up/down a page, home and end to its
    ends."""

    def allow_focus(self) -> bool:
        return self.max_scroll_y > 0  # all of it in view: nothing to do there, no stop

    def step(self, way: str) -> bool:
        """Scroll a line `way` (down or up) if there is more that way: whether it did (else ↑↓ go on to a field)."""
        if self.scroll_target_y >= self.max_scroll_y if way == "down" else self.scroll_target_y <= 0:
            return False
        scroll(self, way)
        return True


def next_field(screen: Screen[Any], *, forward: bool) -> None:
    """Focus the next field (or the one before) as ↑↓ move between them: past the rules' text (`RulesBox`), which tab
    reaches. ↓ from the last ruleset lands in the first seat, and a name typed at once behind it is typed there."""
    step = screen.focus_next if forward else screen.focus_previous
    if isinstance(step(), RulesBox):
        step()


class FieldScroll(VerticalScroll, inherit_bindings=False):
    """The setup screen's fields, scrolled when they do not fit: ↑↓ move between the fields (the screen's keys),
    never scroll them instead, so the arrows do the same at every size; focus brings a field into view."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pageup", "page_up", "page up", show=False),
        Binding("pagedown", "page_down", "page down", show=False),
    ]


class SeatKind(Static):
    """A seat's number and who plays it ("2.  Bot · medium ≈1690 "), before its name: a click changes who
    plays it, as enter in the name does."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"seat-kind--kind"}
    DEFAULT_CSS = """
    SeatKind {
        width: auto;
        height: 1;
        pointer: pointer;
        & > .seat-kind--kind {
            color: $button-foreground;
            background: $surface;
            text-style: bold;
        }
    }
    SeatLine:focus-within SeatKind > .seat-kind--kind {
        text-style: $button-focus-text-style;
    }
    """

    def __init__(self, row: SeatRow) -> None:
        super().__init__(classes="seat-kind")
        self.row = row

    def render(self) -> Text:
        row = self.row
        line = Text(f"{row.index + 1}.".ljust(row.NUMBER_WIDTH), no_wrap=True, end="")
        label = in_ascii(row.kind_label(), game_app(self).ascii_cards)
        kind = Text(label, style=self.get_component_rich_style("seat-kind--kind"))
        kind.truncate(row.KIND_WIDTH, overflow="ellipsis")
        kind.align("center", row.KIND_WIDTH)
        line.append_text(kind)
        line.append(" ")
        return line

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.row.action_cycle()
        self.row.focus()


class SeatLine(Horizontal):
    """One seat on the setup screen, one line: its number and who plays it (SeatKind), then its name (SeatRow)."""

    DEFAULT_CSS = """
    SeatLine {
        height: 1;
    }
    """

    def __init__(self, index: int, seat: Seat, *, remote: bool = False) -> None:
        super().__init__(classes="seat-line")
        self.row = SeatRow(index, seat, remote=remote)

    def compose(self) -> ComposeResult:
        yield SeatKind(self.row)
        yield self.row


class SeatRow(NameInput):
    """A seat's name, typed in place in Textual's own Input (cursor, selection, word motions, the clipboard),
    and who plays it: human, a bot of each level (shown with its rating from the ladder, "Bot · medium ≈1690")
    or, when hosting, remote. Enter here, or a click on who plays it (SeatKind, beside it), moves to the next.
    The name takes no control character (NAME_CHARACTERS) and at most MAX_NAME cells (NameInput). Reached by the
    keyboard (Tab, ↑↓), its name is selected, as Input does, so the first thing typed replaces a default ("You",
    "Player 2"); a click puts the cursor where it is.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "cycle", "change who plays", show=False)]
    #: The columns of the seat's number ("1. "), and of who plays it ("Bot · expert ≈1790", then a space): at 80
    #: columns the name's field keeps 15 cells, a name of MAX_NAME cells and the cursor after it.
    NUMBER_WIDTH = 3
    KIND_WIDTH = 18

    def __init__(self, index: int, seat: Seat, *, remote: bool = False) -> None:
        kind = seat.level if seat.level in levels() else (REMOTE if seat.is_remote and remote else HUMAN)
        super().__init__(
            "" if seat.is_bot and not seat.name else seat.name,
            placeholder=self.placeholder_for(kind),
            restrict=NAME_CHARACTERS,
            compact=True,
            classes="seat-row",
        )
        self.index = index
        self.remote = remote
        self.kind = kind
        self.seat = seat
        #: Each level's rating from the ladder (yaniv_tui/ratings.py), shown beside its name; none if unknown.
        self.ratings = level_ratings()

    @staticmethod
    def placeholder_for(kind: str) -> str:
        return "a bot's name (optional)" if kind in levels() else "name"

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
        self.placeholder = self.placeholder_for(self.kind)
        if self.kind in (HUMAN, REMOTE) and not self.value:
            self.value = unnamed_seat(self.index)
            self.selection = Selection(0, len(self.value))  # a default, replaced by the first thing typed
        elif self.kind not in (HUMAN, REMOTE) and self.value == unnamed_seat(self.index):
            self.value = ""
        if self.parent is not None:
            for kind in self.parent.query(SeatKind):
                kind.refresh(layout=True)


def load_presets(extra: str | None) -> tuple[dict[str, Ruleset], dict[str, str], list[RulesetEntry]]:
    """The rulesets that load (shipped, the user's own, a file named on the command line), in the order they are
    listed; each one's group (GROUP_HEADINGS: a file named on the command line is the user's own); and the user's
    files that do not load, each with its one-line error."""
    presets: dict[str, Ruleset] = {}
    groups: dict[str, str] = {}
    bad: list[RulesetEntry] = []
    entries = all_rulesets()
    for entry in entries:
        if entry.rules is None:
            if entry.origin == "user":
                bad.append(entry)
            continue
        presets[entry.id] = entry.rules
        groups[entry.id] = entry.group
    if extra and extra not in {entry.id for entry in entries}:
        with contextlib.suppress(RulesetError):
            presets[extra] = find_ruleset(extra)
            groups[extra] = USER_GROUP
    if not presets:  # every file broken: the shipped rules are still playable
        presets[DEFAULT_RULESET] = load_ruleset(DEFAULT_RULESET)
        groups[DEFAULT_RULESET] = PRESET_GROUPS[0]
    return presets, groups, bad
