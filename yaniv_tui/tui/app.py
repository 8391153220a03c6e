"""The Yaniv app: opens the setup screen or the table, moves between the screens, holds what they share."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast
from weakref import WeakKeyDictionary

from rich.text import Text
from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.dom import DOMNode
from textual.reactive import var
from textual.screen import Screen

from yaniv_tui.table import gc_pause
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import GameOptions

from .colours import reads_on_a_page, theme_colours
from .screens.common import HELP_BINDINGS, MIN_HEIGHT, MIN_WIDTH, AfterGame, stylesheet

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from yaniv_tui.codec.record import GameRecord
    from yaniv_tui.store import Claimed, GameLock, History, SavedGame
    from yaniv_tui.table.remote import Host, HostFactory, JoinRequest
    from yaniv_tui.table.session import Session, TableSession

    from .app_seam import GameApp
    from .marks import Shown


#: The table layer's sessions, (module, class): what `YanivApp.session_in_play` looks for on the screens.
_SESSION_KINDS = (("yaniv_tui.table.session", "Session"), ("yaniv_tui.table.client_session", "ClientSession"))


class YanivApp(App[None]):
    """Yaniv at one terminal: setup, then the table round after round, then the final standings.

    The app decides which screen comes next: each screen is pushed with a callback and dismisses
    itself with what the player chose (a game to start, how a game ended, play again or not).
    """

    # What every screen shares; each screen names its own stylesheet.
    CSS_PATH = stylesheet("base")
    TITLE = "Yaniv"
    # Below 80×24 every screen shows only "enlarge the terminal" (see css/base.tcss).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-wide")]  # noqa: RUF012 (declared by App)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        *HELP_BINDINGS,
        Binding("ctrl+q", "quit", "quit", priority=True),
        # Textual's screens move the focus on tab once the key has passed up from the focused field to the screen,
        # after the keys typed behind it reached that field: a name typed at once after tab landed in the field
        # left. Bound first (priority), the focus moves before the next key is handed on. No words: the help and
        # each screen's words say what tab does there.
        Binding("tab", "app.focus_next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
    ]

    #: Suits as S H D C instead of ♠ ♥ ♦ ♣; the table redraws when it changes.
    ascii_cards: var[bool] = var(False)

    def __init__(
        self,
        options: GameOptions | None = None,
        launch: LaunchOptions | None = None,
        *,
        ascii_cards: bool | None = None,
        saved: SavedGame | None = None,
        lock: GameLock | None = None,
        hosting: HostFactory | None = None,
        joining: JoinRequest | None = None,
        replay: tuple[GameRecord, str] | None = None,
    ) -> None:
        # The first screen's stylesheet is read with the app's: read when the screen is pushed, it would make
        # Textual parse every stylesheet read so far a second time.
        first = "join" if joining is not None else ("setup" if options is None and saved is None else "table")
        first = "replay" if replay is not None else first
        super().__init__(css_path=[stylesheet("base"), stylesheet(first)])
        #: Makes the host of each game opened here (`yaniv host`), whose remote seats play from other machines.
        self.hosting = hosting
        self.table_host: Host | None = None
        #: A hosted table's host while it starts (`open_hosted`), before it is the table's.
        self.starting: Host | None = None
        #: Whether the app is quitting (`action_quit`): a quit is done once.
        self.quitting = False
        #: Whether a browser's page was asked before quitting a game (`action_quit`): once asked, the quit goes on.
        self.quit_asked = False
        #: The table on another machine to join (`yaniv join`); without its address, the join screen asks.
        self.joining = joining
        #: A finished game's record to replay, and what names it (`yaniv replay`): the app shows only its replay.
        self.replay = replay
        self.options = options
        #: What the command line chose: the first setup screen's choices and notices, and this run's own settings
        #: (the bot delay, --quiet).
        self.launch = LaunchOptions() if launch is None else launch
        #: A saved game to go straight back to (`yaniv --resume`), and its lock from `claim_game` (handed to its
        #: session).
        self.saved = saved
        self.saved_lock = lock
        #: Problems already told in a notice (the save, the history), so each is told once.
        self.told: set[str] = set()
        #: After an unexpected error: the report written (None if it could not be) and the one line to print.
        self.crash_report: Path | None = None
        self.crash_line: str | None = None
        #: Why the app quit early, to print on the terminal (a table that could not be opened or joined).
        self.exit_line: str | None = None
        self._history: History | None = None
        #: The user's settings say the bell rings (read at mount; see remember_theme).
        self.bell_setting = True
        #: Whether the app heard it lost the focus (in a browser the first time is its driver's: see on_app_blur).
        self.blur_heard = False
        if ascii_cards is None:
            ascii_cards = options.ascii if options is not None else self.launch.ascii
        self.set_reactive(YanivApp.ascii_cards, ascii_cards)
        #: Text of the screens put in ASCII by a switch to ASCII cards, as it was, to show again at the switch back.
        self._shown_with_marks: WeakKeyDictionary[DOMNode, dict[str, tuple[Shown, Shown]]] = WeakKeyDictionary()

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # The game's own colours ($felt, $card-red, ...): see colours.py.
        return theme_colours(self.current_theme)

    @property
    def bell_on(self) -> bool:
        """Whether the table rings the terminal's bell (a human's turn after others played, a Yaniv call): on,
        unless `--quiet` or the user's settings (`bell = false`, or the palette's "Bell off") turned it off."""
        return self.bell_setting and not self.launch.quiet

    # -- which screen comes next ------------------------------------------------------------

    def on_mount(self) -> None:
        # A page offers only the themes that read on it, so one kept in the settings that does not stays off too.
        if self.is_web:
            for name, theme in self.available_themes.items():
                if not reads_on_a_page(theme):
                    self.unregister_theme(name)
        self.remember_theme()
        if self.replay is not None:
            self.open_replay(*self.replay, first=True)
            self.call_after_refresh(self.started)
            return
        if self.joining is not None:
            self.open_join(self.joining)
            self.call_after_refresh(self.started)
            return
        # The command line's notices go to the first screen, which shows them.
        session = self.first_session()
        if session is None:
            self.open_setup(self.launch, first=True)
        else:
            self.open_table(session, first=True, notices=self.launch.notices)
        self.call_after_refresh(self.started)

    def remember_theme(self) -> None:
        """Apply the user's settings (the theme, the bell), and save the theme whenever it changes."""
        from yaniv_tui.store.settings import open_settings

        settings, problem = open_settings()
        if problem:
            self.notify(problem, severity="warning", timeout=10, markup=False)
        self.bell_setting = settings.bell
        if settings.theme is not None and settings.theme in self.available_themes:
            self.theme = settings.theme
        self.theme_changed_signal.subscribe(self, lambda theme: self.save_theme(theme.name))

    def save_theme(self, name: str) -> None:
        """Keep the theme chosen in the user's settings; a problem is told in one line."""
        self.save_setting(theme=name)

    def save_setting(self, *, theme: str | None = None, bell: bool | None = None) -> None:
        """Keep the theme or the bell chosen in the user's settings for the next start; a problem is told in one
        line. Only the key chosen is changed, in the file as it is now, under its lock: another yaniv changing another
        key meanwhile keeps its change (`store.settings.change_settings`)."""
        from yaniv_tui.store.settings import change_settings, read_settings

        chosen = {key: value for key, value in (("theme", theme), ("bell", bell)) if value is not None}
        settings, _ = read_settings()
        if all(getattr(settings, key) == value for key, value in chosen.items()):
            return
        problem = change_settings(**chosen)
        if problem and problem not in self.told:
            self.told.add(problem)
            self.notify(problem, severity="warning", timeout=10, markup=False)

    def action_toggle_bell(self) -> None:
        """Turn the bell off or on, and keep the choice in the user's settings."""
        self.bell_setting = not self.bell_setting
        self.save_setting(bell=self.bell_setting)
        quiet = " (but --quiet keeps it silent for this game)" if self.launch.quiet else ""
        self.notify(f"The bell is {'on' if self.bell_setting else 'off'}{quiet}.", timeout=4, markup=False)

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

    # The table's modules (the session, the players, the saves) are imported when a game opens: the setup
    # screen shows sooner without them.

    def first_session(self) -> Session | None:
        """The game to open the table on (a saved one, or the seats given on the command line); None for setup."""
        if self.saved is None and self.options is None:
            return None
        from yaniv_tui.table.session import Session

        if self.saved is not None:
            lock, self.saved_lock = self.saved_lock, None
            hosted = self.hosting is not None
            return self.resumed(self.saved, hosted=hosted, lock=lock)
        if self.options is not None:
            return Session(self.options)
        return None

    def resumed(
        self, saved: SavedGame, *, hosted: bool, lock: GameLock | None, launch: LaunchOptions | None = None
    ) -> Session:
        """The game of `saved` at this run's bot delay, cards and turn clock (`Session.resumed`), or `launch`'s."""
        from yaniv_tui.table.session import Session

        launch = launch or self.launch
        return Session.resumed(
            saved,
            launch.bot_delay,
            self.ascii_cards,
            hosted=hosted,
            lock=lock,
            turn_seconds=launch.turn_seconds,
            timeouts_to_bot=launch.timeouts_to_bot,
        )

    def _open(self, screen: DOMNode, first: bool) -> None:
        if first:
            # The size classes the screen would get on its first resize, given now: styling it once, not twice.
            screen.add_class(*self.size_classes(), update=False)

    def open_setup(self, launch: LaunchOptions, *, first: bool = False) -> None:
        """The setup screen, filled in from `launch` and showing its notices, its seats remote or not as this app
        hosts or not; it comes back with a new game's options or a saved game to continue."""
        from .screens.setup import SetupScreen

        screen = SetupScreen(launch, hosting=self.hosting is not None)
        self._open(screen, first)
        self.push_screen(screen, self.setup_done)

    def setup_done(self, chosen: GameOptions | Claimed | None) -> None:
        from yaniv_tui.table.session import Session

        if isinstance(chosen, GameOptions):
            self.options = chosen
            self.open_table(Session(chosen))
        elif chosen is not None:
            hosted = self.hosting is not None
            saved, lock = chosen
            # A damaged record the claim met first (the listing left the game, open in another yaniv then): said.
            said = (saved.record_damage,) if saved.record_damage else ()
            launch = self.launch
            if hosted and launch.turn_seconds is None:  # Continue: the table's own clock (no flag gave one)
                from yaniv_tui.table.hosted import resumed_clock

                seconds, to_bot, clock_said = resumed_clock(saved.game_id)
                launch = replace(launch, turn_seconds=seconds, timeouts_to_bot=to_bot)
                said = (*said, clock_said)
            self.open_table(self.resumed(saved, hosted=hosted, lock=lock, launch=launch), notices=said)

    def open_table(self, session: TableSession, *, first: bool = False, notices: Sequence[str] = ()) -> None:
        """The table, showing `notices`; it comes back when the game is over (or stopped by a guard, with why).
        A game with remote seats opens once its host listens."""
        from yaniv_tui.table.session import Session

        from .screens.table import TableScreen

        remote = any(s.is_remote for s in session.options.seats)
        if self.hosting is not None and isinstance(session, Session) and session.kind == "local" and remote:
            self.open_hosted(session, first, notices)
            return
        screen = TableScreen(session, notices)
        self._open(screen, first)
        self.push_screen(screen, lambda stopped: self.game_done(session, stopped))

    def open_replay(self, record: GameRecord, title: str = "", *, first: bool = False, review: bool = False) -> None:
        """The replay of a finished game's record (with the expert's review started at once for `review`); the app
        quits after it when it was the first screen."""
        from .screens.replay import ReplayScreen

        screen = ReplayScreen(record, title, review=review)
        self._open(screen, first)
        self.push_screen(screen, (lambda _: self.exit()) if first else None)

    def game_done(self, session: TableSession, stopped: str | None) -> None:
        """The final standings; they come back with what the player wants next. A joined table lost before its
        game ended has none: the join screen says why, and joins it again."""
        from yaniv_tui.table.client_session import ClientSession

        from .screens.game_end import GameEndScreen

        if isinstance(session, ClientSession):
            lost = session.lost_before_the_end()
            rejoin = session.rejoin or self.joining
            if lost is not None and rejoin is not None:
                from .screens.join import JoinScreen

                self.push_screen(JoinScreen(rejoin, lost), self.joined)
                return
            if lost is not None:
                self.leave(f"the game stopped before its end: {lost}")
                return
            if session.view(None).phase == "over":
                stopped = None  # the host's last view ended the game, whatever was told after it

        self.push_screen(GameEndScreen(session, stopped), lambda choice: self.after_game(session, choice))

    @work(exclusive=True, group="host")
    async def open_hosted(self, session: Session, first: bool, notices: Sequence[str] = ()) -> None:
        """Start the game's host (it listens for the remote seats), then open the table."""
        assert self.hosting is not None
        from yaniv_tui.store.tables import TableFileError

        try:
            host = self.hosting(session.game, session.options.seats, session.meta.game_id)
        except TableFileError as error:
            session.close()
            self.leave(f"the table's room code and tokens cannot be read: {error}")
            return
        self.starting = host
        try:
            await host.start()
        except OSError as error:
            session.close()
            self.leave(f"cannot open the table on port {host.port}: {error.strerror or error}")
            return
        finally:
            self.starting = None
        if self.quitting:  # a quit while the host was starting: it is stopped now it has started
            await host.stop()
            session.save(session.meta.screen_seat)
            self.exit_line = self.table_line(session, host)
            session.close()
            self.exit()
            return
        self.table_host = host
        from yaniv_tui.table.hosted import HostedSession

        hosted = HostedSession.taking_over(session, host)
        self.notify(f"Friends join with: {host.join_command()}", timeout=20, markup=False)
        self.open_table(hosted, first=first, notices=notices)

    async def action_quit(self) -> None:
        """Quit, a game in progress saved (a hosted table's host stopped first), with the line on the terminal that
        says how to come back. Once: a quit while one is under way (a second ctrl+q, a hangup, while the host
        stops) changes nothing; a quit while a hosted table's host is still starting is done by `open_hosted` once
        it has started. A browser's page at a game asks first (`ask_to_quit`)."""
        if self.quitting:
            return
        session = self.session_in_play()
        if self.is_web and not self.quit_asked and session is not None and session.view(None).phase != "over":
            self.ask_to_quit()
            return
        self.quitting = True
        if self.starting is not None:
            return
        if self.table_host is not None:
            host, self.table_host = self.table_host, None
            await host.stop()
            session = self.session_in_play()
            if session is not None:
                self.exit_line = self.table_line(session, host)
        elif session is not None and session.view(None).phase != "over":
            if session.lock is not None or session.kind == "local":  # a game of this screen, locked or not
                self.exit_line = self.saved_line(session)
            else:
                self.exit_line = self.rejoin_line(session)
        self.exit()

    def ask_to_quit(self) -> None:
        """A browser's page at a game asks before it quits: ctrl+q is pressed there by mistake as in any page, and its
        session ends with it (a terminal's player is told how to come back, a page's sees only "Session ended"). Yes,
        or ctrl+q again, quits; no stays."""
        from .screens.join import JoinScreen
        from .screens.saved_games import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.call_later(self.action_quit)
            else:
                self.quit_asked = False

        self.quit_asked = True
        session = self.session_in_play()
        if session is not None and session.kind == "joined":
            question = JoinScreen.leave_table_in_a_page(session.is_watcher)
        else:
            question = f"Quit yaniv? {self.quit_words()}."
        self.push_screen(ConfirmScreen(question, "Quit", no="Stay"), answered)

    def quit_words(self) -> str:
        """What quitting (ctrl+q, the palette's Quit) does now, as `action_quit` does it, in a line of the palette:
        by the last save, as the line printed on the way out is (`session.unsaved`, which every save sets)."""
        session = self.session_in_play()
        if session is None or session.view(None).phase == "over":
            return "Leave yaniv"
        if self.table_host is not None:
            if session.unsaved is not None:
                return f"Stop hosting and leave: the table could not be saved ({session.unsaved})"
            return "Stop hosting and leave: the table is saved ('yaniv host --resume' opens it)"
        if session.lock is not None or session.kind == "local":
            if session.unsaved is not None:
                return f"Leave the table: the game could not be saved ({session.unsaved}); quitting tries again"
            return "Leave the table: the game is saved, and Continue goes back to it"
        if session.is_watcher:
            return "Stop watching: the game goes on"
        return "Leave the table: its game goes on, and joining again takes your seat back"

    @staticmethod
    def table_line(session: TableSession, host: Host) -> str | None:
        """What quitting a hosted table's game in progress says on the terminal once its host has stopped: how
        everyone comes back to it, or why it could not be saved."""
        if session.view(None).phase == "over":
            return None
        if session.unsaved is not None:
            return f"the table could not be saved: {session.unsaved}"
        return (
            f"the table is saved: 'yaniv host --resume {session.meta.game_id[:8]}' opens it again, "
            f"and friends rejoin with '{host.join_command()}'"
        )

    def saved_line(self, session: TableSession) -> str:
        """What quitting a game in progress says on the terminal (or the page): it is saved, and how to come back to
        it; or that it was not kept, and why (its data folder could take no save, not even its lock)."""
        problem = session.save(session.meta.screen_seat)
        if problem is not None:
            return f"the game was not kept: it could not be saved ({problem})"
        if self.is_web:  # a page of `yaniv serve --play`: its player has no command line, and the page a Restart
            return "the game is saved: Restart (or reload the page), then Continue goes back to it"
        import os

        from yaniv_tui.store.paths import TOKENS_ENV

        if os.environ.get(TOKENS_ENV):  # its `ssh ... play` (a folder of its key's): no command line there either
            return "the game is saved: connect again with the same SSH key, then Continue goes back to it"
        return (
            f"the game is saved: 'yaniv --resume {session.meta.game_id[:8]}' goes back to it "
            "('yaniv' offers every saved game, 'yaniv saves' lists them)"
        )

    @staticmethod
    def rejoin_line(session: TableSession) -> str | None:
        """What leaving a joined table's game in progress says on the terminal: how to take the seat back (a
        watcher, with no seat, is told nothing, nor a page of `yaniv serve` or a session of `--ssh`, which name a
        tokens folder of their own: there the player never typed `yaniv join`)."""
        import os
        from shlex import quote

        from yaniv_tui.store.paths import TOKENS_ENV
        from yaniv_tui.table.client_session import ClientSession

        if not isinstance(session, ClientSession) or session.is_watcher or session.rejoin is None:
            return None
        if os.environ.get(TOKENS_ENV):
            return None
        request = session.rejoin
        if not request.address or not request.code:
            return None
        name = f" --name {quote(request.name)}" if request.name else ""
        return (
            f"you left the table: 'yaniv join {quote(request.address)} {quote(request.code)}{name}' takes your "
            "seat back while its game goes on"
        )

    def open_join(self, request: JoinRequest) -> None:
        """The join screen (or straight to the table when the address and code were given)."""
        from .screens.join import JoinScreen

        self.push_screen(JoinScreen(request), self.joined)

    def joined(self, session: TableSession | str | None) -> None:
        if isinstance(session, str):
            self.leave(session)
        elif session is None:
            self.exit()
        else:
            self.open_table(session)

    def leave(self, line: str, return_code: int = 1) -> None:
        """Quit, with one line for the terminal saying why (no table to open, no table to join)."""
        self.exit_line = line
        self.exit(return_code=return_code)

    def after_game(self, session: TableSession, choice: AfterGame | None) -> None:
        from yaniv_tui.table.session import Session

        if not session.can_play_again or not isinstance(session, Session):
            self.exit()
        elif choice == "again":
            self.open_table(session.again())
        elif choice == "new":
            self.open_setup(self.launch.after_game(session.options))
        else:
            self.exit()

    @property
    def history(self) -> History:
        """The history database, opened when first needed (it never raises; see `.problem`)."""
        if self._history is None:
            from yaniv_tui.store import History

            self._history = History()
        return self._history

    def on_app_blur(self) -> None:
        """In a browser (`yaniv serve`) textual-serve's driver says the app lost the focus as it starts, while the
        page focuses the terminal once connected (and says so, perhaps first): that first blur is not heeded, so
        the first screen's field has the keys and the key bar says what they do. Later blurs are."""
        if self.blur_heard or not self.is_web:
            return
        self.blur_heard = True
        self.call_later(self.focus_again)  # once App's own handler, which runs after this one, has blurred it

    def focus_again(self) -> None:
        """The app has the focus again, and the screen's first widget if none has it."""
        self.app_focus = True
        self.focus_first()

    def on_resize(self) -> None:
        # A screen opened below 80x24 shows only the notice, and none of its widgets could take the focus.
        self.call_after_refresh(self.focus_first)

    def focus_first(self) -> None:
        """Give the focus to the screen's first widget (its own AUTO_FOCUS) if none has it: a screen mounted while
        the app had no focus, or while the terminal was too small for it, has none. A screen that names none
        (the table) is left as it is."""
        screen = self.screen
        selector = screen.AUTO_FOCUS
        if not self.app_focus or screen.focused is not None or not selector:
            return
        for widget in screen.query(selector):
            if widget.focusable:
                widget.focus()
                return

    def on_key(self, event: events.Key) -> None:
        # Bindings are looked up on the screen on top when a key reaches the app, and that may be a screen
        # pushed after the key was typed (a pass screen after the last move): a screen with `accepts_key_at` says
        # whether a key of that moment may act on it. Handled here, before App's own handler looks up bindings.
        accepts = getattr(self.screen, "accepts_key_at", None)
        if accepts is not None and not accepts(event.time):
            event.prevent_default()

    # -- an unexpected error ------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        # Textual's hook for every error nothing else caught (in a handler, a worker, a timer, at start): it sets
        # the return code to 1, closes the app and, under Pilot, raises the error again for the test. The one
        # private name of Textual's used here (tests/tui/test_crash.py pins it): no public hook sees the error
        # while the game is still on screen (`return_code` says only that there was one, and the screens are
        # gone by the app's Unmount).
        if self.crash_line is None:
            self.crash_line = self.report_crash(error)
            # The traceback is in the report, not on the terminal: Textual prints it on the way out through its
            # public error console, kept quiet from now on (the command line prints the one line itself).
            self.error_console.quiet = True
        super()._handle_exception(error)

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
        if session is not None and session.view(None).phase != "over":
            line += (
                f" The game is saved as of its last move: 'yaniv --resume {session.meta.game_id[:8]}' goes back to it."
            )
        return line

    def session_in_play(self) -> TableSession | None:
        """The game on the table (or at its end), if any: a session of the table layer's, a local or hosted `Session`
        or a joined `ClientSession`. Only the kinds whose module is loaded are looked for (no session can exist before
        its module is), and none is loaded to ask: the setup screen's key bar asks what quitting does at its every
        drawing, and loading both there cost start-up 0.1 billion instructions (tests/test_startup_imports.py)."""
        kinds = tuple(
            getattr(module, name)
            for module_name, name in _SESSION_KINDS
            if (module := sys.modules.get(module_name)) is not None and hasattr(module, name)
        )
        if not kinds:
            return None
        for screen in reversed(self.screen_stack):
            session = getattr(screen, "session", None)
            if isinstance(session, kinds):
                return cast("TableSession", session)
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

    def action_stats(self) -> None:
        from .screens.stats import StatsScreen

        if self._history is not None:
            self.push_screen(StatsScreen(self.history))  # the one this run records in, open already
            return
        from yaniv_tui.store import History

        # A reader: on a first run it makes no data folder and no database just to say there are no games yet.
        self.push_screen(StatsScreen(History(create=False), own=True))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Textual's notice, its words' marks and cards in ASCII with ASCII cards: every notice comes through here
        (a screen's, a widget's, the table's words from `table/words.py`)."""
        if self.ascii_cards:
            from .marks import shown_in_ascii

            message, title = str(shown_in_ascii(message)), str(shown_in_ascii(title))
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def action_toggle_ascii(self) -> None:
        self.ascii_cards = not self.ascii_cards

    def watch_ascii_cards(self, ascii_only: bool) -> None:
        """The switch takes effect on every screen open at once: the table and the replay redraw themselves (as do
        the key bar and the fields, drawn each time), and text written when a screen opened (its title, words,
        buttons and tooltips) is put in ASCII, or back as it was. A screen that wrote its marks from its own data
        (the setup screen, the game's end, the stats, the join screen, the scores) watches the switch and writes them
        again itself (its `show_marks`): what it wrote in ASCII at its opening has no form with marks to come back."""
        from textual.widgets import Button, Static

        from .marks import shown_in_ascii
        from .screens.help import HelpScreen
        from .widgets.title import TitleBar

        for screen in self.screen_stack:
            if isinstance(screen, HelpScreen):  # words alone, written again whole (in ASCII or not)
                screen.refresh_bindings()
                self.call_later(screen.recompose)
                continue
            for title in screen.query(TitleBar):
                title.show_title()  # from the screen's own title, in ASCII or not
            for widget in screen.query("*"):
                if isinstance(widget, TitleBar):
                    continue
                kept = self._shown_with_marks.setdefault(widget, {})
                parts = ("content",) if isinstance(widget, Static) else ("label",) if isinstance(widget, Button) else ()
                for part in (*parts, "tooltip"):
                    shown = getattr(widget, part)
                    if not isinstance(shown, str | Text | Content):
                        continue
                    if ascii_only and (in_ascii := shown_in_ascii(shown)) is not shown and in_ascii != shown:
                        kept[part] = (shown, in_ascii)
                        setattr(widget, part, in_ascii)
                    elif not ascii_only and part in kept:
                        with_marks, as_set = kept.pop(part)
                        if shown is as_set:  # unchanged since: what it showed before comes back
                            setattr(widget, part, with_marks)
                widget.refresh()

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        # A page's screenshot is Textual's to hand to the browser. In a terminal Textual saves it in the Downloads
        # folder, and where there is none (a fresh account, a server's) says only "Failed to save screenshot": there,
        # it goes in the folder yaniv was started from. It shows the player's hand: written as every file yaniv
        # writes (its owner's alone, whole or not at all, never over a file there: `store.files.write_new`), where
        # Textual's delivery took the umask's permissions and wrote over a file of its name.
        if self.is_web:
            return super().deliver_screenshot(filename, path, time_format)
        import re
        import uuid
        from datetime import datetime

        import platformdirs

        from yaniv_tui.store.files import write_new

        folder = Path(path) if path is not None else platformdirs.user_downloads_path()
        if path is None and not folder.is_dir():
            folder = Path.cwd()
        if not filename:
            when = datetime.now().strftime(time_format) if time_format else datetime.now().isoformat()
            filename = re.sub(r'[ <>:"/\\|?*.]', "_", f"{self.title} {when}") + ".svg"
        shot = folder / filename
        key = uuid.uuid4().hex
        try:
            write_new(shot, self.export_screenshot().encode("utf-8"))
        except FileExistsError:
            self.notify(f"Failed to save screenshot: {shot} is there already", title="Screenshot", severity="error")
        except OSError as error:
            self.notify(f"Failed to save screenshot: {error.strerror or error}", title="Screenshot", severity="error")
        else:  # Textual's own notice says where it went
            self.post_message(events.DeliveryComplete(key=key, path=shot, name="screenshot"))
        return key

    def action_command_palette(self) -> None:
        """Open the command palette (ctrl+p): Textual's, its page keys safe while its list is rebuilt (palette.py)."""
        from textual.command import CommandPalette

        from .palette import Palette

        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):  # as Textual's own
            self.push_screen(Palette(id="--command-palette"))

    def search_themes(self) -> None:
        """The palette's Theme: Textual's list of themes, in the game's palette (palette.py) as ctrl+p's are."""
        from textual.theme import ThemeProvider

        from .palette import Palette

        self.push_screen(Palette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        # Textual's "Keys" panel lists each binding as Textual's Footer sees it (a row for every digit, "choose
        # choose cards") and squeezes the screen beside it: "Help and rules" says the keys whole.
        # Textual's Quit said "Quit the application as soon as possible": at a table, as if the game were lost.
        mine = (self.action_show_help_panel, self.action_hide_help_panel, self.action_quit)
        yield from (command for command in super().get_system_commands(screen) if command.callback not in mine)
        yield SystemCommand("Quit", self.quit_words(), self.action_quit)
        yield SystemCommand("Help and rules", "The keys and the active rules in words", self.action_help)
        # In ASCII the palette's own words are too: a terminal that cannot show ♠ is why it is on.
        suits = "Suits as symbols again (now S H D C)" if self.ascii_cards else "Suits as S H D C, or as ♠ ♥ ♦ ♣"
        yield SystemCommand("Toggle ASCII cards", suits, self.action_toggle_ascii)
        # The words say what choosing it does: "Bell off" over "Ring the bell..." read as a bell now off.
        when = "the terminal's bell when your turn comes and at a Yaniv call (kept for the next start)"
        yield SystemCommand(
            "Bell off" if self.bell_setting else "Bell on",
            f"Stop ringing {when}" if self.bell_setting else f"Ring {when}",
            self.action_toggle_bell,
        )
        scores = getattr(screen, "action_scores", None)
        if scores is not None:
            yield SystemCommand("Scores", "Every round's points and the totals", scores)
        seats, offers = getattr(screen, "action_seats", None), getattr(screen, "offers", None)
        if seats is not None and offers is not None and offers("seats"):
            yield SystemCommand(
                "Seats and watchers",
                "Hand a remote seat to a bot, give it back, open it for someone else, remove a watcher",
                seats,
            )


if TYPE_CHECKING:

    def _screens_see(app: YanivApp) -> GameApp:
        return app  # mypy: the app has every member its screens may ask of it (app_seam)
