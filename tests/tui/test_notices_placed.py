"""Where the table's notices (Textual's toasts) go: in the felt's corner under the deck and the previous drop,
left of the round's log and above the prompt, hiding no text of the table (`TableState.place_notices`). Before,
Textual docked them at the bottom right, over the right half of the prompt's and the hint's lines and the hand. Each
notice is read whole: tight (no padding rows) where the corner is short (80x24), where Textual puts them where even
that does not fit."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from tui_helpers import make_app, screen_lines, settle, until

from yaniv_tui.tui.screens.common import NOTICES_RACK
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.table import DeckView, PileView, SeatPanel, TurnLog


def table_text_regions(table: TableScreen) -> dict[str, Region]:
    """Every region of the table that holds text: the seats, the deck, the previous drop's cards, the log, the
    prompt, the hint's line and the hand (its label and cards), and the key bar."""
    regions = {f"seat {i}": panel.region for i, panel in enumerate(table.query(SeatPanel))}
    regions["deck"] = table.query_one(DeckView).region
    for i, card in enumerate(table.query_one(PileView).query(".card")):
        regions[f"pile card {i}"] = card.region
    regions["log"] = table.query_one(TurnLog).region
    for name in ("#prompt", "#message", "#hand", "KeyBar"):
        regions[name] = table.query_one(name).region
    return {name: region for name, region in regions.items() if region.area}


