"""No frame to a seat holds a card of another seat's hand before that round's reveal: every frame recorded."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from netplay import LIMIT, eventually, joined, new_game, play_out, started

from yaniv_tui.codec import round_to_dict, turn_to_dict
from yaniv_tui.codec.record import FORMAT as RECORD_FORMAT
from yaniv_tui.codec.record import parse_record, replay
from yaniv_tui.engine import Game, Seat, parse_card
from yaniv_tui.net import TableClient
from yaniv_tui.net.before_draw import before_the_draw
from yaniv_tui.store import History
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.headless import serve_headless

#: Exactly the fields of a view: a new field must be added here, after asking whether it may be public.
VIEW_FIELDS = {
    "rules", "players", "seat", "hand", "hand_sizes", "deck_size", "discards", "previous_drop", "previous_kind",
    "takeable", "current", "phase", "slap_card", "scores", "out", "round_no", "log", "history",
}  # fmt: skip


def codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def check_seat_frame(frame: dict[str, Any]) -> None:
    """A host's seat change (net/protocol.py: seat) says which seat, what changed and a bot's level: no card."""
    assert set(frame) == {"v", "type", "seat", "change", "level"}, frame
    assert frame["change"] in ("handed", "given", "opened") and isinstance(frame["seat"], int)


def check_frame(seat: int, game: Game, frame: dict[str, Any]) -> None:
    """Every card a state frame to `seat` holds is this seat's own or public, checked against the real game."""
    assert frame["type"] in ("welcome", "state", "error", "bye", "seat")
    if frame["type"] == "seat":
        check_seat_frame(frame)
        return
    if frame["type"] != "state":
        assert frame["type"] != "error", frame  # these clients only play legal actions
        return
    if game.phase == "slap" and seat != game.current:
        # While the drawer decides on a slap-down, every other seat is sent the table as it stood before the draw
        # (a seat's change told meanwhile, a seat joining): its pile under the drop in card order.
        game = before_the_draw(game)
    view = frame["view"]
    assert set(view) == VIEW_FIELDS
    assert view["hand"] == codes(game.hand(seat))  # this seat's own cards, and no other seat's
    assert view["hand_sizes"] == [None if h is None else len(h) for h in game.hands]
    assert view["previous_drop"] == codes(game.pile[-1])
    assert view["discards"] == [c.code for group in game.pile[:-1] for c in group]
    assert view["takeable"] == codes(game.takeable)
    assert view["log"] == [turn_to_dict(t) for t in game.log]  # what the table saw: drops and pile takes
    assert view["history"] == [round_to_dict(r) for r in game.history]  # hands only of finished rounds
    drawn = game.slap_card if game.phase == "slap" and game.current == seat else None
    assert view["slap_card"] == (None if drawn is None else drawn.code)
    assert view["deck_size"] == len(game.deck)
    # With every card-bearing field equal to the public truth and the hand to this seat's own, no card of
    # another seat's hand is in the frame unless the table saw it (a pile take) or its round is revealed.


