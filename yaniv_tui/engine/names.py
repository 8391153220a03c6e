"""A player's name: the one rule the command line, the setup screen, saves and the network all keep."""

from __future__ import annotations

import unicodedata

__all__ = [
    "MAX_ACCENTS",
    "MAX_NAME",
    "MAX_RULESET_NAME",
    "SAVED_NAME",
    "SAVED_RULESET_NAME",
    "BadName",
    "check_name",
    "is_name",
    "name_cells",
    "name_key",
    "same_name",
    "unnamed_seat",
    "unstacked",
]

#: The widest name, in terminal cells (a wide character such as 田 takes two): what the setup screen's seat
#: rows, the table's seat panels and the compact seat lines of an 8-seat table at 80×24 show whole.
MAX_NAME = 14
#: The widest name a save may hold: saves written before this rule took a joiner's name of up to 24 characters
#: (48 cells if every one is wide). Reading such a save keeps it playable; every new name keeps `MAX_NAME`.
SAVED_NAME = 48
#: The widest ruleset name, in cells: a ruleset's name keeps a player's name's rule (`check_name`), shown in the setup
#: screen's list (cut short there past some 20 cells, whole below it), the rules screen and the saves' list. As wide
#: as the longest ruleset id (`store/userrules.ID_PATTERN`), which a ruleset without a name is called by.
MAX_RULESET_NAME = 40
#: The widest ruleset name a save, a record or a frame may hold: saves written before the rule took any text of up
#: to 200 characters (`ruleset_keys.TEXT_MOST`, 400 cells if every one is wide). Reading one keeps it playable.
SAVED_RULESET_NAME = 400


class BadName(ValueError):
    """A name no seat may have; the message is one line saying what is wrong and what a name takes."""


#: Marks drawn on the character before them: they take no cell of their own.
_MARKS = ("Mn", "Me", "Mc")
#: The most marks a name puts on one character: what a terminal's cell holds (xterm keeps at most 4, tmux what fits
#: in 21 bytes) and what the names of every script need (Thai's vowel and tone, Hebrew's points, Tibetan's stacks).
MAX_ACCENTS = 4


def _stacks(name: str) -> list[int]:
    """The number of marks on each character of `name` that carries any."""
    stacks: list[int] = []
    run = 0
    for c in name:
        if unicodedata.category(c) in _MARKS:
            run += 1
        elif run:
            stacks.append(run)
            run = 0
    return [*stacks, run] if run else stacks


def unstacked(name: str) -> str:
    """`name` with at most MAX_ACCENTS marks kept on each character: as a refusal's line, or a listing of a name no
    yaniv-tui wrote, may show it."""
    kept: list[str] = []
    run = 0
    for c in name:
        run = run + 1 if unicodedata.category(c) in _MARKS else 0
        if run <= MAX_ACCENTS:
            kept.append(c)
    return "".join(kept)


def name_cells(name: str) -> int:
    """The terminal cells `name` takes: two for a wide or full-width character (田), none for a mark drawn on the
    one before it (the accent of a decomposed é). Rich's `cell_len`, which the engine cannot import, agrees for the
    letters of every script; it draws some symbols (a few hundred, emoji among them) one cell wider."""
    return sum(
        0 if unicodedata.category(c) in _MARKS else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
        for c in name
    )


#: Characters Python counts as printable that draw nothing (Unicode's default-ignorable ones that are not format
#: characters, which no name takes anyway): the combining grapheme joiner, the Khmer inherent vowels, the Mongolian
#: and the other variation selectors (kept in a name, where ❤️ needs one; never what tells two names apart).
_ZERO_WIDTH = frozenset("\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f") | frozenset(
    chr(c) for c in (*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))
)
#: Characters that draw a blank cell: the Hangul fillers and the braille blank, read as a space.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _as_read(name: str) -> str:
    """`name` as a person reads it: what draws nothing left out, what draws a blank a space."""
    return "".join(" " if c in _BLANKS else c for c in name if c not in _ZERO_WIDTH)


