"""A line of words that wraps between its clauses: a Static whose text stays plain (a str or a Text)."""

from __future__ import annotations

from textual.app import RenderResult
from textual.content import Content
from textual.geometry import Size
from textual.widgets import Static

from ..phrases import clause_lines


class Clauses(Static):
    """A Static wrapped between its clauses (`phrases.clause_lines`) where Textual would break at any space: a hint's
    last word is not left alone on a line ("...and is worth" / "0"), nor a key apart from what it does. Its content
    is what it was given, so the ASCII switch (`YanivApp.watch_ascii_cards`) rewrites it as any Static's."""

    def render(self) -> RenderResult:
        visual = self.visual
        width = self.content_size.width
        if not isinstance(visual, Content) or width <= 0:
            return visual
        return Content("\n").join(clause_lines(visual, width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        visual = self.visual
        if not isinstance(visual, Content) or width <= 0:
            return super().get_content_height(container, viewport, width)
        return len(clause_lines(visual, width))
