"""Colours come from the theme: the default theme keeps the felt table and white cards, another restyles them."""

from __future__ import annotations

import pytest
from textual.color import Color
from tui_helpers import SIZE, drawn_lines, make_app, settle

from yaniv_tui.engine import parse_cards
from yaniv_tui.tui.colours import GAME_COLOURS, colour, contrast
from yaniv_tui.tui.widgets.cards import CardFace, face_text


async def test_the_default_theme_keeps_the_felt_and_another_theme_restyles_the_table_and_cards() -> None:
    app = make_app("israeli", "Ann,bot:medium", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        card = table.query_one("#hand").query(CardFace).first()
        assert table.styles.background == Color.parse("#0b3d2a")
        assert card.styles.background == Color.parse("#f4f1e8")
        assert colour("card-red") == "#d40000"
        drawn = [list(line) for line in drawn_lines(card)]
        app.theme = "nord"
        await pilot.pause()
        await pilot.pause()
        assert [list(line) for line in drawn_lines(card)] != drawn, "the cards keep the old theme's colours"
        nord = app.current_theme.to_color_system().generate()
        assert table.styles.background == Color.parse(nord["background"])
        assert card.styles.background == Color.parse(nord["foreground"])
        # Rich text (card faces in the log, the round's table) takes the theme's colours too.
        assert colour("card-red") == Color.parse(nord["error"]).hex6
        assert f"{colour('card-red')}" in str(face_text(parse_cards("5H")[0]).style)
        app.theme = "textual-dark"
        await pilot.pause()
        assert table.styles.background == Color.parse("#0b3d2a")
        assert all(colour(name) == drawn for name, (drawn, _) in GAME_COLOURS.items())


async def test_a_theme_may_set_a_game_colour_by_name() -> None:
    from textual.theme import Theme

    app = make_app("israeli", "Ann,bot:medium", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.register_theme(Theme("felt-blue", primary="#0178D4", dark=True, variables={"felt": "#102040"}))
        app.theme = "felt-blue"
        await pilot.pause()
        assert app.screen.styles.background == Color.parse("#102040")
        app.theme = "textual-dark"
        await pilot.pause()


@pytest.mark.parametrize(
    ("one", "other", "ratio"),
    [
        ("#000000", "#FFFFFF", 21.0),  # black on white, the most there is
        ("#FFFFFF", "#000000", 21.0),  # either way round
        ("#FFFFFF", "#FFFFFF", 1.0),  # white on white, the least
        ("#767676", "#FFFFFF", 4.54),  # the palest grey on white that passes WCAG AA (4.5)
        ("#777777", "#FFFFFF", 4.48),  # one step paler, which fails it
        ("#0000FF", "#FFFFFF", 8.59),  # pure blue on white
    ],
)
def test_the_contrast_ratio_is_wcags_on_known_pairs(one: str, other: str, ratio: float) -> None:
    assert round(contrast(one, other), 2) == ratio


#: What is written on what: the key over each card in the hand (1-9 picks it), and the deck's count.
WRITTEN_ON = [("card-key", "card-face"), ("deck-count", "deck-back")]


def test_in_every_theme_the_cards_keys_and_the_decks_count_can_be_read() -> None:
    """In textual-light the keys over the hand's cards (the 1-9 that pick them) were dark blue on a dark face, and
    the deck's count dark on dark blue: neither could be read. Each is written in a colour that stands out."""
    from textual.app import App

    from yaniv_tui.tui.colours import theme_colours

    faint = []
    for name, theme in App().available_themes.items():
        if theme.ansi:
            continue  # its colours are the terminal's palette, unknown here
        colours = theme_colours(theme)
        faint += [(name, fg, bg, round(contrast(colours[fg], colours[bg]), 2)) for fg, bg in WRITTEN_ON]
    faint = [item for item in faint if item[3] < 3.0]
    assert not faint, faint
