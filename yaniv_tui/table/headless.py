"""A hosted table with no screen (`yaniv host --headless`): the runner (runner.py) with no screen, bots and remote
seats playing, the game saved after every action and recorded after every round."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from yaniv_tui.engine import Game, Seat
from yaniv_tui.engine.ruleset_keys import printable
from yaniv_tui.store import History, SaveMeta

from .events import ActionApplied, Clocked, Recorded, SaveFailed, SeatManaged, SeatsChanged, TableEvent
from .hosted import HostedSession
from .options import GameOptions
from .runner import TableRunner
from .words import clause, clock_line, seat_line

if TYPE_CHECKING:
    from .remote import Host


def say_news(
    say: Callable[[str], None],
    names: Callable[[], Sequence[str]],
    statuses: Callable[[], Sequence[str]] | None = None,
) -> Callable[[TableEvent], None]:
    """A listener that says in one line each problem of a table with no screen (a bot's illegal action, a save that
    failed, a finished game the history could not take) and what a screen would tell of its seats: the turn clock's
    news, the host's changes to them, and, given the seats' `statuses` (net/host.py: "waiting", "joined", "away"),
    each player who takes a seat, leaves it or takes it back (`presence_line`), in the words of the seats' `names`
    then."""
    seen = list(statuses()) if statuses is not None else []

    def hear(event: TableEvent) -> None:
        if isinstance(event, SeatsChanged) and statuses is not None:
            now = list(statuses())
            for seat, (was, status) in enumerate(zip(seen, now, strict=False)):
                line = presence_line(seat, names()[seat], was, status)
                if line is not None:
                    say(line)
            seen[:] = now
        elif isinstance(event, Clocked):
            say(clock_line(names()[event.seat], event.news))
        elif isinstance(event, SeatManaged):
            say(seat_line(names()[event.seat], event.change, event.level))
        elif isinstance(event, ActionApplied) and event.told is not None:
            say(event.told)
        elif isinstance(event, SaveFailed):
            say(event.why)
        elif isinstance(event, Recorded) and event.pending is not None:
            say(event.pending)

    return hear


def presence_line(seat: int, name: str, was: str, now: str) -> str | None:
    """What a headless host's terminal says when remote `seat`'s status goes from `was` to `now`: a player took it,
    left it, or took it back with their token; None for any other change (a seat its host opened is said as the
    host's change). The name is printed with its control and format characters escaped, so no name writes an escape
    or a line of its own on the host's terminal (the network's name rule refuses such names already)."""
    shown = printable(name)
    if now == was:
        return None
    if now == "joined":
        return f"{shown} is back at seat {seat + 1}." if was == "away" else f"{shown} takes seat {seat + 1}."
    if now == "away" and was == "joined":
        return f"{shown} leaves seat {seat + 1}: it is kept until {clause(shown, 'come', ' back')} to it."
    return None


async def run_headless(
    session: HostedSession, history: History | None = None, say: Callable[[str], None] = print
) -> Game:
    """Play `session` to its end with no screen, recorded in `history` (the user's, unless given); `say` hears one
    line for each problem and each piece of the seats' news (`say_news`). Its host must be listening; it is not
    stopped here, and the session is closed (its lock let go) however the game ends. A resumed game's seats that a
    bot plays again are said first, as the seats' news. Returns the game."""
    try:
        if session.humans:
            raise ValueError("a table with no screen has no seat for a human here: make it a remote seat")
        runner = TableRunner(session, history or History())
        seats = range(len(session.options.seats))
        runner.subscribe(say_news(say, lambda: session.game.players, lambda: [session.status(seat) for seat in seats]))
        for seat, level in sorted(session.bots_again.items()):  # a resumed game's seats a bot plays again
            name = session.game.players[seat]
            say(clock_line(name, "bot") if level is None else seat_line(name, "handed", level))
        await runner.run()
    finally:
        session.close()
    return session.game


async def serve_headless(
    host: Host,
    game: Game,
    seats: Sequence[Seat],
    *,
    meta: SaveMeta | None = None,
    bot_delay: float = 0.0,
    history: History | None = None,
    say: Callable[[str], None] | None = None,
) -> Game:
    """Play `game` at `host` (started) until it is over, as `run_headless` does, with `seats` (and `meta`, or a new
    SaveMeta of them) and `bot_delay`. Returns the finished game."""
    options = GameOptions(game.rules, tuple(seats), seed=None, bot_delay=bot_delay, ruleset_ref=game.rules.id)
    session = HostedSession(options, game=game, meta=meta or SaveMeta(tuple(seats)), host=host)
    return await run_headless(session, history, say or (lambda line: None))
