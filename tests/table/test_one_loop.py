"""One loop at every table: a bot's illegal move, the bot delay and the bot seeding behave the same at a local
table, a hosted one, a joined one and a headless one (`yaniv host --headless`), all three read from one first move
at each of the four (the headless table plays its whole game for it). The hosted, joined and headless tables run
against a real host on 127.0.0.1, port 0."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from yaniv_tui import bots
from yaniv_tui.bots import Bot, bot_seed
from yaniv_tui.engine import Action, CallYaniv, Game, PlayerView, Seat, load_ruleset, parse_cards
from yaniv_tui.net import TableClient, TableHost
from yaniv_tui.store import History
from yaniv_tui.table import runner as runner_module
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.events import ActionApplied, TableEvent
from yaniv_tui.table.headless import serve_headless
from yaniv_tui.table.hosted import HostedSession
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import Session

KINDS = ("local", "hosted", "joined", "headless")
HANDS = ["KS KH QD QC JS", "AC 2D 3H 4S 5C"]  # Bea, to play first, holds 50: she may not call Yaniv
SEED = 5
#: The bot delay, and how long the cheating bot "thinks" on the tables' clock (counted in the delay).
DELAY = 0.8
THINK = 0.3
#: Every wait on the network is bounded by this many seconds.
LIMIT = 30.0


@dataclass
class Table:
    """What the test sees of a table: the bots made (level, seed), the clock, the pauses, the lines told."""

    now: float = 0.0
    made: list[tuple[str, int | None]] = field(default_factory=list)
    pauses: list[float] = field(default_factory=list)
    told: list[str] = field(default_factory=list)


class CheatOnce:
    """Bea's bot: on its first turn it thinks THINK seconds and calls Yaniv with a hand of 50; then it plays as
    `bot` does."""

    def __init__(self, bot: Bot, table: Table) -> None:
        self.bot = bot
        self.table = table
        self.cheated = False

    def choose(self, view: PlayerView) -> Action:
        if not self.cheated:
            self.cheated = True
            self.table.now += THINK
            return CallYaniv()
        return self.bot.choose(view)


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    """The tables' bots (Bea's cheats once), clock and pauses, as the test sees them."""
    seen = Table()
    made = bots.make_bot

    def making(level: str, seed: int | None = None, **options: float | int | None) -> Bot:
        seen.made.append((level, seed))
        bot = made(level, seed=seed)
        return CheatOnce(bot, seen) if level == "easy" else bot  # type: ignore[return-value]

    async def pausing(seconds: float) -> None:
        seen.pauses.append(seconds)

    monkeypatch.setattr(bots, "make_bot", making)
    monkeypatch.setattr(runner_module, "clock", lambda: seen.now)
    monkeypatch.setattr(runner_module, "pause", pausing)
    yield seen


def stacked_game(names: list[str]) -> Game:
    parsed = [parse_cards(hand) for hand in HANDS]
    order = [parsed[seat][i] for i in range(5) for seat in range(2)] + parse_cards("9D 3C 4C")
    return Game.new(load_ruleset("israeli"), names, seed=SEED, deck=order, first=0)


def told_lines(runner: TableRunner, table: Table) -> None:
    def hear(event: TableEvent) -> None:
        if isinstance(event, ActionApplied) and event.told is not None:
            table.told.append(event.told)

    runner.subscribe(hear)


async def first_move(kind: str, table: Table, folder: Path) -> PlayerView:
    """Seat 1's view of the game once Bea (seat 0, an easy bot) has played her first turn at a table of `kind`."""
    bea = Seat.bot("easy", "Bea")
    if kind == "local":
        seats = (bea, Seat.bot("medium", "Cy"))
        game = stacked_game(["Bea", "Cy"])
        session = Session(GameOptions(game.rules, seats, seed=SEED, bot_delay=DELAY), game=game)
        runner = TableRunner(session)
        told_lines(runner, table)
        await runner.step()
        session.close()
        return session.view(1)
    if kind == "hosted":
        seats = (bea, Seat.remote("Ann"))
        game = stacked_game(["Bea", "Ann"])
        host = TableHost(game, seats, port=0)
        await host.start()
        try:
            options = GameOptions(game.rules, seats, seed=SEED, bot_delay=DELAY)
            hosted = HostedSession(options, game=game, host=host)
            runner = TableRunner(hosted)
            told_lines(runner, table)
            await asyncio.wait_for(runner.step(), LIMIT)
            hosted.close()
            return hosted.view(1)
        finally:
            await host.stop()
    if kind == "headless":
        seats = (bea, Seat.bot("medium", "Cy"))
        game = stacked_game(["Bea", "Cy"])
        host = TableHost(game, seats, port=0)
        after_first: list[Game] = []
        publish = host.publish

        def recording(published: Game) -> None:
            if published.turns == 1 and not after_first:
                after_first.append(published.clone())
            publish(published)

        host.publish = recording  # type: ignore[method-assign, assignment]
        await host.start()
        try:
            history = History(folder / "history.sqlite3")
            done = serve_headless(host, game, seats, bot_delay=DELAY, history=history, say=table.told.append)
            assert (await asyncio.wait_for(done, LIMIT)).is_over
        finally:
            await host.stop()
        return after_first[0].view(1)
    assert kind == "joined"
    seats = (bea, Seat.remote("Ann"))
    game = stacked_game(["Bea", "Ann"])
    host = TableHost(game, seats, port=0)
    await host.start()
    serving: asyncio.Task[Game] | None = None
    try:
        client = await TableClient.join(f"127.0.0.1:{host.port}", host.code, name="Ann", token_file=folder / "t")
        history = History(folder / "history.sqlite3")

        def say(line: str) -> None:  # Ann's comings and goings are the headless host's news too: not the bot's
            if not line.startswith("Ann "):
                table.told.append(line)

        serving = asyncio.create_task(serve_headless(host, game, seats, bot_delay=DELAY, history=history, say=say))
        joined = ClientSession(client)
        runner = TableRunner(joined)
        for _ in range(10):  # each step brings one view from the host: the first may be the table before Bea's turn
            if joined.view(None).current == 1:
                break
            await asyncio.wait_for(runner.step(), LIMIT)
        view = joined.view(1)
        await client.close()
        return view
    finally:
        if serving is not None:
            serving.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await serving
        await host.stop()


