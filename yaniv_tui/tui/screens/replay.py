"""The replay of a finished game: every hand face up, a move at a time, with the round's log and the scores as
they stood. The steps are the engine's own (`codec.record.replay_steps`); a move is said in the table's words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from yaniv_tui.codec.record import GameRecord, replay_steps
from yaniv_tui.codec.values import action_from_dict
from yaniv_tui.engine import Card, Game, KeepCard, RoundScore, Turn, hand_value
from yaniv_tui.table.words import clause

from ..app_seam import game_app
from ..colours import colour
from ..widgets.cards import faces_text
from ..widgets.keybar import KeyBar
from ..widgets.table import TurnLog, turn_text
from ..widgets.title import TitleBar
from .common import TooSmall, stylesheet
from .round_end import headline


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One place in a replay: a round just dealt, or the game after a move."""

    kind: Literal["deal", "move"]
    #: The engine's game after this step (after a move that ended a round, the game as it went on: see `result`).
    game: Game
    round_no: int
    #: Moves played in the game up to this step (0 at the first deal).
    move: int
    #: The seat that made this move, or that plays first in the round just dealt.
    seat: int
    #: The round's turns so far, as everyone at the table saw them.
    turns: tuple[Turn, ...]
    #: The round this move ended (its reveal and scoring), else None.
    result: RoundScore | None = None
    #: The move kept the card drawn instead of slapping it down.
    kept: bool = False

    @property
    def hands(self) -> Sequence[Sequence[Card] | None]:
        """Every hand as it stood: the round's reveal after the move that ended it."""
        return self.result.hands if self.result is not None else self.game.hands

    @property
    def scores(self) -> Sequence[int | None]:
        return self.result.scores if self.result is not None else self.game.scores


def steps_of(record: GameRecord) -> list[ReplayStep]:
    """Every step of the record, each round's deal then each move, rebuilt by the engine (RecordError when the
    record does not replay)."""
    steps: list[ReplayStep] = []
    moves = 0
    for _, event, game in replay_steps(record):
        kind = event["event"]
        if kind in ("deal", "resume"):
            steps.append(ReplayStep("deal", game, game.round_no, moves, game.current, tuple(game.log)))
        elif kind == "action":
            moves += 1
            before = steps[-1]
            seat = int(event["seat"])
            kept = isinstance(action_from_dict(event["action"], "action"), KeepCard)
            if len(game.history) > len(before.game.history):
                result = game.history[-1]
                steps.append(ReplayStep("move", game, before.round_no, moves, seat, before.turns, result))
            else:
                steps.append(ReplayStep("move", game, game.round_no, moves, seat, tuple(game.log), kept=kept))
    return steps


def move_text(step: ReplayStep, game: Game, ascii_only: bool) -> Text:
    """The step in the table's words: the turn as the table's log says it, the round's end as its headline."""
    names = game.players
    if step.result is not None:
        return headline(step.result, names, game.rules)
    if step.kind == "deal":
        return Text(f"Round {step.round_no} dealt: {clause(names[step.seat], 'play', ' first.')}", style="italic")
    if step.kept:
        return Text(clause(names[step.seat], "keep", " the card drawn."))
    return turn_text(step.turns[-1], names, ascii_only)


def seats_table(step: ReplayStep, ascii_only: bool) -> Table:
    """Every seat: the mark of the seat whose move it is, its name, its score as it stood, its hand face up."""
    game = step.game
    table = Table(box=box.SIMPLE_HEAD, expand=False, header_style=f"bold {colour('ink-muted')}", pad_edge=False)
    table.add_column("", width=1)
    table.add_column("player", no_wrap=True)
    table.add_column("score", justify="right")
    table.add_column("worth", justify="right")
    table.add_column("hand", no_wrap=True)
    for seat, name in enumerate(game.players):
        hand = step.hands[seat]
        marked = seat == step.seat
        style = f"bold {colour('gold')}" if marked else ""
        score = step.scores[seat]
        if hand is None:
            shown, worth = Text("out", style="dim"), ""
        else:
            cards = list(hand)
            shown, worth = faces_text(cards, ascii_only), str(hand_value(cards, game.rules))
        table.add_row(
            Text("▶" if marked else "", style=style),
            Text(name, style=style),
            "out" if score is None else str(score),
            worth,
            shown,
        )
    return table


