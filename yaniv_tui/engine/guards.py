"""The game guards: the most turns a round and the most rounds a game may take, shared by the app and the simulator.

Rules that can never end are refused when they are read (`playable.py`); these caps stop the rare game that
could end but does not, far beyond any ordinary game (the longest preset games take a few dozen rounds of
about a hundred turns), so nothing ever spins for ever.
"""

from __future__ import annotations

#: A round longer than this many turns means players that cannot finish it.
MAX_ROUND_TURNS = 20_000
#: A game longer than this many rounds is stopped.
MAX_GAME_ROUNDS = 5_000


def round_overrun(turns: int, limit: int | None = None) -> str | None:
    """Why a round of `turns` turns so far must stop, or None while it may go on."""
    limit = MAX_ROUND_TURNS if limit is None else limit
    if turns > limit:
        return f"passed {limit} turns without a Yaniv call, the most a round may take"
    return None


def game_overrun(rounds: int, limit: int | None = None) -> str | None:
    """Why a game that has played `rounds` rounds without an end must stop, or None while it may go on."""
    limit = MAX_GAME_ROUNDS if limit is None else limit
    if rounds >= limit:
        return f"passed {limit} rounds without an end, the most a game may take"
    return None
