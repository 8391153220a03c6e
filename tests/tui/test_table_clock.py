"""The turn clock on the table screen: the seat to play shows its time left, redrawn as it runs down; each timeout
and the hand-over are said; a key takes the seat back."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable

from textual.pilot import Pilot
from tui_helpers import SIZE, make_options, notices, screen_text, settle

from yaniv_tui.engine import Card, Play
from yaniv_tui.table.events import ActionApplied, Asked, TableEvent
from yaniv_tui.table.words import clock_line
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.concede import ConcedeScreen
from yaniv_tui.tui.screens.pass_turn import PassScreen
from yaniv_tui.tui.screens.table import TableScreen


async def until(pilot: Pilot[None], done: Callable[[], object], seconds: float = 20.0) -> None:
    """Let the app run (a twentieth of a second at a time, the clock being real) until `done()` holds, else fail."""
    for _ in range(int(seconds * 20)):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("never happened")


async def test_the_seat_to_play_shows_its_time_left_counting_down() -> None:
    """The clock's time is the test's (`TurnClock.now`), held at the turn's start and moved on by hand: before, the
    real clock ran on while the table settled, and on a loaded machine more than a second went by before the first
    look (the seat read "29s", not "30s")."""
    options = dataclasses.replace(make_options("israeli", "Ann,bot:medium"), turn_seconds=30)
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        clock = table.session.clock
        assert clock is not None
        await settle(pilot)
        assert table.stage == "choose" and clock.deadline is not None
        now = [clock.deadline - 30.0]  # the moment Ann's turn began: its time stands still until the test moves it
        clock.now = lambda: now[0]
        assert clock.left() == 30.0
        await until(pilot, lambda: "▶ to play 30s" in screen_text(app))
        now[0] += 1.5
        await until(pilot, lambda: "▶ to play 29s" in screen_text(app))


async def test_two_timeouts_hand_the_seat_to_a_bot_and_a_key_takes_it_back() -> None:
    options = dataclasses.replace(make_options("israeli", "Ann,bot:medium"), turn_seconds=0.2, bot_delay=0.3)
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        clock = table.session.clock
        assert clock is not None
        await until(pilot, lambda: clock.is_handed(0))
        assert clock_line("Ann", "timeout") in notices(app)
        assert clock_line("Ann", "bot") in notices(app)
        # The banner is drawn at the next refresh once the bot thinks for Ann, so wait for the screen to show it
        # (checking right after `thinking` turns to Ann's seat raced the redraw on a loaded machine).
        banner = "A bot plays Ann's seat (the clock ran out): any key takes it back."
        await until(pilot, lambda: table.thinking == 0 and banner in screen_text(app))
        await pilot.press("o")
        assert not clock.is_handed(0)
        assert clock_line("Ann", "back") in notices(app)


async def test_at_a_shared_keyboard_a_key_takes_back_only_the_seat_in_play() -> None:
    """Ann and Bea share the keyboard and a bot plays one's seat (her clock ran out twice): the other's keys in her
    own turn are hers, not the absent one coming back. Before, any key took back every seat a bot played."""
    options = dataclasses.replace(make_options("israeli", "Ann,Bea,bot:medium"), turn_seconds=30)
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the first to play holds the keyboard
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer in (0, 1)
        away = 1 - table.viewer
        clock = table.session.clock
        assert clock is not None
        for _ in range(clock.to_bot):
            clock.ran_out(away)
        assert clock.is_handed(away)
        await pilot.press("right")
        await pilot.pause()
        assert clock.is_handed(away)
        assert clock_line(("Ann", "Bea")[away], "back") not in notices(app)


async def test_a_concede_question_whose_turn_ran_out_is_not_left_for_the_next_player() -> None:
    """At a shared keyboard, the player to move opens the concede dialog and her clock runs out: a bot plays her
    turn, and the question asked of her goes with it. Before, the next player, once past the pass screen, found
    "Concede the game, Ann?" over the table on his own clock, and answering it did nothing."""
    options = dataclasses.replace(make_options("israeli", "Ann,Bea"), turn_seconds=1.5, bot_delay=0.05)
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the first to play holds the keyboard
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer is not None
        first = table.viewer
        name = table.public.players[first]
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ConcedeScreen))
        # Her time runs out (a clock long enough to open the dialog first on a busy machine): a bot plays her turn.
        await until(pilot, lambda: table.public.current != first)
        await until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert not any(isinstance(screen, ConcedeScreen) for screen in app.screen_stack)
        await pilot.press("enter")  # the next player at the table (whose short clock may run out in turn)
        await pilot.pause()
        assert not isinstance(app.screen, ConcedeScreen)
        assert f"Concede the game, {name}?" not in screen_text(app)
        assert first not in table.session.meta.conceded


async def test_the_card_a_bot_took_for_you_when_your_time_ran_out_is_the_one_your_hand_names() -> None:
    """Ann's clock runs out and the stand-in bot plays her turn: the card it took is the one her hand's title names
    ("you took …"), as after a turn she played. Before, the title went on naming the card of an earlier turn (or
    none), and the card the bot drew for her was nowhere said."""
    options = dataclasses.replace(make_options("israeli", "Ann,bot:medium"), turn_seconds=0.4, bot_delay=0.05)
    app = YanivApp(options)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        # Read as it happens (a listener after the screen's own): on a slow machine more turns pass before a check
        # made from outside, and a 0.4 s clock runs out again.
        asked: list[Counter[Card]] = []
        seen: list[tuple[list[Card], Card | None, Play]] = []

        def listen(event: TableEvent) -> None:
            if isinstance(event, Asked) and event.seat == 0:
                asked.append(Counter(table.session.view(0).hand))  # the stand-in bot is asked: her hand before
                return
            if not asked or seen or not isinstance(event, ActionApplied) or event.seat != 0:
                return
            if isinstance(event.action, Play):
                after = Counter(table.session.view(0).hand)
                took = list((after - (asked[-1] - Counter(event.action.drop))).elements())
                seen.append((took, table.fresh.get(0), event.action))

        table.runner.subscribe(listen)
        await until(pilot, lambda: bool(seen))  # the bot played a turn of hers
        took, fresh, play = seen[0]
        assert len(took) == 1 and fresh == took[0], (took, fresh, play)
        if play.take is not None:
            assert took[0] == play.take  # from the pile: the card everyone saw taken
