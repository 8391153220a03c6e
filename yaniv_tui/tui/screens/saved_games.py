"""The saved games: every game in progress, newest first, to continue one or delete one (asked first)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from yaniv_tui.store import (
    GameOpenElsewhere,
    SavedGame,
    SaveError,
    claim_game,
    is_open_elsewhere,
    lock_game,
    remove_save,
    scan_saves,
    short_ids,
)

from ..colours import colour
from .common import TooSmall


def game_prompt(saved: SavedGame, short_id: str, elsewhere: bool) -> Text:
    """One saved game in the list: its id, who plays and their scores, the round and rules, when."""
    text = Text.assemble((short_id, f"bold {colour('gold')}"), "  ", saved.describe())
    text.append(f"\n{' ' * len(short_id)}  last played {saved.when}", style=f"italic {colour('ink-soft')}")
    if elsewhere:
        text.append(" · open in another yaniv", style=f"bold {colour('bad')}")
    return text


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question; dismissed with True only on the button or key that says yes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "yes"),
        Binding("n", "answer(False)", "no"),
        Binding("escape", "answer(False)", "no"),
    ]
    AUTO_FOCUS = "#confirm-no"

    def __init__(self, question: str, yes: str) -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.yes = yes

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(classes="dialog", id="confirm-dialog"):
            yield Static(Text(self.question), id="confirm-question")  # Text: names in it as typed
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes} (y)", id="confirm-yes", variant="error", action="screen.answer(True)")
                yield Button("Keep it (n)", id="confirm-no", variant="primary", action="screen.answer(False)")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SavedGamesScreen(ModalScreen[SavedGame | None]):
    """The games in progress; dismissed with the one to continue, or None (deleted ones are gone from disk)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "back"),
        Binding("delete", "delete", "delete the game"),
        Binding("x", "delete", "delete the game", show=False),
    ]
    AUTO_FOCUS = "#saved-list"

    def __init__(self, games: Sequence[SavedGame]) -> None:
        super().__init__(classes="dialog-screen")
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
                "enter continues the highlighted game · delete (or x) deletes it, after asking · esc goes back",
                id="saved-hint",
            )

    def on_mount(self) -> None:
        self.show_games()

    def show_games(self) -> None:
        listing = self.query_one("#saved-list", OptionList)
        highlighted = listing.highlighted or 0
        listing.clear_options()
        shown = short_ids([s.game_id for s in self.games])
        for saved in self.games:
            prompt = game_prompt(saved, shown[saved.game_id], is_open_elsewhere(saved.game_id))
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
        saved = next((s for s in self.games if s.game_id == event.option.id), None)
        if saved is None:
            return
        if is_open_elsewhere(saved.game_id):
            self.say(f"the game {event.option.id[:8]} is open in another yaniv: finish it there")
            return
        self.dismiss(saved)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_delete(self) -> None:
        saved = self.highlighted()
        if saved is None:
            return
        question = Text.assemble(
            "Delete this saved game? It cannot be brought back.\n\n",
            (saved.describe(), "bold"),
            f"\nlast played {saved.when}",
        )
        self.app.push_screen(ConfirmScreen(question.plain, "Delete it"), lambda yes: self.deleted_if(saved, yes))

    def deleted_if(self, saved: SavedGame, yes: bool | None) -> None:
        if not yes:
            return
        try:
            lock = lock_game(saved.game_id)
        except GameOpenElsewhere as error:
            self.say(f"not deleted: {error}")
            return
        except OSError as error:
            self.say(f"not deleted: {error.strerror or error}")
            return
        try:
            remove_save(saved.game_id)
        except OSError as error:
            self.say(f"not deleted: {error.strerror or error}")
            lock.release()
            return
        lock.release(remove=True)
        self.games.remove(saved)
        self.deleted.add(saved.game_id)
        self.say(f"Deleted the game {saved.game_id[:8]}.", error=False)
        self.show_games()


# -- the setup screen's part: Continue and the way to the list --------------------------------


def describe_save(saved: SavedGame) -> Text:
    """Whose game it is: the players with their scores, the round, the ruleset, when it was saved."""
    return Text(f"{saved.describe()} · saved {saved.when}")


