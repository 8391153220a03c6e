"""Every TUI test keeps its saves, history and rulesets in its own tmp folders, never the user's."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path, PurePath
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from tui_helpers import SnapCompare


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """YANIV_DATA_DIR and YANIV_CONFIG_DIR in tmp, so no test reads or writes the real user folders."""
    data = tmp_path / "data"
    config = tmp_path / "config"
    monkeypatch.setenv("YANIV_DATA_DIR", str(data))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(config))
    return data, config


@pytest.fixture(autouse=True)
def instant_pass_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pass screen's half-second guard is for a person's hands; tests press keys only once it is up."""
    from yaniv_tui.tui.screens.pass_turn import PassScreen

    monkeypatch.setattr(PassScreen, "READY_AFTER", 0.0)


@pytest.fixture(autouse=True)
def pinned_ratings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The setup screen shows each level's rating: from a pinned file, so a new ladder run changes no snapshot."""
    from pathlib import Path

    from yaniv_tui import ratings

    monkeypatch.setattr(ratings, "RATINGS_FILE", Path(__file__).with_name("ratings_pinned.json"))


@pytest.fixture(autouse=True)
def recorded_notices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every notification an app is asked to show is kept for `tui_helpers.notices(app)`."""
    from tui_helpers import record_notices

    record_notices(monkeypatch)


@pytest.fixture
def snap_compare(snap_compare: SnapCompare) -> SnapCompare:
    """pytest-textual-snapshot's `snap_compare`, with every text field's cursor held steady before the picture.

    Textual's `Input` blinks its cursor every half second, so on a busy machine a snapshot taken a moment late
    drew a field without its cursor and failed. Turning `cursor_blink` off (public API) shows the cursor and
    stops the timer; `test_steady_cursors` checks that this still holds under the pinned Textual.
    """
    from tui_helpers import steady_cursors

    def compare(
        app: str | PurePath | App[Any],
        press: Iterable[str] = (),
        terminal_size: tuple[int, int] = (80, 24),
        run_before: Callable[[Pilot[Any]], Awaitable[object] | None] | None = None,
    ) -> bool:
        async def steady_then(pilot: Pilot[Any]) -> None:
            if run_before is not None:
                result = run_before(pilot)
                if result is not None:
                    await result
            await steady_cursors(pilot)

        return snap_compare(app, press, terminal_size, run_before=steady_then)

    return compare
