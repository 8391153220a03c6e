"""No frame to a seat holds a card of another seat's hand before that round's reveal: every frame recorded."""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from netplay import LIMIT, joined, new_game, play_out, started

from yaniv_tui.codec import round_to_dict, turn_to_dict
from yaniv_tui.engine import Game, Seat
from yaniv_tui.store import History
from yaniv_tui.table.headless import serve_headless

#: Exactly the fields of a view: a new field must be added here, after asking whether it may be public.
VIEW_FIELDS = {
    "rules", "players", "seat", "hand", "hand_sizes", "deck_size", "discards", "previous_drop", "previous_kind",
    "takeable", "current", "phase", "slap_card", "scores", "out", "round_no", "log", "history",
}  # fmt: skip


def codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def check_frame(seat: int, game: Game, frame: dict[str, Any]) -> None:
    """Every card a state frame to `seat` holds is this seat's own or public, checked against the real game."""
    assert frame["type"] in ("welcome", "state", "error", "bye")
    if frame["type"] != "state":
        assert frame["type"] != "error", frame  # these clients only play legal actions
        return
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
    seats = [Seat.remote(), Seat.remote(), Seat.bot("hard")]
    game = new_game(seats, seed=7, end=100, slap_down=True)  # a drawn card that matches: only its drawer sees it
    host = await started(game, seats)
    frames: dict[int, int] = defaultdict(int)
    slaps: list[int] = []
    told_others: list[int] = []

    def record(seat: int, text: str) -> None:
        frames[seat] += 1
        game = host.game
        frame = json.loads(text)
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
        assert finished.is_over and len(finished.history) >= 2
        assert min(frames[0], frames[1]) > 50
        assert slaps, "the game had no slap-down moment to keep secret: choose another seed"
        assert told_others == [], "a seat was sent the table while another held a card it could slap down"
        for c in clients:
            await c.close()
    finally:
        await host.stop()


async def test_the_mirror_invents_the_other_hands(tmp_path: Path) -> None:
    seats = [Seat.remote(), Seat.remote()]
    game = new_game(seats, seed=9)
    host = await started(game, seats)
    try:
        a = await joined(host, tmp_path, "a")
        assert a.game.hand(0) == game.hand(0)
        assert len(a.game.hand(1)) == len(game.hand(1))
        assert a.game.hand(1) != game.hand(1) or a.game.deck != game.deck  # dealt from the unseen, not the real
        await a.close()
    finally:
        await host.stop()
