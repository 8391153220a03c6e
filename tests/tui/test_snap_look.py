"""The table with many seats, as a person sees it: eight players at 80×24 and 100×30, what changed marked."""

from __future__ import annotations

from textual.pilot import Pilot
from tui_helpers import SnapCompare, make_app, play_turn, settle

EIGHT = "Ann,bot:easy,bot:medium,bot:hard,bot:easy,bot:medium,bot:hard,bot:easy"


async def one_round_of_turns(pilot: Pilot[None]) -> None:
    """Ann plays once and the seven bots after her: their drops and takes are marked on her next turn."""
    await settle(pilot)
    await play_turn(pilot)
    await settle(pilot)


def test_eight_players_at_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app("israeli", EIGHT, seed=5), terminal_size=(80, 24), run_before=one_round_of_turns)


def test_eight_players_at_100x30(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app("israeli", EIGHT, seed=5), terminal_size=(100, 30), run_before=one_round_of_turns)


def test_four_players_marked_since_your_move_at_80x24(snap_compare: SnapCompare) -> None:
    app = make_app("seven-cards", "Ann,bot,bot,bot", seed=7)
    assert snap_compare(app, terminal_size=(80, 24), run_before=one_round_of_turns)


#: A notice of three lines in the felt's corner.
LONG_NOTICE = "Avi's clock ran out three times in a row: a medium bot plays the seat until Avi acts again."


async def two_notices(pilot: Pilot[None]) -> None:
    """Ann's turn, then two notices at once: a short one and one of three lines."""
    await settle(pilot)
    pilot.app.screen.notify("Sorted by suit", timeout=60, markup=False)
    pilot.app.screen.notify(LONG_NOTICE, timeout=60, markup=False)
    for _ in range(4):
        await pilot.pause()


async def a_long_notice(pilot: Pilot[None]) -> None:
    """Ann's turn, then a notice of three lines."""
    await settle(pilot)
    pilot.app.screen.notify(LONG_NOTICE, timeout=60, markup=False)
    for _ in range(4):
        await pilot.pause()


def test_notices_sit_under_the_deck_above_the_prompt_at_100x30(snap_compare: SnapCompare) -> None:
    """The notices in the felt's corner under the deck and the previous drop: the prompt, the hint and the hand
    whole (before, the toasts covered the prompt line's right half)."""
    assert snap_compare(make_app("israeli", "Ann,bot,bot", seed=3), terminal_size=(100, 30), run_before=two_notices)


def test_a_long_notice_is_read_whole_in_the_corner_at_80x24(snap_compare: SnapCompare) -> None:
    """At 80x24 the corner under the deck has three rows: a notice of three lines fills them, drawn tight (no rows
    of padding), the prompt and the hand whole (before, only its first line showed)."""
    assert snap_compare(make_app("israeli", "Ann,bot,bot", seed=3), terminal_size=(80, 24), run_before=a_long_notice)
