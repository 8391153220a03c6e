"""The end of the game: final standings, the winner, a chart of each player's score after every round, what next."""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from yaniv_tui.codec.record import GameRecord
from yaniv_tui.engine import Ruleset, Standing
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.players import CONCEDED_LEVEL
from yaniv_tui.table.session import Session, TableSession
from yaniv_tui.table.words import possessive, sentence, subject

from ..app_seam import game_app
from ..colours import colour
from ..widgets.keybar import KeyBar
from ..widgets.title import TitleBar
from .common import AfterGame, ScrollsBody, TooSmall, scroll_bindings, stylesheet
from .scores import ScoreSheet


def winners_line(session: TableSession) -> str:
    """Who won: "Ann wins!"; a seat a bot played out after its person conceded is that bot's win, not theirs
    ("Ben's seat wins, played by a medium bot after Ben conceded.")."""
    view, meta = session.view(None), session.meta
    own = [view.players[s] for s in meta.won(view.winners)]
    parts = [sentence(own, "win", "!")] if own or not view.winners else []
    for seat in view.winners:
        if seat in meta.conceded:
            name = view.players[seat]
            also = " also" if parts else ""
            parts.append(
                f"{possessive(name, start=True)} seat{also} wins, played by a {CONCEDED_LEVEL} bot after "
                f"{subject(name)} conceded."
            )
    return " ".join(parts)


def standing_note(session: TableSession, standing: Standing) -> str:
    """The standings' last column: "winner", "out"; for a seat whose person conceded, "conceded", or "bot's win"
    when the bot that played it out won (the title says more; short, so the chart keeps its room)."""
    if standing.seat not in session.meta.conceded:
        return "winner" if standing.winner else ("out" if standing.out else "")
    return "bot's win" if standing.winner else "conceded"


def standings(session: TableSession) -> Table:
    """The final standings as the engine orders them, best first; seats standing equal share a place."""
    view = session.view(None)
    won = session.meta.won(view.winners)
    table = Table(box=box.SIMPLE_HEAD, expand=False, header_style=f"bold {colour('ink-muted')}")
    table.add_column("#", justify="right")
    table.add_column("player", style="bold")
    table.add_column("score", justify="right")
    table.add_column("")
    for standing in view.standings():
        seat = standing.seat
        note = standing_note(session, standing)
        style = f"bold {colour('gold')}" if seat in won else ""
        table.add_row(
            str(standing.place), Text(view.players[seat], style=style), str(standing.score), Text(note, style=style)
        )
    return table


