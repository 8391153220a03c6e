"""The house-rules dialog on the setup screen: change a preset, save it as the host's own file, or leave nothing."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Label, OptionList, Select, Static, Switch
from tui_helpers import SIZE, screen_text

from yaniv_tui.engine import KEYS, RulesetError, load_ruleset, load_ruleset_file
from yaniv_tui.store import user_rulesets_dir
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.setup import SetupScreen


async def open_dialog(pilot: Pilot[None]) -> HouseRulesScreen:
    await pilot.pause()
    assert isinstance(pilot.app.screen, SetupScreen)
    await pilot.press("ctrl+e")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, HouseRulesScreen)
    return dialog


def user_files() -> list[str]:
    folder = user_rulesets_dir()
    return sorted(p.name for p in folder.glob("*")) if folder.exists() else []


async def test_a_changed_preset_is_saved_loaded_and_selected() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        assert "^e edit rules" in screen_text(app)  # the footer names the key
        dialog = await open_dialog(pilot)
        assert dialog.base_id == "israeli"
        dialog.query_one("#hr-yaniv_limit", Input).scroll_visible(animate=False)  # far down the file's keys
        await pilot.pause()
        await pilot.pause()
        assert "The highest hand value that may call Yaniv" in screen_text(app)  # labelled with the key's doc
        slap_row = dialog.query_one("#hr-slap_down", Switch).parent
        assert slap_row is not None and "a card of the rank just dropped" in str(slap_row.query_one(Label).render())
        slap = dialog.query_one("#hr-slap_down", Switch)
        assert slap.value is False
        slap.focus()
        await pilot.press("space")
        assert slap.value is True
        end = dialog.query_one("#hr-end_limit", Input)
        end.value = "150"
        dialog.query_one("#hr-end_limit_choices", Input).value = "150, 200"
        new_id = dialog.query_one("#hr-id", Input)
        new_id.value = "kitchen"
        new_id.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is setup
        path = user_rulesets_dir() / "kitchen.toml"
        assert user_files() == ["kitchen.toml"]
        base = load_ruleset("israeli")
        expected = dataclasses.replace(
            base, id="kitchen", slap_down=True, end_limit=150, end_limit_choices=(150, 200), source=base.source
        )
        loaded = load_ruleset_file(path, "kitchen")
        assert dataclasses.replace(loaded, source=base.source) == expected
        assert "kitchen" in setup.presets and "kitchen" in setup.mine
        assert setup.ruleset_id == "kitchen"
        presets = setup.query_one("#presets", OptionList)
        assert presets.highlighted is not None
        assert presets.get_option_at_index(presets.highlighted).id == "kitchen"
        assert "your file" in screen_text(app)


async def test_an_impossible_ruleset_shows_one_line_and_writes_nothing() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        dialog.query_one("#hr-yaniv_limit", Input).value = "9"  # not among the offered limits 5, 7, 10, 11, 13
        await pilot.click("#hr-save")
        await pilot.pause()
        assert app.screen is dialog
        error = str(dialog.query_one("#hr-error", Static).render())
        assert "yaniv.limit_choices" in error and "\n" not in error.strip()
        assert user_files() == []
        dialog.query_one("#hr-yaniv_limit", Input).value = "7"
        dialog.query_one("#hr-hand_size", Input).value = "five"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(dialog.query_one("#hr-error", Static).render())
        assert error.strip().startswith("deck.hand_size: must be a whole number")
        dialog.query_one("#hr-hand_size", Input).value = "5"
        dialog.query_one("#hr-id", Input).value = "Bad Id!"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "ruleset id 'Bad Id!'" in str(dialog.query_one("#hr-error", Static).render())
        dialog.query_one("#hr-id", Input).value = "israeli"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "shipped preset" in str(dialog.query_one("#hr-error", Static).render())
        assert app.screen is dialog and user_files() == []


async def test_cancel_and_escape_write_nothing() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        setup = app.screen
        dialog = await open_dialog(pilot)
        dialog.query_one("#hr-slap_down", Switch).value = True
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is setup and user_files() == []
        await pilot.click("#house-rules")
        await pilot.pause()
        reopened = app.screen
        assert isinstance(reopened, HouseRulesScreen)
        reopened.query_one("#hr-slap_down", Switch).value = True
        await pilot.click("#hr-cancel")
        await pilot.pause()
        assert app.screen is setup and user_files() == []
        assert isinstance(setup, SetupScreen) and setup.ruleset_id == "israeli"


async def test_every_key_is_offered_grouped_by_its_table() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        kinds = {"bool": Switch, "choice": Select}
        for key in KEYS:
            widget = dialog.query_one(f"#hr-{key.field}")
            assert isinstance(widget, kinds.get(key.kind, Input)), key.path
        sections = [str(label.render()) for label in dialog.query(".section")]
        tables = list(
            dict.fromkeys(f"{key.table.capitalize()} [{key.table}]" if key.table else "The ruleset" for key in KEYS)
        )
        assert sections == tables
        assert dialog.query_one("#hr-resets", Input).value == "100 = 50, 200 = 100"
        assert dialog.query_one("#hr-more_decks_from", Input).value == "4"
        assert dialog.query_one("#hr-jack_swing_up_to", Input).value == ""
        assert dialog.read_changes() == {}  # shown as they are, every value reads back unchanged


async def test_resets_lists_and_choices_are_saved_as_typed() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        dialog.query_one("#hr-resets", Input).value = "100 = 50, 150 = 75"
        dialog.query_one("#hr-more_decks_from", Input).value = ""
        dialog.query_one("#hr-jack_swing_up_to", Input).value = "6"
        dialog.query_one("#hr-assaf_zero", Select).value = "assafers"
        dialog.query_one("#hr-id", Input).value = "lucky"
        await pilot.press("ctrl+s")
        await pilot.pause()
        path = user_rulesets_dir() / "lucky.toml"
        loaded = load_ruleset_file(path, "lucky")
        expected = dataclasses.replace(
            load_ruleset("israeli"),
            id="lucky",
            resets=((100, 50), (150, 75)),
            more_decks_from=(),
            jack_swing_up_to=6,
            assaf_zero="assafers",
        )
        assert loaded == expected
        text = path.read_text()
        assert "at = {100 = 50, 150 = 75}" in text.replace("{ ", "{").replace(" }", "}")
        assert "more_decks_from" not in text


def file_error(tmp_path: Path, toml: str) -> str:
    """The one line a ruleset file with this text gives, without the file's name."""
    path = tmp_path / "house.toml"
    path.write_text(toml)
    with pytest.raises(RulesetError) as error:
        load_ruleset_file(path)
    return str(error.value).removeprefix(f"{path}: ")


