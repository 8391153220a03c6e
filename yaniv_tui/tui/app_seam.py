"""What a screen may ask of the app it runs in: the `GameApp` protocol, and `game_app` to reach it typed.

A protocol, not the app class: the app imports the screens, so a screen importing the app would close a circle.
`YanivApp` has every member (app.py has mypy check it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from yaniv_tui.codec.record import GameRecord
    from yaniv_tui.store import History


class GameApp(Protocol):
    """The Yaniv app as its screens see it."""

    #: Problems already told in a notice (the save, the history), so each is told once.
    told: set[str]

    @property
    def ascii_cards(self) -> bool:
        """Suits as S H D C instead of ♠ ♥ ♦ ♣ (a reactive: a screen may watch it)."""
        ...

    @property
    def bell_on(self) -> bool:
        """Whether the table rings the terminal's bell."""
        ...

    @property
    def history(self) -> History:
        """The history database, opened when first needed."""
        ...

    def open_replay(self, record: GameRecord, title: str = "", *, first: bool = False, review: bool = False) -> None:
        """The replay of a finished game's record, on top of this screen (with the expert's review for `review`)."""
        ...


def game_app(node: DOMNode) -> GameApp:
    """The app `node` runs in: every screen of this package runs in `YanivApp` (tui.launch opens it)."""
    return cast("GameApp", node.app)
