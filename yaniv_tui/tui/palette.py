"""Textual's command palette, its page keys safe while its list of commands is rebuilt, covering what it is over."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.command import CommandList, CommandPalette, SearchIcon

from .app_seam import game_app
from .marks import mark


class Palette(CommandPalette):
    """Textual's `CommandPalette` (ctrl+p), but page down and page up while its list is being rebuilt (a key after
    ctrl+p or after a letter typed, before the list is drawn again) do nothing, as on a list with nothing to page
    through. In Textual 8.2.8 they raised KeyError out of `OptionList._move_page` (the line of the highlighted
    option, not yet laid out), and the app stopped: found by tests/tui/test_monkey.py.

    It hides the screen it is over, as every dialog does (base.tcss): through Textual's see-through backdrop the
    table's title, seats and hand read as part of the palette. Its search line's 🔎 is `>` with ASCII cards
    (`marks.MARKS`), where a terminal without emoji showed a box. The app opens its list of themes in one too
    (`YanivApp.search_themes`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page('page_down')", "Next page", show=False),
        Binding("pageup", "page('page_up')", "Previous page", show=False),
    ]

    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = mark("search", game_app(self).ascii_cards)

    def action_page(self, which: str) -> None:
        commands = self.query_one(CommandList)
        try:
            # Textual's OptionList declares no types for these two.
            if which == "page_down":
                commands.action_page_down()  # type: ignore[no-untyped-call]
            else:
                commands.action_page_up()  # type: ignore[no-untyped-call]
        except KeyError:
            return  # the list not laid out yet: the next key finds it drawn