@pytest.mark.parametrize(
    ("field", "text", "toml"),
    [
        ("hand_size", "25", "[deck]\nhand_size = 25"),
        ("hand_size", "five", '[deck]\nhand_size = "five"'),
        ("resets", "100 = 150", "[resets]\nat = { 100 = 150 }"),
        ("yaniv_limit_choices", "5, 5", "[yaniv]\nlimit_choices = [5, 5]"),
        ("end_limit", "0", "[end]\nlimit = 0\nlimit_choices = [0]"),
        ("name", "a\x07b", 'name = "a\\u0007b"'),
    ],
)
async def test_a_typed_value_gives_the_files_error_at_once(tmp_path: Path, field: str, text: str, toml: str) -> None:
    expected = file_error(tmp_path, toml)
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        dialog.query_one(f"#hr-{field}", Input).value = text
        await pilot.pause()
        shown = str(dialog.query_one("#hr-error", Static).render()).strip()
        assert shown == expected.splitlines()[0] and "\n" not in expected  # before any save, the same line
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and user_files() == []


async def test_a_hand_size_the_decks_cannot_deal_says_why() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        dialog.query_one("#hr-hand_size", Input).value = "20"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(dialog.query_one("#hr-error", Static).render()).strip()
        assert error.startswith("players.max: 3 players need 62 cards (20 each") and "allowed: at most 2" in error
        assert app.screen is dialog and user_files() == []


JUNK = ["", " ", "]", "{", "x = 1", "1e400", "-", "٣", "9" * 40, "[1, [2]]", '"q"', "{ a = { b = 1 } }", "\\"]


async def test_no_typed_text_gives_more_than_one_line() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        for key in KEYS:
            if key.kind in ("bool", "choice"):
                continue
            field = dialog.query_one(f"#hr-{key.field}", Input)
            shown = field.value
            for text in JUNK:
                field.value = text
                try:
                    dialog.read_changes()
                except RulesetError as error:
                    assert "\n" not in str(error) and str(error).startswith(f"{key.path}: ")
            field.value = shown
        await pilot.pause()


async def test_each_key_reads_first_in_the_players_words_its_file_key_after() -> None:
    """A player read raw file keys first (`players.min fewest players`): each row leads with the key's own words (its
    one line of meaning, declared with it), the file's key after them, and each section with the table's word."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        rows = {
            row.query_one(".hr-widget, .hr-switch").id: " ".join(str(row.query_one(Label).render()).split())
            for row in dialog.query(".hr-row")
        }
        assert rows["hr-min_players"] == "Fewest players players.min", rows
        for key in KEYS:
            words = " ".join(key.doc.replace("`", "").split())
            assert rows[f"hr-{key.field}"] == f"{words[:1].upper()}{words[1:]} {key.path}", key.path
        sections = [str(label.render()) for label in dialog.query(".section")]
        assert sections[:2] == ["The ruleset", "Players [players]"], sections


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_nothing_of_the_setup_screen_shows_beside_the_dialog(size: tuple[int, int]) -> None:
    """Before, at 80x24 a stray "▔" stood beside the dialog's right border, on the row of its buttons' lower edge: the
    top edge of the setup screen's Edit rules button, seen through the dialog's shade, with "out above 200" and the
    buttons' lower edges under the dialog. Around the dialog there is only its backdrop."""
    from tui_helpers import screen_lines

    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        dialog = await open_dialog(pilot)
        box = dialog.query_one("#hr-dialog").region
        lines = screen_lines(app)
        around = [
            line[: box.x] + line[box.right :] if box.y <= y < box.bottom else line
            for y, line in enumerate(lines[:-1])  # the last row is the dialog's own key bar
        ]
        assert all(not line.strip() for line in around), around
