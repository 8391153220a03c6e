"""Checked reading of untrusted JSON data: typed fields and cards, every miss one SnapshotError naming the field."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from yaniv_tui.engine import SAVED_NAME, BadName, Card, CardError, GameSetupError, check_name, check_seed, parse_card

#: What a seat token is (net/secrets_gate.new_token makes one: 24 URL-safe letters), as a client takes one from a
#: welcome before keeping it (net/protocol.py refuses anything else, a host's doing, an escape sequence or megabytes)
#: and as a hosted table's file keeps them (store/tables.py): 16 to 64 letters, digits, - and _.
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


class SnapshotError(ValueError):
    """Data that cannot be what it is read as (a game, a round, a seat's view, an action): the message is one line
    saying which field and why."""


T = TypeVar("T")


def fail(where: str, message: str) -> SnapshotError:
    if not where.isprintable():  # a key may hold a line break; the message stays one line
        where = repr(where)
    return SnapshotError(f"{where}: {message}" if where else message)


class Reader:
    """Typed field access on untrusted data; every miss is a SnapshotError naming the field."""

    def __init__(self, data: Any, where: str = "") -> None:
        if not isinstance(data, dict):
            raise fail(where, f"must be an object, got {kind_of(data)}")
        self.data = data
        self.where = where

    def path(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise fail(self.path(key), "missing")
        return self.data[key]

    def int_(self, key: str, low: int | None = None, high: int | None = None) -> int:
        return read_int(self.get(key), self.path(key), low, high)

    def bool_(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise fail(self.path(key), f"must be true or false, got {kind_of(value)}")
        return value

    def str_(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str):
            raise fail(self.path(key), f"must be text, got {kind_of(value)}")
        return value

    def list_(self, key: str, item: Callable[[Any, str], T]) -> list[T]:
        return read_list(self.get(key), self.path(key), item)


def kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def read_int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:
        raise fail(where, f"must be a whole number, got {kind_of(value)}")
    if low is not None and value < low:
        raise fail(where, f"must be at least {low}, got {value}")
    if high is not None and value > high:
        raise fail(where, f"must be at most {high}, got {value}")
    return value


def read_seed(value: Any, where: str) -> int:
    """A game's seed: a whole number in the engine's range (`engine.check_seed`)."""
    try:
        return check_seed(read_int(value, where))
    except GameSetupError as error:
        raise fail(where, str(error)) from None


def read_list(value: Any, where: str, item: Callable[[Any, str], T]) -> list[T]:
    if not isinstance(value, list):
        raise fail(where, f"must be a list, got {kind_of(value)}")
    return [item(v, f"{where}[{i}]") for i, v in enumerate(value)]


def read_card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise fail(where, f'must be a card code like "10H" or "JK", got {kind_of(value)}')
    try:
        return parse_card(value)
    except CardError:
        raise fail(where, f"not a card: {value[:20]!r} (a rank A 2-10 J Q K and a suit C D H S, or JK)") from None


def read_card_or_none(value: Any, where: str) -> Card | None:
    return None if value is None else read_card(value, where)


def read_cards(value: Any, where: str) -> list[Card]:
    return read_list(value, where, read_card)


def read_hand(value: Any, where: str) -> list[Card] | None:
    return None if value is None else read_cards(value, where)


def read_int_or_none(value: Any, where: str) -> int | None:
    return None if value is None else read_int(value, where)


def per_seat(items: list[T], where: str, n: int) -> list[T]:
    if len(items) != n:
        raise fail(where, f"must have one entry per seat ({n}), got {len(items)}")
    return items


def read_name(value: Any, where: str) -> str:
    """A player's name as the name rule (engine.names) takes it, its spaces tidied; as wide as an older version's
    save could hold it (`SAVED_NAME`), so no save written before the rule is lost to it."""
    if not isinstance(value, str):
        raise fail(where, f"a name is text, got {kind_of(value)}")
    try:
        return check_name(value, most=SAVED_NAME)
    except BadName as error:
        raise fail(where, str(error)) from None


def read_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise fail(where, f"must be true or false, got {kind_of(value)}")
    return value
