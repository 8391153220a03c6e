"""Text wrapped between its phrases, not at any space: "+30 penalty" kept whole, a hint's last clause moved whole."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text

#: Where a sentence may break between its clauses: after a comma, a colon or a semicolon and its space.
CLAUSE_END = re.compile(r"(?<=[,:;]) ")


class Phrases:
    """`phrases` joined by spaces, wrapped only between them where the line allows: Rich's own wrap breaks at any
    space (a no-break space included), and left "+30" at a line's end with "penalty" on the next, or a hint's last
    word alone on a line. A phrase wider than the line is wrapped between its words.

    With `no_more_lines`, never more lines than Rich's own wrap would take (a box of a fixed few lines): there the
    phrases give way to words.
    """

    def __init__(
        self,
        phrases: Sequence[str],
        style: str | Style = "",
        *,
        no_more_lines: bool = False,
        justify: JustifyMethod | None = None,
    ) -> None:
        self.phrases = list(phrases)
        self.style = style
        self.no_more_lines = no_more_lines
        self.justify: JustifyMethod | None = justify

    @classmethod
    def clauses(cls, sentence: str, style: str | Style = "", justify: JustifyMethod | None = None) -> Phrases:
        """`sentence` wrapped between its clauses (`CLAUSE_END`), in no more lines than its words would take."""
        return cls(CLAUSE_END.split(sentence), style, no_more_lines=True, justify=justify)

    def __str__(self) -> str:
        """The phrases in one line, as they read where the line is wide enough."""
        return " ".join(self.phrases)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(phrase) for phrase in self.phrases), default=0)
        return Measurement(widest, cell_len(str(self)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines: list[str] = []
        for phrase in self.phrases:
            if lines and cell_len(f"{lines[-1]} {phrase}") <= width:
                lines[-1] += f" {phrase}"
            else:
                lines.append(phrase)
        text = self.text("\n".join(lines))  # a line still too wide is wrapped between its words
        if self.no_more_lines:
            words = self.text(str(self))
            if len(text.wrap(console, width)) > len(words.wrap(console, width)):
                text = words
        yield text

    def text(self, lines: str) -> Text:
        """`lines` in the phrases' style; centred or so (`justify`), the style is the words' only, not the
        spaces that pad them (as Textual's own text-align draws a line)."""
        if self.justify is None:
            return Text(lines, style=self.style)
        text = Text(lines, justify=self.justify)
        text.stylize(self.style)
        return text
