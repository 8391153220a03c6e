"""A save's meta data: who plays each seat and whose screen was showing, written and read back (old layouts too)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeGuard

from yaniv_tui.engine import BOT_LEVELS, Card, Seat
from yaniv_tui.engine.cards import CardError, parse_card
from yaniv_tui.engine.seats import SEAT_KINDS

if TYPE_CHECKING:
    from yaniv_tui.engine import Game

#: How a hand may be shown: by rank (sets side by side) or by suit (runs side by side).
HAND_ORDERS = ("rank", "suit")

#: A game id names its save file, so it is letters, digits, - and _ only.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")


class MetaError(ValueError):
    """The meta data of a save is not what it should be; the message is one line."""


def now_iso() -> str:
    """The time now, UTC, as the save and history files write it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


#: What a time read back from a save must be, in words.
TIME_ALLOWED = "must be a time as the game writes it, like 2026-12-01T09:30:00+00:00"


def is_time(value: object) -> TypeGuard[str]:
    """Whether `value` is a time as `now_iso` writes it (an ISO time, of older versions too): never a text the saves'
    lists would print as it is (an escape sequence, a right-to-left override, a page)."""
    if not (isinstance(value, str) and len(value) <= 40 and value.isascii() and value.isprintable()):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def new_game_id() -> str:
    """A fresh id for a game, so its rounds are recorded once in the history however often it is resumed."""
    return uuid.uuid4().hex


@dataclass(frozen=True, slots=True)
class SaveMeta:
    """What the app needs besides the game to resume it: who plays each seat, whose screen was showing, and
    the table's notes of this round (each human's card just taken, the hand's order, when the deck was
    reshuffled)."""

    seats: tuple[Seat, ...]
    #: The human seat whose hand was on screen (None: a screen between turns, or no human at this screen).
    screen_seat: int | None = None
    game_id: str = field(default_factory=new_game_id)
    started_at: str = field(default_factory=now_iso)
    #: The card each human seat took on its last turn of this round (shown only in that seat's hand).
    took: tuple[tuple[int, Card], ...] = ()
    #: How the hands are shown: one of HAND_ORDERS.
    sort_by: str = "rank"
    #: After how many turns of this round the pile was shuffled into a new deck.
    reshuffled_after: tuple[int, ...] = ()
    #: How many hints each seat asked for (() before the first), so a resume keeps the count for the history.
    hints: tuple[int, ...] = ()
    #: The human seats that conceded: a bot plays each out to the game's end.
    conceded: tuple[int, ...] = ()
    #: The round each seat of `conceded` left the game in, in the same order (see `conceded_round`).
    conceded_in: tuple[int, ...] = ()

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played at this screen."""
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)

    def conceded_round(self, seat: int) -> int | None:
        """The round `seat` conceded in: from it on, the seat's play is the bot's. None for a seat that did not
        concede; 1 when the round is not known (a save from before it was kept), so no round a bot played is
        ever taken for the person's."""
        if seat not in self.conceded:
            return None
        index = self.conceded.index(seat)
        return self.conceded_in[index] if index < len(self.conceded_in) else 1

    def concede(self, seat: int, round_no: int) -> SaveMeta:
        """This meta with `seat` conceded in round `round_no` (unchanged if it conceded already)."""
        if seat in self.conceded:
            return self
        rounds = tuple(self.conceded_round(s) or 1 for s in self.conceded)
        return replace(self, conceded=(*self.conceded, seat), conceded_in=(*rounds, round_no))

    def won(self, winners: Sequence[int]) -> tuple[int, ...]:
        """Of the game's `winners`, the seats whose own player won: a seat that conceded did not, whoever
        then played it out (its win is the bot's). The history and the game's end both say so from here."""
        return tuple(seat for seat in winners if seat not in self.conceded)


# -- writing ----------------------------------------------------------------------------------


