"""What a person sees, pinned as snapshots at 100×30 (and 80×24): setup, table, pass, round end, game end."""

from __future__ import annotations

from textual.pilot import Pilot
from tui_helpers import SIZE, SnapCompare, TableApp, make_app, make_options, play_to_end, settle, stacked_session

from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.round_end import RoundEndScreen


def test_setup_screen(snap_compare: SnapCompare) -> None:
    assert snap_compare(YanivApp(), terminal_size=SIZE)


def test_table(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app("sursis", seed=7), terminal_size=SIZE, run_before=settle)


def test_table_with_cards_chosen_to_drop(snap_compare: SnapCompare) -> None:
    async def choose(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("2", "4", "enter")

    assert snap_compare(make_app("sursis", seed=7), terminal_size=SIZE, run_before=choose)


def test_table_at_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app("seven-cards", "Ann,bot,bot,bot", seed=7), terminal_size=(80, 24), run_before=settle)


def test_pass_screen(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app("israeli", "Ann,Bob", seed=3), terminal_size=SIZE, run_before=settle)


def test_round_end(snap_compare: SnapCompare) -> None:
    options = make_options("israeli", "Ann,bot:medium:Bea,bot:medium:Cy", seed=5)
    session = stacked_session(options, ["AC 2D JK AH KS", "QD QH 9C 9D 8S", "2S 3S 4S 5S 6S"], up="8D", deck="AS 3C 7C")

    async def call(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("5", "enter", "0")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(pilot.app.screen, RoundEndScreen)

    assert snap_compare(TableApp(session), terminal_size=SIZE, run_before=call)


def test_game_end(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app("seven-cards", seed=2, end_limit=20), terminal_size=SIZE, run_before=play_to_end)