def expected_view() -> PlayerView:
    game = stacked_game(["Bea", "Ann"])
    assert CallYaniv() not in game.legal_actions()
    game.apply(game.legal_actions()[0])
    return game.view(1)


def seen(view: PlayerView) -> tuple[object, ...]:
    """What seat 1 sees of the table: its hand, the others' hand sizes, the previous drop, whose turn."""
    return (view.hand, view.hand_sizes, view.previous_drop, view.takeable, view.current, view.phase, view.deck_size)


@pytest.mark.parametrize("kind", KINDS)
async def test_a_bots_first_move_is_told_paced_and_seeded_the_same_at_every_table(
    kind: str, table: Table, tmp_path: Path
) -> None:
    """Bea's first move, once at each kind of table (the headless one plays its whole game): her illegal call is told
    in one line and the first legal action played; the bot delay is the least time from asking her to her move being
    applied, so a bot that thought THINK seconds is paused only the rest; and each bot is seeded from the game's seed
    and its seat."""
    assert seen(await first_move(kind, table, tmp_path)) == seen(expected_view())
    assert len(table.told) == 1 and "\n" not in table.told[0], table.told
    assert table.told[0] == "Bea (easy bot) tried something illegal (a call of Yaniv): it plays the first legal one"
    assert table.pauses[0] == pytest.approx(DELAY - THINK), "the bot delay counts the bot's thinking"
    assert ("easy", bot_seed(SEED, 0)) in table.made, "each bot is seeded from the game's seed and its seat"
    assert bot_seed(SEED, 0) == SEED + 1000
