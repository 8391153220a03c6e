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


@pytest.mark.parametrize("web", [True, False])
async def test_a_browsers_page_offers_no_ansi_theme_and_a_remembered_one_is_not_put_on_it(
    web: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: a page of `yaniv serve` offered ansi-light (the first theme matching "light" in the palette) and
    ansi-dark, whose colours are the terminal's own palette: on the page's fixed dark background ansi-light's names,
    black suits and log could not be read, and the theme was remembered for the next page. A page offers only the
    themes that paint their own colours; a terminal still offers the ANSI ones, its own palette."""
    from textual.theme import ThemeProvider

    from yaniv_tui.store.settings import Settings, save_settings
    from yaniv_tui.tui.app import YanivApp

    assert save_settings(Settings(theme="ansi-light")) is None
    monkeypatch.setattr(YanivApp, "is_web", property(lambda app: web))
    app = make_app("israeli", "Ann,bot:medium", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        offered = {name for name, _ in ThemeProvider(app.screen).commands}
        assert {"nord", "textual-light", "textual-dark"} <= offered
        ansi = {"ansi-light", "ansi-dark"}
        if web:
            assert not offered & ansi, offered
            assert not any(theme.ansi for theme in app.available_themes.values())
            assert app.theme == "textual-dark"
        else:
            assert ansi <= offered
            assert app.theme == "ansi-light"


def test_a_theme_kept_while_another_yaniv_changes_the_bell_keeps_both() -> None:
    """Another yaniv changes the bell (under the settings' lock, reading the file first) while this one keeps a
    theme: both changes stay. Before, this one read and wrote the file without the lock, and the other's write,
    made of what it had read before, took the theme away."""
    import threading
    import time
    from dataclasses import replace

    from yaniv_tui.store.files import changing
    from yaniv_tui.store.settings import load_settings, read_settings, save_settings, settings_path
    from yaniv_tui.tui.app import YanivApp

    path = settings_path()
    read_first = threading.Event()

    def another_yaniv() -> None:
        with changing(path):
            settings, _ = read_settings(path)
            read_first.set()
            time.sleep(0.5)  # its change under way, the lock held
            save_settings(replace(settings, bell=False), path)

    other = threading.Thread(target=another_yaniv)
    other.start()
    assert read_first.wait(10)
    YanivApp().save_setting(theme="nord")
    other.join(10)
    kept = load_settings()
    assert (kept.theme, kept.bell) == ("nord", False), kept
