"""The setup screen's saved games: Continue offers the newest game this screen plays that no other yaniv has open
(claimed as `yaniv --resume` claims one: `store.claim_newest`), the list all of them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Static

from yaniv_tui.store import (
    Claimed,
    GameGone,
    SavedGame,
    SaveError,
    claim_game,
    claim_newest,
    is_open_elsewhere,
    scan_saves,
)
from yaniv_tui.store.library import ONLY_TABLES, resumable
from yaniv_tui.table.options import GameOptions

from ..app_seam import game_app
from ..colours import colour
from ..marks import in_ascii, text_in_ascii
from .common import stylesheet

#: The saved games' button's label (its mark in ASCII with ASCII cards).
SAVED_GAMES = "Saved games…"


class SetupSaved(Screen[GameOptions | Claimed]):
    """The saved-game half of the setup screen: its box, Continue (ctrl+r) and the list (ctrl+o)."""

    CSS_PATH = stylesheet("setup")

    #: What the command line found to tell, shown in the saved games' box the first time it is drawn.
    notices: tuple[str, ...]
    #: `yaniv host`: its tables only are offered.
    hosting: bool
    #: The games in progress listed, newest first; Continue goes back to the newest this screen plays (under `yaniv`,
    #: no table: `store.library.resumable`) not open in another yaniv.
    games: list[SavedGame]
    saved: SavedGame | None
    #: Damaged saves moved aside, finished games recorded late: a line each.
    save_problem: str

    def hint_text(self) -> str:
        """What enter does, and how to move: ctrl+r goes back to the saved game when one is offered. In three
        lines at 80 columns, so the rules box below keeps the highlighted rules' name and description whole."""
        kinds = "Human/Bot/Remote" if self.hosting else "Human/Bot"  # a host's seats cycle on to Remote
        if self.saved:  # the Continue button above says which game
            hint = f"enter starts, ctrl+r continues · ↑↓ and tab move · enter changes a seat's {kinds}, ← → a limit"
        else:
            hint = f"enter starts · ↑↓ and tab move between fields · enter changes a seat's {kinds}, ← → a limit"
        return in_ascii(hint, game_app(self).ascii_cards)

    def load_saves(self) -> None:
        """Read the saves folder: the games in progress, and a line for each damaged save moved aside."""
        listing = scan_saves()
        self.offer(listing.games)
        self.save_problem = ""
        lines = [*self.notices, *listing.problems]
        self.notices = ()
        if lines:
            self.save_problem = "\n".join(lines) + ("\nStart a new game below." if listing.problems else "")

    def offer(self, games: Iterable[SavedGame]) -> None:
        """List the games: under `yaniv host` its tables only (a game with a remote seat; one of this screen only is
        `yaniv`'s, and nobody could join it), else every game (a table chosen from the list says which command opens
        it). Continue goes back to the newest this screen plays that no other yaniv has open."""
        self.games = [saved for saved in games if not self.hosting or saved.is_table]
        self.saved = next((s for s in self.playable() if not is_open_elsewhere(s.game_id)), None)

    def playable(self) -> list[SavedGame]:
        """The games listed that Continue may go back to: none of them a table under `yaniv` (`yaniv host`'s)."""
        return resumable(self.games, hosted=self.hosting)

    def continues(self) -> bool:
        """Whether Continue (its button, ctrl+r) is offered: with a game listed that this screen plays, even one open
        in another yaniv (it looks again, and says so). Not with tables only: the box says which command opens one."""
        return bool(self.playable())

    def compose_saved(self) -> Iterator[Widget]:
        if self.games:
            with Vertical(id="saved-box"):
                yield Static(self.saved_title(), classes="section", id="saved-title")
                yield Static(self.saved_text(), id="saved-desc")
                with Horizontal(id="saved-buttons"):
                    continue_button = Button(
                        "Continue",
                        id="continue-saved",
                        variant="primary",
                        compact=True,
                        tooltip="ctrl+r: back to this game",
                        action="screen.continue_game",
                    )
                    continue_button.display = self.continues()
                    yield continue_button
                    yield Button(
                        in_ascii(SAVED_GAMES, game_app(self).ascii_cards),
                        id="saved-games",
                        compact=True,
                        tooltip="ctrl+o: every game in progress",
                        action="screen.saved_games",
                    )
        if self.save_problem:
            yield Static(Text(self.save_problem), id="save-problem")  # Text: a path in it as it is

    def show_saved_marks(self) -> None:
        """The saved game's words and its button again, in ASCII or not (ASCII cards were switched)."""
        if self.query("#saved-desc"):
            self.query_one("#saved-desc", Static).update(self.saved_text())
        if self.query("#saved-games"):
            self.query_one("#saved-games", Button).label = in_ascii(SAVED_GAMES, game_app(self).ascii_cards)

    def saved_title(self) -> str:
        others = len(self.games) - 1
        return "Saved game" + (f" (and {others} more)" if others > 0 else "")

    def saved_text(self) -> Text:
        if self.saved is None:
            return Text(self.none_to_continue(), style="italic")
        from .saved_games import describe_save  # only when there is a saved game: start-up is faster

        return text_in_ascii(describe_save(self.saved), game_app(self).ascii_cards)

    def none_to_continue(self) -> str:
        """Why Continue has no game to go back to: every game listed is a table (under `yaniv`), or open elsewhere."""
        if not self.playable():
            return f"{ONLY_TABLES[:1].upper()}{ONLY_TABLES[1:]}."
        return "Every saved game is open in another yaniv."

    def show_saved(self) -> None:
        """Bring the saved-game box up to date after games were deleted."""
        box = self.query("#saved-box")
        if not box:
            return
        box.first().display = bool(self.games)
        self.query_one("#saved-title", Static).update(self.saved_title())
        self.query_one("#saved-desc", Static).update(self.saved_text())
        self.query_one("#continue-saved", Button).display = self.continues()
        self.query_one("#setup-hint", Static).update(self.hint_text())
        if not self.games:
            self.query_one("#presets").focus()
        self.refresh_bindings()

    def action_continue_game(self) -> None:
        """Go back to the game offered, or the next this screen plays that no other yaniv has open, as `yaniv --resume`
        does (`store.claim_newest`: a game gone meanwhile passed over, those open elsewhere waited for once in all)."""
        if self.saved is None:
            self.refresh_saves()  # the other yaniv that had every game open may have quit since
        if not self.games:
            return
        if not self.playable():  # every game listed is a table, which `yaniv host --resume` opens
            self.say_error(self.none_to_continue())
            return
        offered = [self.saved] if self.saved is not None else []
        tried = [*offered, *(saved for saved in self.playable() if saved is not self.saved)]
        try:
            # As saved now: another yaniv may have played it since it was listed.
            claimed = claim_newest([saved.game_id for saved in tried], hosted=self.hosting)
        except GameGone as error:  # every one finished or deleted in another yaniv since it was listed
            self.say_error(f"{error}; start a new game below.")
            self.refresh_saves()
            return
        except SaveError as error:
            self.say_error(str(error))
            self.refresh_saves()
            return
        if claimed is None:
            self.say_error("Every saved game is open in another yaniv: finish one there, or start a new game.")
            self.refresh_saves()
            return
        self.dismiss(claimed)

    def say_error(self, line: str) -> None:
        self.query_one("#setup-error", Static).update(Text(line, style=f"bold {colour('bad')}"))

    def continue_with(self, saved: SavedGame) -> None:
        """Lock the game to this process and go to its table; one line when another yaniv has it."""
        try:
            fresh = claim_game(
                saved.game_id, hosted=self.hosting
            )  # as saved now: another yaniv may have played it since it was listed
        except SaveError as error:
            self.say_error(str(error))
            self.refresh_saves()
            return
        self.dismiss(fresh)

    def refresh_saves(self) -> None:
        """Read the saves folder again: games played, finished or deleted elsewhere since it was read."""
        self.offer(scan_saves().games)
        self.show_saved()

    def action_saved_games(self) -> None:
        if self.games:
            from .saved_games import SavedGamesScreen

            self.app.push_screen(SavedGamesScreen(self.games), self.saved_game_chosen)

    def saved_game_chosen(self, saved: SavedGame | None) -> None:
        if saved is not None:
            self.continue_with(saved)
            return
        self.refresh_saves()
