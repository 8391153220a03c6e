"""Snapshots after a person conceded: the game's end naming the seat's win as the bot's, and the table with eight
seats on compact lines, one of them conceded."""

from __future__ import annotations

import pytest
from records_helpers import GameEndApp, finished_session
from tui_helpers import TableApp, make_options, settle

from yaniv_tui.table.session import Session

EIGHT = "Ann,Ben,bot:medium,bot:hard,bot:easy,bot:medium,bot:hard,bot:easy"


def conceded_winner() -> Session:
    session = finished_session(players="bot:medium:Ann,You,bot:hard:Bea")
    session.concede(1)
    return session


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_game_end_of_a_seat_won_after_its_person_conceded(snap_compare, size: tuple[int, int]) -> None:
    assert snap_compare(GameEndApp(conceded_winner()), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_eight_seats_one_conceded(snap_compare, size: tuple[int, int]) -> None:
    session = Session(make_options("israeli", EIGHT, seed=5))
    session.concede(1)

    async def to_anns_turn(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")  # two humans share the screen: Ann's pass screen first
        await settle(pilot)

    assert snap_compare(TableApp(session), terminal_size=size, run_before=to_anns_turn)


@pytest.mark.parametrize("players", ["Ann,Ben,bot:easy:Cy", "Ann,Benjamin,bot,bot,bot"])
def test_seat_boxes_one_conceded_at_80x24(snap_compare, players: str) -> None:
    session = Session(make_options("israeli", players, seed=5))
    session.concede(1)

    async def to_anns_turn(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(TableApp(session), terminal_size=(80, 24), run_before=to_anns_turn)