async def test_every_frame_to_every_seat_holds_only_its_own_and_public_cards(tmp_path: Path) -> None:
    """A hosted game with two joined seats: until the game's end every frame holds only its seat's own and public
    cards, and no part of the game's record, which the host keeps; once it is over, after the state that scores its
    last round, one record frame to each seat carries the record, which replays to the game's scores."""
    seats = [Seat.remote(), Seat.remote(), Seat.bot("hard")]
    game = new_game(seats, seed=7, end=100, slap_down=True)  # a drawn card that matches: only its drawer sees it
    host = await started(game, seats)
    frames: dict[int, int] = defaultdict(int)
    slaps: list[int] = []
    told_others: list[int] = []
    #: The record frames each seat was sent, and whether a state of the game's end had been sent to it before.
    records: dict[int, list[tuple[str, bool]]] = defaultdict(list)
    ended: set[int] = set()

    def record(seat: int, text: str) -> None:
        frames[seat] += 1
        game = host.game
        frame = json.loads(text)
        if frame["type"] == "record":
            # The record (every card) only once the game is over, and after the view that scored its last round.
            assert game.is_over, "a record frame before the game's end"
            records[seat].append((frame["record"], seat in ended))
            return
        # Until then the host keeps the game's record: no frame carries any event of it, nor its name.
        assert '"event"' not in text and RECORD_FORMAT not in text
        if frame["type"] == "state" and frame["view"]["phase"] == "over":
            assert len(frame["view"]["history"]) == len(game.history)
            ended.add(seat)
        if game.phase == "slap" and frame["type"] == "state":
            # Only the drawer hears of a drawn card that matches: a state to anyone else while it is still the
            # drawer's turn would say so (its turn goes on after a draw from the deck).
            (slaps if game.current == seat else told_others).append(seat)
        check_frame(seat, game, frame)

    host.sent = record
    try:
        clients = [await joined(host, tmp_path, f"s{i}") for i in range(2)]
        with History(tmp_path / "h.sqlite3") as history:
            table = asyncio.create_task(serve_headless(host, game, seats, history=history))
            await asyncio.wait_for(asyncio.gather(*(play_out(c) for c in clients)), LIMIT)
            finished = await asyncio.wait_for(table, LIMIT)
            kept = history.find_record("")  # the one game of this history: its record, kept by the host
        assert finished.is_over and len(finished.history) >= 2
        assert kept.record is not None
        assert replay(parse_record(kept.record, "history"), finished=True).scores == finished.scores
        # Each joined seat was sent the record once, after the game's last state, exactly as the host keeps it.
        assert records == {0: [(kept.record, True)], 1: [(kept.record, True)]}
        await asyncio.wait_for(eventually(lambda: all(c.record == kept.record for c in clients)), LIMIT)
        assert min(frames[0], frames[1]) > 50
        assert slaps, "the game had no slap-down moment to keep secret: choose another seed"
        assert told_others == [], "a seat was sent the table while another held a card it could slap down"
        for c in clients:
            await c.close()
    finally:
        await host.stop()


def check_watcher_frame(game: Game, frame: dict[str, Any]) -> None:
    """A frame to a watcher holds no card of any hand: no hand, no drawn card, every card-bearing field the public
    truth of the real game (the pile, the takeable cards, this round's log of drops and pile takes, the finished
    rounds with their reveals); while the drawer decides on a slap-down, only to a watcher just come, the table
    before the draw (`before_the_draw`), never the draw itself."""
    assert frame["type"] in ("welcome", "state", "said", "bye", "seat"), frame
    if frame["type"] == "seat":
        check_seat_frame(frame)
        return
    if frame["type"] == "welcome":
        assert frame["seat"] is None and frame["token"] is None
        return
    if frame["type"] != "state":
        return
    deciding = game.phase == "slap"
    if deciding:  # the pile under the drop was its order before, which the draw may have shuffled into the deck
        game = before_the_draw(game)
    view = frame["view"]
    if deciding:
        view = {**view, "discards": sorted(view["discards"], key=lambda code: parse_card(code))}
    assert set(view) == VIEW_FIELDS
    assert view["seat"] is None and view["hand"] == [] and view["slap_card"] is None and frame["ack"] is None
    assert view["hand_sizes"] == [None if h is None else len(h) for h in game.hands]
    assert view["previous_drop"] == codes(game.pile[-1])
    discards = [c for group in game.pile[:-1] for c in group]
    assert view["discards"] == [c.code for c in (sorted(discards) if deciding else discards)]
    assert view["takeable"] == codes(game.takeable)
    assert view["log"] == [turn_to_dict(t) for t in game.log]
    assert view["history"] == [round_to_dict(r) for r in game.history]
    assert view["deck_size"] == len(game.deck) and view["phase"] == game.phase


