"""The saved games: every game in progress, newest first, to continue one or delete one (asked first)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from yaniv_tui.store import (
    GameGone,
    SavedGame,
    SaveError,
    delete_game,
    is_open_elsewhere,
    short_ids,
)

from ..app_seam import game_app
from ..colours import colour
from ..marks import in_ascii, text_in_ascii
from ..widgets.keybar import KeyBar
from .common import Dialog, TooSmall, stylesheet


def game_prompt(saved: SavedGame, short_id: str, elsewhere: bool) -> Text:
    """One saved game in the list: its id, who plays and their scores; the round and rules; when. A line each, as
    on the setup screen (`describe_save`): wrapped, no line ends in a " ·" that led to the next."""
    indent = " " * (cell_len(short_id) + 2)
    text = Text.assemble(
        (short_id, f"bold {colour('gold')}"), "  ", saved.players_line, f"\n{indent}{saved.round_line}"
    )
    text.append(f"\n{indent}last played {saved.when}", style=f"italic {colour('ink-soft')}")
    if elsewhere:
        text.append(" · open in another yaniv", style=f"bold {colour('bad')}")
    return text


def open_elsewhere(saved: SavedGame) -> str:
    """Why a game in the list can be neither continued nor deleted here."""
    return f"the game {saved.game_id[:8]} is open in another yaniv: finish it there"


class ConfirmScreen(Dialog[bool]):
    """A yes-or-no question; dismissed with True only on the button or key that says yes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "yes"),
        Binding("n", "answer(False)", "no"),
        Binding("escape", "answer(False)", "no"),
    ]
    AUTO_FOCUS = "#confirm-no"

    def __init__(self, question: str, yes: str, no: str = "Keep it") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="confirm-dialog"):
            yield Static(Text(self.question), id="confirm-question")  # Text: names in it as typed
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes} (y)", id="confirm-yes", variant="error", action="screen.answer(True)")
                yield Button(f"{self.no} (n)", id="confirm-no", variant="primary", action="screen.answer(False)")
        yield KeyBar()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SavedGamesScreen(Dialog[SavedGame | None]):
    """The games in progress; dismissed with the one to continue, or None (deleted ones are gone from disk)."""

    CSS_PATH = stylesheet("saved")

    BINDINGS: ClassVar[list[BindingType]] = [
        # Before the list's own enter (which its bar would not show): the key this dialog is for, first in the bar.
        Binding("enter", "continue_game", "continue", priority=True),
        Binding("escape", "close", "back"),
        Binding("delete", "delete", "delete the game"),
        Binding("x", "delete", "delete the game", show=False),
    ]
    AUTO_FOCUS = "#saved-list"

    def __init__(self, games: Sequence[SavedGame]) -> None:
        super().__init__()
        self.games = list(games)
        #: Games deleted here, by id.
        self.deleted: set[str] = set()

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="saved-dialog"):
            yield Static(Text("Saved games, newest first", style="bold"), classes="dialog-title")
            yield OptionList(id="saved-list")
            yield Static("", id="saved-message")
            yield Static(
                in_ascii(
                    "enter continues the highlighted game · delete (or x) deletes it, after asking · esc goes back",
                    game_app(self).ascii_cards,
                ),
                id="saved-hint",
            )
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_games()

    def show_games(self) -> None:
        listing = self.query_one("#saved-list", OptionList)
        highlighted = listing.highlighted or 0
        listing.clear_options()
        shown = short_ids([s.game_id for s in self.games])
        for saved in self.games:
            prompt = game_prompt(saved, shown[saved.game_id], is_open_elsewhere(saved.game_id))
            prompt = text_in_ascii(prompt, game_app(self).ascii_cards)
            listing.add_option(Option(prompt, id=saved.game_id))
        if self.games:
            listing.highlighted = min(highlighted, len(self.games) - 1)
        else:
            self.say("No saved games left: start a new one on the setup screen.", error=False)

    def say(self, message: str, error: bool = True) -> None:
        style = f"bold {colour('bad')}" if error else "italic"
        self.query_one("#saved-message", Static).update(Text(message, style=style))

    def highlighted(self) -> SavedGame | None:
        index = self.query_one("#saved-list", OptionList).highlighted
        return self.games[index] if index is not None and 0 <= index < len(self.games) else None

    @on(OptionList.OptionSelected, "#saved-list")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        """A game clicked: continue it."""
        self.continue_with(next((s for s in self.games if s.game_id == event.option.id), None))

    def action_continue_game(self) -> None:
        self.continue_with(self.highlighted())

    def continue_with(self, saved: SavedGame | None) -> None:
        """Continue `saved`, or say why not (it is open elsewhere)."""
        if saved is None:
            return
        if is_open_elsewhere(saved.game_id):
            self.say(open_elsewhere(saved))
            return
        self.dismiss(saved)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_delete(self) -> None:
        saved = self.highlighted()
        if saved is None:
            return
        if is_open_elsewhere(saved.game_id):  # said before asking: the answer could not be acted on
            self.say(f"not deleted: {open_elsewhere(saved)}")
            self.show_games()  # its line says so too
            return
        question = Text.assemble(
            "Delete this saved game? It cannot be brought back.\n\n",
            (f"{saved.players_line}\n{saved.round_line}", "bold"),
            f"\nlast played {saved.when}",
        )
        self.app.push_screen(ConfirmScreen(question.plain, "Delete it"), lambda yes: self.deleted_if(saved, yes))

    def deleted_if(self, saved: SavedGame, yes: bool | None) -> None:
        if not yes:
            return
        try:
            delete_game(saved.game_id)
        except GameGone as error:  # finished or deleted in another yaniv meanwhile: no longer in the list either
            self.games.remove(saved)
            self.show_games()
            self.say(f"not deleted: {error}")
            return
        except SaveError as error:
            self.say(f"not deleted: {error}")
            return
        self.games.remove(saved)
        self.deleted.add(saved.game_id)
        self.say(f"Deleted the game {saved.game_id[:8]}.", error=False)
        self.show_games()


# -- the setup screen's part: Continue and the way to the list --------------------------------


def describe_save(saved: SavedGame) -> Text:
    """Whose game it is: the players with their scores, the round and the ruleset, when it was saved; a line each,
    so that where the setup screen's narrow column wraps them no line ends in a " ·" that led to the next."""
    return Text(f"{saved.players_line}\n{saved.round_line}\nsaved {saved.when}")
