"""An expert at the table thinks through the bot delay, the time the table waits for its move anyway, and its move
is still shown on time: never later than the delay and a small tolerance. At `--bot-delay 0`, and once the rest
is played at once, it thinks what it always did. Timed on an injected clock, never the machine's."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from yaniv_tui.bots import DEFAULT_BUDGET_MS, ExpertBot, HardBot
from yaniv_tui.engine import Seat, load_ruleset
from yaniv_tui.table import runner as runner_module
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.players import THINK_MARGIN, BotPlayer, think_budget_ms
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import Session

#: How late past the bot delay a move may be shown: what the search's last guess may overrun its deadline by.
TOLERANCE = 0.05
#: How far the injected clock moves each time it is read: the work between two readings.
TICK = 0.004


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def session(bot_delay: float, *levels: str) -> Session:
    seats = tuple(Seat.bot(level, f"Bot{i}") for i, level in enumerate(levels))
    return Session(GameOptions(load_ruleset("israeli"), seats, seed=7, bot_delay=bot_delay))


def expert_of(table: Session, seat: int) -> ExpertBot:
    player = table.players[seat]
    assert isinstance(player, BotPlayer) and isinstance(player.bot, ExpertBot)
    return player.bot


def test_the_budget_follows_the_bot_delay() -> None:
    assert think_budget_ms(0.0) == DEFAULT_BUDGET_MS == 200.0
    assert think_budget_ms(0.8) == pytest.approx(1000 * (0.8 - THINK_MARGIN))
    assert 600.0 <= think_budget_ms(0.8) < 800.0
    assert think_budget_ms(0.25) == DEFAULT_BUDGET_MS  # a short delay: never less than the old budget
    assert think_budget_ms(2.0) == pytest.approx(1900.0)


@pytest.mark.parametrize(("delay", "budget"), [(0.0, 200.0), (0.8, 700.0), (1.5, 1400.0)])
def test_a_seats_expert_gets_the_budget_of_the_tables_delay(delay: float, budget: float) -> None:
    table = session(delay, "expert", "hard")
    try:
        assert expert_of(table, 0).budget_ms == pytest.approx(budget)
        assert isinstance(table.players[1], BotPlayer) and isinstance(table.players[1].bot, HardBot)
    finally:
        table.close(remove=True)


def test_playing_the_rest_at_once_gives_the_old_budget_back() -> None:
    table = session(0.8, "expert", "expert")
    try:
        table.hurry()
        assert [expert_of(table, seat).budget_ms for seat in (0, 1)] == [DEFAULT_BUDGET_MS] * 2
    finally:
        table.close(remove=True)


@dataclass
class Clock:
    """One clock for the runner and the search: each reading moves it on by TICK; a pause moves it by its length."""

    now: float = 0.0
    pauses: list[float] = field(default_factory=list)

    def read(self) -> float:
        self.now += TICK
        return self.now

    async def pause(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds


@pytest.mark.parametrize("delay", [0.0, 0.8])
async def test_an_experts_move_is_shown_within_the_delay(delay: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """From asking the expert to its move applied: at least the delay, and never more than the delay (or, at a
    delay of 0, the old budget) and a small tolerance, over the first moves of a game."""
    clock = Clock()
    monkeypatch.setattr(time, "perf_counter", clock.read)  # the expert's and its second look's clock
    monkeypatch.setattr(runner_module, "clock", clock.read)
    monkeypatch.setattr(runner_module, "pause", clock.pause)
    table = session(delay, "expert", "hard")
    try:
        runner = TableRunner(table)
        took: list[float] = []
        thought: list[float] = []
        for _ in range(6):
            seat = table.view(None).current
            started, paused = clock.now, len(clock.pauses)
            await runner.play_seat(seat)
            if seat == 0:
                took.append(clock.now - started)
                thought.append(took[-1] - sum(clock.pauses[paused:]))
        longest = max(delay, DEFAULT_BUDGET_MS / 1000)
        assert took and all(delay <= t <= longest + TOLERANCE for t in took), took
        # The search used the wait: a move it searched was mostly thinking, not pausing.
        assert max(thought) >= think_budget_ms(delay) / 1000 - TOLERANCE, thought
    finally:
        table.close(remove=True)