class SavedGamesPart:
    """The saved games on the setup screen: Continue offers the newest game no other yaniv has open,
    Saved games… (ctrl+o) the list. A screen class takes it in with Screen; it calls `load_saves()` first."""

    prefill: dict[str, object]
    games: list[SavedGame]
    saved: SavedGame | None
    save_problem: str

    def load_saves(self) -> None:
        """Read the saves folder: the games in progress, and a line for each damaged save moved aside."""
        listing = scan_saves()
        self.games = list(listing.games)
        self.saved = next((s for s in self.games if not is_open_elsewhere(s.game_id)), None)
        self.save_problem = ""
        notices = self.prefill.pop("notices", None)
        lines = [*(notices if isinstance(notices, list) else ()), *listing.problems]
        if lines:
            self.save_problem = "\n".join(lines) + ("\nStart a new game below." if listing.problems else "")

    def compose_saved(self) -> Iterator[Widget]:
        if self.games:
            with Vertical(id="saved-box"):
                yield Label(self.saved_title(), classes="section", id="saved-title")
                yield Static(self.saved_text(), id="saved-desc")
                yield Button("Continue (ctrl+r)", id="continue-saved", variant="primary", action="screen.continue_game")
                yield Button("Saved games… (ctrl+o)", id="saved-games", compact=True, action="screen.saved_games")
        if self.save_problem:
            yield Static(Text(self.save_problem), id="save-problem")  # Text: a path in it as it is

    def saved_title(self) -> str:
        others = len(self.games) - 1
        return "Saved game" + (f" (and {others} more)" if others > 0 else "")

    def saved_text(self) -> Text:
        if self.saved is None:
            return Text("Every saved game is open in another yaniv.", style="italic")
        return describe_save(self.saved)

    def show_saved(self) -> None:
        """Bring the saved-game box up to date after games were deleted."""
        screen: Screen = self  # type: ignore[assignment]
        box = screen.query("#saved-box")
        if not box:
            return
        box.first().display = bool(self.games)
        screen.query_one("#saved-title", Label).update(self.saved_title())
        screen.query_one("#saved-desc", Static).update(self.saved_text())
        screen.query_one("#continue-saved", Button).display = self.saved is not None
        screen.query_one("#setup-hint", Static).update(screen.hint_text())  # type: ignore[attr-defined]
        if not self.games:
            screen.query_one("#start", Button).focus()
        screen.refresh_bindings()

    def action_continue_game(self) -> None:
        if self.saved is None:
            self.refresh_saves()  # the other yaniv that had every game open may have quit since
        if self.saved is not None:
            self.continue_with(self.saved)
        elif self.games:
            screen: Screen = self  # type: ignore[assignment]
            line = "Every saved game is open in another yaniv: finish one there, or start a new game."
            screen.query_one("#setup-error", Static).update(Text(line, style=f"bold {colour('bad')}"))

    def continue_with(self, saved: SavedGame) -> None:
        """Lock the game to this process and go to its table; one line when another yaniv has it."""
        screen: Screen = self  # type: ignore[assignment]
        try:
            fresh = claim_game(saved.game_id)  # as saved now: another yaniv may have played it since it was listed
        except SaveError as error:
            screen.query_one("#setup-error", Static).update(Text(str(error), style=f"bold {colour('bad')}"))
            self.refresh_saves()
            return
        screen.dismiss(fresh)

    def refresh_saves(self) -> None:
        """Read the saves folder again: games played, finished or deleted elsewhere since it was read."""
        self.games = list(scan_saves().games)
        self.saved = next((s for s in self.games if not is_open_elsewhere(s.game_id)), None)
        self.show_saved()

    def action_saved_games(self) -> None:
        if self.games:
            screen: Screen = self  # type: ignore[assignment]
            screen.app.push_screen(SavedGamesScreen(self.games), self.saved_game_chosen)

    def saved_game_chosen(self, saved: SavedGame | None) -> None:
        if saved is not None:
            self.continue_with(saved)
            return
        self.refresh_saves()
