"""A paste into a field that restricts what it takes keeps what the field takes, as much as fits, and one notice
says what was left out (`widgets/form.FormInput.on_paste`): before, Textual refused the whole paste, with no word,
for one character the field refuses (a tab in a name), and kept only a paste's first line."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input
from tui_helpers import SIZE, notices, until

from yaniv_tui.engine import KEYS
from yaniv_tui.engine.names import MAX_NAME
from yaniv_tui.net.secrets_gate import CODE_LENGTH
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.remote import Client, JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen


async def paste(pilot: Pilot[None], field: Input, text: str, value: str = "") -> None:
    """Paste `text` into `field` holding `value`, its cursor at the end, as a terminal's bracketed paste does."""
    field.focus()
    await pilot.pause()  # focus selects a field's text: the cursor is put after it
    field.value = value
    field.cursor_position = len(value)
    await pilot.pause()
    field.post_message(events.Paste(text))
    await pilot.pause()


def last_notice(app: YanivApp) -> str:
    told = notices(app)
    return told[-1] if told else ""


async def _nobody(address: str, code: str, name: str | None) -> Client:
    raise ConnectionRefusedError(111, "Connection refused")  # never reached: these tests join nothing


@pytest.mark.parametrize(
    ("pasted", "kept", "words"),
    [
        ("Dana\n", "Dana", "newline"),
        ("\nDana\r\n", "Dana", "3 characters"),
        ("Da\tna", "Dana", "tab"),
        ("Dana\x1b[2J", "Dana[2J", "U+001B"),
        ("Ann\u202eBob", "AnnBob", "U+202E"),
    ],
)
async def test_a_name_keeps_what_it_takes_of_a_paste_and_says_what_it_left_out(
    pasted: str, kept: str, words: str
) -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.screen.query(SeatRow).first()
        await paste(pilot, field, pasted)
        assert field.value == kept
        told = last_notice(app)
        assert words in told and "\n" not in told and told.isprintable(), told


async def test_a_name_keeps_what_fits_in_its_cells_and_says_the_rest_did_not_fit() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.screen.query(SeatRow).first()
        await paste(pilot, field, "田" * 10, value="Ab")  # 2 + 20 cells: 6 wide ones fit beside "Ab"
        assert field.value == "Ab" + "田" * ((MAX_NAME - 2) // 2)
        assert cell_len(field.value) <= MAX_NAME
        assert last_notice(app) == f"Pasted without {10 - (MAX_NAME - 2) // 2} that did not fit."


async def test_a_paste_the_field_takes_whole_says_nothing() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        field = app.screen.query(SeatRow).first()
        await paste(pilot, field, "Noa")
        assert field.value == "Noa" and notices(app) == []


async def test_the_seed_and_an_end_score_keep_their_digits() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, ruleset="seven-cards"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        seed = setup.query_one("#seed", Input)
        await paste(pilot, seed, "12 345\n")
        assert seed.value == "12345"
        assert last_notice(app) == "Pasted without 2 characters this field does not take (space, newline)."
        end = setup.query_one("#end-typed", Input)
        await paste(pilot, end, "-150")
        assert end.value == "150" and "'-'" in last_notice(app)


async def test_the_join_screens_code_keeps_its_letters_and_digits_up_to_a_codes_length() -> None:
    request = JoinRequest(joiner=_nobody, join_error=(OSError,))
    app = YanivApp(None, LaunchOptions(bot_delay=0.0), joining=request)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        code = app.screen.query_one("#join-code", Input)
        await paste(pilot, code, " ab-cd12\n")
        assert code.value == "abcd"[:CODE_LENGTH]
        told = last_notice(app)
        assert "space" in told and "'-'" in told and "newline" in told and "did not fit" in told, told
        address = app.screen.query_one("#join-address", Input)
        await paste(pilot, address, "localhost:8765\n")
        assert address.value == "localhost:8765" and "newline" in last_notice(app)


async def test_the_join_screens_code_takes_no_more_typed_than_a_code_has() -> None:
    request = JoinRequest(joiner=_nobody, join_error=(OSError,))
    app = YanivApp(None, LaunchOptions(bot_delay=0.0), joining=request)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        code = app.screen.query_one("#join-code", Input)
        code.focus()
        await pilot.press(*"abcdefgh")
        assert code.value == "abcdefgh"[:CODE_LENGTH]


async def test_a_house_rule_field_keeps_what_it_takes() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(app.screen, HouseRulesScreen))
        rule_id = app.screen.query_one("#hr-id", Input)
        await paste(pilot, rule_id, "my-rules\t\n")
        assert rule_id.value == "my-rules" and "tab" in last_notice(app)


@pytest.mark.parametrize(("field", "pasted"), [("assaf_penalty", "3o"), ("ace_value", "1-")])
async def test_a_house_rule_number_refused_whole_says_what_its_field_takes(field: str, pasted: str) -> None:
    """A paste the number field cannot take whole (a letter, a sign after a digit) is refused whole, and its notice
    says what the field takes, from the key's own range. Before: only "this field does not take that text"."""
    key = next(key for key in KEYS if key.field == field)
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(app.screen, HouseRulesScreen))
        number = app.screen.query_one(f"#hr-{field}", Input)
        await paste(pilot, number, pasted)
        assert number.value == ""
        assert last_notice(app) == f"Nothing pasted: this field takes a whole number from {key.low} to {key.high}."


def test_the_left_out_line_names_each_kind_once_and_at_most_three() -> None:
    from yaniv_tui.tui.widgets.form import character_word, left_out_line

    assert left_out_line("", 0) == ""
    assert left_out_line("\t\t\n", 0) == "Pasted without 3 characters this field does not take (2 × tab, newline)."
    line = left_out_line("\x00\x01\x02\x03\x04", 7)
    assert line.endswith("(U+0000, U+0001, U+0002 and 2 more kinds) and 7 that did not fit.")
    assert character_word("\u200b") == "U+200B" and character_word("x") == "'x'" and character_word(" ") == "space"
