"""What is played when nobody says: the preset a game and a simulation use unless told otherwise."""

from __future__ import annotations

#: The preset id `yaniv`, `yaniv sim` and the setup screen start from.
DEFAULT_RULESET = "israeli"