def seat_to_dict(seat: Seat) -> dict[str, Any]:
    """A seat as the save writes it (its name is the game's): `{"kind": "bot", "level": "hard"}`."""
    return {"kind": seat.kind} if seat.level is None else {"kind": seat.kind, "level": seat.level}


def meta_to_dict(meta: SaveMeta) -> dict[str, Any]:
    data: dict[str, Any] = {
        "seats": [seat_to_dict(s) for s in meta.seats],
        "screen_seat": meta.screen_seat,
        "game_id": meta.game_id,
        "started_at": meta.started_at,
        "took": {str(seat): card.code for seat, card in meta.took},
        "sort_by": meta.sort_by,
        "reshuffled_after": list(meta.reshuffled_after),
    }
    # Written once there is something to keep, so a game with neither reads as before.
    if any(meta.hints):
        data["hints"] = list(meta.hints)
    if meta.conceded:
        data["conceded"] = list(meta.conceded)
        data["conceded_in"] = [meta.conceded_round(seat) for seat in meta.conceded]
    return data


# -- reading ----------------------------------------------------------------------------------


def _bot_level(level: object, where: str) -> str:
    if not isinstance(level, str) or level not in BOT_LEVELS:
        raise MetaError(f"{where}.level: must be one of {', '.join(BOT_LEVELS)}, got {str(level)[:20]!r}")
    return level


def _seat_v1(item: object, where: str, name: str) -> Seat:
    """A seat of a version 1 save: `{"human": true, "level": null}` or `{"human": false, "level": "easy"}`."""
    if not isinstance(item, dict) or not isinstance(item.get("human"), bool):
        raise MetaError(f"{where}: must say whether the seat is human (true or false)")
    level = item.get("level")
    if item["human"]:
        if level is not None:
            raise MetaError(f"{where}.level: a human seat has no bot level")
        return Seat.person(name)
    return Seat.bot(_bot_level(level, where), name)


def _seat(item: object, where: str, name: str) -> Seat:
    """A seat as written now: `{"kind": "human"}`, `{"kind": "bot", "level": "easy"}`, `{"kind": "remote"}`."""
    if not isinstance(item, dict) or item.get("kind") not in SEAT_KINDS:
        raise MetaError(f"{where}.kind: must be one of {', '.join(SEAT_KINDS)}")
    kind = item["kind"]
    if kind == "bot":
        return Seat.bot(_bot_level(item.get("level"), where), name)
    if item.get("level") is not None:
        raise MetaError(f"{where}.level: a {kind} seat has no bot level")
    return Seat(kind, name)


def read_meta(data: Any, players: tuple[str, ...], version: int) -> SaveMeta:
    """The meta data of a save of `version`, its seats named after the game's `players`; MetaError says what
    is wrong in one line."""
    if not isinstance(data, dict):
        raise MetaError("meta: must be an object")
    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != len(players):
        raise MetaError(f"meta.seats: must be a list of one entry per player ({len(players)})")
    read_seat = _seat_v1 if version == 1 else _seat
    seats = tuple(read_seat(item, f"meta.seats[{i}]", players[i]) for i, item in enumerate(seats_data))
    screen = data.get("screen_seat")
    if screen is not None and (type(screen) is not int or not 0 <= screen < len(seats) or not seats[screen].is_human):
        raise MetaError("meta.screen_seat: must be null or a human seat")
    game_id = data.get("game_id")
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise MetaError("meta.game_id: must be 1 to 100 letters, digits, - or _")
    started = data.get("started_at")
    if not is_time(started):
        raise MetaError(f"meta.started_at: {TIME_ALLOWED}")
    sort_by = data.get("sort_by", "rank")
    if sort_by not in HAND_ORDERS:
        raise MetaError(f"meta.sort_by: must be one of {', '.join(HAND_ORDERS)}")
    hints = _counts(data.get("hints", []), len(seats))
    conceded = _conceded(data.get("conceded", []), seats)
    conceded_in = _conceded_in(data.get("conceded_in", []), len(conceded))
    took = _took(data.get("took", {}), seats)
    return SaveMeta(seats, screen, game_id, started, took, sort_by, _turns(data), hints, conceded, conceded_in)


