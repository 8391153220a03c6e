"""A finished game to open the game-end screen on, without playing it key by key."""

from __future__ import annotations

from collections.abc import Sequence

from tui_helpers import make_options

from yaniv_tui.bots import MediumBot
from yaniv_tui.table.session import Session
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen


def finished_session(
    ruleset: str = "israeli", players: str = "Ann,bot:medium:Avi,bot:hard:Bea", seed: int = 2
) -> Session:
    """A game played to its end by medium bots in every seat (israeli, seed 2: 28 rounds and a lucky reset)."""
    session = Session(make_options(ruleset, players, seed))
    bot = MediumBot()
    while not session.game.is_over:
        session.game.apply(bot.choose(session.game.view(session.game.current)))
    return session


class GameEndApp(YanivApp):
    """The app opened straight on the game-end screen of a finished session."""

    def __init__(self, session: Session) -> None:
        super().__init__(session.options)
        self.session = session

    def first_session(self) -> Session:
        return self.session

    def open_table(self, session: Session, *, first: bool = False, notices: Sequence[str] = ()) -> None:
        self.push_screen(GameEndScreen(session))
