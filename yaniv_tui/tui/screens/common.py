"""What every screen shares: the "enlarge the terminal" notice shown when the window is too small."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    """Shown instead of everything else below 80×24 (the stylesheet switches it on)."""

    def __init__(self) -> None:
        super().__init__(
            "The terminal is too small for the table.\n"
            f"Please enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT}.\n\nctrl+q quits.",
            classes="too-small",
        )
