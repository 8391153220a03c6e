"""The table: seats, deck, previous drop, your hand and the log; keys and clicks turn into engine actions."""

from __future__ import annotations

import asyncio
import time
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from yaniv_tui.engine import (
    Card,
    IllegalActionError,
    hand_value,
)
from yaniv_tui.engine.cards import JACK
from yaniv_tui.engine.guards import game_overrun, game_round_cap, round_overrun

from ..colours import colour
from ..session import Session
from ..widgets.cards import CardFace, faces_text
from ..widgets.table import DeckView, HandView, PileView, SeatInfo, SeatPanel, TurnLog, turn_text
from .common import TooSmall
from .turn_actions import TurnActions, digit_bindings

LOG_LINES = 3


class TableScreen(TurnActions, Screen[None]):
    """One game at the table, round after round, until the game is over."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # One footer entry for the three ways of choosing, so every key fits in 80 columns.
        *digit_bindings("choose", "choose cards", shown="1-9 ←→ space"),
        Binding("left", "cursor(-1)", "move between cards", key_display="←→", show=False),
        Binding("right", "cursor(1)", "move between cards", key_display="←→", show=False),
        Binding("space", "toggle_card", "choose the card under the cursor", show=False),
        Binding("enter", "drop", "drop them"),
        Binding("y", "yaniv", "call Yaniv"),
        Binding("y", "yaniv_refused", "call Yaniv", show=False),
        Binding("0", "take_deck", "take the deck's card", key_display="0/d"),
        Binding("d", "take_deck", "take the deck's card", show=False),
        *digit_bindings("take", "take a marked card"),
        Binding("enter", "slap", "slap it down"),
        Binding("k", "keep", "keep it"),
        Binding("u", "undo", "undo"),
        Binding("u", "undo_refused", "undo", show=False),
        Binding("escape", "back", "back"),
        Binding("o", "sort", "sort by suit/rank", show=False),
        Binding("s", "scores", "scores"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(classes="table-screen")
        self.session = session
        self.game = session.game
        rules = self.game.rules
        self.rules = rules
        #: The human whose hand is on screen, or None while no hand may be seen.
        self.viewer: int | None = session.humans[0] if len(session.humans) == 1 else None
        #: "wait" (not a human's turn, or waiting for the pass screen), "choose", "take" or "slap".
        self.stage = "wait"
        self.chosen: set[int] = set()
        self.cursor = 0
        self.drop: tuple[Card, ...] = ()
        self.thinking: int | None = None
        self.rounds_seen = len(self.game.history)
        #: The game's turn count when this round began, for the round guard.
        self.round_began = self.game.turns
        self.message = ""
        # A hand never grows past its deal; a drop is at most a hand plus a slapped-down card.
        self.slots = rules.hand_size
        self._shown: tuple[object, ...] = ()
        self._keys: tuple[object, ...] = ()
        #: The card each human took on their last turn, shown in their hand's title.
        self.fresh: dict[int, Card] = {}
        self.sort_by = "rank"

    # -- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield Header()
        with Horizontal(id="seats"):
            for seat in range(len(self.game.players)):
                yield SeatPanel(id=f"seat-{seat}", classes="seat")
        with Horizontal(id="middle"):
            with Vertical(id="deck-box"):
                yield Static("deck", id="deck-label")
                yield DeckView(id="deck")
            yield PileView(self.slots + 1, id="pile")
            yield TurnLog(id="log")
        yield Static("", id="prompt")
        yield Static("", id="message")
        yield HandView(self.slots, id="hand")
        yield Footer(compact=True, show_command_palette=False)

    @property
    def ascii_only(self) -> bool:
        return bool(getattr(self.app, "ascii_cards", False))

    def on_mount(self) -> None:
        prefill = getattr(self.app, "prefill", None)
        for line in prefill.pop("notices", ()) if isinstance(prefill, dict) else ():  # said at start, see launch
            self.notify(str(line), severity="warning", timeout=12, markup=False)
        self.save()
        self.advance()
        # The turn log's height is known only once laid out: draw again then, so it shows as many turns as fit.
        self.call_after_refresh(self.refresh_table)

    # -- what outlives the game: the save and the history ------------------------------------

    def save(self) -> None:
        """Save the game after an action; a disk that refuses is said once in a notice and play goes on."""
        problem = self.session.save(self.viewer)
        if problem is not None:
            self.tell_once("save", f"Not saved: {problem}")

    def record(self) -> None:
        """Record the finished rounds (and the game once over, then its save goes); an unusable database is
        said once, and a finished game it cannot take is kept as pending, said in one line."""
        history = getattr(self.app, "history", None)
        if history is None:
            return
        pending = self.session.record(history)
        if history.notice:
            self.tell_once("history-moved", history.notice)
        if pending:
            self.notify(pending, severity="warning", timeout=12, markup=False)
        elif history.problem:
            self.tell_once("history", f"No history kept: {history.problem}")

    def on_unmount(self) -> None:
        # The app quits or the game is over: the game is no longer locked to this process.
        self.session.close()

    def tell_once(self, topic: str, message: str) -> None:
        told: set[str] = getattr(self.app, "told", set())
        if topic not in told:
            told.add(topic)
            self.notify(message, severity="warning", timeout=8, markup=False)

    # -- what is shown ------------------------------------------------------------------

    def card_values(self, hand: tuple[Card, ...]) -> list[int]:
        """Each card's part of the hand value, as the engine counts it (jacks swing together)."""
        rules = self.rules
        values = [rules.card_value(card.rank) for card in hand]
        jacks = [i for i, card in enumerate(hand) if card.rank == JACK]
        if rules.jack_swing and jacks:
            others = hand_value([c for c in hand if c.rank != JACK], rules)
            each = (hand_value(hand, rules) - others) // len(jacks)
            for i in jacks:
                values[i] = each
        return values

    def refresh_table(self) -> None:
        """Redraw everything from the engine's state; a hand shows only for `viewer`."""
        game = self.game
        ascii_only = self.ascii_only
        view = game.view(self.viewer if self.viewer is not None else game.current)
        self.sub_title = f"{self.rules.name} · round {game.round_no}"
        for seat, name in enumerate(game.players):
            info = SeatInfo(
                name=name,
                kind=self.session.options.seats[seat].describe(),
                score=view.scores[seat],
                cards=view.hand_sizes[seat],
                out=view.out[seat],
                playing=seat == game.current and not game.is_over,
                thinking=seat == self.thinking,
                you=seat == self.viewer,
            )
            self.query_one(f"#seat-{seat}", SeatPanel).show(info, ascii_only)
        deck_key = "0/d" if self.stage == "take" else ""
        self.query_one(DeckView).show(view.deck_size, ascii_only, deck_key)
        self.query_one(PileView).show(view.previous_drop, view.previous_kind, view.takeable, ascii_only)
        log = self.query_one(TurnLog)
        room = max(LOG_LINES, log.size.height - 2)
        lines = [turn_text(turn, game.players, ascii_only) for turn in view.seen[-room:]]
        if len(lines) < room and game.history:
            last = game.history[-1]
            lines.insert(0, Text(f"Round {game.round_no}: {game.players[last.winner]} starts.", style="dim italic"))
        log.show(lines)
        self.show_hand()
        prompt = self.prompt()
        shown = (prompt.markup, self.message)
        if shown != self._shown:
            self._shown = shown
            self.query_one("#prompt", Static).update(prompt)
            self.query_one("#message", Static).update(
                Text(self.message, style=f"bold {colour('bad')}") if self.message else ""
            )
        # The footer is rebuilt on every bindings refresh, so only when the keys may have changed.
        keys = (self.stage, self.check_action("yaniv", ()), self.check_action("undo", ()))
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def show_hand(self) -> None:
        hand_view = self.query_one(HandView)
        seat = self.viewer
        if seat is not None and self.game.out[seat]:
            hand_view.show("You are out of this game: the others play on.", None, [], set(), None, self.ascii_only)
            return
        if seat is None or self.game.is_over:
            hand_view.show("No hand is shown: it is not yours to see.", None, [], set(), None, self.ascii_only)
            return
        hand = self.hand_of(seat)
        value = hand_value(hand, self.rules)
        limit = self.rules.yaniv_limit
        title = Text()
        owner = f"{self.game.players[seat]}'s hand" if self.session.pass_and_play else "Your hand"
        if not hand:
            title.append(f"{owner} is empty", style="bold")
            title.append(": you slapped down your last card · call Yaniv (y)", style=f"bold {colour('good')}")
            hand_view.show(title, hand, [], set(), None, self.ascii_only)
            return
        title.append(owner, style="bold")
        title.append(f" · worth {value}", style="bold")
        if value <= limit:
            title.append(f" · at {limit} or less you may call Yaniv (y)", style=f"bold {colour('good')}")
        else:
            title.append(f" · call Yaniv at {limit} or less", style="dim")
        fresh = self.fresh.get(seat)
        if fresh is not None and fresh in hand:
            title.append(" · you took ", style="dim")
            title.append_text(faces_text([fresh], self.ascii_only))
        cursor = self.cursor if self.stage == "choose" else None
        hand_view.show(title, hand, self.card_values(hand), self.chosen, cursor, self.ascii_only)

    def prompt(self) -> Text:
        game = self.game
        name = game.players[game.current]
        text = Text()
        if self.stage == "wait":
            if self.thinking is not None:
                text.append(f"{game.players[self.thinking]} is thinking…", style="italic")
            elif not game.is_over:
                text.append(f"{name}'s turn.", style="italic")
            return text
        text.append("Your turn" if not self.session.pass_and_play else f"Your turn, {name}", style="bold")
        text.append(": ")
        if self.stage == "choose" and not game.hand(game.current):
            text.append("your hand is empty, so you call Yaniv: press y.")
        elif self.stage == "choose":
            text.append("choose cards to drop (1-9, or ←→ and space), then enter.")
        elif self.stage == "take":
            text.append("dropping ")
            text.append_text(faces_text(list(self.drop), self.ascii_only))
            count = len(game.takeable)
            which = "1" if count == 1 else f"1-{count}"
            text.append(f". Take: 0/d the deck, or {which} a marked card.")
        elif self.stage == "slap":
            card = game.slap_card
            assert card is not None
            text.append("you took ")
            text.append_text(faces_text([card], self.ascii_only))
            text.append(", which matches your drop: enter slaps it down, k keeps it.")
        return text

    # -- the flow of the game --------------------------------------------------------------

    def advance(self) -> None:
        """Decide what happens next from the engine's state: round end, a bot's turn or a human's."""
        game = self.game
        if len(game.history) > self.rounds_seen:
            self.rounds_seen = len(game.history)
            self.round_began = game.turns
            self.record()
            self.stage = "wait"
            if self.session.pass_and_play:
                self.viewer = None
            self.refresh_table()
            from .round_end import RoundEndScreen

            self.app.push_screen(
                RoundEndScreen(game.history[-1], game.players, self.rules, len(game.history)),
                callback=self._after_round,
            )
            return
        why = round_overrun(game.turns - self.round_began)
        if why:
            self.stop(f"This round {why}: the game stops here.")
            return
        seat = game.current
        if self.session.is_bot(seat):
            self.stage = "wait"
            self.refresh_table()
            self.play_bot(seat)
            return
        if self.viewer != seat:
            # Pass-and-play: hide every hand until the next human says they hold the keyboard.
            self.viewer = None
            self.stage = "wait"
            self.refresh_table()
            from .pass_turn import PassScreen

            self.app.push_screen(PassScreen(game.players[seat]), callback=lambda _: self._start_turn(seat))
            return
        self._start_turn(seat)

    def _start_turn(self, seat: int) -> None:
        self.viewer = seat
        self.stage = "slap" if self.game.phase == "slap" else "choose"
        self.chosen = set()
        self.drop = ()
        self.cursor = 0
        self.refresh_table()

    def _after_round(self, _: object = None) -> None:
        if self.game.is_over:
            from .game_end import GameEndScreen

            # Close whatever is open over the table (help, scores) so the game end replaces the table itself.
            while self.app.screen is not self and len(self.app.screen_stack) > 1:
                self.app.pop_screen()
            self.app.switch_screen(GameEndScreen(self.session))
            return
        why = game_overrun(len(self.game.history), game_round_cap(self.game.rules.end_limit))
        if why:
            self.stop(f"This game {why}: it stops here, with no winner.")
            return
        self.advance()

    def stop(self, why: str) -> None:
        """End a game that runs past the guards' caps (engine/guards.py): the standings, with why it stopped."""
        from .game_end import GameEndScreen

        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        self.app.switch_screen(GameEndScreen(self.session, stopped=why))

    def _acted(self, seat: int) -> None:
        """After a seat's action: hide a human's hand once their turn is over, then go on."""
        self.message = ""
        self.stage = "wait"
        self.chosen = set()
        self.drop = ()
        same_turn = self.game.current == seat and self.game.phase == "slap"
        if self.session.pass_and_play and not same_turn:
            self.viewer = None
        self.save()
        self.advance()

    @work(exclusive=True, group="bots")
    async def play_bot(self, seat: int) -> None:
        """A bot's turn, thought out in a thread with a visible pause, so the screen never freezes."""
        game = self.game
        self.thinking = seat
        self.refresh_table()
        started = time.monotonic()
        view = game.view(seat)
        action = await asyncio.to_thread(self.session.bots[seat].choose, view)
        rest = self.session.options.bot_delay - (time.monotonic() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        self.thinking = None
        try:
            game.apply(action)
        except IllegalActionError as error:
            illegal = f"{game.players[seat]} (bot) tried something illegal: {error}"
            self.notify(illegal, severity="warning", markup=False)
            game.apply(game.legal_actions()[0])
        self._acted(seat)

    def _say(self, message: str) -> None:
        """An illegal choice: say why in one line, change nothing."""
        self.message = message
        self.refresh_table()

    def action_scores(self) -> None:
        from .scores import ScoresScreen

        self.app.push_screen(ScoresScreen(self.game.players, self.game.history, self.game.scores))

    # -- the mouse --------------------------------------------------------------------------

    @on(CardFace.Clicked)
    def card_clicked(self, event: CardFace.Clicked) -> None:
        if event.area == "hand" and self.stage == "choose":
            self.cursor = event.index
            self._toggle(event.index)
        elif event.area == "pile" and self.stage in ("choose", "take"):
            slot = self.query_one(PileView).query(CardFace)[event.index]
            card = slot.card
            if card is None or card not in self.game.takeable:
                self._say("that card cannot be taken: take a marked card, or the deck")
                return
            if self.stage == "choose":
                self.action_drop()
                if self.stage != "take":
                    return
            self._play(card)

    @on(DeckView.Clicked)
    def deck_clicked(self) -> None:
        if self.stage == "choose":
            self.action_drop()
            if self.stage != "take":
                return
        if self.stage == "take":
            self._play(None)
