"""The keys a screen offers, on one line at the bottom: what Textual's Footer shows, drawn as one widget.

A Footer is a container holding a widget per key (eight on the setup screen), composed again each time the
keys change. Each of those widgets is styled, laid out and drawn on its own, and that is a good share of the
time `yaniv` takes to show its first screen. This is one widget that draws the same line: each key shown as
the Footer shows it (`^s start`), greyed when it can't be used now, and clicked to press it.

Textual's command palette key (`^p palette`, the way to themes, ASCII cards and the bell) comes last but for
`? help`, as the Footer shows it (a dialog's own `? help` too, bound before its other keys). When the keys do not
fit the width, the last ones before those two and `^q quit` are left out (the help lists every key), so the bar
never runs off the edge and always says how to leave (a screen's esc key may only go back, as the table's does).
A screen may name the actions its bar leaves out first (`app_seam.ScreenNotes.BAR_LEAVES_OUT_FIRST`, the table's:
the scores before the hint). Widths are in terminal cells. While Textual's command palette is open over the bar's
screen, the bar shows the palette's keys. A dialog (Textual's modal screen) does not hear the app's keys, but its
priority ones (`^q quit`, `^p palette`) reach it, so its bar says them too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.command import CommandPalette
from textual.widget import Widget

from ..app_seam import game_app, notes_of
from ..marks import in_ascii

if TYPE_CHECKING:
    from textual.binding import ActiveBinding
    from textual.dom import DOMNode
    from textual.screen import Screen

#: The keys that open the help (f1 where a text field takes `?`), kept at the end of the bar when others are left out
#: for width, and the action they press.
HELP_KEYS = ("question_mark", "f1")
HELP_ACTION = "help"


@dataclass(frozen=True)
class Key:
    """One key on the bar: the key pressed, as shown, what it does, whether it can be used now, and the longer
    words shown when the mouse rests on it (the binding's tooltip)."""

    key: str
    display: str
    description: str
    enabled: bool = True
    tooltip: str = ""
    #: The action the key presses (the one the screen's `BAR_LEAVES_OUT_FIRST` names).
    action: str = ""

    @property
    def width(self) -> int:
        return cell_len(self.display) + (1 + cell_len(self.description) if self.description else 0)


@cache
def declared(node_class: type[DOMNode]) -> tuple[str, ...]:
    """The actions a node of `node_class` binds, in the order its classes declare them (a base class's first, as
    Textual merges them): read once a class, as its classes' BINDINGS are."""
    actions: list[str] = []
    for cls in reversed(node_class.__mro__):
        for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", ())):
            if binding.action not in actions:
                actions.append(binding.action)
    return tuple(actions)


def bar_order(nodes: dict[str, DOMNode]) -> dict[str, tuple[int, int]]:
    """Each action's place on the bar: the focused widget's keys first, then its parents', the screen's and the app's
    (the order Textual looks them up in), each node's in the order it declares them. Textual's own order
    (`Screen.active_bindings`) puts a key where the first node binding it put it: a text field's ctrl+a (home) kept
    the setup screen's priority ctrl+a (+ seat) at the bar's head while a name had focus, and elsewhere in its place."""
    places: dict[str, tuple[int, int]] = {}
    for action, node in nodes.items():
        actions = declared(type(node))
        at = actions.index(action) if action in actions else len(actions)
        places[action] = (-len(node.ancestors_with_self), at)
    return places


class KeyBar(Widget, can_focus=False):
    """The focused screen's keys (those bound with `show=True`), one line, each pressed by a click."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key", "keybar--description", "keybar--hover"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 100%;
        color: $footer-foreground;
        background: $footer-background;
        & > .keybar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keybar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .keybar--hover {
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: Where each key shown was last drawn: (first column, past the last column, key).
        self._spans: list[tuple[int, int, Key]] = []
        self._hover: Key | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.screen_change_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh()

    def _screen_changed(self, screen: Screen[object]) -> None:
        if self.is_attached:
            self.refresh()  # the command palette opened over this bar's screen, or closed

    @property
    def keyed_screen(self) -> Screen[object] | CommandPalette:
        """The screen whose keys the bar shows: its own, or Textual's command palette while it is open over it
        (the palette leaves the bar in view, and the keys under it would type into its search)."""
        top = self.app.screen
        return top if isinstance(top, CommandPalette) else self.screen

    def keys(self) -> list[Key]:
        """Every key the bar would show given room: one per action, the first key bound to it."""
        app = self.app
        keys: dict[str, Key] = {}
        nodes: dict[str, DOMNode] = {}  # each key's action: the node that binds it (its place on the bar)
        screen = self.keyed_screen
        active_bindings = screen.active_bindings
        if screen is self.screen and screen.is_modal:
            active_bindings = {**active_bindings, **self.app_priority_bindings(active_bindings)}
        for active in active_bindings.values():
            binding = active.binding
            if binding.show and binding.action not in keys:
                # The palette's words are Textual's, capitalised ("Exit the command palette"): the bar's are not.
                words = binding.description
                words = words[:1].lower() + words[1:] if screen is not self.screen else words
                # What quitting does now (the game saved, ...) under the mouse: the bar has room for "quit" alone.
                tooltip = game_app(self).quit_words() if binding.action == "quit" else binding.tooltip
                keys[binding.action] = Key(
                    binding.key, app.get_key_display(binding), words, active.enabled, tooltip, binding.action
                )
                nodes[binding.action] = active.node
        help_key = next((active for active in active_bindings.values() if active.binding.action == HELP_ACTION), None)
        if HELP_ACTION not in keys and help_key is not None:
            # A text field takes `?` as a letter: the help's other key (f1) is said instead.
            binding = help_key.binding
            keys[HELP_ACTION] = Key(binding.key, app.get_key_display(binding), binding.description, help_key.enabled)
        # In the order their nodes declare them (`bar_order`), then help last, as the app's screens have it: a dialog's
        # (common.Dialog) is bound before the dialog's own keys.
        order = bar_order(nodes)
        shown = sorted(keys.values(), key=lambda key: order.get(key.action, (1, 0)))
        shown.sort(key=lambda key: key.key in HELP_KEYS)
        palette = active_bindings.get(app.COMMAND_PALETTE_BINDING) if app.ENABLE_COMMAND_PALETTE else None
        if palette is not None:  # as Textual's Footer finds it
            binding = palette.binding
            key = Key(binding.key, app.get_key_display(binding), binding.description, palette.enabled)
            help_at = next((at for at, shown_key in enumerate(shown) if shown_key.key in HELP_KEYS), len(shown))
            shown.insert(help_at, key)
        if game_app(self).ascii_cards:  # `←→ move`, `⏎ drop`: the marks in ASCII too
            shown = [
                replace(key, display=in_ascii(key.display), description=in_ascii(key.description)) for key in shown
            ]
        return shown

    def app_priority_bindings(self, bound: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
        """The app's priority keys (`^q quit`, `^p palette`), which reach a dialog too though Textual leaves the
        app's keys out of a modal screen's: found as the screen under the dialogs has them, but for those the dialog
        binds itself."""
        under = next((screen for screen in reversed(self.app.screen_stack) if not screen.is_modal), None)
        if under is None:
            return {}
        return {
            key: active
            for key, active in under.active_bindings.items()
            if active.node is self.app and active.binding.priority and key not in bound
        }

    def shown(self, width: int | None = None) -> list[Key]:
        """The keys that fit in `width` columns (the bar's own by default), the palette's and `? help`
        kept last, and `^q quit` before them."""
        room = self.size.width if width is None else width
        keys = self.keys()
        if sum(key.width for key in keys) + len(keys) - 1 <= room:
            return keys
        # The app's quit key (`^q quit`) stays said: a screen's esc key may only go back (the table's does).
        bindings = self.keyed_screen.active_bindings.values()
        kept = {*HELP_KEYS, self.app.COMMAND_PALETTE_BINDING}
        kept.update(active.binding.key for active in bindings if active.binding.action == "quit")
        last = [key for key in keys if key.key in kept]
        rest = [key for key in keys if key.key not in kept]
        used = sum(key.width + 1 for key in last)
        # Those the screen leaves out first go first, in its order; then the last ones, as many as it takes.
        first_out = notes_of(self.keyed_screen).BAR_LEAVES_OUT_FIRST
        ranked = [key for key in rest if key.action not in first_out]
        ranked += sorted((key for key in rest if key.action in first_out), key=lambda key: -first_out.index(key.action))
        fitting: list[Key] = []
        for key in ranked:
            if used + key.width + 1 > room:
                break
            fitting.append(key)
            used += key.width + 1
        return [key for key in rest if key in fitting] + last

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        text_style = self.get_component_rich_style("keybar--description")
        hover_style = self.get_component_rich_style("keybar--hover", partial=True)
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, Key]] = []
        for key in self.shown():
            if spans:
                line.append(" ")
            start, column = len(line), line.cell_len  # where it starts in the text, and on screen
            line.append(key.display, key_style)
            if key.description:
                line.append(f" {key.description}", text_style)
            if not key.enabled:
                line.stylize("dim", start)
            if key == self._hover:
                line.stylize(hover_style, start)
            spans.append((column, line.cell_len, key))
        self._spans = spans
        return line

    def key_at(self, x: int) -> Key | None:
        """The key drawn at column `x`, if any."""
        return next((key for start, end, key in self._spans if start <= x < end), None)

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event.x)
        if key is None:
            return
        event.stop()
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self.key_at(event.x)
        if key != self._hover:
            self._hover = key
            self.tooltip = key.tooltip or None if key is not None else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.tooltip = None
            self.refresh()
