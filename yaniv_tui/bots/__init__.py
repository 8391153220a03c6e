"""Players that see only their seat's view and return an action, at four levels from a beginner to a searcher."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from yaniv_tui.engine import BOT_LEVELS, Action, PlayerView
from yaniv_tui.engine.lazy import lazy_exports

if TYPE_CHECKING:
    from .easy import EasyBot
    from .expert import DEFAULT_BUDGET_MS, ExpertBot
    from .hard import HardBot
    from .medium import MediumBot

#: Each level's module, imported when it is first asked for: a table of medium bots never loads the expert's search.
_HOME = {
    "EasyBot": "easy",
    "MediumBot": "medium",
    "HardBot": "hard",
    "ExpertBot": "expert",
    "DEFAULT_BUDGET_MS": "expert",
}


__getattr__ = lazy_exports(__name__, _HOME, globals())


#: The bot levels a seat may have, weakest first: declared with the seats (engine/seats.py), made by `make_bot`.
LEVELS = BOT_LEVELS


class Bot(Protocol):
    """A player: given its seat's view, the action it takes."""

    name: str

    def choose(self, view: PlayerView) -> Action: ...


def bot_seed(game_seed: int, index: int) -> int:
    """The seed of the bot at seat number `index` of a game dealt from `game_seed`: the same at every table (a bot's
    seat, a conceded seat, a hosted table's away bot), so a seeded game plays the same at a screen, hosted, or with
    no screen."""
    return game_seed + 1000 * (index + 1)


def make_bot(level: str, seed: int | None = None, *, budget_ms: float | None = None, samples: int | None = None) -> Bot:
    """A bot of the named level; ValueError names the levels there are.

    `seed` feeds the bot's own random choices (the easy bot's whims, the
    expert's samples), so a game with bots replays the same from the same seeds.
    `budget_ms` is the expert's thinking time a move; `samples` gives it that many guesses a move
    instead, whatever the clock says, so a seeded game with an expert repeats on any machine (the other
    levels ignore both).
    """
    if level == "easy":
        from .easy import EasyBot

        return EasyBot(seed)
    if level == "medium":
        from .medium import MediumBot

        return MediumBot()
    if level == "hard":
        from .hard import HardBot

        return HardBot(seed)
    if level == "expert":
        from .expert import ExpertBot

        if samples is not None:
            return ExpertBot(seed, budget_ms=budget_ms, samples=samples)
        return ExpertBot(seed) if budget_ms is None else ExpertBot(seed, budget_ms=budget_ms)
    raise ValueError(f"unknown bot level {level!r}: choose {', '.join(LEVELS)}")


__all__ = ["DEFAULT_BUDGET_MS", "LEVELS", "Bot", "EasyBot", "ExpertBot", "HardBot", "MediumBot", "bot_seed", "make_bot"]
