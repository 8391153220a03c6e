"""StyledOnce (the setup screen and the table) skips two passes Textual makes before a screen is first shown. It
relies on how Textual sequences them; these tests pin that, so they fail if Textual changes under it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual import events
from textual.screen import Screen
from tui_helpers import SIZE

from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.common import StyledOnce
from yaniv_tui.tui.screens.setup import SetupScreen


@pytest.fixture
def resizes_laid_out(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int]]]:
    """The sizes Screen's own resize handler laid the screen out at (it runs after the screen's on_resize)."""
    seen: list[tuple[int, int]] = []
    handler = Screen._on_resize

    async def counted(self: Screen[object], event: events.Resize) -> None:
        seen.append((event.size.width, event.size.height))
        await handler(self, event)

    monkeypatch.setattr(Screen, "_on_resize", counted)
    yield seen


async def shown(skip: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    if not skip:
        monkeypatch.setattr(StyledOnce, "on_screen_resume", lambda self, event: None)
        monkeypatch.setattr(StyledOnce, "on_resize", lambda self, event: None)
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        return app.export_screenshot()


async def test_the_first_screen_looks_the_same_without_the_passes_it_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual styles each widget as it is mounted: the whole screen styled again on its first resume changes
    nothing (ScreenResume.refresh_styles)."""
    with_skip = await shown(True, monkeypatch)
    without = await shown(False, monkeypatch)
    assert with_skip == without


async def test_the_same_size_again_is_not_laid_out_and_a_new_size_is(resizes_laid_out: list[tuple[int, int]]) -> None:
    """A screen's on_resize runs before Screen's own handler, and prevent_default skips that handler."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        resizes_laid_out.clear()
        screen.post_message(events.Resize(screen.size, screen.size))
        await pilot.pause()
        assert resizes_laid_out == []
        await pilot.resize_terminal(90, 28)
        await pilot.pause()
        assert (90, 28) in resizes_laid_out and screen.size == (90, 28)
