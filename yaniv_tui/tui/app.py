"""The Yaniv app: opens the setup screen or the table, and holds what every screen shares."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from . import gc_pause
from .options import GameOptions
from .screens.common import MIN_HEIGHT, MIN_WIDTH
from .session import Session

if TYPE_CHECKING:
    from yaniv_tui.store import History, SavedGame


class YanivApp(App[None]):
    """Yaniv at one terminal: setup, then the table round after round, then the final standings."""

    # Absolute, so an App subclass elsewhere (a test) finds it too.
    CSS_PATH = Path(__file__).with_name("yaniv.tcss")
    TITLE = "Yaniv"
    # Below 80×24 every screen shows only "enlarge the terminal" (see yaniv.tcss).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-wide")]  # noqa: RUF012 (declared by App)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "help", key_display="?"),
        Binding("f1", "help", "help", show=False),
        Binding("ctrl+q", "quit", "quit", priority=True),
    ]

    def __init__(
        self,
        options: GameOptions | None = None,
        prefill: dict[str, object] | None = None,
        *,
        ascii_cards: bool | None = None,
        saved: SavedGame | None = None,
    ) -> None:
        super().__init__()
        self.options = options
        self.prefill = dict(prefill or {})
        #: A saved game to go straight back to (`yaniv --resume`).
        self.saved = saved
        #: Problems already told in a notice (the save, the history), so each is told once.
        self.told: set[str] = set()
        #: After an unexpected error: the report written (None if it could not be) and the one line to print.
        self.crash_report: Path | None = None
        self.crash_line: str | None = None
        self._history: History | None = None
        if ascii_cards is None:
            ascii_cards = options.ascii if options is not None else bool(self.prefill.get("ascii", False))
        self.ascii_cards = ascii_cards

    def on_mount(self) -> None:
        screen = self.first_screen()
        # The size classes the screen would get on its first resize, given now: styling it once, not twice.
        screen.add_class(*self.size_classes(), update=False)
        self.push_screen(screen)
        self.call_after_refresh(self.started)

    def started(self) -> None:
        """The first screen is on the terminal: start-up is over."""
        gc_pause.resume()

    def size_classes(self) -> list[str]:
        """The breakpoint classes (-narrow or -wide, -short or -tall) for the terminal's size now."""
        width, height = self.size
        return [
            next(name for edge, name in sorted(points, reverse=True) if value >= edge)
            for value, points in ((width, self.HORIZONTAL_BREAKPOINTS), (height, self.VERTICAL_BREAKPOINTS))
        ]

    def first_screen(self) -> Screen[None]:
        """The table when the seats were given on the command line, else the setup screen."""
        if self.saved is not None:
            return self.resume(self.saved)
        if self.options is not None:
            return self._table(self.options)
        from .screens.setup import SetupScreen

        return SetupScreen(self.prefill)

    def _table(self, options: GameOptions) -> Screen[None]:
        from .screens.table import TableScreen

        return TableScreen(Session(options))

    def resume(self, saved: SavedGame) -> Screen[None]:
        """The table of a saved game, as it was."""
        from .screens.table import TableScreen

        delay = float(self.prefill.get("bot_delay", 0.8))  # type: ignore[arg-type]
        return TableScreen(Session.resumed(saved, delay, self.ascii_cards))

    def continue_game(self, saved: SavedGame) -> None:
        """Leave the setup screen for the saved game's table."""
        self.switch_screen(self.resume(saved))

    @property
    def history(self) -> History:
        """The history database, opened when first needed (it never raises; see `.problem`)."""
        if self._history is None:
            from yaniv_tui.store import History

            self._history = History()
        return self._history

    def start_game(self, options: GameOptions) -> None:
        """Leave the setup screen for a new table."""
        self.options = options
        self.switch_screen(self._table(options))

    def on_key(self, event: events.Key) -> None:
        # Bindings are looked up on the screen on top when a key reaches the app, and that may be a screen
        # pushed after the key was typed (a pass screen after the last move): a screen with `accepts_key_at` says
        # whether a key of that moment may act on it. Handled here, before App's own handler looks up bindings.
        accepts = getattr(self.screen, "accepts_key_at", None)
        if accepts is not None and not accepts(event.time):
            event.prevent_default()

    # -- an unexpected error ------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        # Textual's hook for every error nothing else caught (in a handler, a worker, a timer): it sets
        # the return code to 1, closes the app and, under Pilot, raises the error again for the test.
        if self.crash_line is None:
            self.crash_line = self.report_crash(error)
        super()._handle_exception(error)
        # The traceback goes to the report, not the terminal: Textual would print it on the way out.
        self._exit_renderables.clear()

    def report_crash(self, error: BaseException) -> str:
        """Write the crash report for `error`; the one line for the terminal, saying where it is."""
        from textual.worker import WorkerFailed

        from yaniv_tui import __version__
        from yaniv_tui.store.crashes import write_crash_report

        if isinstance(error, WorkerFailed):
            error = error.error  # the bot's own traceback, not the worker's wrapper
        session = self.session_in_play()
        game_id = session.meta.game_id if session is not None else None
        try:
            self.crash_report = write_crash_report(error, version=__version__, game_id=game_id)
        except Exception as problem:  # any: the report must never hide the error it reports
            where = f"no report could be written ({getattr(problem, 'strerror', None) or problem})"
        else:
            where = f"the report is in {self.crash_report}"
        line = f"stopped by an unexpected error ({type(error).__name__}); {where}."
        if session is not None and not session.game.is_over:
            line += (
                f" The game is saved as of its last move: 'yaniv --resume {session.meta.game_id[:8]}' goes back to it."
            )
        return line

    def session_in_play(self) -> Session | None:
        """The game on the table (or at its end), if any."""
        for screen in reversed(self.screen_stack):
            session = getattr(screen, "session", None)
            if isinstance(session, Session):
                return session
        return None

    # -- shared actions -------------------------------------------------------------------

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        screen = self.screen
        if isinstance(screen, HelpScreen):
            return
        # The rules in play: a screen over the table (a pass screen, the scores) has none of its own.
        rules = next((r for s in reversed(self.screen_stack) if (r := getattr(s, "rules", None)) is not None), None)
        self.push_screen(HelpScreen(screen, rules, list(Binding.make_bindings(self.BINDINGS))))

    def action_toggle_ascii(self) -> None:
        self.ascii_cards = not self.ascii_cards
        refresh = getattr(self.screen, "refresh_table", None)
        if refresh is not None:
            refresh()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help and rules", "The keys and the active rules in words", self.action_help)
        yield SystemCommand("Toggle ASCII cards", "Suits as S H D C, or as ♠ ♥ ♦ ♣", self.action_toggle_ascii)
        scores = getattr(screen, "action_scores", None)
        if scores is not None:
            yield SystemCommand("Scores", "Every round's points and the totals", scores)