@pytest.mark.parametrize(("preset", "seed"), [("israeli", 7), ("yanivo", 2)])
async def test_every_frame_to_a_watcher_holds_no_card_of_any_hand(tmp_path: Path, preset: str, seed: int) -> None:
    """Whole games watched from their start and from the middle: every frame to a watcher is checked against the
    real game as it is when the frame is queued; no record frame ever goes to a watcher."""
    seats = [Seat.remote(), Seat.remote(), Seat.bot("hard")]
    game = new_game(seats, seed=seed, preset=preset, end=100, slap_down=True)
    host = await started(game, seats)
    frames: dict[int, int] = defaultdict(int)
    slaps: list[int] = []

    #: The view (its pile under the drop in card order) each watcher was last sent.
    stated: dict[int, dict[str, Any]] = {}

    def watched(watcher: int, text: str) -> None:
        frames[watcher] += 1
        game = host.game
        assert '"event"' not in text and RECORD_FORMAT not in text  # no part of the record, ever
        frame = json.loads(text)
        check_watcher_frame(game, frame)
        if frame["type"] == "state":
            # While the drawer decides, a watcher is sent only the table before the draw: one just come, or every one
            # told of a watcher come, the very table it last saw (nothing of the draw).
            view = {**frame["view"], "discards": sorted(frame["view"]["discards"], key=parse_card)}
            if game.phase == "slap" and watcher in stated:
                assert view == stated[watcher], "a watcher was sent the table during a slap-down"
            stated[watcher] = view

    def sent(seat: int, text: str) -> None:
        if host.game.phase == "slap":
            slaps.append(seat)

    host.watched, host.sent = watched, sent
    try:
        first = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{host.port}", host.code), LIMIT)
        clients = [await joined(host, tmp_path, f"s{i}") for i in range(2)]
        table = asyncio.create_task(serve_headless(host, game, seats))
        playing = asyncio.gather(*(play_out(c) for c in clients))
        await asyncio.wait_for(eventually(lambda: len(host.game.history) >= 1), LIMIT)
        late = await asyncio.wait_for(TableClient.watch(f"127.0.0.1:{host.port}", host.code), LIMIT)
        await asyncio.wait_for(playing, LIMIT)
        finished = await asyncio.wait_for(table, LIMIT)
        assert finished.is_over and len(finished.history) >= 2
        await asyncio.wait_for(eventually(lambda: late.view.phase == "over" and first.view.phase == "over"), LIMIT)
        assert first.record is None and late.record is None
        assert frames[0] > 50 and frames[1] > 5
        assert slaps, "the game had no slap-down moment to keep secret: choose another seed"
        for c in (*clients, first, late):
            await c.close()
    finally:
        await host.stop()


def games_in(thing: object, depth: int = 3) -> list[str]:
    """Where a Game is held in `thing`'s attributes, and theirs, `depth` deep (lists, tuples and dicts too)."""
    if isinstance(thing, Game):
        return ["here"]
    if depth == 0 or isinstance(thing, str | bytes | int | float | asyncio.Task | asyncio.Future):
        return []
    items: list[tuple[str, object]] = []
    if isinstance(thing, list | tuple | set):
        items = [(f"[{i}]", item) for i, item in enumerate(thing)]
    elif isinstance(thing, dict):
        items = [(f"[{key!r}]", item) for key, item in thing.items()]
    elif hasattr(thing, "__dict__") and type(thing).__module__.startswith("yaniv_tui"):
        items = [(f".{name}", item) for name, item in vars(thing).items()]
    return [name + where for name, item in items for where in games_in(item, depth - 1)]


