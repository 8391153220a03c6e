"""Who decides each seat's actions: one `Player` interface for a bot, a human at this screen, and a player on
another machine (through the table's host); no Textual here."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

from yaniv_tui.engine import Action, PlayerView, Seat

if TYPE_CHECKING:
    from yaniv_tui.bots import Bot


class SeatNotPlayable(ValueError):
    """A seat this table cannot play (a player on another machine with no host to reach them); one line."""


class SeatSource(Protocol):
    """Where a remote seat's actions come from: the table's host (net.TableHost), which checks them."""

    async def action_for(self, seat: int) -> Action:
        """The next legal action of remote seat `seat`, once its player (or the away bot) chose it."""
        ...


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


class RemotePlayer:
    """A player on another machine: the host waits for the action their table sends, and checks it."""

    at_screen = False

    def __init__(self, seat: Seat, index: int, host: SeatSource) -> None:
        self.seat = seat
        self.index = index
        self.host = host

    async def action(self, view: PlayerView) -> Action:
        return await self.host.action_for(self.index)


class HostNotYet:
    """A remote seat before its host listens (the table opens once it does): asking it is a mistake."""

    at_screen = False

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    async def action(self, view: PlayerView) -> Action:
        raise SeatNotPlayable(f"{self.seat.name or 'a seat'} plays from another machine: the table has no host yet")


#: The bot that plays out the seat of a human who conceded: a plain player, so the seat neither throws the game
#: for the others nor plays better than the human did.
CONCEDED_LEVEL = "medium"


def make_player(
    seat: Seat, seed: int, index: int = 0, host: SeatSource | None = None, *, conceded: bool = False
) -> Player:
    """The player of seat number `index`; a bot's is seeded from `seed`, a remote seat's actions come from `host`,
    a human's who `conceded` is a plain bot. SeatNotPlayable for a remote seat with no host."""
    if seat.kind == "bot" or (conceded and seat.kind == "human"):
        from yaniv_tui.bots import make_bot

        level = seat.level if seat.level is not None else CONCEDED_LEVEL
        return BotPlayer(seat, make_bot(level, seed=seed))
    if seat.kind == "human":
        return LocalHuman(seat)
    if host is not None:
        return RemotePlayer(seat, index, host)
    raise SeatNotPlayable(f"{seat.name or 'a seat'} plays from another machine: open the table with 'yaniv host'")
