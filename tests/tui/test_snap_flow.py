"""What the table's flow looks like: a hint in the message line, and the round end once no human is left in."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from tui_helpers import SIZE, SnapCompare, TableApp, make_options, settle, stacked_session, worked

from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen

THREE = make_options("israeli", "Ann,bot:medium:Bea,bot:medium:Cy", seed=3)


def hinted_table() -> TableApp:
    return TableApp(stacked_session(THREE, ["KS KH 2C 4C 9D", "AS 2D 3D 4H 6S", "5H 6H 7H 8H 9H"], up="3C"))


async def ask_for_a_hint(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await pilot.press("h")
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    await worked(pilot, "hint")
    assert table.tip.startswith("hint: ")


@pytest.mark.parametrize("size", [(80, 24), SIZE])
def test_a_hint(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(hinted_table(), terminal_size=size, run_before=ask_for_a_hint)


def test_round_end_once_no_human_is_left_in(snap_compare: SnapCompare) -> None:
    session = stacked_session(
        THREE, ["KS KH KD KC QS", "AS AC AD AH JK", "5H 6H 7H 8H 9H"], up="9D", deck="3C 4C", first=1
    )
    session.game.scores[0] = 190

    async def knocked_out(pilot: Pilot[None]) -> None:
        await settle(pilot)
        assert isinstance(pilot.app.screen, RoundEndScreen)

    assert snap_compare(TableApp(session), terminal_size=SIZE, run_before=knocked_out)