def _took(data: object, seats: tuple[Seat, ...]) -> tuple[tuple[int, Card], ...]:
    """`{"0": "2C"}`: the card a human seat took on its last turn (a save written before had none)."""
    if not isinstance(data, dict):
        raise MetaError("meta.took: must be an object of seat numbers to cards")
    took: list[tuple[int, Card]] = []
    for key, code in data.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) < 4 else -1
        if not 0 <= seat < len(seats) or not seats[seat].is_human:
            raise MetaError(f"meta.took: {str(key)[:20]!r} is not a human seat")
        try:
            took.append((seat, parse_card(code if isinstance(code, str) else "")))
        except CardError:
            raise MetaError(f"meta.took.{seat}: {str(code)[:20]!r} is not a card") from None
    return tuple(sorted(took))


def check_notes(meta: SaveMeta, game: Game) -> None:
    """MetaError unless the table's notes fit the game: each "you took" note is of a seat that played this round
    and still holds the card, or slapped it down on that turn (a seat whose person conceded is left alone: its bot
    plays on, unnoted); each reshuffle noted is after a turn of this round; each seat conceded in a round played."""
    for seat, card in meta.took:
        if seat in meta.conceded:
            continue
        hand = game.hands[seat]
        turns = [turn for turn in game.log if turn.seat == seat]
        if hand is None or not turns or (card not in hand and turns[-1].slapped != card):
            raise MetaError(f"meta.took.{seat}: {card.code} is not a card seat {seat} took this round and holds")
    if any(not 1 <= turn <= len(game.log) for turn in meta.reshuffled_after):
        raise MetaError(f"meta.reshuffled_after: this round has {len(game.log)} turns, and a reshuffle follows one")
    if any(round_no > game.round_no for round_no in meta.conceded_in):
        raise MetaError(f"meta.conceded_in: the game is in round {game.round_no}, and a seat concedes in one played")


def _turns(data: dict[str, Any]) -> tuple[int, ...]:
    turns = data.get("reshuffled_after", [])
    if not isinstance(turns, list) or not all(type(t) is int and 0 <= t < 10**6 for t in turns):
        raise MetaError("meta.reshuffled_after: must be a list of turn counts")
    return tuple(turns)


def _counts(data: object, seats: int) -> tuple[int, ...]:
    """The hints asked for at each seat: none at all, or a count (0 or more) per seat."""
    if not isinstance(data, list) or (data and len(data) != seats):
        raise MetaError(f"meta.hints: must be a list of one count per player ({seats}), or empty")
    if any(type(n) is not int or n < 0 for n in data):
        raise MetaError("meta.hints: each count must be a whole number, 0 or more")
    return tuple(data)


def _conceded(data: object, seats: tuple[Seat, ...]) -> tuple[int, ...]:
    """The human seats that conceded, each once."""
    if not isinstance(data, list) or len(set(map(repr, data))) != len(data):
        raise MetaError("meta.conceded: must be a list of seats, each once")
    if any(type(s) is not int or not 0 <= s < len(seats) or not seats[s].is_human for s in data):
        raise MetaError("meta.conceded: each must be a human seat")
    return tuple(data)


def _conceded_in(data: object, conceded: int) -> tuple[int, ...]:
    """The round each conceded seat left in: one round (1 or more) for each, or none (a save written before)."""
    if not isinstance(data, list) or (data and len(data) != conceded):
        raise MetaError(f"meta.conceded_in: must be a list of one round per conceded seat ({conceded}), or empty")
    if any(type(n) is not int or not 1 <= n < 10**6 for n in data):
        raise MetaError("meta.conceded_in: each must be a round number, 1 or more")
    return tuple(data)
