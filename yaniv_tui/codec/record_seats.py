"""Who played each seat, read from a game's record: the seats a bot plays as it ends (`bots_playing`), the actions a
bot played for a seat whose time ran out (`timed_out_actions`) and each seat's timeouts in a row
(`timeouts_in_a_row`). Every name is imported from `codec/record.py`, the record's door. None of these raises: the
events may be a save's, read from outside."""

from __future__ import annotations

from typing import Any

from yaniv_tui.engine import BOT_LEVELS

from .record_format import TIMEOUT, UNPLAYED, GameRecord

__all__ = ["bots_playing", "timed_out_actions", "timeouts_in_a_row"]


#: A "seat" event's statuses, named here once for every reader of a record (`bots_playing`, `timed_out_actions`,
#: `timeouts_in_a_row`; a timeout's, TIMEOUT, in record_format.py): the turn clock's news (engine/clock.py: the seat
#: handed to its bot, its player back), its host's
#: changes to a remote seat (net/host.py: handed to a bot of a "level", given back) and a remote seat's connection
#: (net/host.py: its player connected, or not: away, or waiting for someone to take it).
_TO_A_BOT: tuple[str, ...] = ("bot", "handed")
_HOSTS_CHOICE = "handed"
_TO_ITS_PLAYER: tuple[str, ...] = ("back", "given")
_CONNECTED = "joined"
_NOT_CONNECTED: tuple[str, ...] = ("away", "waiting")


def _seat_news(event: dict[str, Any]) -> tuple[int, Any] | None:
    """The seat and status of a "seat" event; None for any other event, or one without a seat number."""
    seat = event.get("seat")
    if event.get("event") != "seat" or not isinstance(seat, int) or isinstance(seat, bool):
        return None
    return seat, event.get("status")


def bots_playing(record: GameRecord) -> dict[int, str | None]:
    """The seats a bot plays as the record ends (until their players act or the host gives them back), each with
    the bot level its host chose, or None for a seat the turn clock handed to its bot. An opened seat stays the
    bot's, as at the table, until its new player acts; a level that is no bot's is read as None."""
    playing: dict[int, str | None] = {}
    for event in record.events:
        news = _seat_news(event)
        if news is None:
            continue
        seat, status = news
        if status in _TO_A_BOT:
            level = event.get("level")
            playing[seat] = level if status == _HOSTS_CHOICE and level in BOT_LEVELS else None
        elif status in _TO_ITS_PLAYER:
            playing.pop(seat, None)
    return playing


def _actor(event: dict[str, Any]) -> int | None:
    """The seat of an "action" event; None for any other event, or one without a seat number."""
    seat = event.get("seat")
    if event.get("event") != "action" or not isinstance(seat, int) or isinstance(seat, bool):
        return None
    return seat


def timed_out_actions(record: GameRecord) -> frozenset[int]:
    """The lines of the record (counted from 1, as a RecordError names them) of the actions a bot played for a seat
    whose time ran out: each seat's next action after its "timeout" event (its turn's play, or the slap-down decision
    whose time ran out), unless an "unplayed" event came between (a hosted game saved and left before the bot played,
    then resumed: `mark_unplayed_timeouts`). The one home of that rule: the replay marks those turns, a resumed game's
    log marks this round's (store/round_notes.py), and `timeouts_in_a_row` counts them as the bot's. Never raises: the
    events may be a save's, read from outside."""
    ran_out: set[int] = set()
    lines: set[int] = set()
    for line, event in enumerate(record.events, 1):
        news = _seat_news(event)
        if news is not None:
            if news[1] == TIMEOUT:
                ran_out.add(news[0])
            elif news[1] == UNPLAYED:  # saved and left before the bot played: the next action is the player's
                ran_out.discard(news[0])
            continue
        actor = _actor(event)
        if actor is not None and actor in ran_out:
            ran_out.discard(actor)
            lines.add(line)
    return frozenset(lines)


def timeouts_in_a_row(record: GameRecord) -> dict[int, int]:
    """Each seat's timeouts in a row as the record ends (the turn clock's `timeouts`, engine/clock.py), for the
    seats at 1 or more, so `yaniv host --resume` counts on from them. A timeout adds one, and the action after it
    is the bot's (`timed_out_actions`); the seat's player acting clears them, as the clock's `acted`: an action of the
    seat that is not the bot's for a timeout, while no bot plays it (handed by the clock or its host) and its player is
    connected (an away or waiting seat's action is the away bot's), or the seat taken back or given back. A new
    player taking a seat nobody held (a "joined" event) clears its count too: the timeouts while it waited are not
    theirs, as the host's live clock forgets them (net/host.py, `_fresh_start`)."""
    counts: dict[int, int] = {}
    bots = timed_out_actions(record)
    handed: set[int] = set()
    away: set[int] = set()
    for line, event in enumerate(record.events, 1):
        joiner = event.get("seat")
        if event.get("event") == "joined" and isinstance(joiner, int):
            counts.pop(joiner, None)
            continue
        news = _seat_news(event)
        if news is not None:
            seat, status = news
            if status == TIMEOUT:
                counts[seat] = counts.get(seat, 0) + 1
            elif status in _TO_A_BOT:
                handed.add(seat)
            elif status in _TO_ITS_PLAYER:
                handed.discard(seat)
                counts.pop(seat, None)
            elif status == _CONNECTED:
                away.discard(seat)
            elif status in _NOT_CONNECTED:
                away.add(seat)
            continue
        actor = _actor(event)
        if actor is not None and line not in bots and actor not in handed and actor not in away:
            counts.pop(actor, None)
    return counts
