"""The house-rules dialog: every key of a preset, grouped by its table, changed and saved as the host's own file."""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import groupby
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static, Switch

from yaniv_tui.engine import KEYS, Ruleset, RulesetError
from yaniv_tui.engine.ruleset_keys import Key, whole_range
from yaniv_tui.store import save_user_ruleset, user_rulesets_dir

from ..app_seam import game_app
from ..marks import mark
from ..widgets.form import FormInput
from ..widgets.keybar import KeyBar
from .common import Dialog, KeyScroll, TooSmall, stylesheet
from .setup_seats import NAME_CHARACTERS


def key_words(key: Key) -> str:
    """The key's meaning in a player's words: its one line of doc (declared with the key), as a sentence; the docs'
    `code` marks read as plain words here."""
    words = key.doc.replace("`", "")
    return words[:1].upper() + words[1:]


def _label(key: Key) -> Label:
    """The player's words first, then the file's key (for those who edit ruleset files), muted."""
    return Label(Content.assemble(key_words(key), " ", (key.path, "$text-muted")), classes="hr-doc")


def section_title(table: str) -> Content:
    """A section's title: the file's table as a word, then as the file writes it (`Players [players]`)."""
    if not table:
        return Content("The ruleset")
    return Content.assemble((table.capitalize(), "bold"), " ", (f"[{table}]", "$text-muted"))


def _widget(key: Key, value: Any) -> Widget:
    """The editor for one key: a switch for on/off, a list for a choice, else one line of text."""
    widget_id = f"hr-{key.field}"
    if key.kind == "bool":
        return Switch(value, id=widget_id, classes="hr-switch")
    if key.kind == "choice":
        options = [(choice, choice) for choice in key.choices]
        return Select(options, value=value, allow_blank=False, compact=True, id=widget_id, classes="hr-widget")
    return FormInput(
        key.to_text(value),
        # What a blank stands for: a default that follows another key, or none (no card with a value of its own).
        placeholder=(key.default_doc.replace("`", "") or "none") if key.omittable else "",
        type="integer" if key.kind == "int" else "text",
        restrict=NAME_CHARACTERS,  # no control or format character, typed or pasted
        takes=whole_range(key) if key.kind == "int" else "",
        compact=True,
        id=widget_id,
        classes="hr-widget",
    )


def suggest_id(rules: Ruleset, taken: set[str]) -> str:
    """A free id for the host's copy of a preset: "<id>-house", then "<id>-house-2" and so on."""
    stem = f"{rules.id}-house"[:34]
    candidate, n = stem, 2
    while candidate in taken:
        candidate, n = f"{stem}-{n}", n + 1
    return candidate


class HouseRulesScreen(Dialog[str | None]):
    """Change the highlighted preset's rules and save them as a new preset; dismissed with its id, or None."""

    CSS_PATH = stylesheet("house_rules")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "cancel"),
        Binding("ctrl+s", "save", "save as a new preset"),
    ]
    AUTO_FOCUS = "#hr-id"

    def __init__(self, base_id: str, rules: Ruleset, taken: set[str]) -> None:
        super().__init__()
        self.base_id = base_id
        self.rules = rules
        self.taken = taken

    def compose(self) -> ComposeResult:
        rules = self.rules
        yield TooSmall()
        with Vertical(classes="dialog", id="hr-dialog"):
            dot = mark("dot", game_app(self).ascii_cards)
            yield Static(Content.styled(f"Edit rules {dot} from {rules.name}", "bold"), classes="dialog-title")
            with KeyScroll(id="hr-fields"):
                with Horizontal(classes="hr-row"):
                    yield FormInput(
                        suggest_id(rules, self.taken),
                        restrict=NAME_CHARACTERS,
                        compact=True,
                        id="hr-id",
                        classes="hr-widget",
                    )
                    yield Label(
                        Content.assemble(
                            "The new preset's file name: lowercase letters, digits, - _ ", ("id", "$text-muted")
                        ),
                        classes="hr-doc",
                    )
                yield from self._fields()
            yield Static("", id="hr-error")
            with Horizontal(id="hr-buttons"):
                yield Button("Save (ctrl+s)", id="hr-save", variant="success", action="screen.save")
                yield Button("Cancel (esc)", id="hr-cancel", action="screen.cancel")
        yield KeyBar()

    def _fields(self) -> Iterator[Widget]:
        """Every key of the ruleset, a section for each table of the file."""
        for table, keys in groupby(KEYS, key=lambda key: key.table):
            yield Label(section_title(table), classes="section")
            for key in keys:
                with Horizontal(classes="hr-row"):
                    yield _widget(key, getattr(self.rules, key.field))
                    yield _label(key)

    def _value(self, key: Key) -> Any:
        """The key's value as the dialog shows it, through the same checks as a file's; RulesetError naming it."""
        widget = self.query_one(f"#hr-{key.field}")
        if isinstance(widget, Switch | Select):
            return widget.value

        def fail(message: str) -> RulesetError:
            return RulesetError(f"{key.path}: {message}")

        assert isinstance(widget, Input)
        return key.parse(widget.value, fail)

    def read_changes(self) -> dict[str, Any]:
        """The fields that differ from the preset; RulesetError (one line, naming the key) for a refused value."""
        wanted = {key.field: self._value(key) for key in KEYS}
        return {field: value for field, value in wanted.items() if value != getattr(self.rules, field)}

    def show_error(self, message: str) -> None:
        """The error's first line, whole (wrapped where the dialog is narrow), without the rulesets folder's
        path: it is long and says nothing the host needs here."""
        line = message.splitlines()[0] if message else ""
        if ".toml: " in line:
            line = line.split(".toml: ", 1)[1]
        line = line.replace(f"{user_rulesets_dir()}{os.sep}", "")  # "<folder>/friday.toml already exists: …"
        error = self.query_one("#hr-error", Static)
        error.update(Content.styled(line, "bold $text-error"))

    @on(Input.Changed)
    def changed(self, event: Input.Changed) -> None:
        """Say at once what is wrong with a value typed, before the host tries to save it."""
        if event.input.id == "hr-id":
            return
        try:
            self.read_changes()
        except RulesetError as error:
            self.show_error(str(error))
        else:
            self.show_error("")

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
