"""Words wrapped between their phrases, not at any space: a hint's last clause moved whole, "+30 penalty" whole."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content

#: Where a sentence may break between its clauses: after a comma, a colon or a semicolon, at its one space.
CLAUSE_END = re.compile(r"(?<=[,:;]) ")
#: A word, as Rich's and Textual's own wraps take it: a run of anything but spaces.
WORD = re.compile(r"\S+")


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


def clause_packed(text: str, width: int, word: re.Pattern[str] = WORD) -> list[str]:
    """`text` (its words one space apart) in lines of `width` cells broken between its clauses (`CLAUSE_END`), a
    clause wider than the line between its words (`word`); never in more lines than its words alone take (a box of
    two lines keeps every word): there the words win. Where the whole fits, one line."""
    by_words = packed(word.findall(text), width)
    if len(by_words) < 2:
        return by_words
    by_clauses: list[str] = []
    for line in packed(CLAUSE_END.split(text), width):
        by_clauses += packed(word.findall(line), width) if cell_len(line) > width else [line]
    return by_clauses if len(by_clauses) <= len(by_words) else by_words


def clause_lines(content: Content, width: int) -> list[Content]:
    """`content` in lines of `width` cells as `clause_packed` breaks its text, each line keeping its styles (a word
    wider than the line folded as Textual folds it); text of several lines (the log: a turn a line) each line so.
    A line that is not words one space apart is left to Textual's own wrap."""
    plain = content.plain
    if "\n" in plain:
        return [part for line in content.split("\n", allow_blank=True) for part in clause_lines(line, width)]
    if "  " in plain or plain != plain.strip():
        return content.wrap(width)
    breaks: list[int] = []
    for line in clause_packed(plain, width)[:-1]:
        breaks.append((breaks[-1] if breaks else 0) + len(line) + 1)  # past the line and its space
    return [part for line in content.divide(breaks) for part in line.rstrip().wrap(width)]
