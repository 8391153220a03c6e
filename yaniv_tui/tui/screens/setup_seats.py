"""The setup screen's parts: the ruleset list, a seat's row (human or bot, and a name), and the rulesets it
offers."""

from __future__ import annotations

import contextlib
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Input, Label, OptionList

from yaniv_tui.engine import DEFAULT_RULESET, Ruleset, RulesetError, Seat, load_ruleset
from yaniv_tui.ratings import level_ratings
from yaniv_tui.store import RulesetEntry, all_rulesets, find_ruleset

from ..options import levels
from ..widgets.press import Press

HUMAN = "human"
#: A seat played from another machine (offered by `yaniv host` only).
REMOTE = "remote"
#: What a name field takes as typed or pasted: no control or invisible format character (check_name refuses
#: any that gets in another way), so nothing in a name reaches the terminal as a command.
NAME_CHARACTERS = r"[^\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]*"


class RulesetList(OptionList):
    """The rulesets to choose from, where focus starts: ↑↓ highlight one, enter starts the game with it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "screen.start", "start", show=False)]


class SeatRow(Horizontal):
    """One seat on the setup screen: its number, human, bot or (when hosting) remote (press to change), a name.

    A bot shows its level's rating beside it ("Bot · medium ≈1640"): the default rules' heads-up ladder.
    """

    def __init__(self, index: int, seat: Seat, *, remote: bool = False) -> None:
        super().__init__(classes="seat-row")
        self.index = index
        self.remote = remote
        self.kind = seat.level if seat.level in levels() else (REMOTE if seat.is_remote and remote else HUMAN)
        self.seat = seat
        #: Each level's rating from the ladder (yaniv_tui/ratings.py), shown beside its name; none if unknown.
        self.ratings = level_ratings()

    def compose(self) -> ComposeResult:
        yield Label(f"{self.index + 1}.", classes="seat-number")
        yield Press(self.kind_label(), compact=True, classes="seat-kind", tooltip="press to change", action="cycle")
        name = "" if self.seat.is_bot and not self.seat.name else self.seat.name
        yield Input(name, placeholder="name", compact=True, classes="seat-name", restrict=NAME_CHARACTERS)

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
        self.query_one(Press).label = self.kind_label()
        name = self.query_one(Input)
        if self.kind in (HUMAN, REMOTE) and not name.value:
            name.value = f"Player {self.index + 1}"
        elif self.kind not in (HUMAN, REMOTE) and name.value.startswith("Player "):
            name.value = ""
        name.placeholder = "a bot's name (optional)" if self.kind in levels() else "name"


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
