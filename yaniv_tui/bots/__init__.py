"""Players that see only their seat's view and return an action."""

from __future__ import annotations

from .plain import PlainBot

#: The bot levels a seat may have, weakest first.
LEVELS = ("medium",)


def make_bot(level: str, seed: int | None = None) -> PlainBot:
    """A bot of the named level; ValueError names the levels there are."""
    if level == "medium":
        return PlainBot()
    raise ValueError(f"unknown bot level {level!r}: choose {', '.join(LEVELS)}")


__all__ = ["LEVELS", "PlainBot", "make_bot"]
