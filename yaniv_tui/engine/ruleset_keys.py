"""A ruleset key, declared once on its `Ruleset` field: its place in a file, its kind, range, default and meaning.

Each kind says how a value is read from a file (with the one-line errors), written back to one, kept in a save,
typed as one line of text, and described in the docs. Loading, saving, the house-rules dialog and the
README's tables all ask the key, so a new key is one declaration.
"""

from __future__ import annotations

import dataclasses
import tomllib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from .cards import CardError, parse_card
from .names import SHOWN_MOST
from .toml_text import parse_toml

Fail = Callable[[str], Exception]


class RulesetError(ValueError):
    """A ruleset that cannot be used; the message is one line naming the file and the key."""


def printable(text: str) -> str:
    """Text safe to print on a terminal: each character that is not printable (a control or format character,
    such as ESC or a bidi override) shown as its escape, \\x1b or \\u202e."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class _Omit:
    """A value a file writes by leaving its key out: an empty default (no resets, jacks swinging at the limit)."""

    def __repr__(self) -> str:
        return "OMIT"


OMIT: Final = _Omit()


@dataclass(frozen=True, slots=True)
class Key:
    """One key of a ruleset file and the `Ruleset` field it sets.

    `path` is "table.key" in the file ("name" at the top level); `kind` one of KINDS; `low`..`high` the range of
    a whole number (each, for a list); `doc` one line of meaning. `allowed_also` and `default_doc` are for the
    docs: a rule tying the key to others ("at least `min`"), and a default that follows another key.
    """

    path: str
    kind: str
    doc: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    allowed_also: str = ""
    default_doc: str = ""
    field: str = ""  # the Ruleset field: filled in by declared_keys
    default: Any = None

    @property
    def table(self) -> str:
        """The file's table holding the key; "" for the top level."""
        return self.path.rpartition(".")[0]

    @property
    def name(self) -> str:
        """The key's name inside its table."""
        return self.path.rpartition(".")[2]

    @property
    def omittable(self) -> bool:
        """Whether a file leaves the key out for its default: an empty default, None or ()."""
        return self.default is None or self.default == ()

    def leaves_out(self, value: Any) -> bool:
        """Whether a file writes this field's value by leaving the key out."""
        return self.omittable and value == self.default

    @property
    def behaviour(self) -> Kind:
        return KINDS[self.kind]

    def load(self, data: Any, fail: Fail) -> Any:
        """A file's value for this key as the Ruleset field holds it; raises `fail(message)` when it is refused."""
        return self.behaviour.load(self, data, fail)

    def to_data(self, value: Any) -> Any:
        """A field's value as a file writes it (plain TOML data), or OMIT when the file leaves the key out.

        A value of the wrong shape is passed on as it is, for `load` to refuse with its one-line message.
        """
        if self.leaves_out(value):
            return OMIT
        return self.behaviour.to_data(value)

    def to_text(self, value: Any) -> str:
        """A field's value as one line a host can edit: `5, 7`, `100 = 50, 200 = 100`, "" for an empty default."""
        return "" if self.to_data(value) is OMIT else self.behaviour.to_text(value)

    def from_text(self, text: str) -> Any:
        """A host's line of text as file data (OMIT for a blank the file may leave out), for `load` to check."""
        text = text.strip()
        if not text and self.kind != "str" and self.omittable:
            return OMIT
        return self.behaviour.from_text(text)

    def parse(self, text: str, fail: Fail) -> Any:
        """A host's line of text as the field holds it, through the same checks as a file."""
        data = self.from_text(text)
        return self.default if data is OMIT else self.load(data, fail)


def show(value: Any) -> str:
    """A value as an error message quotes it: one short line, never a whole table or list, nor a text or number
    longer than `SHOWN_MOST` (a hostile file's 100,000-character text, or a number of 4,000 digits)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        if len(value) > SHOWN_MOST:
            return f"{show(value[:SHOWN_MOST])}... ({len(value)} characters)"
        return f'"{value}"' if value.isprintable() else repr(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, int) and abs(value) >= 10**SHOWN_MOST:
        return f"a number of {len(str(abs(value)))} digits"
    return str(value)[:SHOWN_MOST]


def _toml_value(text: str) -> Any:
    """One line of text as the TOML value it would be in a file; the text itself when it is none."""
    if "\n" in text or "\r" in text:
        return text
    try:
        return parse_toml(f"v = {text}")["v"]
    except (tomllib.TOMLDecodeError, RecursionError):  # the reader recurses once a level: a line pasted deep
        return text


def toml_text(value: Any) -> str:
    """Plain TOML data written as a file writes it: `5`, `true`, `"ends"`, `[4, 7]`, `{ 100 = 50 }`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_text(v)}" for k, v in value.items()) + " }" if value else "{}"
    return str(value)