class GameEndScreen(ScrollsBody[AfterGame]):
    """Final standings and the score chart; dismissed with what comes next: play again, a new game, or quit."""

    CSS_PATH = stylesheet("end")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "again", "play again"),
        Binding("n", "new_game", "new game"),
        # q quits as ctrl+q does (its button says so): the bar shows `^q quit` once, not the same word for two keys.
        Binding("q", "quit_game", "quit", show=False),
        Binding("r", "replay", "replay"),
        # The chart's key and the score sheet run below a small screen's fold.
        *scroll_bindings("scroll_body"),
    ]
    AUTO_FOCUS = "#again"
    SCROLLED = "#end-body"
    FOOT = "#end-buttons"

    def __init__(self, session: TableSession, stopped: str | None = None) -> None:
        super().__init__(classes="game-end")
        self.session = session
        #: Why a game that did not end was stopped (a game guard's cap), or None for a game played out.
        self.stopped = stopped

    def compose(self) -> ComposeResult:
        # The finished rounds' public record: what every seat saw, and the hands each round's end revealed.
        view = self.session.view(None)
        names = winners_line(self.session)
        rounds = len(view.history)
        yield TooSmall()
        yield TitleBar()
        with VerticalScroll(id="end-body"):
            title = self.stopped or names
            yield Static(Text(title, style=f"bold {colour('gold')}"), id="end-title")
            played = f"after {rounds} round{'s' if rounds != 1 else ''} of {self.session.options.rules.name}"
            yield Static(Text(played), id="end-played")  # Text: the ruleset's name as written
            with Horizontal(id="end-top"):
                yield Static(standings(self.session), id="standings")
                with Vertical(id="end-chart"):
                    yield Static(Text("Scores by round (low is good)", style="bold"), id="chart-title")
                    # Here, not at the top: only a game's end pays for the plotting library.
                    from ..widgets.score_chart import ChartKey, ScoreChart

                    ascii_only = game_app(self).ascii_cards
                    yield ScoreChart(view, id="chart", ascii_only=ascii_only)
                    yield ChartKey(view, id="chart-key", ascii_only=ascii_only)
            yield Static(ScoreSheet(view.players, view.history, view.scores, ascii_only), id="end-scores")
        with Horizontal(id="end-buttons"):
            if self.session.can_play_again:
                yield Button("Play again (p)", id="again", variant="primary", action="screen.again")
                yield Button("New game (n)", id="new", action="screen.new_game")
            yield Button("Quit (q)", id="quit", variant="error", action="screen.quit_game")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            return self.record is not None
        if action == "scroll_body":
            return self.body_scrolls()
        # A table with other machines ends here: another game is hosted anew (`yaniv host`).
        return self.session.can_play_again or action not in ("again", "new_game")

    @property
    def rules(self) -> Ruleset:
        """The rules of the game just played: the help says them (the table, which said them, is gone)."""
        return self.session.options.rules

    @property
    def record(self) -> GameRecord | None:
        """The record of the game just finished, to replay; None for a game stopped before its end (its record
        holds cards still in play), and at a joined table until its host's record came and was kept."""
        session = self.session
        if isinstance(session, ClientSession):
            return session.kept_record
        record = session.game_record if isinstance(session, Session) else None
        return record if record is not None and record.events[-1].get("event") == "end" else None

    async def host_record(self, session: ClientSession) -> None:
        """At a joined table, wait for the host's record: `r` replays it once it is kept; a record refused is said
        in one line (the table said one refused before this screen)."""
        await session.record_settled.wait()
        if session.record_refused is not None:
            self.notify(session.record_refused, severity="warning", timeout=12, markup=False)
        self.refresh_bindings()

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        record = self.record
        if record is not None:
            self.app.push_screen(ReplayScreen(record, f"game {self.session.meta.game_id[:8]}"))

    def on_mount(self) -> None:
        if not self.session.can_play_again:
            # Only Quit (a joined table): the standings take the focus, not Quit, so enter pressed twice from the
            # last round's end (or held) does not quit before the player saw them; q or a click quits.
            self.query_one("#end-body").focus()
        session = self.session
        if isinstance(session, ClientSession) and not session.record_settled.is_set():
            self.run_worker(self.host_record(session), exit_on_error=False)
        self.sub_title = f"{self.session.options.rules.name} · game {'stopped' if self.stopped else 'over'}"
        self.watch(self.app, "ascii_cards", lambda _: self.show_marks(), init=False)

    def show_marks(self) -> None:
        """Draw again the chart, its key and the score sheet, whose marks were written in ASCII or not when the screen
        opened: ASCII cards were switched (from the command palette) while it is open."""
        from ..widgets.score_chart import ChartKey, ScoreChart

        ascii_only = game_app(self).ascii_cards
        view = self.session.view(None)
        chart = self.query_one("#chart", ScoreChart)
        chart.ascii_only = ascii_only
        chart.refresh()
        key = self.query_one("#chart-key", ChartKey)
        key.ascii_only = ascii_only
        key.refresh(layout=True)
        self.query_one("#end-scores", Static).update(ScoreSheet(view.players, view.history, view.scores, ascii_only))

    def action_again(self) -> None:
        self.dismiss("again")

    def action_new_game(self) -> None:
        self.dismiss("new")

    def action_quit_game(self) -> None:
        self.dismiss("quit")
