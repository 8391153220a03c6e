"""Text wrapped between its phrases, not at any space: "+30 penalty" kept whole, a hint's last clause moved whole."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
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

    def __init__(self, phrases: Sequence[str], style: str = "", *, no_more_lines: bool = False) -> None:
        self.phrases = list(phrases)
        self.style = style
        self.no_more_lines = no_more_lines

    @classmethod
    def clauses(cls, sentence: str, style: str = "") -> Phrases:
        """`sentence` wrapped between its clauses (`CLAUSE_END`), in no more lines than its words would take."""
        return cls(CLAUSE_END.split(sentence), style, no_more_lines=True)

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
        text = Text("\n".join(lines), style=self.style)  # a line still too wide is wrapped between its words
        if self.no_more_lines:
            words = Text(str(self), style=self.style)
            if len(text.wrap(console, width)) > len(words.wrap(console, width)):
                text = words
        yield text