#: The most characters of a refused name, other typed text or a ruleset's value its line quotes (a hostile record's or
#: `--players`'s 10,000 are cut), and the most digits of a number quoted (ruleset_keys.show counts a longer one).
SHOWN_MOST = 40


def quoted(text: str) -> str:
    """`text` (a name, a seed or seat list, a game id as typed) quoted for a refusal's line, its control characters
    escaped, at most MAX_ACCENTS accents kept on a letter, cut at `SHOWN_MOST` characters; its length said when it
    is not shown whole."""
    shown = unstacked(text)
    if len(text) > SHOWN_MOST or shown != text:
        return f"{shown[:SHOWN_MOST]!r}... ({len(text)} characters)"
    return repr(text)


def check_name(name: str, *, most: int = MAX_NAME, subject: str = "every player") -> str:
    """`name` with its spaces tidied (stripped, runs of spaces made one) and its accents composed (NFC: an é typed
    as e and a combining accent is kept as the one é); BadName for an empty, wide or unprintable one, or one with
    more than MAX_ACCENTS marks on a letter (no terminal shows them, so two such names could look one).

    `subject` is whose name it is, as a line about a blank one says it ("a ruleset needs a name").

    A name is printed on the table, in saves and by `yaniv stats`: a control or format character (ESC, BEL,
    a bidi override, a zero-width space) could drive the terminal or disguise the name, so none is taken.
    """
    if not name.isprintable():  # before the spaces are tidied, which would make a newline or a tab a space
        bad = next(c for c in name if not c.isprintable())
        raise BadName(
            f"the name {quoted(name)} has a control character ({bad.encode('unicode_escape').decode('ascii')}): "
            "names take letters, digits, spaces and punctuation"
        )
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    if not name:
        raise BadName(f"{subject} needs a name")
    if not _as_read(name).strip():
        raise BadName(f"{subject} needs a name that shows: this one draws only blanks")
    decomposed = unicodedata.normalize("NFD", name)  # the accents as typed: á is a and one
    if (stacked := max(_stacks(decomposed), default=0)) > MAX_ACCENTS:
        shown = quoted(unicodedata.normalize("NFC", unstacked(decomposed)))
        raise BadName(
            f"the name {shown} has {stacked} accents on one letter: a name takes at most {MAX_ACCENTS} on a letter, "
            "as many as a terminal shows"
        )
    if name_cells(name) > most:
        raise BadName(
            f"the name {quoted(name)} is too long: at most {most} characters (a wide one, like 田, counts two)"
        )
    return name


def unnamed_seat(index: int) -> str:
    """The name of seat `index` (from 0) when none is given: "Player N". The setup screen's seats start with it, and
    a remote seat its host gave no name, or that was opened for someone else, keeps it until a joiner's name
    replaces it."""
    return f"Player {index + 1}"


def name_key(name: str) -> str:
    """What a name is told apart by: two seats whose keys are equal have one name, as a person reads it. Case, how
    an accent is typed (é composed or decomposed), full-width letters (Ａｎｎ) and ligatures (ﬁ) do not count,
    nor spaces around or doubled (NFKC with case folded, Unicode's caseless match of identifiers), nor a character
    that draws nothing (a variation selector, the combining grapheme joiner), and one that draws a blank (a Hangul
    filler, the braille blank) is a space."""
    folded = unicodedata.normalize("NFKC", " ".join(_as_read(name).split())).casefold()
    return unicodedata.normalize("NFKC", folded)


def same_name(one: str, other: str) -> bool:
    """Whether two names are one name as a person reads it (`name_key`): a table never seats both."""
    return name_key(one) == name_key(other)


def is_name(name: str) -> bool:
    """Whether `name` is a name as it stands: the rule takes it, with nothing to tidy."""
    try:
        return check_name(name) == name
    except BadName:
        return False
