"""The title bar on top of a screen: "Yaniv — Israeli · round 3", the screen's sub-title after the app's title.

Textual's Header does the same with an icon and a clock's room; this one line is all the game needs, and it
costs the table's first screen much less to draw (see benchmarks/startup.py).
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from ..app_seam import game_app
from ..marks import in_ascii, mark


class TitleBar(Static):
    """The app's title and the screen's sub-title, kept up to date as the screen changes its sub-title."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        content-align: center middle;
    }
    """

    def on_mount(self) -> None:
        self.watch(self.screen, "sub_title", self.show_title)

    def show_title(self) -> None:
        title = self.screen.title or self.app.title
        sub_title = self.screen.sub_title or self.app.sub_title
        ascii_only = game_app(self).ascii_cards
        shown = Content(title)
        if sub_title:
            dash = f" {mark('dash', ascii_only)} "
            shown = Content.assemble(
                shown, (dash, "$foreground-muted"), (in_ascii(sub_title, ascii_only), "$foreground-muted")
            )
        self.update(shown)