async def test_a_joined_seat_holds_the_hosts_view_and_no_game(tmp_path: Path) -> None:
    """Issue 30: no mirror invents the other hands. A joined client, and the table session over it, keep the
    host's last view of their seat and no Game anywhere (a Game holds every hand: the others' would be made up)."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("yaniv_tui.net.mirror")
    seats = [Seat.remote(), Seat.remote()]
    game = new_game(seats, seed=9)
    host = await started(game, seats)
    try:
        a = await joined(host, tmp_path, "a")
        session = ClientSession(a)
        assert a.view.hand == tuple(game.hand(0)) and session.view(0) is a.view
        assert session.view(None).hand == () and session.view(None).hand_sizes == a.view.hand_sizes
        assert games_in(a) == [] and games_in(session) == []
        assert not hasattr(a, "game") and not hasattr(session, "game")
        if game.current == 0:
            await session.play(game.legal_actions()[0])
        else:
            game.apply(game.legal_actions()[0])
            host.publish(game)
            for _ in range(3):  # the view it joined with comes first, then the one after the move
                if session.view(None).seen == tuple(game.log):
                    break
                await asyncio.wait_for(session.ask(1), LIMIT)
        assert session.view(None).seen == tuple(game.log) and games_in(session) == []
        await a.close()
    finally:
        await host.stop()


async def test_every_frame_around_the_hosts_seat_changes_holds_only_its_own_and_public_cards(tmp_path: Path) -> None:
    """The secrets test (test_secrets.py) over a whole game with the host's seat changes: a seat handed to a bot
    mid-turn, given back, handed again; another opened and taken by a new joiner; a watcher removed. Every frame to
    each seat holds only its own and public cards, every frame to a watcher only public cards; the record keeps each
    change."""
    from yaniv_tui.bots import MediumBot
    from yaniv_tui.net import ActionRefused
    from yaniv_tui.net.host import AWAY_BOT_PLAYED, SEAT_OPENED
    from yaniv_tui.table.headless import run_headless
    from yaniv_tui.table.hosted import HostedSession
    from yaniv_tui.table.options import GameOptions

    seats = (Seat.remote(), Seat.remote(), Seat.bot("hard"))
    game = new_game(seats, seed=11, end=40, slap_down=True)
    host = await started(game, seats)
    level = "medium"

    def record(seat: int, text: str) -> None:
        frame = json.loads(text)
        if frame["type"] == "record":
            return
        if frame["type"] == "error":  # the opened seat's last line, or a move the bot made first
            assert frame["message"] in (SEAT_OPENED, AWAY_BOT_PLAYED), frame
            return
        check_frame(seat, host.game, frame)

    def watched(watcher: int, text: str) -> None:
        check_watcher_frame(host.game, json.loads(text))

    host.sent, host.watched = record, watched

    async def play(client: TableClient) -> None:
        bot = MediumBot()
        while client.view.phase != "over" and client.closed_reason is None:
            if client.view.is_my_turn:
                with contextlib.suppress(ActionRefused):
                    await client.send(bot.choose(client.view))
            await client.changed()

    try:
        first, idle = [await joined(host, tmp_path, f"s{i}") for i in range(2)]
        address = f"127.0.0.1:{host.port}"
        watchers = [await asyncio.wait_for(TableClient.watch(address, host.code), LIMIT) for _ in range(2)]
        options = GameOptions(game.rules, seats, seed=11, bot_delay=0.0)
        with History(tmp_path / "h.sqlite3") as history:
            session = HostedSession(options, game=game, host=host)
            hosting = asyncio.create_task(run_headless(session, history, lambda line: None))
            playing = asyncio.create_task(play(first))
            # The idle seat's first turn waits for its player: the host hands it to a bot mid-turn.
            await eventually(lambda: host.game.current == 1)
            assert session.hand_to_bot(1, level) is None
            await eventually(lambda: host.game.current != 1)
            assert session.give_back(1) is None
            assert session.hand_to_bot(1, "easy") is None
            # The playing seat is opened for someone else, who plays it out.
            await eventually(lambda: host.game.turns >= 6)
            assert session.open_seat(0) is None
            await asyncio.wait_for(first.lost(), LIMIT)
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)  # its connection is gone, whatever it was doing
            assert session.remove_watcher(0) is None
            second = await joined(host, tmp_path, "s2")
            assert second.seat == 0
            await asyncio.wait_for(play(second), LIMIT)
            finished = await asyncio.wait_for(hosting, LIMIT)
            kept = history.find_record("")
        assert finished.is_over
        assert kept.record is not None
        changes = [json.loads(line) for line in kept.record.splitlines() if '"seat"' in line]
        statuses = [(e["seat"], e["status"], e.get("level")) for e in changes if e.get("event") == "seat"]
        for change in ((1, "handed", level), (1, "given", None), (1, "handed", "easy"), (0, "opened", None)):
            assert change in statuses
        for client in (second, idle, *watchers):
            await client.close()
    finally:
        await host.stop()
