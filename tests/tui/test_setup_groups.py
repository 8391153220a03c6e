"""Issue 31: the setup screen lists the presets of our sources under one heading, the other programs' tables under
their own below them, and the host's own rulesets last; the headings are not choices, and the whole list stays
usable at 80×24 and 100×30."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import OptionList
from tui_helpers import screen_text, settle

from yaniv_tui.engine import PRESET_GROUPS, load_ruleset, preset_group, preset_paths
from yaniv_tui.store import user_rulesets_dir
from yaniv_tui.store.userrules import GROUP_HEADINGS
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen

SIZES = [(80, 24), (100, 30)]


def listed(presets: OptionList) -> list[str | None]:
    """The list as shown: each ruleset's id, None for a heading."""
    return [None if option.disabled else option.id for option in presets.options]


def plain(presets: OptionList, index: int) -> str:
    return str(presets.get_option_at_index(index).prompt).strip()


def in_view(presets: OptionList, index: int) -> bool:
    """Whether option `index` is within the list's visible rows (every option here is one line)."""
    top = presets.scroll_offset.y
    return top <= index < top + presets.scrollable_content_region.height


def shipped_by_group() -> list[str | None]:
    """The shipped presets as the list should show them: a heading, then that group's presets, for each group."""
    shown: list[str | None] = []
    for group in PRESET_GROUPS:
        shown.append(None)
        shown += [i for i in preset_paths() if preset_group(load_ruleset(i)) == group]
    return shown


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
async def test_both_headings_show_above_their_presets(size: tuple[int, int]) -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        presets = setup.query_one("#presets", OptionList)
        assert listed(presets) == shipped_by_group()
        headings = [plain(presets, i) for i, option in enumerate(presets.options) if option.disabled]
        assert headings == [GROUP_HEADINGS[group] for group in PRESET_GROUPS]
        text = screen_text(app)
        for heading in headings:
            assert heading in text, f"{heading!r} is on screen at {size}"
        # One line each, so the list is as tall as its options and nothing wraps under a heading.
        width = presets.scrollable_content_region.width
        assert all(cell_len(plain(presets, i)) < width for i in range(presets.option_count))


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
async def test_down_and_up_choose_every_preset_and_pass_over_the_headings(size: tuple[int, int]) -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        presets = setup.query_one("#presets", OptionList)
        order = [i for i in shipped_by_group() if i is not None]
        assert setup.ruleset_id == order[0]
        await pilot.press("up")  # the first preset is the top: up stays, never onto the heading above it
        assert setup.ruleset_id == order[0] and setup.focused is presets
        chosen = [setup.ruleset_id]
        for _ in order[1:]:
            await pilot.press("down")
            await pilot.pause()
            option = presets.highlighted_option
            assert option is not None and not option.disabled
            assert presets.highlighted is not None and in_view(presets, presets.highlighted)
            assert " ".join(setup.rules.description.split()[:3]) in " ".join(screen_text(app).split())
            chosen.append(setup.ruleset_id)
        assert chosen == order
        for wanted in reversed(order[:-1]):
            await pilot.press("up")
            assert setup.ruleset_id == wanted
        await pilot.press("down", "down", "down", "down")  # past the heading of the programs' tables
        assert setup.ruleset_id == order[4] and preset_group(setup.rules) == PRESET_GROUPS[1]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.rules.id == order[4]


async def test_down_on_the_last_preset_moves_on_to_the_seats() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, ruleset="yaniv-games"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.ruleset_id == "yaniv-games"
        presets = setup.query_one("#presets", OptionList)
        assert presets.highlighted == presets.option_count - 1
        await pilot.press("down")
        assert setup.focused is not presets and setup.ruleset_id == "yaniv-games"


async def test_a_click_on_a_heading_chooses_nothing() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        presets = setup.query_one("#presets", OptionList)
        second = listed(presets).index(None, 1)
        await pilot.press("down")
        chosen = setup.ruleset_id
        await pilot.click(presets, offset=(3, 1 + second))  # inside the border, on the programs' heading
        await pilot.pause()
        assert setup.ruleset_id == chosen
        assert app.screen is setup
        assert presets.highlighted_option is not None and not presets.highlighted_option.disabled


def write_kitchen() -> None:
    folder = user_rulesets_dir()
    folder.mkdir(parents=True)
    text = preset_paths()["israeli"].read_text().replace('name = "Israeli"', 'name = "Kitchen table"')
    (folder / "kitchen.toml").write_text(text)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
async def test_the_hosts_own_rulesets_come_last_under_their_heading(size: tuple[int, int]) -> None:
    write_kitchen()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        presets = setup.query_one("#presets", OptionList)
        assert listed(presets) == [*shipped_by_group(), None, "kitchen"]
        assert plain(presets, presets.option_count - 2) == GROUP_HEADINGS["user"]
        assert "your file" in plain(presets, presets.option_count - 1)
        for _ in range(presets.option_count):
            await pilot.press("down")
            if setup.ruleset_id == "kitchen":
                break
        await pilot.pause()
        assert setup.ruleset_id == "kitchen" and setup.focused is presets
        assert in_view(presets, presets.option_count - 1) and in_view(presets, presets.option_count - 2)
        assert GROUP_HEADINGS["user"] in screen_text(app)
        # Back up to the first of the programs' tables: its heading comes into view with it.
        first_program = listed(presets).index(None, 1) + 1
        while presets.highlighted != first_program:
            await pilot.press("up")
        await pilot.pause()
        assert in_view(presets, first_program) and in_view(presets, first_program - 1)
        assert GROUP_HEADINGS[PRESET_GROUPS[1]] in screen_text(app)
