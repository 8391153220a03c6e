"""The table holds at 80×24; below that every screen says to enlarge the terminal."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from tui_helpers import TableApp, game_of, make_app, make_options, play_turn, screen_text, settle, stacked_session

from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import CardFace, face
from yaniv_tui.tui.widgets.table import DeckView, HandView, SeatPanel


async def test_everything_fits_at_80x24_with_seven_cards_and_four_seats() -> None:
    app = make_app("seven-cards", "Ann,bot,bot,bot", seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        whole = screen.region
        text = screen_text(app)
        assert "enlarge the terminal" not in text
        widgets = [*screen.query(SeatPanel), screen.query_one(DeckView), *screen.query_one(HandView).query(CardFace)]
        for widget in widgets:
            if widget.display:
                assert whole.contains_region(widget.region), f"{widget} is cut off at {widget.region}"
        for card in game_of(screen).hand(0):
            assert face(card) in text
        assert "1-9 ←→ space choose" in text  # the key bar is there


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (60, 20)])
async def test_below_80x24_the_screen_asks_for_more_room(size: tuple[int, int]) -> None:
    app = make_app("sursis", seed=7)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "enlarge the terminal" in text
        assert "♠" not in text and "♥" not in text


async def test_growing_the_terminal_brings_the_table_back() -> None:
    app = make_app("sursis", seed=7)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert "enlarge the terminal" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert "enlarge the terminal" not in screen_text(app)
        assert "Your hand" in screen_text(app)


async def test_the_turns_prompt_is_said_whole_at_80x24() -> None:
    """Before, a five-card run's prompt (or a hot-seat player's name in it) ran past the line's one row at 80
    columns: "Your turn, Alexandrovnaa: dropping A♥ 2♥ 3♥. Take: 0/d the deck, or 1 a" and no more."""
    options = make_options("israeli", "Alexandrovnaa,Ann,bot:easy", seed=8)
    session = stacked_session(options, ["AH 2H 3H 4H 5H", "9C KS 4D 5S 6D", "2C 3C 4C 5C 6C"], up="8D", deck="7S")
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the pass screen: Alexandrovnaa holds the keyboard
        await settle(pilot)
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.stage == "take"
        text = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert "Your turn, Alexandrovnaa: dropping A♥ 2♥ 3♥ 4♥ 5♥. Take: 0/d the deck, or 1 a marked card." in text
        hand = [card for card in table.query_one(HandView).query(CardFace) if card.display]
        assert hand and all(table.region.contains_region(card.region) for card in hand)


async def test_the_hands_title_is_said_whole_at_80x24() -> None:
    """Before, a hot-seat player's name cut the line over the hand short at 80 columns once the hand could call:
    "Alexandrovnaa's hand · worth 6 · at 7 or less you may call Yaniv (y) · you t" and no more."""
    options = make_options("israeli", "Alexandrovnaa,Ann,bot:easy", seed=8, yaniv_limit=7)
    hands = ["AH AS AC 2C KS", "9C KH 4D 5S 6D", "2D 3C 4C 5C 6C"]
    session = stacked_session(options, hands, up="8D", deck="AD 10S 10H 10D")
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the pass screen: Alexandrovnaa holds the keyboard
        await settle(pilot)
        await pilot.press("5", "enter", "0")  # K♠ off, the deck's A♦ in
        for _ in range(6):  # Ann's turn (after her pass screen), the bot's, then Alexandrovnaa's pass screen
            await settle(pilot)
            table = app.screen
            if isinstance(table, TableScreen) and table.viewer == 0:
                break
            if isinstance(table, TableScreen):
                await play_turn(pilot)
            else:
                await pilot.press("enter")
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer == 0 and table.stage == "choose"
        text = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert "Alexandrovnaa's hand · worth 6 · at 7 or less you may call Yaniv (y) · you took A♦" in text, text
        hand = [card for card in table.query_one(HandView).query(CardFace) if card.display]
        assert hand and all(table.region.contains_region(card.region) for card in hand)


async def test_what_a_seat_did_keeps_its_take_in_a_narrow_box() -> None:
    """Four boxes across 80 columns: a four-card run dropped filled a box's line, and what the seat took ("+deck")
    was cut off. The run is shortened to its ends instead ("−4♣…7♣ +deck"), the take kept."""
    options = make_options("israeli", "Ann,bot:medium:Avi,bot:medium:Noa,bot:medium:Eli", seed=3)
    hands = ["9C KS 4H 5H 6D", "4C 5C 6C 7C KD", "9D 9H 2S 3S QS", "AS 2D 3D 8H 8S"]
    session = stacked_session(options, hands, up="JD", deck="10S 10H 10D 10C", first=1)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one("#seat-1", SeatPanel)
        assert panel.border_title is not None and "Avi" in str(panel.border_title)
        lines = [line for line in screen_text(app).splitlines()[:6] if "−" in line]
        assert lines, screen_text(app)
        assert "−4♣…7♣ +deck" in lines[0], lines[0]
        assert "−9♦ 9♥ +deck" in lines[0] and "−8♥ 8♠ +deck" in lines[0], lines[0]  # whole where they fit


@pytest.mark.parametrize("first", ["田中さくら", "田中さくら田中"])
async def test_eight_seats_at_80x24_keep_their_columns_when_one_seat_did_a_long_move(first: str) -> None:
    """Eight compact seat lines at 80 columns, a wide name among them: the seat that dropped a run ("−3♥ 4♥ 5♥
    +deck") had its own line's name column narrowed to fit, so its card count and score stood two cells left of
    every other line's. A name still gives way to what a seat did, on every line alike, so the columns stay."""
    players = f"{first},bot:easy:😀😀Emo,bot:hard:שלום עולם,bot:medium:Eli,bot:medium:Tamar,bot:medium:Yossi"
    app = make_app("israeli", players + ",bot:medium:Maya,bot:medium:Omer", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panels = list(app.screen.query(SeatPanel))
        assert len(panels) == 8 and all(panel.has_class("-compact") for panel in panels)
        lines = {panel.id: panel.render_line(0).text.rstrip() for panel in panels}
        assert any(line.endswith("−3♥ 4♥ 5♥ +deck") for line in lines.values()), lines  # the move whole
        counts = {name: cell_len(line[: line.index("▮")]) for name, line in lines.items()}
        assert len(set(counts.values())) == 1, (sorted(counts.items()), sorted(lines.items()))
        points = {name: cell_len(line[: line.index(" pts")]) for name, line in lines.items()}
        assert len(set(points.values())) == 1, (points, lines)
