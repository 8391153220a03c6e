"""What a screen may ask of the app it runs in: the `GameApp` protocol, and `game_app` to reach it typed; and what
a screen may tell the help and the key bar about itself: `ScreenNotes`, read typed with `notes_of`.

A protocol, not the app class: the app imports the screens, so a screen importing the app would close a circle.
`YanivApp` has every member (app.py has mypy check it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, cast

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

    def quit_words(self) -> str:
        """What quitting (ctrl+q, the palette's Quit) does now, in a line: "Leave the table: the game is saved, ..."."""
        ...

    def open_replay(self, record: GameRecord, title: str = "", *, first: bool = False, review: bool = False) -> None:
        """The replay of a finished game's record, on top of this screen (with the expert's review for `review`)."""
        ...


def game_app(node: DOMNode) -> GameApp:
    """The app `node` runs in: every screen of this package runs in `YanivApp` (tui.launch opens it)."""
    return cast("GameApp", node.app)


class ScreenNotes:
    """What a screen tells the help over it and its key bar, each with what a screen that says nothing gets. A
    screen with something to say has this among its bases and sets the class attribute."""

    #: Where the rules come from, said by the help over a screen with no rules in play (the join screen: the host).
    NO_RULES: ClassVar[str] = "Choose the house rules on the setup screen."
    #: The keys inside the screen's text fields, said by the help below the screen's keys ("": none).
    FIELD_KEYS: ClassVar[str] = ""
    #: What the screen's own words and figures mean, said by the help below the keys ("": nothing to explain).
    WORDS: ClassVar[str] = ""
    #: The actions the key bar leaves out first when the keys do not fit, first out first (the table's: the scores
    #: before the hint).
    BAR_LEAVES_OUT_FIRST: ClassVar[tuple[str, ...]] = ()


def notes_of(screen: object) -> ScreenNotes | type[ScreenNotes]:
    """What `screen` tells the help and the key bar: its own notes, or none (the defaults) from any other screen
    (Textual's command palette, say)."""
    return screen if isinstance(screen, ScreenNotes) else ScreenNotes
