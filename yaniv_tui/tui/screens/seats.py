"""The host's seats and watchers (a hosted table's `t`, and the command palette): hand a remote seat to a bot of a
chosen level now, give it back, open it for someone else, remove a watcher. The host decides (net/host.py); this
dialog only asks it and says its answer."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Select, Static
from textual.widgets.option_list import Option

from yaniv_tui.engine import BOT_LEVELS, DEFAULT_BOT_LEVEL
from yaniv_tui.table.hosted import HostedSession

from ..widgets.keybar import KeyBar
from .common import Dialog, TooSmall

#: What the dialog says of each seat's status (net/protocol.py's statuses).
STATUS_WORDS = {"waiting": "waiting for a player", "joined": "playing", "away": "away", "here": "at this screen"}
#: The buttons: their ids and what each asks of the host, for a seat or for a watcher.
SEAT_BUTTONS = ("seats-hand", "seats-give", "seats-open")
WATCHER_BUTTONS = ("seats-remove",)


class SeatsScreen(Dialog[None]):
    """The remote seats and the watchers of a hosted table, with what the host may do to each."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "back")]
    DEFAULT_CSS = """
    #seats-box {
        width: 72;
        /* No max-width: at 1x1, laid out once before the screen says it is too small, a box cut to the screen
           left its list no width, and Textual's OptionList wrapped its options at width 0 and raised
           (rich.cells.chop_cells). Below 80 columns the screen shows only "enlarge the terminal". */
        height: auto;
        padding: 0 1;
        border: round $primary;
        background: $surface;
    }
    #seats-list {
        height: auto;
        max-height: 12;
    }
    .seats-label {
        width: auto;
        padding-top: 1;
    }
    #seats-level {
        width: 24;
    }
    #seats-buttons, #seats-level-row {
        height: auto;
    }
    #seats-buttons Button {
        min-width: 10;
        margin-right: 1;
    }
    """

    def __init__(self, session: HostedSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="seats-box"):
            yield Static(Text("Seats and watchers", style="bold"))
            yield OptionList(*self.options(), id="seats-list")
            with Horizontal(id="seats-level-row"):
                yield Static("Bot level: ", classes="seats-label")
                yield Select(
                    [(level, level) for level in BOT_LEVELS],
                    value=DEFAULT_BOT_LEVEL,
                    allow_blank=False,
                    id="seats-level",
                )
            with Horizontal(id="seats-buttons"):
                yield Button("Hand to bot", id="seats-hand", variant="primary")
                yield Button("Give back", id="seats-give")
                yield Button("Open seat", id="seats-open", variant="warning")
                yield Button("Remove watcher", id="seats-remove", variant="error")
            yield Static("", id="seats-said")
        yield KeyBar()

    def options(self) -> list[Option]:
        """A line for each remote seat (its name, its status, whether a bot plays it) and each watcher."""
        session = self.session
        names = session.view(None).players
        lines: list[Option] = []
        for seat in session.remote_seats:
            status = STATUS_WORDS.get(session.status(seat), session.status(seat))
            bot = ", a bot plays it" if session.handed(seat) else ""
            lines.append(Option(Text(f"Seat {seat + 1}: {names[seat]} ({status}{bot})"), id=f"seat-{seat}"))
        for number, address in session.watcher_list:
            lines.append(Option(Text(f"Watcher {number + 1} from {address}"), id=f"watcher-{number}"))
        return lines

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0 if self.session.remote_seats else None
        self.query_one(OptionList).focus()
        self.enable_buttons()
        self.set_interval(1.0, self.refill_if_changed)  # joiners and watchers come and go meanwhile

    def refill_if_changed(self) -> None:
        shown = [str(option.prompt) for option in self.query_one(OptionList).options]
        if shown != [str(option.prompt) for option in self.options()]:
            self.refill()

    def chosen(self) -> tuple[str, int] | None:
        """The line highlighted: ("seat", seat) or ("watcher", number); None when none is."""
        listing = self.query_one(OptionList)
        if listing.highlighted is None:
            return None
        kind, _, number = str(listing.get_option_at_index(listing.highlighted).id).partition("-")
        return kind, int(number)

    @on(OptionList.OptionHighlighted)
    def enable_buttons(self) -> None:
        chosen = self.chosen()
        kind = None if chosen is None else chosen[0]
        for button in SEAT_BUTTONS:
            self.query_one(f"#{button}", Button).disabled = kind != "seat"
        for button in WATCHER_BUTTONS:
            self.query_one(f"#{button}", Button).disabled = kind != "watcher"

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        chosen = self.chosen()
        if chosen is None:
            return
        _, number = chosen
        session = self.session
        level = str(self.query_one(Select).value)
        if event.button.id == "seats-hand":
            problem = session.hand_to_bot(number, level)
        elif event.button.id == "seats-give":
            problem = session.give_back(number)
        elif event.button.id == "seats-open":
            problem = session.open_seat(number)
        else:
            problem = session.remove_watcher(number)
        self.query_one("#seats-said", Static).update(Text("" if problem is None else problem.capitalize()))
        self.refill()

    def refill(self) -> None:
        """The list again, as the host says it now, the same line highlighted where it is still there."""
        listing = self.query_one(OptionList)
        chosen = self.chosen()
        listing.set_options(self.options())
        if chosen is not None:
            wanted = f"{chosen[0]}-{chosen[1]}"
            with_ids = [option.id for option in listing.options]
            listing.highlighted = with_ids.index(wanted) if wanted in with_ids else (0 if with_ids else None)
        self.enable_buttons()

    def action_close(self) -> None:
        self.dismiss(None)
