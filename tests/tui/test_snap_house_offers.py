"""The offers of two house rules pinned at 100×30 (CPP-Yaniv has both): a slap-down offered (the card drawn matches
the drop: enter slaps it down, k keeps it) and a joker swap offered (j gives the card the joker stands for)."""

from __future__ import annotations

from textual.pilot import Pilot
from tui_helpers import SIZE, SnapCompare, TableApp, make_options, settle, stacked_session

from yaniv_tui.engine import Play, parse_cards
from yaniv_tui.tui.screens.table import TableScreen

OPTIONS = make_options("cpp-yaniv", "Ann,bot:medium:Bea", seed=5)


def test_a_slap_down_offered(snap_compare: SnapCompare) -> None:
    """Ann drops 9♦ and draws 9♠."""
    session = stacked_session(OPTIONS, ["6H KS 2C 9D 3S", "5H JK 7H KD 2H"], up="AS", deck="9S 9H 8C")
    nine = parse_cards("9D")[0]

    async def offered(pilot: Pilot[None]) -> None:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        await pilot.press(str(table.hand_of(0).index(nine) + 1), "enter", "0")
        await settle(pilot)
        assert table.stage == "slap"

    assert snap_compare(TableApp(session), terminal_size=SIZE, run_before=offered)


def test_a_joker_swap_offered(snap_compare: SnapCompare) -> None:
    """Bea has dropped 5♥ ★JK 7♥; Ann holds the 6♥ the joker stands for and has chosen 2♣ to drop."""
    session = stacked_session(OPTIONS, ["6H KS 2C 9D 3S", "5H JK 7H KD 2H"], up="AS", deck="6D 9S 8C", first=1)
    session.game.apply(Play(parse_cards("5H JK 7H")))
    two = parse_cards("2C")[0]

    async def offered(pilot: Pilot[None]) -> None:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        await pilot.press(str(table.hand_of(0).index(two) + 1), "enter")
        await pilot.pause()
        assert table.stage == "take"

    assert snap_compare(TableApp(session), terminal_size=SIZE, run_before=offered)
