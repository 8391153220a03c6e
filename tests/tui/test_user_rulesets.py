"""The user's own rulesets: offered on the setup screen and by --ruleset; broken files listed with their error."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList
from tui_helpers import SIZE, game_of, screen_text, settle

from yaniv_tui.cli import play as launch
from yaniv_tui.engine import preset_paths
from yaniv_tui.store import user_rulesets_dir
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen


def write_rulesets() -> None:
    folder = user_rulesets_dir()
    folder.mkdir(parents=True)
    text = preset_paths()["israeli"].read_text()
    text = text.replace('name = "Israeli"', 'name = "Kitchen table"')
    (folder / "kitchen.toml").write_text(text)
    (folder / "broken.toml").write_text('name = "Broken"\n[deck\n')


async def test_setup_offers_the_users_rulesets_and_lists_the_broken_ones() -> None:
    write_rulesets()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert "kitchen" in screen.presets and "broken" not in screen.presets
        bad = str(screen.query_one("#bad-rulesets").render())
        assert bad.startswith("broken.toml not loaded: ") and len(bad.strip().splitlines()) == 1
        assert "broken.toml not loaded" in screen_text(app)
        presets = screen.query_one("#presets", OptionList)
        presets.highlighted = presets.get_option_index("kitchen")
        await pilot.pause()
        text = screen_text(app)
        assert "Kitchen table" in text and "your file" in text
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert game_of(app.screen).rules.name == "Kitchen table"


def test_ruleset_flag_takes_a_user_ruleset_id() -> None:
    write_rulesets()
    options, _ = launch.options_from_args(["--ruleset", "kitchen", "--players", "Ann,bot"])
    assert options is not None and options.rules.name == "Kitchen table" and options.rules.id == "kitchen"


def test_ruleset_flag_names_a_broken_user_file_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    write_rulesets()
    assert launch.main(["--ruleset", "broken"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("yaniv: ") and "broken.toml" in err and "\n" not in err


def test_an_unknown_ruleset_lists_the_users_too(capsys: pytest.CaptureFixture[str]) -> None:
    write_rulesets()
    assert launch.main(["--ruleset", "nosuch"]) == 2
    err = capsys.readouterr().err.strip()
    assert "kitchen" in err and "israeli" in err and "\n" not in err
