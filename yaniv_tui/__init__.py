"""yaniv-tui: the card game Yaniv in the terminal."""

__version__ = "0.1.0"