async def show_notices(pilot: Pilot[None], *words: str) -> set[tuple[int, int]]:
    """`words` said as notices at the table, once it waits for Ann's move: the cells (x, y) they changed."""
    await settle(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    before = screen_lines(pilot.app)
    for said in words:
        table.notify(said, timeout=30, markup=False)
    for _ in range(4):
        await pilot.pause()
    after = screen_lines(pilot.app)
    assert all(len(line) == table.size.width for line in before + after)  # a cell a character: narrow ones only
    return {
        (x, y)
        for y, (old, new) in enumerate(zip(before, after, strict=True))
        for x in range(len(old))
        if old[x] != new[x]
    }


#: A toast's left edge, as Textual draws an information notice: the rows of a toast are the rows with one.
TOAST_EDGE = "▌"

LONG = "Avi's clock ran out three times in a row: a medium bot plays the seat until Avi acts again."


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_notices_hide_no_text_of_the_table(size: tuple[int, int]) -> None:
    app = make_app("israeli", "Ann,bot,bot", seed=3)
    async with app.run_test(size=size, notifications=True) as pilot:
        changed = await show_notices(pilot, "Sorted by suit", LONG)
        table = app.screen
        assert isinstance(table, TableScreen)
        shown = "".join(screen_lines(app))
        assert "Sorted by suit" in shown and "Avi's clock ran out" in shown
        for name, region in table_text_regions(table).items():
            hidden = sorted(cell for cell in changed if region.contains(*cell))
            assert not hidden, (name, region, hidden[:3])


async def test_a_screen_with_no_room_in_the_corner_keeps_textuals_place() -> None:
    """At 80x24 with eight seats the corner under the deck has no row to spare: the notice is shown, where Textual
    puts it, and nothing breaks."""
    app = make_app("israeli", "Ann,bot,bot,bot,bot,bot,bot,bot", seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert await show_notices(pilot, "Sorted by suit")
        assert "Sorted by suit" in "".join(screen_lines(app)) and app.is_running


async def test_a_dialog_over_the_table_shows_each_notice_once() -> None:
    """The table's notices and a dialog's are two racks: before the table hid its own under a dialog, a notice
    showed twice, in the table's corner (through the dialog's backdrop) and where Textual puts the dialog's."""
    from yaniv_tui.tui.screens.scores import ScoresScreen

    app = make_app("israeli", "Ann,bot,bot", seed=3)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        assert await show_notices(pilot, "Sorted by suit")
        await pilot.press("s")
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        lines = screen_lines(app)
        assert "".join(lines).count("Sorted by suit") == 1
        assert sum(TOAST_EDGE in line for line in lines) == 3  # one toast of one line, no second one's edge
        await pilot.press("escape")
        for _ in range(4):
            await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        lines = screen_lines(app)
        assert "".join(lines).count("Sorted by suit") == 1 and sum(TOAST_EDGE in line for line in lines) == 3


def notices_read(app: App[Any]) -> list[str]:
    """The words of each notice as they can be read on screen now: the rows of its toast in sight (its rack cuts what
    does not fit in it: there the screen shows what is under it), its cells right of its left edge, joined by
    spaces."""
    lines = screen_lines(app)
    screen = app.screen
    read = []
    for toast in screen.query_one(NOTICES_RACK).query("Toast"):
        region = toast.region
        rows = [
            lines[y][region.x + 1 : region.right].strip()
            for y in range(region.y, min(region.bottom, screen.size.height))
            if screen.get_widget_at(region.x + 1, y)[0] is toast
        ]
        read.append(" ".join(row for row in rows if row))
    return read


def rows_cut(app: App[Any]) -> int:
    """How many rows of the notices' toasts (words or padding) are out of sight."""
    screen = app.screen
    return sum(
        screen.get_widget_at(toast.region.x + 1, y)[0] is not toast
        for toast in screen.query_one(NOTICES_RACK).query("Toast")
        for y in range(toast.region.y, toast.region.bottom)
    )


@pytest.mark.parametrize(
    "words", [("Sorted by suit",), (LONG,), ("Sorted by suit", LONG)], ids=["one line", "long", "two"]
)
@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
async def test_every_notice_is_read_whole(size: tuple[int, int], words: tuple[str, ...]) -> None:
    """At 80x24 the corner has three rows: a notice of one line lost its bottom row of padding, and a long one all
    but its first line. A notice is read whole at every size: in the corner, tighter, where it fits, else where
    Textual puts it."""
    app = make_app("israeli", "Ann,bot,bot", seed=3)
    async with app.run_test(size=size, notifications=True) as pilot:
        changed = await show_notices(pilot, *words)
        assert notices_read(app) == list(words)
        assert rows_cut(app) == 0
        table = app.screen
        assert isinstance(table, TableScreen)
        if size == (80, 24) and len(words) == 1:  # the corner holds one notice, whatever its length
            for name, region in table_text_regions(table).items():
                hidden = sorted(cell for cell in changed if region.contains(*cell))
                assert not hidden, (name, region, hidden[:3])


async def test_a_notice_left_alone_goes_back_to_the_corner() -> None:
    """Two notices at 80x24 do not fit the corner, and show where Textual puts them; once the short one has gone,
    the long one is in the corner again, read whole, hiding no text of the table."""
    app = make_app("israeli", "Ann,bot,bot", seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        log = table.query_one(TurnLog).region
        rack = table.query_one(NOTICES_RACK)
        table.notify("Sorted by suit", timeout=30, markup=False)
        await show_notices(pilot, LONG)
        assert notices_read(app) == ["Sorted by suit", LONG]
        assert any(toast.region.right > log.x for toast in rack.query("Toast")), "not in the corner"
        # The short notice ends as its timer would end it (Textual's Toast: a click and the timer are one handler,
        # `_expire`), not on the wall clock: before, a second's timer could end it before the first look, on a
        # loaded machine.
        short = rack.query("Toast").first()  # the first said, read first above
        await pilot.click(short)
        await until(pilot, lambda: len(rack.query("Toast")) == 1)
        for _ in range(4):
            await pilot.pause()
        (toast,) = rack.query("Toast")
        assert notices_read(app) == [LONG] and rows_cut(app) == 0
        assert toast.region.right <= log.x and toast.region.bottom <= table.query_one("#prompt").region.y


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ("Ann,bot,bot", ("Sorted by suit", LONG)),
        ("Ann,bot,bot", (LONG, LONG, "Sorted by suit")),
        ("Ann,bot,bot,bot,bot,bot,bot,bot", ("Sorted by suit",)),
        ("Ann,bot,bot,bot,bot,bot,bot,bot", ("Sorted by suit", LONG)),
    ],
    ids=["two", "three", "eight seats", "eight seats, two"],
)
async def test_notices_that_miss_the_corner_leave_the_prompt_and_the_hand_readable(
    players: str, words: tuple[str, ...]
) -> None:
    """Before: at 80x24 two notices at once (or one, with eight seats) did not fit the corner and showed where
    Textual puts them, over the right half of the prompt (the line that says what to do), the hint's line and the
    hand. Now they sit above the prompt, each read whole."""
    app = make_app("israeli", players, seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        changed = await show_notices(pilot, *words)
        assert notices_read(app) == list(words) and rows_cut(app) == 0
        table = app.screen
        assert isinstance(table, TableScreen)
        prompt = table.query_one("#prompt").region
        assert screen_lines(app)[prompt.y].strip()  # the prompt says something, to be covered or not
        for name in ("#prompt", "#message", "#hand", "KeyBar"):
            region = table.query_one(name).region
            hidden = sorted(cell for cell in changed if region.contains(*cell))
            assert not hidden, (name, region, hidden[:3])


@pytest.mark.parametrize(
    ("players", "words"),
    [("Ann,bot,bot", ("Sorted by suit", LONG)), ("Ann,bot,bot", (LONG, LONG, "Sorted by suit"))],
    ids=["two", "three"],
)
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)], ids=["80x24", "100x30", "120x40"])
async def test_notices_stack_with_no_gap_between_them(
    size: tuple[int, int], players: str, words: tuple[str, ...]
) -> None:
    """Before, each notice had a row of margin above it (Textual's toast): between two notices that row showed the
    log or the felt under them, a line of the table cut off between two boxes. Each notice now starts on the row
    after the one above ends; each is still read whole."""
    app = make_app("israeli", players, seed=3)
    async with app.run_test(size=size, notifications=True) as pilot:
        await show_notices(pilot, *words)
        assert notices_read(app) == list(words) and rows_cut(app) == 0
        toasts = list(app.screen.query_one(NOTICES_RACK).query("Toast"))
        for above, below in itertools.pairwise(toasts):
            assert below.region.y == above.region.bottom, (above.region, below.region)


