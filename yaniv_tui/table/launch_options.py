"""What a run of the app is launched with: the setup screen's first choices, the bot delay, the cards' look, the
bell, and what the command line found to tell; no Textual here."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from yaniv_tui.engine import DEFAULT_BOT_DELAY, Seat
from yaniv_tui.engine.clock import DEFAULT_TIMEOUTS_TO_BOT

from .options import GameOptions, default_seats


@dataclass(frozen=True, slots=True)
class LaunchOptions:
    """Built by the command line (`yaniv`, `yaniv host`, `yaniv join`) and handed to the app, which hands it to
    the first screen; a new game's setup gets the last game's choices (`after_game`).

    Whether seats may be remote is not here: the app hosts when it was given a host to make (`yaniv host`).
    """

    #: The rules to highlight: a preset's id or a file's path, as given (None: the default preset).
    ruleset: str | None = None
    #: The seats to fill in.
    seats: tuple[Seat, ...] = field(default_factory=default_seats)
    #: The limits and the hand size to choose where the ruleset offers them (None: the ruleset's own).
    yaniv_limit: int | None = None
    end_limit: int | None = None
    hand_size: int | None = None
    #: The deal's seed (None: a random deal).
    seed: int | None = None
    #: The pause before a bot plays, in seconds.
    bot_delay: float = DEFAULT_BOT_DELAY
    #: Suits as S H D C instead of ♠ ♥ ♦ ♣.
    ascii: bool = False
    #: The turn clock (`--turn-seconds`, None: none) and the timeouts in a row that hand a seat to a bot.
    turn_seconds: float | None = None
    timeouts_to_bot: int = DEFAULT_TIMEOUTS_TO_BOT
    #: `--quiet`: the bell stays silent for this run, whatever the settings say.
    quiet: bool = False
    #: What the command line found to tell (a damaged save moved aside, a game recorded late), a line each: the
    #: first screen shows them.
    notices: tuple[str, ...] = ()

    def after_game(self, game: GameOptions) -> LaunchOptions:
        """The options of a new game's setup after `game`: its choices filled in, this run's own settings (the
        bell) kept, and no notices (the first screen told them)."""
        rules = game.rules
        return replace(
            self,
            ruleset=game.ruleset_ref or rules.id,
            seats=game.seats,
            yaniv_limit=rules.yaniv_limit,
            end_limit=rules.end_limit,
            hand_size=rules.hand_size,
            seed=game.seed,
            bot_delay=game.bot_delay,
            ascii=game.ascii,
            turn_seconds=game.turn_seconds,
            timeouts_to_bot=game.timeouts_to_bot,
            notices=(),
        )
