"""What is played when nobody says: the preset a game and a simulation use, the pause before a bot plays."""

from __future__ import annotations

#: The preset id `yaniv`, `yaniv sim` and the setup screen start from.
DEFAULT_RULESET = "israeli"
#: Seconds a bot waits before it plays at a table with a screen or a host, unless `--bot-delay` says otherwise.
DEFAULT_BOT_DELAY = 0.8