class Kind(ABC):
    """What one kind of key does with a value. The base passes values through; kinds change what differs."""

    name = ""
    #: The kind as the docs name it.
    doc_name = ""

    @abstractmethod
    def load(self, key: Key, data: Any, fail: Fail) -> Any:
        """A file's value for `key` as the Ruleset field holds it; raises `fail(message)` when it is refused."""

    def to_data(self, value: Any) -> Any:
        return value

    def to_text(self, value: Any) -> str:
        return toml_text(self.to_data(value))

    def from_text(self, text: str) -> Any:
        return _toml_value(text)

    def allowed(self, key: Key) -> str:
        """What the docs list as allowed."""
        return ""


#: The most characters a text key (a ruleset's name, description, source) may hold: a line, not a page.
TEXT_MOST = 200


class Text(Kind):
    name, doc_name = "str", "text"

    def load(self, key: Key, data: Any, fail: Fail) -> Any:
        if not isinstance(data, str):
            raise fail(f"must be text in quotes, got {show(data)}")
        if "\n" in data:
            raise fail("must be one line")
        if len(data) > TEXT_MOST:
            raise fail(f"must be at most {TEXT_MOST} characters, got {len(data)}")
        if not data.isprintable():
            bad = next(c for c in data if not c.isprintable())
            raise fail(
                f"has a control character ({printable(bad)}), got {show(data)}; "
                "text may hold letters, digits, spaces and punctuation"
            )
        return data

    def to_text(self, value: Any) -> str:
        return str(value)

    def from_text(self, text: str) -> Any:
        return text

    def allowed(self, key: Key) -> str:
        return f"one printable line of at most {TEXT_MOST} characters"


class Switch(Kind):
    name, doc_name = "bool", "bool"

    def load(self, key: Key, data: Any, fail: Fail) -> Any:
        if not isinstance(data, bool):
            raise fail(f"must be true or false, got {show(data)}")
        return data


class Choice(Kind):
    name, doc_name = "choice", "choice"

    def load(self, key: Key, data: Any, fail: Fail) -> Any:
        if data not in key.choices:
            allowed = " or ".join(f'"{c}"' for c in key.choices)
            raise fail(f"must be {allowed}, got {show(data)}")
        return data

    def to_text(self, value: Any) -> str:
        return str(value)

    def from_text(self, text: str) -> Any:
        return text

    def allowed(self, key: Key) -> str:
        return ", ".join(f'`"{c}"`' for c in key.choices)


def whole_range(key: Key) -> str:
    """What a whole-number key takes, in the words every refusal and field uses: "a whole number from 1 to 8"."""
    return f"a whole number from {key.low} to {key.high}"


def whole_number(key: Key, data: Any, fail: Fail) -> int:
    """A whole number within the key's range; else `fail` with the range."""
    allowed = whole_range(key)
    if type(data) is not int:
        raise fail(f"must be {allowed}, got {show(data)}")
    if key.low is not None and key.high is not None and not key.low <= data <= key.high:
        raise fail(f"must be {allowed}, got {show(data)}")
    return data


class Whole(Kind):
    name, doc_name = "int", "int"

    def load(self, key: Key, data: Any, fail: Fail) -> Any:
        return whole_number(key, data, fail)

    def allowed(self, key: Key) -> str:
        return f"{key.low} to {key.high}"


class Wholes(Kind):
    name, doc_name = "ints", "ints"

    def load(self, key: Key, data: Any, fail: Fail) -> Any:
        if not isinstance(data, list):
            raise fail(f"must be a list of whole numbers like [5, 7], got {show(data)}")
        if not data:
            raise fail("must list one whole number or more, like [5, 7], got an empty list")
        numbers = tuple(whole_number(key, item, fail) for item in data)
        if len(set(numbers)) != len(numbers):
            raise fail("must not repeat a number")
        return tuple(sorted(numbers))

    def to_data(self, value: Any) -> Any:
        return list(value) if isinstance(value, tuple) else value

    def to_text(self, value: Any) -> str:
        return ", ".join(map(str, value))

    def from_text(self, text: str) -> Any:
        # `5, 7`, `5 7` and `[5, 7]` all read as the list [5, 7].
        parts = text.strip("[]").replace(",", " ").split()
        return [_toml_value(part) for part in parts] if parts else text

    def allowed(self, key: Key) -> str:
        return f"{key.low} to {key.high} each"


class Resets(Kind):
    """Lucky resets: a table of exact totals and what each resets to, held as sorted (total, to) pairs."""

    name, doc_name = "resets", "table"

    def load(self, key: Key, data: Any, fail: Fail) -> Any:
        if not isinstance(data, dict):
            raise fail(f"must be a table like {{ 100 = 50, 200 = 100 }}, got {show(data)}")
        pairs = []
        for at, to in data.items():
            # str.isdigit also takes digits int() refuses ("²"), and int() refuses over 4300 digits.
            if not (at.isascii() and at.isdigit()) or len(at) > 18 or int(at) < 1:
                raise fail(f"{at!r} must be a whole number of at least 1")
            if type(to) is not int or not 0 <= to < int(at):
                raise fail(f"{at} must reset to a whole number from 0 to {int(at) - 1}, got {show(to)}")
            pairs.append((int(at), to))
        return tuple(sorted(pairs))

    def to_data(self, value: Any) -> Any:
        return _pairs_to_table(value)

    def to_text(self, value: Any) -> str:
        return ", ".join(f"{at} = {to}" for at, to in value)

    def from_text(self, text: str) -> Any:
        return _table_from_text(text)

    def allowed(self, key: Key) -> str:
        return "each key a total of at least 1, each value from 0 to below its key"


