"""Seeded hosted games with bots, property-tested: every frame each connection is sent (each seat's, a seat's after
it is out and after it rejoins, each watcher's, the round ends' reveals, the record at the game's end) holds only
what its viewer may see, checked against the host's real game as it is when the frame is queued."""

from __future__ import annotations

import asyncio
import json
import tempfile
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from netplay import LIMIT, eventually, joined, new_game, started
from test_secrets import check_frame, check_watcher_frame

from yaniv_tui.bots import MediumBot
from yaniv_tui.codec.record import FORMAT as RECORD_FORMAT
from yaniv_tui.engine import Seat
from yaniv_tui.net import TableClient, TableHost
from yaniv_tui.net.before_draw import before_the_draw
from yaniv_tui.store import History
from yaniv_tui.table.headless import serve_headless

#: The presets a game is drawn from (one of each seed family of RULES.md, as tests/conftest.py's PRESETS).
PRESETS = ("israeli", "yanivo", "sursis", "seven-cards")


class Frames:
    """Every frame the host queues, checked as it is queued: a seat's against its own view of the real game, a
    watcher's against what anyone at the table sees; a record frame only once the game is over, only to a seat a
    player took, and never any part of the record before."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.to_seat: dict[int, int] = defaultdict(int)
        self.to_watcher: dict[int, int] = defaultdict(int)
        self.records: dict[int, int] = defaultdict(int)
        #: The seats sent a state while they were out of a game still played (knocked out).
        self.out_seen: set[int] = set()
        #: What was wrong with a frame, as it was queued (kept, not raised inside the host, so the game goes on).
        self.wrong: list[str] = []
        host.sent = lambda seat, text: self._checked(self.seat, seat, text)
        host.watched = lambda watcher, text: self._checked(self.watcher, watcher, text)

    def _checked(self, check: Callable[[int, str], None], to: int, text: str) -> None:
        try:
            check(to, text)
        except AssertionError as error:
            self.wrong.append(f"{check.__name__} {to}: {error} in {text[:300]}")

    def seat(self, seat: int, text: str) -> None:
        self.to_seat[seat] += 1
        game = self.host.game
        frame = json.loads(text)
        if frame["type"] == "record":
            assert game.is_over and seat in self.host.tokens, "a record before the game's end, or to no player"
            self.records[seat] += 1
            return
        assert '"event"' not in text and RECORD_FORMAT not in text
        if frame["type"] == "state" and game.out[seat] and not game.is_over:
            self.out_seen.add(seat)
        if frame["type"] == "state" and game.phase == "slap" and seat != game.current:
            # While the drawer decides on a slap-down, another seat (one come, or told of one come) is sent the
            # table before the draw, whose pile under the drop may have been shuffled into the deck by the draw.
            game = before_the_draw(game)
            view, pile = frame["view"], [c.code for group in game.pile[:-1] for c in group]
            assert sorted(view["discards"]) == sorted(pile)
            frame = {**frame, "view": {**view, "discards": pile}}
        check_frame(seat, game, frame)

    def watcher(self, watcher: int, text: str) -> None:
        self.to_watcher[watcher] += 1
        assert '"event"' not in text and RECORD_FORMAT not in text, "a watcher was sent part of the record"
        check_watcher_frame(self.host.game, json.loads(text))


async def play(host: TableHost, client: TableClient, folder: Path, label: str, leave_after: int | None) -> TableClient:
    """Play `client`'s seat by a MediumBot to the game's end; after `leave_after` of its actions it leaves and joins
    again with its kept token (the rejoined client is returned)."""
    bot, sent = MediumBot(), 0
    while client.view.phase != "over":
        if client.view.is_my_turn:
            await client.send(bot.choose(client.view))
            sent += 1
            if sent == leave_after:
                seat = client.seat
                assert seat is not None
                await client.close()
                await eventually(partial(away, host, seat))
                client = await joined(host, folder, label)
                assert client.seat == seat
                continue
        await client.changed()
    return client


def away(host: TableHost, seat: int) -> bool:
    return host.status(seat) == "away"


async def a_hosted_game(
    seed: int, preset: str, remotes: int, bots: int, leaver: int | None, watch_late: bool
) -> tuple[Frames, int]:
    seats = [Seat.remote() for _ in range(remotes)] + [Seat.bot("medium") for _ in range(bots)]
    game = new_game(seats, seed=seed, preset=preset, end=50, slap_down=True)
    host = await started(game, seats)
    frames = Frames(host)
    try:
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch)
            first = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{host.port}", host.code), LIMIT)
            clients = [await joined(host, folder, f"s{i}") for i in range(remotes)]
            with History(folder / "h.sqlite3") as history:
                table = asyncio.create_task(serve_headless(host, game, seats, history=history))
                playing = asyncio.gather(
                    *(play(host, c, folder, f"s{i}", 3 if i == leaver else None) for i, c in enumerate(clients))
                )
                late = None
                if watch_late:
                    await eventually(lambda: bool(host.game.history) or host.game.is_over)
                    late = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{host.port}", host.code), LIMIT)
                finished_clients = await asyncio.wait_for(playing, LIMIT)
                finished = await asyncio.wait_for(table, LIMIT)
            assert finished.is_over
            for client in (*finished_clients, first, *(() if late is None else (late,))):
                await client.close()
            return frames, len(finished.history)
    finally:
        await host.stop()


@settings(max_examples=6, deadline=None)
# A seat leaving and rejoining while another decides a slap-down: the others are told, with the table before the draw.
@example(seed=192, preset="yanivo", remotes=2, bots=2, leaver=0, watch_late=False)
@given(
    seed=st.integers(0, 2**16),
    preset=st.sampled_from(PRESETS),
    remotes=st.integers(1, 3),
    bots=st.integers(1, 2),
    leaver=st.none() | st.integers(0, 2),
    watch_late=st.booleans(),
)
def test_every_frame_of_a_seeded_hosted_game_holds_only_what_its_viewer_may_see(
    seed: int, preset: str, remotes: int, bots: int, leaver: int | None, watch_late: bool
) -> None:
    frames, rounds = asyncio.run(
        a_hosted_game(seed, preset, remotes, bots, None if leaver is None or leaver >= remotes else leaver, watch_late)
    )
    assert frames.wrong == []
    assert rounds >= 1 and all(frames.to_seat[s] > 5 for s in range(remotes)) and frames.to_watcher[0] > 5
    # One record each, at the end, to every seat a player took (the leaver's too: it came back).
    assert dict(frames.records) == dict.fromkeys(range(remotes), 1)


def test_seats_knocked_out_one_that_rejoins_and_a_late_watcher_are_sent_only_what_they_may_see() -> None:
    """One seeded game known to hold each case the property above may miss: two joined seats knocked out while the
    others play on (each sent the table after), one of them leaving mid-game and rejoining, a watcher come late."""
    frames, rounds = asyncio.run(a_hosted_game(693, "israeli", 3, 2, 1, True))
    assert frames.wrong == []
    assert frames.out_seen == {1, 2} and rounds >= 3 and frames.to_watcher[1] > 5
    assert dict(frames.records) == {0: 1, 1: 1, 2: 1}
