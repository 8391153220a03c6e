"""The game guards: the most turns a round and the most rounds a game may take, shared by the app and the simulator.

Rules that can never end are refused when they are read (`playable.py`); these caps stop the rare game that
could end but does not, far beyond any ordinary game (the longest preset games take a few dozen rounds of
about a hundred turns), so nothing ever spins for ever.
"""

from __future__ import annotations

#: A round longer than this many turns means players that cannot finish it.
MAX_ROUND_TURNS = 20_000
#: A game longer than this many rounds is stopped, plus ROUNDS_PER_END_POINT for each point of its end score:
#: a game to 100,000 points takes about 10,000 rounds of medium bots, and must not be stopped.
MAX_GAME_ROUNDS = 5_000
ROUNDS_PER_END_POINT = 2


def game_round_cap(end_limit: int) -> int:
    """The most rounds a game to `end_limit` points may take."""
    return MAX_GAME_ROUNDS + ROUNDS_PER_END_POINT * max(0, end_limit)


def round_overrun(turns: int, limit: int | None = None) -> str | None:
    """Why a round of `turns` turns so far must stop, or None while it may go on."""
    limit = MAX_ROUND_TURNS if limit is None else limit
    if turns > limit:
        return f"passed {limit} turns without a Yaniv call, the most a round may take"
    return None


def game_overrun(rounds: int, limit: int) -> str | None:
    """Why a game that has played `rounds` rounds without an end must stop (`limit`: see game_round_cap),
    or None while it may go on."""
    if rounds >= limit:
        return f"passed {limit} rounds without an end, the most a game may take"
    return None
