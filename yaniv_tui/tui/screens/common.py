"""What every screen shares: the "enlarge the terminal" (or window) notice, the keys that scroll below the fold,
what the player chooses at a game's end, and a screen styled once when it is first shown."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar, Literal, TypeVar

from textual import events
from textual.actions import SkipAction
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ..app_seam import game_app
from ..least_size import MIN_HEIGHT as MIN_HEIGHT  # read here by the app and every screen
from ..least_size import MIN_WIDTH as MIN_WIDTH
from ..marks import mark

#: The game's look: base.tcss for every screen, and a file for each screen, read when that screen is first shown.
#: Textual parses style rules slowly; `yaniv` shows its first screen sooner when it parses only that screen's.
CSS_DIR = Path(__file__).resolve().parent.parent / "css"


def stylesheet(name: str) -> Path:
    """The stylesheet `name` (base, setup, table, ...), absolute so a screen subclass elsewhere finds it too."""
    return CSS_DIR / f"{name}.tcss"


#: The keys that open the help (`? help` on the bar; f1 where a text field takes `?`): the app's, and each
#: dialog's (`Dialog`).
HELP_BINDINGS: list[BindingType] = [
    Binding("question_mark", "help", "help", key_display="?"),
    Binding("f1", "help", "help", show=False),
]


def scroll_bindings(action: str) -> list[BindingType]:
    """The keys that scroll what runs below a small screen's fold (the help's columns, a game end's body): ↑↓ and page
    up/down call `action` with the way (down, up, page_down, page_up; see `scroll`) wherever the focus is (a button,
    or a scrolling body whose own ↓ would hide them from the bar), and the bar shows `↑↓ scroll` once. The screen
    offers `action` (check_action) only when there is more to see."""
    return [
        Binding("down", f"{action}('down')", "scroll", key_display="↑↓", priority=True),
        Binding("up", f"{action}('up')", "scroll", key_display="↑↓", show=False, priority=True),
        Binding("pagedown", f"{action}('page_down')", "scroll", show=False, priority=True),
        Binding("pageup", f"{action}('page_up')", "scroll", show=False, priority=True),
    ]


def scroll(view: ScrollableContainer, way: str) -> None:
    """Scroll `view` one line or one page, as far as it goes: `way` is down, up, page_down or page_up. At once, not
    after the next refresh (Textual's default): keys that come together (a held ↓, a slow connection) each count
    from where the one before left the view, not all from where it was."""
    page = view.scrollable_content_region.height
    step = {"down": 1, "up": -1, "page_down": page}.get(way, -page)
    view.scroll_to(y=view.scroll_target_y + step, immediate=True)


#: Textual's rack of notices on a screen (its toasts), by the id Textual gives it.
NOTICES_RACK = "#textual-toastrack"

#: What a screen that scrolls its body is dismissed with.
BodyResult = TypeVar("BodyResult")


class ScrollsBody(Screen[BodyResult]):
    """A screen whose body runs below a small screen's fold (a round's end, the game's end, the help): the keys of
    its `scroll_bindings("scroll_body")` scroll the views `SCROLLED` selects (the help's two columns together), each
    as far as it goes; its `check_action` offers them while `body_scrolls`, which the key bar asks again once the
    screen is laid out, at its opening and at each new size."""

    #: The views the keys scroll: a selector of the screen's scrolling containers.
    SCROLLED: ClassVar[str]
    #: What sits below the body, which the notices stay above (a round end's Continue and the line under it, the
    #: game end's buttons): a selector, or "" for nothing. Textual docks them at the bottom right, over it.
    FOOT: ClassVar[str] = ""

    def body_scrolls(self) -> bool:
        """Whether there is more to see than the screen shows."""
        return any(view.max_scroll_y > 0 for view in self.query(self.SCROLLED).results(ScrollableContainer))

    def action_scroll_body(self, way: str) -> None:
        """Scroll the body: `way` is down, up, page_down or page_up (`scroll`)."""
        for view in self.query(self.SCROLLED).results(ScrollableContainer):
            scroll(view, way)

    def on_mount(self) -> None:
        self.call_after_refresh(self.refresh_bindings)  # laid out: is there more to scroll to?
        if self.FOOT:
            self.screen_layout_refresh_signal.subscribe(self, self.notices_above_foot)

    def notices_above_foot(self, _: Screen[object]) -> None:
        """After each layout: the notices (Textual's toasts) take rows of their own right above the foot while they
        last, the body shorter above them (it scrolls): Textual docks them at the bottom right, over the foot's
        button, and over the body they hid a round's last seats."""
        racks = self.query(NOTICES_RACK)  # none where the app shows no notices (Textual's tests, by default)
        feet = self.query(self.FOOT)
        if not racks or not feet:
            return
        rack, foot = racks.first(), feet.first()
        rows = sum(toast.outer_size.height for toast in rack.query("Toast") if toast.display)
        rows = min(rows, self.size.height // 3)  # many at once: the body keeps most of the screen
        if foot.styles.margin.top != rows:
            foot.styles.margin = (rows, *foot.styles.margin[1:])
            return  # laid out again, and placed then
        below = self.size.height - foot.region.y
        if foot.region and rack.styles.margin.bottom != below:
            rack.styles.margin = (0, 0, below, 0)

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_bindings)  # the same, at the new size


class KeyScroll(VerticalScroll):
    """A VerticalScroll whose own keys (↑↓, page up/down, as Textual binds them) scroll at once (`scroll`): Textual's
    put each scroll off to after the next refresh, counted from where the view was, so ten ↓ that came together
    (tmux, a held key) scrolled one line."""

    def keyed(self, way: str) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()  # nothing to scroll: the key goes on to the screen, as Textual's own does
        scroll(self, way)

    def action_scroll_down(self) -> None:
        self.keyed("down")

    def action_scroll_up(self) -> None:
        self.keyed("up")

    def action_page_down(self) -> None:
        self.keyed("page_down")

    def action_page_up(self) -> None:
        self.keyed("page_up")


DialogResult = TypeVar("DialogResult")


class Dialog(ModalScreen[DialogResult]):
    """A dialog over a screen (the scores, the saved games, the house rules, ...), with the help every screen has:
    a modal screen does not hear the app's keys, so its own `?` (and f1) open the help over it, on its keys."""

    BINDINGS: ClassVar[list[BindingType]] = HELP_BINDINGS
    #: Its backdrop (base.tcss): the screen under it hidden, the dialog centred.
    DEFAULT_CLASSES = "dialog-screen"

    #: Whether the dialog has given its answer (`dismiss`): a second key before it is gone is no second answer.
    answered = False

    async def action_help(self) -> None:
        await self.app.run_action("help")

    def dismiss(self, result: DialogResult | None = None) -> AwaitComplete:
        """Close with `result`, once: keys queued behind the first answer (esc twice, enter then esc, as fast
        fingers or a slow connection send them) answer nothing. Before, Textual handed the second to the dialog's
        callback too, and the app stopped on InvalidStateError (found by tests/tui/test_monkey.py)."""
        if self.answered:
            return AwaitComplete()
        self.answered = True
        return super().dismiss(result)


#: What comes after the final standings: the same seats again, the setup screen, or quitting.
AfterGame = Literal["again", "new", "quit"]


class TooSmall(Static):
    """Shown instead of everything else below 80×24 (the stylesheet switches it on).

    It names the screen it is on (`place`, say "the table"; none over a dialog) and what is too small: the
    terminal, or the browser's window under `yaniv serve` (textual-serve runs the app with its web driver).
    """

    def __init__(self, place: str = "") -> None:
        self.place = place
        super().__init__(self.words(web=False), classes="too-small")

    def words(self, *, web: bool, ascii_only: bool = False) -> str:
        surface = "window" if web else "terminal"
        where = f" for {self.place}" if self.place else ""
        return (
            f"The {surface} is too small{where}.\n"
            f"Please enlarge the {surface} to at least {MIN_WIDTH}{mark('by', ascii_only)}{MIN_HEIGHT}.\n\n"
            "ctrl+q quits."
        )

    def on_mount(self) -> None:
        ascii_only = game_app(self).ascii_cards
        if self.app.is_web or ascii_only:
            self.update(self.words(web=self.app.is_web, ascii_only=ascii_only))


class StyledOnce:
    """A screen that is styled and laid out once before it is first shown (the setup screen and the table, which
    `yaniv` may open first).

    - Textual styles each widget as it is mounted, then, when a screen is first made active, styles the whole
      screen again, in case something changed while it was behind another. Nothing has, the first time.
    - As a terminal (or a headless run) starts, the screen is told its size more than once, and each time
      Textual lays out and draws the whole screen again. A size the screen already has changes nothing.

    On the setup screen each second pass was a twentieth of the time `yaniv` took to show it. Each later return
    to the screen, and each real change of size, is handled as Textual does. It relies on Textual's sequencing
    (ScreenResume.refresh_styles; a screen's on_resize before Screen's own handler): tests/tui/test_styled_once.py
    pins both, and fails if Textual changes under it.
    """

    _styled_once = False
    _laid_out_at: Size | None = None

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._styled_once:
            self._styled_once = True
            event.refresh_styles = False

    def on_resize(self, event: events.Resize) -> None:
        if event.size == self._laid_out_at:
            event.prevent_default()  # Screen's own handler would lay out the same screen again
        self._laid_out_at = event.size
