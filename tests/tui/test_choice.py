"""The Choice widget: a value from a few, stepped with keys or pressed."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from yaniv_tui.tui.widgets.choice import Choice


class OneChoice(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.ascii_cards = False  # as the game's app has it (app_seam.GameApp)
        self.changes: list[object] = []

    def compose(self) -> ComposeResult:
        yield Choice([("5 or less", 5), ("7 or less", 7), ("10 or less", 10)], id="limit")

    def on_choice_changed(self, event: Choice.Changed) -> None:
        self.changes.append(event.value)


async def test_keys_and_presses_step_through_the_values_and_wrap_around() -> None:
    app = OneChoice()
    async with app.run_test() as pilot:
        choice: Choice[int] = app.query_one("#limit", Choice)
        choice.focus()
        assert choice.value == 5 and str(choice.label) == "‹ 5 or less ›"
        await pilot.press("right")
        assert choice.value == 7
        await pilot.press("enter")  # pressing takes the next
        assert choice.value == 10
        await pilot.press("right")  # past the last: the first again
        assert choice.value == 5
        await pilot.press("left")
        assert choice.value == 10
        await pilot.click("#limit")
        assert choice.value == 5
        await pilot.pause()
        assert app.changes == [7, 10, 5, 10, 5]


async def test_setting_a_value_or_new_choices() -> None:
    app = OneChoice()
    async with app.run_test() as pilot:
        choice: Choice[int] = app.query_one("#limit", Choice)
        choice.value = 10
        assert "10 or less" in str(choice.label)
        with pytest.raises(ValueError, match="6 is not one of"):
            choice.value = 6
        assert choice.value == 10  # a refused value changes nothing
        choice.set_choices([("100", 100), ("200", 200)])
        assert choice.value == 100 and choice.choices == [("100", 100), ("200", 200)]
        with pytest.raises(ValueError, match="at least one choice"):
            choice.set_choices([])
        await pilot.pause()


async def test_a_choice_shows_its_words_as_written_not_as_markup() -> None:
    app = OneChoice()
    async with app.run_test() as pilot:
        choice: Choice[int] = app.query_one("#limit", Choice)
        choice.set_choices([("[/] [b]x", 1), ("[red]y[/red]", 2)])  # "[/]" alone would be a MarkupError
        await pilot.pause()
        assert str(choice.label) == "‹ [/] [b]x ›"
        choice.value = 2
        await pilot.pause()
        assert "‹ [red]y[/red] ›" in str(choice.render())
