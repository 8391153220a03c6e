"""Issue 16's ruleset keys where a host and a player meet them: the hand size chosen on the setup screen, each
new key in the house-rules dialog, and the table with no card turned up saying its pile is empty."""

from __future__ import annotations

import dataclasses

import pytest
from textual.widget import Widget
from textual.widgets import Input, Select, Switch
from tui_helpers import SIZE, TableApp, game_of, make_options, screen_text, settle, stacked_session

from yaniv_tui.engine import Key, Ruleset, drop_kind, parse_cards, takeable
from yaniv_tui.store import user_rulesets_dir
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.choice import Choice

PICK = """
name = "Pick a hand"
[players]
max = 7
[deck]
hand_size_choices = [5, 6, 7]
"""


def write_pick() -> None:
    folder = user_rulesets_dir()
    folder.mkdir(parents=True)
    (folder / "pick.toml").write_text(PICK)


async def test_the_host_picks_the_hand_size_on_the_setup_screen() -> None:
    write_pick()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, ruleset="pick"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.ruleset_id == "pick"
        hand = setup.query_one("#hand-size", Choice)
        assert hand.display
        assert [value for _, value in hand.choices] == [5, 6, 7] and hand.value == 5
        assert "Hand size" in screen_text(app)
        hand.focus()
        await pilot.press("right", "right")
        assert hand.value == 7
        await pilot.press("ctrl+s")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.rules.hand_size == 7 and len(game_of(table).hand(0)) == 7


async def test_a_preset_with_one_hand_size_shows_no_choice() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not [hand for hand in app.screen.query("#hand-size") if hand.display]
        assert "Hand size" not in screen_text(app)


async def test_a_hand_size_given_on_the_command_line_is_chosen() -> None:
    write_pick()
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, ruleset="pick", hand_size=6))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#hand-size", Choice).value == 6


@pytest.mark.parametrize(
    ("field", "widget"),
    [("hand_size_choices", Input), ("turn_up", Switch), ("spare_joker", Select), ("slap_jokers", Switch)],
)
async def test_the_house_rules_dialog_shows_each_new_key(field: str, widget: type[Widget]) -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HouseRulesScreen)
        shown = dialog.query_one(f"#hr-{field}", widget)
        shown.scroll_visible(animate=False)
        await pilot.pause()
        await pilot.pause()
        key = next(k for k in dialog_keys() if k.field == field)
        assert key.doc.split(";")[0][1:40] in " ".join(screen_text(app).split())


def dialog_keys() -> tuple[Key, ...]:
    from yaniv_tui.engine import KEYS

    return KEYS


async def test_the_house_rules_dialog_saves_a_table_with_no_card_turned_up() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HouseRulesScreen)
        dialog.query_one("#hr-turn_up", Switch).value = False
        dialog.query_one("#hr-hand_size_choices", Input).value = "5, 6"
        dialog.query_one("#hr-id", Input).value = "bare"
        dialog.action_save()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.ruleset_id == "bare"
        assert app.screen.rules.turn_up is False and app.screen.rules.hand_sizes == (5, 6)


async def test_the_table_says_the_pile_is_empty_when_no_card_is_turned_up() -> None:
    rules = dataclasses.replace(Ruleset(), turn_up=False)
    options = make_options(rules, "Ann,bot:medium")
    session = stacked_session(options, ["9C 9H 8D KD 2H", "2C 3C 8S KS QS"], up="", deck="4D 9S")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        text = screen_text(app)
        assert "the pile is empty" in text and "previous drop" not in text
        await pilot.press("5", "enter")  # KD, shown last by rank
        await pilot.pause()
        assert "Take: 0/d the deck." in " ".join(screen_text(app).split())
        await pilot.press("1")
        await pilot.pause()
        assert "The pile is empty: take the deck's card" in screen_text(app)
        await pilot.press("0")
        await settle(pilot)
        assert parse_cards("4D")[0] in session.game.hand(0) and parse_cards("KD")[0] not in session.game.hand(0)


def test_the_rules_text_says_each_new_key_and_the_presets_say_nothing_new() -> None:
    from yaniv_tui.engine import load_ruleset
    from yaniv_tui.tui.rules_text import describe

    plain = Ruleset(slap_down=True)
    house = dataclasses.replace(
        plain, hand_size_choices=(5, 6, 7), turn_up=False, spare_joker="before_first", slap_jokers=False
    )
    before, after = "\n".join(describe(plain)), "\n".join(describe(house))
    for words in (
        "the host picks 5, 6 or 7",
        "No card is turned up",
        "low end if you lay it (choose it) before",
        "never slapped",
    ):
        assert words not in before and words in after
    for preset in ("israeli", "yanivo", "sursis", "seven-cards"):
        text = "\n".join(describe(load_ruleset(preset)))
        assert "host picks" not in text and "turned up" not in text and "low end" not in text


@pytest.mark.parametrize(
    ("keys", "laid", "ends"),
    [
        (("2", "3", "1"), "5S 6S JK", "5S JK"),  # 5♠ 6♠ then the joker: laid after them, on the high end
        (("1", "2", "3"), "JK 5S 6S", "JK 6S"),  # the joker first: laid before them, on the low end
    ],
)
async def test_where_a_human_lays_a_spare_joker_decides_the_ends_the_next_player_may_take(
    keys: tuple[str, str, str], laid: str, ends: str
) -> None:
    rules = dataclasses.replace(Ruleset(), spare_joker="before_first")
    options = make_options(rules, "Ann,bot:medium")
    session = stacked_session(options, ["JK 5S 6S KD QH", "2C 3C 8S KS QS"], up="9D", deck="4D 9S 2D 3D")
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.hand_of(0)[:3] == tuple(parse_cards("JK 5S 6S"))
        await pilot.press(*keys, "enter")
        await pilot.pause()
        assert table.drop == tuple(parse_cards(laid))
        await pilot.press("0")
        await pilot.pause()
        first = session.game.log[0]
        assert first.seat == 0 and first.drop == tuple(parse_cards(laid))
        kind = drop_kind(first.drop, rules)
        assert kind is not None and takeable(first.drop, kind, rules) == tuple(parse_cards(ends))
