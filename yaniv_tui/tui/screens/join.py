"""Joining (or only watching) a table on another machine: the address, the room code and a name, then the same
table as at home."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from yaniv_tui.net.host import SEAT_OPENED
from yaniv_tui.net.secrets_gate import CODE_LENGTH
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.options import OptionsError, check_name
from yaniv_tui.table.remote import JoinRequest
from yaniv_tui.table.session import TableSession

from ..app_seam import ScreenNotes, game_app
from ..marks import in_ascii, mark
from ..widgets.form import FormInput, NameInput
from ..widgets.keybar import KeyBar
from ..widgets.title import TitleBar
from .common import TooSmall, stylesheet
from .setup_seats import NAME_CHARACTERS

#: What a room code is typed with: letters and digits.
CODE_CHARACTERS = r"[A-Za-z0-9]*"


def _shown(text: str) -> str:
    """`text` as a field shows it: without control or format characters (an escape would drive the terminal)."""
    return "".join(c for c in text if c.isprintable())


class JoinScreen(ScreenNotes, Screen[TableSession | str | None]):
    """Asks for the host's address, the room code and a name (all given on the command line: joins at once);
    dismissed with the joined table's session, None to quit, or why the command line's table could not be
    joined (one line). Where the request can watch (`JoinRequest.watcher`), a "Watch" button watches the table
    instead, with no seat; `yaniv watch` (`JoinRequest.watch`) watches at once when given the address and code."""

    CSS_PATH = stylesheet("join")

    BINDINGS: ClassVar[list[BindingType]] = [
        # esc leaves once asked (action_leave), ctrl+q quits at once: the bar says each, in words of its own.
        Binding("escape", "leave", "leave", tooltip="quit, once asked (what was typed is not kept)"),
    ]
    #: The help's words on this screen's fields, and on the rules, which a joiner does not choose.
    FIELD_KEYS: ClassVar[str] = (
        "\nIn a field, ? and q are letters: f1 is help there. tab moves to the next field or button, and enter "
        "joins (or watches, with yaniv watch)."
    )
    NO_RULES: ClassVar[str] = (
        "The table's host chooses the rules: once you have joined, the help at the table says them."
    )
    #: The field marked first (`_first`) has the focus: the first left to type.
    AUTO_FOCUS = ".join-first"

    def __init__(self, request: JoinRequest, lost: str | None = None) -> None:
        """`lost`: why the table joined with `request` was lost before its game ended (the screen says so, and
        joining again takes the same seat)."""
        super().__init__(classes="join-screen")
        self.request = request
        self.lost = lost
        #: The line said below the fields (`say`), with its marks.
        self.said = ""

    @property
    def seat_opened(self) -> bool:
        """Whether the table was lost because its host opened this player's seat for someone else (`SEAT_OPENED`):
        the game goes on, and their token takes the seat no more."""
        return self.lost is not None and SEAT_OPENED in self.lost

    def compose(self) -> ComposeResult:
        request = self.request
        yield TooSmall()
        yield TitleBar()
        with Vertical(id="join-body"):
            if self.lost is None and request.watch:
                intro = "Watch a friend's table: they see the address and the code on their screen."
            elif self.lost is None and request.watcher is not None:
                intro = "Join a friend's table, or only watch it: they see the address and the code on their screen."
            elif self.lost is None:
                intro = "Join a friend's table: they see the address and the code on their screen."
            elif self.seat_opened:
                intro = f"{SEAT_OPENED[0].upper()}{SEAT_OPENED[1:]}."
            else:
                intro = f"The game stopped before its end: {self.lost}."
            yield Static(Text(intro), id="join-intro")
            with Horizontal(classes="join-row"):
                yield Label("address", classes="join-label")
                yield FormInput(
                    _shown(request.address),
                    placeholder="host or host:port",
                    id="join-address",
                    compact=True,
                    restrict=NAME_CHARACTERS,  # no control or format character, typed or pasted
                    classes=_first(request, "address"),
                )
            with Horizontal(classes="join-row"):
                yield Label("room code", classes="join-label")
                yield FormInput(
                    _shown(request.code),
                    # Words, not a made-up code: a code in grey was taken for one filled in.
                    placeholder=f"the {CODE_LENGTH} letters and digits on the host's screen",
                    id="join-code",
                    compact=True,
                    restrict=CODE_CHARACTERS,
                    max_length=CODE_LENGTH,  # a longer code is no table's: said as typed, not by the host
                    classes=_first(request, "code"),
                )
            with Horizontal(classes="join-row"):
                yield Label("your name", classes="join-label")
                yield NameInput(
                    _shown(request.name),
                    placeholder="optional",
                    id="join-name",
                    compact=True,
                    restrict=NAME_CHARACTERS,
                )
            with Horizontal(id="join-buttons"):
                # To watch (`yaniv watch`, a watcher's table lost), Watch comes first, in blue: Join takes a seat.
                to_watch = request.watch
                join = Button("Join", id="join", variant="default" if to_watch else "primary", action="screen.join")
                if request.watcher is not None:
                    watch = Button(
                        "Watch", id="watch", variant="primary" if to_watch else "default", action="screen.watch"
                    )
                    yield from (watch, join) if to_watch else (join, watch)
                else:
                    yield join
            if self.lost is None:
                again = ""
            elif request.watch:  # a watcher has no seat to take back
                again = "Watch again to follow the table, once the host's table is up."
            elif self.seat_opened:  # joined afresh (the old token is refused), a player takes whichever seat is free
                again = "Join again to take a free seat, if one is still open (yours, if nobody has taken it)."
            else:
                again = "Join again to take back your seat, once the host's table is up."
            yield Static(Text(again), id="join-error")
        yield KeyBar()

    def on_mount(self) -> None:
        watch = self.request.watch
        if self.lost is None:
            self.sub_title = "watch a table" if watch else "join a table"
        else:
            self.sub_title = "your seat was opened" if self.seat_opened else "the table was lost"
        self.watch(self.app, "ascii_cards", lambda _: self.show_marks(), init=False)
        if self.request.address and self.request.code and self.lost is None:
            self.join(from_command_line=not self.request.remembered, watch=watch)

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.join(watch=self.request.watch)

    def action_join(self) -> None:
        self.join()

    def action_watch(self) -> None:
        self.join(watch=True)

    #: What a browser's page shows once its yaniv quits (cli/templates/serve.html), in the questions that ask first.
    PAGE_ENDS: ClassVar[str] = 'the page then says "Session ended.", and its Restart button'
    #: What esc asks in a browser's page before it quits (Restart opens the join screen of the table last joined).
    LEAVE_PAGE: ClassVar[str] = f"Quit yaniv? What was typed here is not kept: {PAGE_ENDS} opens this screen again."

    @classmethod
    def leave_table_in_a_page(cls, watching: bool) -> str:
        """What ctrl+q asks at a joined table's game in a browser's page, before its session ends: the game goes on,
        and the page's Restart joins the same table again (the page keeps the table it last joined and its seat's
        token), taking the seat back or watching again."""
        again = "watches it again" if watching else "takes your seat back"
        return f"Quit yaniv? The game goes on without you; {cls.PAGE_ENDS} {again}."

    #: What esc asks in a terminal before it quits: an SSH session's (`--ssh`) ends with it.
    LEAVE_TERMINAL: ClassVar[str] = "Quit yaniv? What was typed here is not kept."

    def action_leave(self) -> None:
        """Quit as ctrl+q does, once asked: esc, pressed to leave a field, ended a browser page's session at once, or
        an SSH session's (a terminal at home cannot be told from one), and what was typed with it."""
        from .saved_games import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)

        question = self.LEAVE_PAGE if self.app.is_web else self.LEAVE_TERMINAL
        self.app.push_screen(ConfirmScreen(question, "Quit", no="Stay"), answered)

    def say(self, line: str) -> None:
        """Say `line` (its marks in ASCII with ASCII cards) below the fields."""
        self.said = line
        self.query_one("#join-error", Static).update(Text(in_ascii(line, game_app(self).ascii_cards)))

    def show_marks(self) -> None:
        """Say the last line again, its marks in ASCII or not: ASCII cards were switched (from the command palette)
        while the screen is open."""
        if self.said:
            self.say(self.said)

    @work(exclusive=True, group="join")
    async def join(self, from_command_line: bool = False, watch: bool = False) -> None:
        """Join (or `watch`) with what the fields hold: the table once in, else why not in one line (and, when it
        was all given on the command line, the app ends with that line)."""
        address = self.query_one("#join-address", Input).value.strip()
        code = self.query_one("#join-code", Input).value.strip().upper()
        name_typed = self.query_one("#join-name", Input).value
        if not address or not code:
            self.say("type the address and the room code your host shows")
            return
        try:
            name = check_name(name_typed) if name_typed.strip() else None
        except OptionsError as error:
            self.say(str(error))
            return
        watcher = self.request.watcher if watch else None
        verb = "watch" if watcher is not None else "join"
        self.say(f"{verb}ing {_cut(address)}{mark('more')}")
        failures: tuple[type[Exception], ...] = (*self.request.join_error, OSError)
        try:
            if watcher is not None:
                client = await watcher(address, code)
            else:
                client = await self.request.joiner(address, code, name)
        except failures as error:
            line = f"cannot {verb} {_cut(address)}: {error}"
            if from_command_line:
                self.dismiss(line)
                return
            self.say(line)
            if self.request.remembered and code == self.request.code:
                # The table this browser last joined, not there now: Join tries it again once its host is back, or
                # a new code is typed over this one.
                self.query_one("#join-code", Input).focus()
            return
        ascii_cards = game_app(self).ascii_cards
        typed = replace(self.request, address=address, code=code, name=name_typed.strip(), watch=watcher is not None)
        self.dismiss(ClientSession(client, self.request.refused, ascii_cards=ascii_cards, rejoin=typed))


#: The most of an address a line says, in terminal cells: a pasted page of text would fill the screen.
ADDRESS_SAID = 30


def _cut(address: str) -> str:
    """`address` as a line says it: its first ADDRESS_SAID cells, then "…" if it is longer."""
    if cell_len(address) <= ADDRESS_SAID:
        return address
    return set_cell_size(address, ADDRESS_SAID - 1) + mark("more")


def _first(request: JoinRequest, field: str) -> str:
    """ "join-first" for the field the screen starts at: the code when only the address was given (`yaniv join
    ADDRESS`, what `--ssh` runs), else the address."""
    first = "code" if request.address and not request.code else "address"
    return "join-first" if field == first else ""
