"""`yaniv host`'s setup screen: Continue and the saved games offer only tables, games with a remote seat, which
open with their host listening; a game of this screen only is left to `yaniv` (issue 28, item 5)."""

from __future__ import annotations

from fake_net import FakeHost, fake_hosting
from tui_helpers import SIZE, notices, play_to_end, screen_text, until

from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import SaveMeta, Seat, save_game
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import levels
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.saved_games import SavedGamesScreen
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen
from yaniv_tui.tui.screens.setup_seats import REMOTE
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.choice import Choice


def save(game_id: str, *seats: Seat) -> None:
    game = Game.new(load_ruleset("israeli"), [seat.name for seat in seats], seed=1)
    save_game(game, SaveMeta(seats, game_id=game_id))


def save_local() -> None:
    save("local1", Seat.person("Ann"), Seat.bot("medium", "Bea"))


def save_table() -> None:
    save("table1", Seat.person("Ann"), Seat.remote("Noa"))


#: A game of this screen alone: nothing in it to host.
SEATS = (Seat.person("Ann"), Seat.bot("easy", "Bea"))


def hosting_app(launch: LaunchOptions | None = None) -> tuple[YanivApp, list[FakeHost]]:
    factory, made = fake_hosting()
    return YanivApp(None, launch or LaunchOptions(bot_delay=0.0), hosting=factory), made


async def test_continue_under_host_opens_the_table_not_the_newer_local_game() -> None:
    save_table()
    save_local()  # the newest, but nobody could join it
    app, made = hosting_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert [saved.game_id for saved in setup.games] == ["table1"]
        assert "Noa" in screen_text(app) and "Bea" not in screen_text(app)
        await pilot.press("ctrl+o")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, SavedGamesScreen) and [s.game_id for s in listing.games] == ["table1"]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert made and made[0].started, "the host listens"
        assert isinstance(app.screen, TableScreen) and app.screen.session.meta.game_id == "table1"
        assert "yaniv join 127.0.0.1:7777 K7QF" in screen_text(app)


async def test_a_local_game_alone_is_not_offered_under_host() -> None:
    save_local()
    app, made = hosting_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert setup.games == [] and not setup.query("#continue-saved")
        text = screen_text(app)
        assert "Continue" not in text and "continue" not in text and "saved games" not in text
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.screen is setup and not made


async def test_plain_yaniv_still_offers_the_local_game() -> None:
    save_local()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert [saved.game_id for saved in app.screen.games] == ["local1"]


async def test_a_new_game_after_a_game_under_host_is_set_up_for_hosting_again() -> None:
    # Before: under `yaniv host`, a game of this screen alone (no seat remote: nothing to host) ended with "new
    # game" on a setup screen that had forgotten the hosting, as the choices built from the last game did not
    # carry it: no seat could be made remote, and Continue offered local games.
    save_local()
    app, made = hosting_app(LaunchOptions(ruleset="seven-cards", end_limit=20, seed=2, seats=SEATS, bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.hosting
        await pilot.press("ctrl+s")
        await play_to_end(pilot)
        assert not made, "nothing to host: no seat is remote"
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.hosting
        assert setup.games == [], "under host, Continue offers tables only"
        row = list(setup.query(SeatRow))[1]
        kinds = []
        for _ in range(len(levels()) + 2):
            row.action_cycle()
            kinds.append(row.kind)
        assert REMOTE in kinds, "a seat can be made remote again"


async def test_a_hosted_tables_setup_offers_the_turn_clock_and_the_table_runs_on_it() -> None:
    launch = LaunchOptions(seats=(Seat.person("Ann"), Seat.remote("Noa")), turn_seconds=45, bot_delay=0.0)
    app, made = hosting_app(launch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        clock = setup.query_one("#turn-clock", Choice)
        assert clock.value == 45, "--turn-seconds is the choice at first"
        assert [label for label, _ in clock.choices] == ["off", "15 s", "30 s", "45 s", "60 s", "120 s"]
        clock.value = 30
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen) and table.session.clock is not None
        assert table.session.clock.seconds == 30
        assert made and made[0].clock is table.session.clock, "the host times the remote seats on the same clock"


async def test_plain_yanivs_setup_has_no_turn_clock_field() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not app.screen.query("#turn-clock")


async def test_the_hosts_setup_says_a_seat_cycles_on_to_remote() -> None:
    """The hint under the rules said "enter changes a seat's Human/Bot" to a host too, whose seats cycle on to
    Remote: the way friends get a seat was not said."""
    app, _ = hosting_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        text = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert "enter changes a seat's Human/Bot/Remote" in text, text
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        text = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert "enter changes a seat's Human/Bot," in text and "Remote" not in text, text


async def test_continue_under_host_brings_the_table_back_with_its_own_turn_clock() -> None:
    """A table played with a turn clock, continued from `yaniv host`'s setup screen (no --resume), is timed as it was
    (its clock kept with it, store/tables.py), and the notice says so. Before, it came back with no clock."""
    from yaniv_tui.store.tables import save_table as keep_table

    save_table()
    keep_table("table1", "K7QF", {}, turn_seconds=45, timeouts_to_bot=3)
    app, _ = hosting_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        clock = screen.session.clock
        assert clock is not None and (clock.seconds, clock.to_bot) == (45, 3)
        assert any("turn clock of 45 seconds" in said for said in notices(app)), notices(app)
