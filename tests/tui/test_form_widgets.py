"""The form's Button and Input (`widgets/form.py`) skip the styling Textual gives a widget whose classes change
before it is mounted, and look and behave exactly as Textual's own once mounted. These tests pin the Textual
behaviour that relies on: they fail if Textual stops styling unmounted widgets (the subclasses would then be
pointless) or stops styling a widget whole as it is mounted (they would then be wrong)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import pytest
from textual.app import App, ComposeResult
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Button, Input

from yaniv_tui.tui.screens.setup_seats import RulesetList
from yaniv_tui.tui.widgets.choice import Choice
from yaniv_tui.tui.widgets.form import FormButton, FormInput


class Form(App[None]):
    def compose(self) -> ComposeResult:
        yield Button("Start", id="start", variant="success")
        yield Input("Ann", id="name", compact=True)


@pytest.fixture
def styled(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[DOMNode]]:
    """Every node the stylesheet is asked to restyle (`Stylesheet.update_nodes`), in order."""
    seen: list[DOMNode] = []
    update_nodes = Stylesheet.update_nodes

    def counted(self: Stylesheet, nodes: Iterable[DOMNode], animate: bool = False) -> None:
        nodes = list(nodes)
        seen.extend(nodes)
        update_nodes(self, nodes, animate=animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    yield seen


def looks(widget: Widget) -> tuple[object, ...]:
    """What a widget's styles draw: its size rules, border, colours and text style."""
    styles = widget.styles
    return (styles.height, styles.border, styles.background, styles.color, styles.text_style, widget.classes)


MAKERS: list[tuple[Callable[[], Widget], Callable[[], Widget]]] = [
    (lambda: Button("Start", variant="success"), lambda: FormButton("Start", variant="success")),
    (lambda: Button("+ seat", compact=True), lambda: FormButton("+ seat", compact=True)),
    (lambda: Input("Ann", compact=True, max_length=5), lambda: FormInput("Ann", compact=True, max_length=5)),
]


async def test_textual_restyles_its_own_button_and_input_before_they_are_mounted(styled: list[DOMNode]) -> None:
    """The cost the form's widgets avoid: made inside a running app, Textual's own restyle themselves."""
    app = Form()
    async with app.run_test():
        for plain, _ in MAKERS:
            styled.clear()
            made = plain()
            assert made in styled, f"Textual no longer styles an unmounted {type(made).__name__}"


async def test_the_forms_widgets_are_not_styled_until_mounted_then_look_as_textuals_own(
    styled: list[DOMNode],
) -> None:
    app = Form()
    async with app.run_test() as pilot:
        for plain, form in MAKERS:
            styled.clear()
            ours, theirs = form(), plain()
            assert ours not in styled
            await app.screen.mount(ours, theirs)
            await pilot.pause()
            assert looks(ours) == looks(theirs)
            assert ours.region.size == theirs.region.size


async def test_a_mounted_form_widget_is_restyled_as_its_classes_change(styled: list[DOMNode]) -> None:
    app = Form()
    async with app.run_test() as pilot:
        ours, theirs = FormButton("Stats"), Button("Stats")
        await app.screen.mount(ours, theirs)
        await pilot.pause()
        styled.clear()
        ours.variant = theirs.variant = "error"
        ours.disabled = theirs.disabled = True
        await pilot.pause()
        assert ours in styled and looks(ours) == looks(theirs)


def test_the_setup_screens_own_controls_are_the_forms() -> None:
    """The setup screen's other controls made on Textual's (its limits, the ruleset list) skip it too."""
    for widget in (Choice, RulesetList):
        assert widget.update_node_styles is FormButton.update_node_styles
