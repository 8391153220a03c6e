"""The house-rules dialog: change a preset's switches, limits and choices and save them as the host's own file."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static, Switch

from yaniv_tui.engine import KEYS, Ruleset, RulesetError
from yaniv_tui.store import save_user_ruleset

from .common import TooSmall

_BY_FIELD = {key.field: key for key in KEYS}
#: The whole numbers and lists of them the dialog offers, in the order a host thinks of them.
NUMBERS = ("yaniv_limit", "yaniv_limit_choices", "end_limit", "end_limit_choices", "assaf_penalty", "hand_size")
#: The choices offered as a Select.
CHOICES = ("end_mode", "take_from_set", "take_from_run")
#: Every on/off house rule in a ruleset file.
SWITCHES = tuple(key.field for key in KEYS if key.kind == "bool")


def _label(field: str) -> Label:
    key = _BY_FIELD[field]
    return Label(Text.assemble((key.path, "bold"), " ", (key.doc, "#c8d8d0")), classes="hr-doc")


def _ints_text(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values))


def suggest_id(rules: Ruleset, taken: set[str]) -> str:
    """A free id for the host's copy of a preset: "<id>-house", then "<id>-house-2" and so on."""
    stem = f"{rules.id}-house"[:34]
    candidate, n = stem, 2
    while candidate in taken:
        candidate, n = f"{stem}-{n}", n + 1
    return candidate


class HouseRulesScreen(ModalScreen[str | None]):
    """Change the highlighted preset's rules and save them as a new preset; dismissed with its id, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "cancel"),
        Binding("ctrl+s", "save", "save as a new preset"),
    ]
    AUTO_FOCUS = "#hr-id"

    def __init__(self, base_id: str, rules: Ruleset, taken: set[str]) -> None:
        super().__init__(classes="dialog-screen")
        self.base_id = base_id
        self.rules = rules
        self.taken = taken

    def compose(self) -> ComposeResult:
        rules = self.rules
        yield TooSmall()
        with Vertical(classes="dialog", id="hr-dialog"):
            yield Static(Text(f"House rules · from {rules.name}", style="bold"), classes="dialog-title")
            with VerticalScroll(id="hr-fields"):
                with Horizontal(classes="hr-row"):
                    yield Input(suggest_id(rules, self.taken), compact=True, id="hr-id", classes="hr-widget")
                    yield Label(
                        Text.assemble(("id", "bold"), " the new preset's file name: lowercase letters, digits, - _"),
                        classes="hr-doc",
                    )
                with Horizontal(classes="hr-row"):
                    yield Input(rules.name, compact=True, id="hr-name", classes="hr-widget")
                    yield _label("name")
                yield Label("Limits and choices", classes="section")
                for field in NUMBERS:
                    value = getattr(rules, field)
                    with Horizontal(classes="hr-row"):
                        if isinstance(value, tuple):
                            yield Input(_ints_text(value), compact=True, id=f"hr-{field}", classes="hr-widget")
                        else:
                            yield Input(str(value), compact=True, id=f"hr-{field}", classes="hr-widget", type="integer")
                        yield _label(field)
                for field in CHOICES:
                    options = [(choice, choice) for choice in _BY_FIELD[field].choices]
                    with Horizontal(classes="hr-row"):
                        yield Select(
                            options,
                            value=getattr(rules, field),
                            allow_blank=False,
                            compact=True,
                            id=f"hr-{field}",
                            classes="hr-widget",
                        )
                        yield _label(field)
                yield Label("Switches", classes="section")
                for field in SWITCHES:
                    with Horizontal(classes="hr-row"):
                        yield Switch(getattr(rules, field), id=f"hr-{field}", classes="hr-switch")
                        yield _label(field)
            yield Static("", id="hr-error")
            with Horizontal(id="hr-buttons"):
                yield Button("Save (ctrl+s)", id="hr-save", variant="success")
                yield Button("Cancel (esc)", id="hr-cancel")

    def read_changes(self) -> dict[str, Any]:
        """The fields that differ from the preset; RulesetError naming the key for text that is not a number."""
        rules = self.rules
        wanted: dict[str, Any] = {"name": self.query_one("#hr-name", Input).value.strip() or rules.name}
        for field in NUMBERS:
            text = self.query_one(f"#hr-{field}", Input).value
            path = _BY_FIELD[field].path
            try:
                if isinstance(getattr(rules, field), tuple):
                    parts = [part for part in text.replace(",", " ").split() if part]
                    if not parts:
                        raise ValueError(text)
                    wanted[field] = tuple(sorted({int(part) for part in parts}))
                else:
                    wanted[field] = int(text.strip())
            except ValueError:
                shape = (
                    "whole numbers separated by commas"
                    if isinstance(getattr(rules, field), tuple)
                    else "a whole number"
                )
                raise RulesetError(f"{path}: must be {shape}, got {text.strip()!r:.40}") from None
        for field in CHOICES:
            wanted[field] = self.query_one(f"#hr-{field}", Select).value
        for field in SWITCHES:
            wanted[field] = self.query_one(f"#hr-{field}", Switch).value
        return {field: value for field, value in wanted.items() if value != getattr(rules, field)}

    def show_error(self, message: str) -> None:
        # One line: the file's full path is long and says nothing the host needs here.
        line = message.splitlines()[0] if message else ""
        if ".toml: " in line:
            line = line.split(".toml: ", 1)[1]
        self.query_one("#hr-error", Static).update(Text(line, style="bold #ff8787", no_wrap=True, overflow="ellipsis"))

    def action_save(self) -> None:
        new_id = self.query_one("#hr-id", Input).value.strip()
        try:
            changes = self.read_changes()
            entry = save_user_ruleset(self.base_id, changes, new_id)
        except RulesetError as error:
            self.show_error(str(error))
            return
        self.dismiss(entry.id)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "hr-save":
            self.action_save()
        elif event.button.id == "hr-cancel":
            self.action_cancel()
