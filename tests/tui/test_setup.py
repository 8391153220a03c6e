"""The setup screen: Enter on the defaults, choosing a preset, seats and limits, and what is refused."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Button, Input, OptionList
from tui_helpers import SIZE, game_of, screen_text

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.choice import Choice


async def test_enter_on_the_defaults_seats_one_human_against_two_bots() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        seats = table.session.options.seats
        assert [seat.is_bot for seat in seats] == [False, True, True]
        assert table.rules.id == "israeli"


async def test_the_preset_decides_the_limits_offered_and_the_seat_count() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        presets = setup.query_one("#presets", OptionList)
        presets.highlighted = presets.get_option_index("yanivo")
        await pilot.pause()
        assert setup.ruleset_id == "yanivo"
        end = setup.query_one("#end-limit", Choice)
        assert [value for _, value in end.choices] == [50, 100, 150, 200, 300]
        end.focus()
        await pilot.press("left", "left")  # from yanivo's 200 back to 100
        assert end.value == 100 and "100" in str(end.label)
        for _ in range(6):
            await pilot.press("ctrl+a")
        assert len(setup.query(SeatRow)) == 8  # Yanivo seats up to 8, no more
        assert setup.query_one("#add-seat", Button).disabled
        setup.query_one("#seed", Input).value = "11"
        setup.query(SeatRow).first().value = "Ann"  # five people at the table: none of them named "You"
        setup.action_start()
        await pilot.pause()
        table = app.screen_stack[1]  # five humans among the eight: a pass screen is on top
        assert isinstance(table, TableScreen)
        assert table.rules.end_limit == 100 and table.session.options.seed == 11
        assert len(game_of(table).players) == 8


async def test_a_seat_turns_bot_and_back_and_duplicate_names_are_refused() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        rows = list(setup.query(SeatRow))
        assert isinstance(rows[1].parent, Widget)
        await pilot.click(rows[1].parent, offset=(SeatRow.NUMBER_WIDTH + 2, 0))  # on who plays it
        assert rows[1].kind != "medium"
        while rows[1].kind != "human":
            rows[1].action_cycle()
        rows[1].value = "you"
        setup.action_start()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "two players are named 'You' and 'you'" in screen_text(app)


async def test_a_typed_end_score_where_the_preset_takes_any() -> None:
    app = YanivApp(None, LaunchOptions(ruleset="seven-cards", bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        typed = setup.query_one("#end-typed", Input)
        assert typed.display
        typed.value = "35"
        setup.action_start()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.rules.end_limit == 35


async def test_the_buttons_are_textuals_own_and_press_as_they_did() -> None:
    """Issue 30: Press read Textual's private `_parent` and had none of Button's :ansi styles or variants."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        start = setup.query_one("#start", Button)
        assert start.variant == "success"
        assert all(isinstance(choice, Button) for choice in setup.query(Choice))
        seats = len(setup.query(SeatRow))
        await pilot.click("#add-seat")
        await pilot.pause()
        assert len(setup.query(SeatRow)) == seats + 1
        await pilot.click("#remove-seat")
        await pilot.pause()
        assert len(setup.query(SeatRow)) == seats
        start.focus()
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(20):  # the table is built after the setup screen goes: a few turns of the loop
            if isinstance(app.screen, TableScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_removing_a_seat_seats_one_fewer_stops_at_the_fewest_and_adding_it_back_brings_it_back() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert [row.value for row in setup.query(SeatRow)] == ["You", "Avi", "Noa"]
        await pilot.click("#remove-seat")
        await pilot.pause()
        assert [row.value for row in setup.query(SeatRow)] == ["You", "Avi"]
        assert setup.query_one("#remove-seat").disabled  # Israeli seats 2 at the fewest
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert len(setup.query(SeatRow)) == 2
        await pilot.click("#add-seat")
        await pilot.pause()
        rows = list(setup.query(SeatRow))
        assert [row.value for row in rows] == ["You", "Avi", "Noa"] and rows[2].kind == "medium"
        await pilot.click("#remove-seat")
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert game_of(table).players == ("You", "Avi")
        assert [seat.is_bot for seat in table.session.options.seats] == [False, True]