def _pairs_to_table(value: Any) -> Any:
    """A table held as (key, value) pairs, as a file writes it: `{ "100" = 50 }`; any other shape as it is."""
    if isinstance(value, Mapping):
        return {str(at): to for at, to in value.items()}
    if isinstance(value, tuple | list) and all(isinstance(p, tuple | list) and len(p) == 2 for p in value):
        return {str(at): to for at, to in value}
    return value


def _table_from_text(text: str) -> Any:
    # `100 = 50, 200 = 100` or `KH = 0`, with or without the braces a file puts round it.
    inner = text.removeprefix("{").removesuffix("}")
    value = _toml_value("{ " + inner + " }")
    return text if isinstance(value, str) else value


def _naming(name: str, fail: Fail) -> Fail:
    """`fail` with each message opening with `name`: the entry of a table at fault."""
    return lambda message: fail(f"{name} {message}")


class CardValues(Kind):
    """A card's own value: a table of card codes and values, held as sorted (code, value) pairs (codes as
    `parse_card` writes them back, so `kh`, `K♥` and `KH` are one card)."""

    name, doc_name = "card_values", "table"

    def load(self, key: Key, data: Any, fail: Fail) -> Any:
        if not isinstance(data, dict):
            raise fail(f"must be a table like {{ KH = 0 }}, got {show(data)}")
        values: dict[str, int] = {}
        for code, value in data.items():
            shown = printable(code)
            try:
                card = parse_card(code)
            except CardError:
                raise fail(f"{shown!r} is not a card: a card is a rank A 2-10 T J Q K and a suit C D H S") from None
            if card.is_joker:
                raise fail(f"{shown}: a joker's value is values.joker")
            if card.code in values:
                raise fail(f"{shown} names {card.code} again")
            values[card.code] = whole_number(key, value, _naming(card.code, fail))
        return tuple(sorted(values.items()))

    def to_data(self, value: Any) -> Any:
        return _pairs_to_table(value)

    def to_text(self, value: Any) -> str:
        return ", ".join(f"{code} = {worth}" for code, worth in value)

    def from_text(self, text: str) -> Any:
        return _table_from_text(text)

    def allowed(self, key: Key) -> str:
        return f"each key a card code (`KH`, `10S`; not a joker), each value from {key.low} to {key.high}"


#: Every kind of key, by name.
KINDS: dict[str, Kind] = {
    kind.name: kind for kind in (Text(), Switch(), Choice(), Whole(), Wholes(), Resets(), CardValues())
}


# -- declaring a key on a Ruleset field: field(default=..., metadata=whole("deck.decks", 1, 8, "...")) ----------


def text(path: str, doc: str, **more: Any) -> Mapping[str, Key]:
    return {"key": Key(path, "str", doc, **more)}


def switch(path: str, doc: str, **more: Any) -> Mapping[str, Key]:
    return {"key": Key(path, "bool", doc, **more)}


def one_of(path: str, choices: tuple[str, ...], doc: str, **more: Any) -> Mapping[str, Key]:
    return {"key": Key(path, "choice", doc, choices=choices, **more)}


def whole(path: str, low: int, high: int, doc: str, **more: Any) -> Mapping[str, Key]:
    return {"key": Key(path, "int", doc, low=low, high=high, **more)}


def wholes(path: str, low: int, high: int, doc: str, **more: Any) -> Mapping[str, Key]:
    return {"key": Key(path, "ints", doc, low=low, high=high, **more)}


def reset_pairs(path: str, doc: str, **more: Any) -> Mapping[str, Key]:
    return {"key": Key(path, "resets", doc, **more)}


def card_values(path: str, low: int, high: int, doc: str, **more: Any) -> Mapping[str, Key]:
    return {"key": Key(path, "card_values", doc, low=low, high=high, **more)}


def declared_keys(cls: type) -> tuple[Key, ...]:
    """Every key declared on a dataclass's fields, each with its field and default, grouped by table in the order
    the tables first appear (a table's keys in field order)."""
    keys = [
        dataclasses.replace(f.metadata["key"], field=f.name, default=f.default)
        for f in dataclasses.fields(cls)
        if "key" in f.metadata
    ]
    tables = list(dict.fromkeys(key.table for key in keys))
    return tuple(sorted(keys, key=lambda key: tables.index(key.table)))
