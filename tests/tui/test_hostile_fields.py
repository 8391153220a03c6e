"""Hostile text pasted into every field a player types into: each field keeps only what it may hold (no control or
format character, no more than fits), or the screen refuses it in one printable line; nothing escapes as an error."""

from __future__ import annotations

import pytest
from openings import join_app
from rich.cells import cell_len
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input
from tui_helpers import HOSTILE, SIZE, screen_lines, until

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.join import JoinScreen


def no_control_or_format(text: str) -> bool:
    """Whether `text` holds nothing that could drive or reorder a terminal (every character printable)."""
    return text.isprintable()


async def paste(pilot: Pilot[None], field: Input, text: str) -> None:
    """Paste `text` into `field`, emptied first, as a terminal's bracketed paste does."""
    field.focus()
    field.value = ""
    await pilot.pause()
    field.post_message(events.Paste(text))
    await pilot.pause()


@pytest.mark.parametrize("kind", list(HOSTILE))
async def test_the_join_address_keeps_no_control_character_and_its_line_fits(kind: str) -> None:
    """Before: the address took controls, bidi overrides and NUL as pasted, and "cannot join ..." said all
    10,000 characters of a pasted address, over every row of the screen. A paste keeps the characters the field
    takes, as the seats' names do (tests/tui/test_paste_fields.py)."""
    app = join_app(code="ABCD")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        join = app.screen
        assert isinstance(join, JoinScreen)
        field = join.query_one("#join-address", Input)
        await paste(pilot, field, HOSTILE[kind])
        assert no_control_or_format(field.value), repr(field.value[:40])
        assert field.value == "".join(c for c in HOSTILE[kind] if c.isprintable())  # what a field shows is kept
        await pilot.press("enter")
        await until(pilot, lambda: join.said.startswith(("cannot", "type the address")))  # refused, or not there
        said = join.said
        assert "\n" not in said and no_control_or_format(said), repr(said[:80])
        assert cell_len(said) <= 2 * 80, said[:80]  # at most two rows of the smallest screen
        assert app.return_code is None and app.crash_line is None
        assert all(cell_len(line) == SIZE[0] for line in screen_lines(app))


@pytest.mark.parametrize("kind", list(HOSTILE))
async def test_the_join_name_and_code_keep_what_fits(kind: str) -> None:
    """The name keeps printable text of at most MAX_NAME cells (before, MAX_NAME characters: twelve wide ones, 24
    cells, were kept, for the name rule to refuse at the host); the code only letters and digits."""
    from yaniv_tui.engine.names import MAX_NAME

    app = join_app(code="ABCD")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#join-name", Input)
        await paste(pilot, name, HOSTILE[kind])
        assert no_control_or_format(name.value) and cell_len(name.value) <= MAX_NAME, (kind, name.value[:40])
        code = app.screen.query_one("#join-code", Input)
        await paste(pilot, code, HOSTILE[kind])
        assert code.value.isalnum() or not code.value, (kind, code.value[:40])


def house_rules_fields() -> list[str]:
    """The id of every text field of the house rules editor: the new preset's id, then each key's."""
    from yaniv_tui.engine import KEYS

    return ["hr-id", *(f"hr-{key.field}" for key in KEYS if key.kind not in ("bool", "choice"))]


@pytest.mark.slow  # about 50 s: 36 fields, 12 pastes each
async def test_every_house_rule_field_keeps_no_control_character_and_refuses_in_one_line() -> None:
    """Each hostile text pasted into each field: the field holds only printable text, and the editor says what is
    wrong in one printable line; then ctrl+s saves (back at the setup screen) or says why not in that line.
    Before, every field took controls, bidi overrides, zero-width joiners and NUL as pasted."""
    from yaniv_tui.tui.screens.house_rules import HouseRulesScreen
    from yaniv_tui.tui.screens.setup import SetupScreen

    def said(editor: HouseRulesScreen) -> str:
        line = str(editor.query_one("#hr-error").render()).strip()
        assert "\n" not in line and no_control_or_format(line), line[:80]
        return line

    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(app.screen, HouseRulesScreen))
        editor = app.screen
        assert isinstance(editor, HouseRulesScreen)
        for field_id in house_rules_fields():
            field = editor.query_one(f"#{field_id}", Input)
            kept = field.value
            for kind, text in HOSTILE.items():
                await paste(pilot, field, text)
                assert no_control_or_format(field.value), (field_id, kind, repr(field.value[:40]))
                said(editor)
            field.value = kept
        await pilot.pause()
        assert said(editor) == ""
        for kind, text in HOSTILE.items():  # saved under a hostile name, or refused in one line
            await paste(pilot, editor.query_one("#hr-name", Input), text)
            await pilot.press("ctrl+s")
            await pilot.pause()
            if not isinstance(app.screen, HouseRulesScreen):
                await until(pilot, lambda: isinstance(app.screen, SetupScreen))
                await pilot.press("ctrl+e")
                await until(pilot, lambda: isinstance(app.screen, HouseRulesScreen))
                editor = app.screen
                assert isinstance(editor, HouseRulesScreen)
            else:
                assert said(editor), kind
        assert app.return_code is None and app.crash_line is None


@pytest.mark.slow  # about 40 s: a setup screen for each field and paste
@pytest.mark.parametrize("field", ["name", "seed", "end score"])
async def test_the_setup_fields_keep_what_fits_and_refuse_in_one_line(field: str) -> None:
    """Each hostile text pasted into a seat's name, the seed or a typed end score (Seven Cards takes any), then
    ctrl+s: the field holds printable text that fits (a name at most MAX_NAME cells), and the game starts or the
    line above Start says why not, one printable line; nothing escapes."""
    from yaniv_tui.engine.names import MAX_NAME
    from yaniv_tui.tui.screens.setup import SeatRow, SetupScreen

    for kind, text in HOSTILE.items():
        app = YanivApp(None, LaunchOptions(bot_delay=0.0, ruleset="seven-cards"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            setup = app.screen
            assert isinstance(setup, SetupScreen)
            if field == "name":
                target: Input = setup.query(SeatRow).first()
            else:
                target = setup.query_one("#seed" if field == "seed" else "#end-typed", Input)
            await paste(pilot, target, text)
            assert no_control_or_format(target.value), (kind, repr(target.value[:40]))
            if field == "name":
                assert cell_len(target.value) <= MAX_NAME, kind
            await pilot.press("ctrl+s")
            await pilot.pause()
            if app.screen is setup:
                line = str(setup.query_one("#setup-error").render()).strip()
                assert line and "\n" not in line and no_control_or_format(line), (kind, line[:80])
                assert cell_len(line) <= 2 * 80, (kind, line[:80])
            assert app.return_code is None and app.crash_line is None
