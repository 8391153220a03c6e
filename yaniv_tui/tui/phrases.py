"""Words wrapped between their phrases, not at any space: a hint's last clause moved whole, "+30 penalty" whole."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content

#: Where a sentence may break between its clauses: after a comma, a colon or a semicolon, at its one space.
CLAUSE_END = re.compile(r"(?<=[,:;]) ")


def packed(phrases: Sequence[str], width: int) -> list[str]:
    """`phrases` joined by spaces into lines of at most `width` cells, each line as full as the next phrase allows
    (a phrase wider than `width` is a line of its own). Rich's and Textual's own wraps break at any space, a no-break
    space included: they would leave "+30" at a line's end and "penalty" on the next."""
    lines: list[str] = []
    for phrase in phrases:
        if lines and cell_len(f"{lines[-1]} {phrase}") <= width:
            lines[-1] += f" {phrase}"
        else:
            lines.append(phrase)
    return lines


def clause_lines(content: Content, width: int) -> list[Content]:
    """`content` in lines of `width` cells broken between its clauses (`CLAUSE_END`), a clause wider than the line
    between its words; never in more lines than Textual's own wrap takes (a box of two lines keeps every word):
    there the words win. Nothing changes where the whole fits on one line."""
    by_words = content.wrap(width)
    if len(by_words) < 2:
        return by_words
    breaks: list[int] = []
    for line in packed(CLAUSE_END.split(content.plain), width)[:-1]:
        breaks.append((breaks[-1] if breaks else 0) + len(line) + 1)  # past the line and its space
    by_clauses = [part for line in content.divide(breaks) for part in line.rstrip().wrap(width)]
    return by_clauses if len(by_clauses) <= len(by_words) else by_words
