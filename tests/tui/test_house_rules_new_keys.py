"""Issue 31's ruleset keys in the house-rules dialog: each is shown with its meaning, can be changed, and the changed
ruleset is saved as the host's own file and loads back with that value; a card's own value (`values.cards`, a
table of card codes) is typed as `KH=0, QS=5`, and a bad one is refused in one line naming what is allowed."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static, Switch
from tui_helpers import screen_text

from yaniv_tui.engine import KEYS, load_ruleset, load_ruleset_file
from yaniv_tui.store import user_rulesets_dir
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.setup import SetupScreen

#: Each new key (but `take.joker_swap`, another change's), how the host changes it in the dialog (typed text for a
#: text field, else the value chosen), and the value the saved ruleset then holds.
NEW_KEYS: list[tuple[str, object, Any]] = [
    ("values.cards", "KH=0, QS=5", (("KH", 0), ("QS", 5))),
    ("resets.jokers_held", "2", 2),
    ("resets.on_zero_added", True, True),
    ("resets.with_penalty", False, False),
    ("yaniv.empty_hand", "wins_at_once", "wins_at_once"),
    ("drops.slap_after", "single", "single"),
    ("drops.slap_runs", True, True),
    ("drops.slap_last_card", False, False),
    ("drops.joker_ends", False, False),
    ("players.next_first", "caller", "caller"),
    ("deck.recount", True, True),
]
SIZES = [(80, 24), (100, 30)]


def set_value(widget: Widget, change: object) -> None:
    if isinstance(widget, Input):
        assert isinstance(change, str)
        widget.value = change
    elif isinstance(widget, Switch):
        assert isinstance(change, bool)
        widget.value = change
    else:
        assert isinstance(widget, Select)
        widget.value = change


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x30"])
@pytest.mark.parametrize(("path", "change", "held"), NEW_KEYS, ids=[key for key, _, _ in NEW_KEYS])
async def test_each_new_key_is_shown_changed_saved_and_loaded_back(
    size: tuple[int, int], path: str, change: object, held: Any
) -> None:
    key = next(k for k in KEYS if k.path == path)
    base = load_ruleset("israeli")
    assert getattr(base, key.field) != held, "the change is a change"
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HouseRulesScreen)
        widget = dialog.query_one(f"#hr-{key.field}")
        row = widget.parent
        assert isinstance(row, Widget)
        row.scroll_visible(animate=False)  # the whole row: the file's key comes after the words
        await pilot.pause()
        await pilot.pause()
        assert key.path in screen_text(app)
        label = " ".join(str(row.query_one(Label).render()).split())
        words = " ".join(key.doc.replace("`", "").split())
        assert label.startswith(words[:1].upper() + words[1:30]) and label.endswith(key.path), label
        assert dialog.query_one("#hr-fields").region.contains_region(widget.region), "the field is on screen"
        set_value(widget, change)
        await pilot.pause()
        assert str(dialog.query_one("#hr-error", Static).render()).strip() == ""
        assert dialog.read_changes() == {key.field: held}
        dialog.query_one("#hr-id", Input).value = "house"
        await pilot.press("ctrl+s")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.ruleset_id == "house"
        assert getattr(setup.rules, key.field) == held
    loaded = load_ruleset_file(user_rulesets_dir() / "house.toml", "house")
    assert loaded == dataclasses.replace(base, id="house", **{key.field: held})


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("KH=zero", "values.cards: must be a table like { KH = 0 }"),
        ("XX=1", "values.cards: 'XX' is not a card: a card is a rank A 2-10 T J Q K and a suit C D H S"),
        ("JK=3", "values.cards: JK: a joker's value is values.joker"),
        ("KH=99", "values.cards: KH must be a whole number from -50 to 50, got 99"),
        ("KH=1, kh=2", "values.cards: kh names KH again"),
        ("KH 0", "values.cards: must be a table like { KH = 0 }"),
    ],
)
async def test_a_bad_card_value_is_refused_in_one_line_naming_what_is_allowed(typed: str, words: str) -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HouseRulesScreen)
        field = dialog.query_one("#hr-card_values", Input)
        field.value = typed
        await pilot.pause()
        error = str(dialog.query_one("#hr-error", Static).render()).strip()
        assert error.startswith(words) and "\n" not in error, error
        dialog.query_one("#hr-id", Input).value = "house"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and not (user_rulesets_dir() / "house.toml").exists()


async def test_a_card_value_typed_by_keys_is_kept_and_shown_again_as_saved() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HouseRulesScreen)
        field = dialog.query_one("#hr-card_values", Input)
        assert field.value == "" and field.placeholder == "none"  # a blank is no card with a value of its own
        field.focus()
        await pilot.press(*"kh=0,10s=-1")
        await pilot.pause()
        assert dialog.read_changes() == {"card_values": (("10S", -1), ("KH", 0))}
        dialog.query_one("#hr-id", Input).value = "house"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+e")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, HouseRulesScreen) and again.rules.id == "house"
        assert again.query_one("#hr-card_values", Input).value == "10S = -1, KH = 0"
        assert again.read_changes() == {}
