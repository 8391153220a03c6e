"""The host's seats and watchers dialog: opened from the table's `t` and from the command palette at a hosted
table (never at a table of one screen), it lists the remote seats and the watchers and asks the host to hand a seat
to a bot of the level chosen, give it back, open it, or remove a watcher; each change is said on the table."""

from __future__ import annotations

from fake_net import FakeHost, fake_hosting
from textual.command import CommandPalette
from textual.widgets import OptionList, Select
from tui_helpers import SIZE, hosted_app, make_options, notices, screen_text, until

from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.seats import SeatsScreen
from yaniv_tui.tui.screens.table import TableScreen


def app_and_hosts() -> tuple[YanivApp, list[FakeHost]]:
    factory, made = fake_hosting()
    return hosted_app(factory), made


async def test_the_key_opens_the_dialog_and_each_button_asks_the_host() -> None:
    app, made = app_and_hosts()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        host = made[0]
        host.watcher_list = [(0, "192.0.2.7")]
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, SeatsScreen))
        dialog = app.screen
        assert "Seat 2: Noa (waiting for a player)" in screen_text(app)
        assert "Watcher 1 from 192.0.2.7" in screen_text(app)
        dialog.query_one(Select).value = "hard"
        await pilot.click("#seats-hand")
        await until(pilot, lambda: host.managed == [("handed", 1, "hard")])
        await until(pilot, lambda: "Seat 2: Noa (waiting for a player, a bot plays it)" in screen_text(app))
        assert "The host hands Noa's seat to a bot (hard) until Noa acts again." in notices(app)
        await pilot.click("#seats-give")
        await pilot.click("#seats-open")
        await until(pilot, lambda: [change for change, *_ in host.managed] == ["handed", "given", "opened"])
        assert "The host opens Noa's seat for someone else: it waits for a new player." in notices(app)
        dialog.query_one(OptionList).highlighted = 1  # the watcher
        await pilot.pause()
        await pilot.click("#seats-remove")
        await until(pilot, lambda: host.managed[-1] == ("removed", 0, None))
        await until(pilot, lambda: "Watcher 1" not in screen_text(app))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_the_command_palette_opens_the_dialog() -> None:
    app, _ = app_and_hosts()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"Seats and watchers")
        await until(pilot, lambda: "Hand a remote seat to a bot" in screen_text(app))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SeatsScreen))


async def test_a_table_of_one_screen_has_no_seats_to_manage() -> None:
    app = YanivApp(make_options("sursis", "Ann,bot:easy"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen) and not table.offers("seats")
        assert "Seats and watchers" not in [command.title for command in app.get_system_commands(app.screen)]
        await pilot.press("t")
        await pilot.pause()
        assert app.screen is table
