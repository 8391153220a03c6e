"""Who decides each seat's actions: one `Player` interface for a bot, a human at this screen, and (later) a
player on another machine; no Textual here."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

from yaniv_tui.engine import Action, PlayerView, Seat

if TYPE_CHECKING:
    from yaniv_tui.bots import Bot


class SeatNotPlayable(ValueError):
    """A seat of a kind this yaniv cannot play yet (a player on another machine); the message is one line."""


class Player(Protocol):
    """A seat's player: the session asks it for the seat's next action, whatever the seat is."""

    seat: Seat

    @property
    def at_screen(self) -> bool:
        """Played by this screen's keys and clicks: the table shows its hand and waits for it."""
        ...

    async def action(self, view: PlayerView) -> Action:
        """The seat's next action, given its view of the game now."""
        ...


class BotPlayer:
    """A bot's seat: the bot thinks in a thread, so the screen never freezes."""

    at_screen = False

    def __init__(self, seat: Seat, bot: Bot) -> None:
        self.seat = seat
        self.bot = bot

    async def action(self, view: PlayerView) -> Action:
        return await asyncio.to_thread(self.bot.choose, view)


class LocalHuman:
    """A human at this screen. The table shows their hand and turns their keys and clicks into actions, checked
    by the engine as they choose, so the session never asks this player for one (`at_screen`)."""

    at_screen = True

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    async def action(self, view: PlayerView) -> Action:
        raise RuntimeError(f"{self.seat.name or 'this seat'} plays at this screen: the table takes their keys")


def make_player(seat: Seat, seed: int) -> Player:
    """The player of a seat; a bot's is seeded from `seed`. SeatNotPlayable for a seat this yaniv cannot play."""
    if seat.kind == "bot":
        from yaniv_tui.bots import make_bot

        assert seat.level is not None
        return BotPlayer(seat, make_bot(seat.level, seed=seed))
    if seat.kind == "human":
        return LocalHuman(seat)
    raise SeatNotPlayable(f"{seat.name or 'a seat'} plays from another machine, which this yaniv cannot do yet")
