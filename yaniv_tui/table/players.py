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


class BotFault(Exception):
    """A bot raised instead of choosing (a fault in it): the table says so in one line and plays on for it."""


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


#: Seconds of the bot delay a bot seat's search leaves unused, so its move still shows on time.
THINK_MARGIN = 0.1


def think_budget_ms(bot_delay: float) -> float:
    """The thinking time, in milliseconds, a bot seat's expert gets a move at a table whose bot delay is `bot_delay`
    seconds: the delay less `THINK_MARGIN`, and never less than the expert's own budget (so at `--bot-delay 0`, and
    once the rest is played at once, a move takes what it always took)."""
    from yaniv_tui.bots import DEFAULT_BUDGET_MS

    return max(DEFAULT_BUDGET_MS, 1000 * (bot_delay - THINK_MARGIN))


class BotPlayer:
    """A bot's seat: the bot thinks in a thread, so the screen never freezes. An expert thinks through the table's
    bot delay (`pace`), the time the table waits for its move anyway."""

    at_screen = False

    def __init__(self, seat: Seat, bot: Bot, *, bot_delay: float = 0.0) -> None:
        self.seat = seat
        self.bot = bot
        self.pace(bot_delay)

    def pace(self, bot_delay: float) -> None:
        """Let the bot think for what a bot delay of `bot_delay` seconds allows (`think_budget_ms`): an expert on a
        clock searches that long; a seat of another level, or an expert of a fixed number of guesses, plays as
        before."""
        if self.seat.level != "expert":
            return  # the other levels take no time to speak of, and a table of them never loads the expert
        from yaniv_tui.bots.expert import ExpertBot

        bot = self.bot
        if isinstance(bot, ExpertBot) and bot.budget_ms is not None:
            bot.budget_ms = think_budget_ms(bot_delay)

    async def action(self, view: PlayerView) -> Action:
        """The bot's choice; BotFault (naming the error's kind, not its text, which may name the seat's cards: the
        line goes to every screen) if the bot raised instead."""
        try:
            return await asyncio.to_thread(self.bot.choose, view)
        except Exception as error:
            raise BotFault(type(error).__name__) from error


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
    seat: Seat,
    seed: int,
    index: int = 0,
    host: SeatSource | None = None,
    *,
    conceded: bool = False,
    bot_delay: float = 0.0,
) -> Player:
    """The player of seat number `index`; a bot's is seeded from `seed` and thinks through the table's `bot_delay`
    (seconds), a remote seat's actions come from `host`, a human's who `conceded` is a plain bot. SeatNotPlayable
    for a remote seat with no host."""
    if seat.kind == "bot" or (conceded and seat.kind == "human"):
        from yaniv_tui.bots import make_bot

        level = seat.level if seat.level is not None else CONCEDED_LEVEL
        return BotPlayer(seat, make_bot(level, seed=seed), bot_delay=bot_delay)
    if seat.kind == "human":
        return LocalHuman(seat)
    if host is not None:
        return RemotePlayer(seat, index, host)
    raise SeatNotPlayable(f"{seat.name or 'a seat'} plays from another machine: open the table with 'yaniv host'")
