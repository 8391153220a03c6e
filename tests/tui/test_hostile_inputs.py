"""The setup screen against hostile input: files that are no rulesets, and names that could drive the terminal."""

from __future__ import annotations

import os

from textual import events
from tui_helpers import SIZE, screen_text

from yaniv_tui.engine import preset_paths
from yaniv_tui.store import user_rulesets_dir
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen


async def test_setup_lists_files_that_are_no_rulesets_and_opens_at_once() -> None:
    """Before: a FIFO in the config folder blocked the setup screen, a deep file raised RecursionError."""
    folder = user_rulesets_dir()
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.toml")
    (folder / "deep.toml").write_text("name = " + "[" * 500 + "]" * 500)
    (folder / "evil\x1b[2J.toml").write_text('name = "Evil"\n')
    (folder / "red.toml").write_text('name = "a\\u001b[31mRED\\u0007"\n')
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert set(setup.presets) == set(preset_paths())  # the shipped presets alone: no hostile file among them
        bad = str(setup.query_one("#bad-rulesets").render())
        assert "\x1b" not in bad and len(bad.strip().splitlines()) == 4
        for words in ("pipe.toml not loaded: is a FIFO", "deep.toml not loaded: nested too deep"):
            assert words in bad
        assert "evil\\x1b[2J.toml not loaded" in bad and "red.toml not loaded: name: has a control character" in bad


async def test_a_seat_name_with_a_control_character_is_refused_in_one_line() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query(SeatRow).first().value = "\x1b[2JRed"  # as a program might set it: typing cannot
        setup.action_start()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        assert "'\\x1b[2JRed' has a control character" in text and "(\\x1b): names take letters" in text


async def test_the_stats_screen_shows_a_name_with_brackets_as_typed() -> None:
    """Before: the stats table read a name like "[red]x" as markup and showed a red "x"."""
    from yaniv_tui.bots import MediumBot
    from yaniv_tui.engine import Game, load_ruleset
    from yaniv_tui.store import History
    from yaniv_tui.store.meta import SaveMeta
    from yaniv_tui.store.saves import Seat

    game = Game.new(load_ruleset("israeli"), ("[red]x", "Ann"), seed=3)
    bot = MediumBot()
    with History() as history:
        while not game.is_over:
            game.apply(bot.choose(game.view(game.current)))
            history.record(game, SaveMeta((Seat.person(), Seat.person()), game_id="g"))
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert "[red]x" in screen_text(app)


async def test_a_name_field_takes_no_control_character_pasted_or_typed() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.screen.query(SeatRow).first()
        field.value = ""
        field.focus()
        await pilot.press("A", "n")
        field.insert_text_at_cursor("\x1b[2J")
        field.insert_text_at_cursor("\u202e")
        field.post_message(events.Paste("\x07\u200b"))
        await pilot.press("n")
        await pilot.pause()
        assert field.value == "Ann"