class ReplayScreen(Screen[None]):
    """A finished game, step by step with every hand face up: ← → a move, page up / page down a round, home / end."""

    CSS_PATH = stylesheet("replay")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "move back", key_display="←"),
        Binding("right", "step(1)", "next move", key_display="→"),
        Binding("pageup", "round(-1)", "round back", key_display="pgup"),
        Binding("pagedown", "round(1)", "next round", key_display="pgdn"),
        Binding("home", "go(0)", "first"),
        Binding("end", "go(-1)", "last"),
        Binding("escape,q", "close", "close"),
    ]

    def __init__(self, record: GameRecord, title: str = "") -> None:
        super().__init__(classes="replay-screen")
        self.record = record
        #: What names the game besides its ruleset and seats (its id and date, or its file).
        self.title_note = title
        self.steps = steps_of(record)
        self.at = 0

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield TitleBar()
        yield Static(id="replay-head")
        yield Static(id="replay-said")
        yield Static(id="replay-seats")
        yield Static(id="replay-pile")
        yield TurnLog(id="replay-log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.sub_title = "replay"
        self.show()
        self.watch(self.app, "ascii_cards", lambda _: self.show(), init=False)

    @property
    def ascii_only(self) -> bool:
        return game_app(self).ascii_cards

    @property
    def moves(self) -> int:
        return self.steps[-1].move

    def show(self) -> None:
        step = self.steps[self.at]
        game = step.game
        ascii_only = self.ascii_only
        head = Text()
        head.append(game.rules.name, style="bold")
        head.append(f" · {', '.join(game.players)}")
        if self.title_note:
            head.append(f" · {self.title_note}", style="dim")
        head.append("\n")
        head.append(f"move {step.move} of {self.moves} · round {step.round_no}", style=f"bold {colour('gold')}")
        self.query_one("#replay-head", Static).update(head)
        said = move_text(step, game, ascii_only)
        self.query_one("#replay-said", Static).update(said)
        self.query_one("#replay-seats", Static).update(seats_table(step, ascii_only))
        pile = Text()
        if step.result is None and game.pile:
            pile.append("pile ", style="dim")
            pile.append_text(faces_text(list(game.pile[-1]), ascii_only))
            pile.append(f" · deck {len(game.deck)} cards", style="dim")
        else:
            pile.append("the round's end: every hand as it was revealed", style="dim")
        self.query_one("#replay-pile", Static).update(pile)
        names = game.players
        lines = [turn_text(turn, names, ascii_only) for turn in step.turns]
        if step.kind == "deal":
            lines = [said.copy()]
        elif step.result is not None or step.kept:
            lines.append(said.copy())
        if lines:
            lines[-1].stylize(f"reverse {colour('gold')}")
        self.query_one("#replay-log", TurnLog).show(lines)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("step", "round") and parameters:
            forward = int(str(parameters[0])) > 0
            return None if (forward and self.at == len(self.steps) - 1) or (not forward and self.at == 0) else True
        return True

    def go_to(self, index: int) -> None:
        self.at = max(0, min(index, len(self.steps) - 1))
        self.show()

    def action_step(self, by: int) -> None:
        self.go_to(self.at + by)

    def action_go(self, index: int) -> None:
        self.go_to(index if index >= 0 else len(self.steps) - 1)

    def action_round(self, by: int) -> None:
        """To the next round's deal, or back to this round's deal (the previous round's, when already there)."""
        deals = [i for i, step in enumerate(self.steps) if step.kind == "deal"]
        if by > 0:
            self.go_to(next((i for i in deals if i > self.at), len(self.steps) - 1))
        else:
            self.go_to(next((i for i in reversed(deals) if i < self.at), 0))

    def action_close(self) -> None:
        self.dismiss(None)
