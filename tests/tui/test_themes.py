"""Colours come from the theme: the default theme keeps the felt table and white cards, another restyles them."""

from __future__ import annotations

from textual.color import Color
from tui_helpers import SIZE, drawn_lines, make_app, settle

from yaniv_tui.engine import parse_cards
from yaniv_tui.tui.colours import GAME_COLOURS, colour
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