async def test_a_concede_notice_leaves_the_round_ends_continue_in_sight() -> None:
    """At 80x24 the concede notice (8 s) was still up when the round ended a moment later, where Textual puts it: over
    the round end's Continue button ("Continue: deal▌") and the line under it that says the next round deals itself.
    The notices of a round's end sit above its foot."""
    from yaniv_tui.tui.screens.round_end import RoundEndScreen

    app = make_app("israeli", "Ann,bot:easy,bot:easy", seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await until(pilot, lambda: not isinstance(app.screen, TableScreen))
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), 2000)
        screen = app.screen
        await until(pilot, lambda: screen.query("Toast"))
        for _ in range(4):
            await pilot.pause()
        lines = screen_lines(app)
        assert "conceded" in "".join(lines)
        foot = screen.query_one("#round-foot").region
        assert "Continue: deal the next round" in "".join(lines[foot.y : foot.bottom])
        assert "Watching: the next round deals itself" in "".join(lines[foot.y : foot.bottom])
        for toast in screen.query("Toast"):
            assert toast.region.bottom <= foot.y, (toast.region, foot)


async def test_a_concede_notice_hides_nothing_of_an_eight_seat_round_end() -> None:
    """With eight seats the round's table fills its box at 80x24: the concede notice, above the foot, covered the
    last seats' adds, totals and notes ("called Yaniv, scores 0") while the watched round's end was up (4 s). The
    notices take rows of their own between the body and the foot while they last; the body scrolls above them."""
    from yaniv_tui.tui.screens.round_end import RoundEndScreen

    app = make_app("israeli", "Ann,bot:easy,bot:easy,bot:hard,bot:easy,bot:medium,bot:easy,bot:hard", seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await until(pilot, lambda: not isinstance(app.screen, TableScreen))
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), 2000)
        screen = app.screen
        await until(pilot, lambda: screen.query("Toast"))
        for _ in range(6):
            await pilot.pause()
        assert "conceded" in "".join(screen_lines(app))
        body, foot = screen.query_one("#round-body").region, screen.query_one("#round-foot").region
        for toast in screen.query("Toast"):
            assert not toast.region.overlaps(body) and not toast.region.overlaps(foot), (toast.region, body, foot)
