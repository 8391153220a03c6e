"""What every screen shares: the "enlarge the terminal" notice, and what the player chooses at a game's end."""

from __future__ import annotations

from typing import Literal

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24

#: What comes after the final standings: the same seats again, the setup screen, or quitting.
AfterGame = Literal["again", "new", "quit"]


class TooSmall(Static):
    """Shown instead of everything else below 80×24 (the stylesheet switches it on)."""

    def __init__(self) -> None:
        super().__init__(
            "The terminal is too small for the table.\n"
            f"Please enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT}.\n\nctrl+q quits.",
            classes="too-small",
        )
