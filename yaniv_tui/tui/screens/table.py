"""The table: seats, deck, previous drop, your hand and the log; keys and clicks turn into engine actions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

from textual import on, work
from textual.binding import Binding, BindingType

from yaniv_tui.engine import (
    JOKER,
    Action,
    CallYaniv,
    Card,
    IllegalActionError,
    KeepCard,
    Play,
    SlapDown,
)
from yaniv_tui.engine.guards import game_overrun, game_round_cap, round_overrun
from yaniv_tui.store import UndoError
from yaniv_tui.table.remote import TableLost
from yaniv_tui.table.session import Session
from yaniv_tui.table.words import notice

from ..app_seam import game_app
from ..widgets.table import DeckView, HandView, PileView
from .common import StyledOnce
from .table_aside import TableAside
from .turn_actions import Stage, digit_bindings, undo_move


class TableScreen(StyledOnce, TableAside):
    """One game at the table, round after round; dismissed when the game is over (with why, if a guard stopped it)."""

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
        Binding("h", "hint", "hint"),
        Binding("c", "concede", "concede the game", show=False),
        Binding("e", "skip_rest", "skip to the end"),
        Binding("m", "say", "say to the table"),
    ]

    def __init__(self, session: Session, notices: Sequence[str] = ()) -> None:
        super().__init__(session)
        #: What the command line found to tell, shown once the table is up.
        self.notices = tuple(notices)
        self.rounds_seen = len(self.game.history)
        #: The game's turn count when this round began, for the round guard.
        self.round_began = self.game.turns
        #: Set once the table is leaving for the final standings (by the game's end, a guard or a lost host).
        self.is_finished = False

    def on_mount(self) -> None:
        for line in self.notices:
            self.notify(line, severity="warning", timeout=12, markup=False)
        self.watch(self.app, "ascii_cards", self.redraw_soon, init=False)
        # Published once the new theme's colours are in use (colours.py): the cards' faces take them.
        self.app.theme_changed_signal.subscribe(self, lambda _: self.redraw_soon())
        # A remote seat joins, leaves or comes back: its panel says so.
        self.session.watch_status(self.redraw_soon)
        self.session.watch_lost(self.host_lost)
        self.session.watch_said(self.heard)
        self.save()
        self.redraw()
        self.advance()
        # The turn log's height is known only once laid out: draw again then, so it shows as many turns as fit.
        self.call_after_refresh(self.redraw)

    # -- what outlives the game: the save and the history ------------------------------------

    def record(self) -> None:
        """Record the finished rounds (and the game once over, then its save goes); an unusable database is
        said once, and a finished game it cannot take is kept as pending, said in one line."""
        history = game_app(self).history
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

    # -- the flow of the game --------------------------------------------------------------

    def advance(self) -> None:
        """Decide what happens next from the engine's state: round end, a bot's turn or a human's."""
        game = self.game
        if len(game.history) > self.rounds_seen:
            self.end_round()
            return
        why = round_overrun(game.turns - self.round_began)
        if why:
            self.finish(f"This round {why}: the game stops here.")
            return
        seat = game.current
        if self.follow == "skip":
            self.stage = "wait"
            self.play_rest()
            return
        if not self.session.at_screen(seat):
            self.stage = "wait"
            self.play_bot(seat)
            return
        if self.viewer != seat:
            # Pass-and-play: hide every hand until the next human says they hold the keyboard.
            self.viewer = None
            self.stage = "wait"
            from .pass_turn import PassScreen

            if self.others_played:
                self.ring()  # calls the next player to the keyboard (not once they hold it: start_turn)
                self.others_played = False
            self.app.push_screen(PassScreen(game.players[seat]), callback=lambda _: self.start_turn(seat))
            return
        self.start_turn(seat)

    def end_round(self) -> None:
        """Record the round, show how it ended; the next round (or the game's end) once the player goes on (or
        at once, while the rest of a game with no human left in is watched or skipped)."""
        game = self.game
        self.rounds_seen = len(game.history)
        self.round_began = game.turns
        self.record()
        self.stage = "wait"
        self.others_played = False
        if self.session.pass_and_play:
            self.viewer = None
        # The round's public record: the hands its end revealed, which every seat may see now.
        record = self.session.view(None)
        result = record.history[-1]
        if self.follow == "skip":
            self.after_round()
            return
        if self.follow == "each" and not self.session.at_screen(result.caller):
            self.ring()  # someone else called Yaniv
        from .round_end import WATCH_PAUSE, RoundEndScreen

        screen = RoundEndScreen(
            result,
            record.players,
            record.rules,
            len(record.history),
            offer_rest=self.session.only_bots_left,
            auto_after=WATCH_PAUSE if self.follow == "watch" else None,
            sort_by=self.sort_by,
        )
        self.app.push_screen(screen, callback=self.after_round)

    def start_turn(self, seat: int) -> None:
        if self.others_played:
            self.ring()  # the others have played: it is this human's turn again
        self.others_played = False
        self.viewer = seat
        self.stage = "slap" if self.game.phase == "slap" else "choose"
        self.chosen = ()
        self.drop = ()
        self.cursor = 0

    def after_round(self, rest: object = None) -> None:
        if rest == "watch":
            self.follow = "watch"
        elif rest == "skip":
            self.skip_rest()
        if self.game.is_over:
            self.finish()
            return
        why = game_overrun(len(self.game.history), game_round_cap(self.game.rules.end_limit))
        if why:
            self.finish(f"This game {why}: it stops here, with no winner.")
            return
        self.advance()

    def offers(self, action: str) -> bool:
        """Whether this table ever has the key for `action` (the help lists only those)."""
        if action == "concede":
            return self.session.can_concede
        if action == "hint":
            return self.session.can_hint
        return (action != "say" or self.session.can_say) and (action not in ("slap", "keep") or self.rules.slap_down)

    def heard(self, name: str, text: str) -> None:
        """Someone at the table said one of its fixed messages."""
        self.notify(f"{name}: {text}", timeout=4, markup=False)

    def action_say(self) -> None:
        """Say one of the table's fixed messages to everyone at it (a table with other machines)."""
        from .say import SayScreen

        self.app.push_screen(SayScreen(), self.said)

    async def said(self, text: str | None) -> None:
        if text is not None:
            problem = await self.session.say(text)
            if problem is not None:
                self.message = problem

    def host_lost(self, line: str) -> None:
        """The table's host can no longer be reached: the game stops here, even mid-choice."""
        if self.is_attached and not self.is_finished:
            self.finish(f"The game stops here: {line}.")

    def finish(self, stopped: str | None = None) -> None:
        """Leave the table for the final standings; `stopped` says why a game the guards (engine/guards.py)
        cut short ended with no winner."""
        if self.is_finished:
            return
        self.is_finished = True
        # Close whatever is open over the table (help, scores), so it is the table that goes.
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        self.dismiss(stopped)

    def acted(self, seat: int) -> None:
        """After a seat's action: hide a human's hand once their turn is over, then go on."""
        self.message = self.tip = ""
        self.stage = "wait"
        self.chosen = ()
        self.drop = ()
        same_turn = self.game.current == seat and self.game.phase == "slap"
        if self.session.pass_and_play and not same_turn:
            self.viewer = None
        self.save()
        self.advance()

    @work(exclusive=True, group="bots")
    async def play_bot(self, seat: int) -> None:
        """Another seat's turn (a bot thinking in a thread, a player on another machine), so the screen never
        freezes; the session applies the move, or brings the host's view of it."""
        self.thinking = seat
        try:
            told = await self.session.next_move(seat)
        except TableLost as error:
            self.thinking = None
            self.finish(f"The game stops here: {error}.")
            return
        self.thinking = None
        if told:
            self.notify(notice(told, self.ascii_only), severity="warning", markup=False)
        self.others_played = True
        self.acted(seat)

    @work(exclusive=True, group="bots")
    async def play_rest(self) -> None:
        """Skipping to the end: play this round out at once, with no pause and no drawing between moves (the
        same moves as watched), then save and go on as after any round. The progress line says which round."""
        game = self.game
        rounds = len(game.history)
        self.tip = f"Playing the rest… round {rounds + 1}"
        while len(game.history) == rounds and not game.is_over:
            why = round_overrun(game.turns - self.round_began)
            if why:
                self.finish(f"This round {why}: the game stops here.")
                return
            try:
                told = await self.session.next_move(game.current)
            except TableLost as error:
                self.finish(f"The game stops here: {error}.")
                return
            if told:
                self.notify(notice(told, self.ascii_only), severity="warning", markup=False)
        self.save()
        self.advance()

    # -- leaving the game: concede, then watch the rest or skip to its end ---------------------

    def action_concede(self) -> None:
        """Ask, then leave the game: a bot plays this seat out, and the rest can be watched or skipped."""
        from .concede import ConcedeScreen

        seat = self.game.current
        last = self.session.humans_in == [seat]
        self.app.push_screen(ConcedeScreen(self.game.players[seat], last), lambda how: self.conceded(seat, how))

    def conceded(self, seat: int, how: str | None) -> None:
        """The player answered the concede dialog (None: play on): a bot plays the seat from now on."""
        if how is None or self.game.current != seat or self.stage == "wait":
            return
        from yaniv_tui.table.players import CONCEDED_LEVEL

        self.session.concede(seat)
        name = self.game.players[seat]
        self.notify(f"{name} conceded: a {CONCEDED_LEVEL} bot plays the seat out.", timeout=8, markup=False)
        self.viewer = None  # the seat is a bot's now: its cards are no one's to see
        self.message = self.tip = ""
        self.stage = "wait"
        self.chosen = ()
        self.drop = ()
        if self.session.only_bots_left:
            if how == "skip":
                self.skip_rest()
            else:
                self.follow = "watch"
        self.save()
        self.advance()

    def action_scores(self) -> None:
        from .scores import ScoresScreen

        view = self.session.view(self.viewer)
        self.app.push_screen(ScoresScreen(view.players, view.history, view.scores))

    # -- a human's turn: what goes to the engine --------------------------------------------------

    def play(self, take: Card | None) -> None:
        """Drop the chosen cards and take `take` (None: the deck's card)."""
        self.act(Play(self.drop, take))

    # The keys act at once, not through the widgets' messages: a message could arrive after the next key typed.

    def action_take_deck(self) -> None:
        self.play(None)

    def action_take(self, number: int) -> None:
        takeable = self.session.view(self.viewer).takeable
        if not takeable:
            self.message = "the pile is empty: take the deck's card, 0 or d"
            return
        if number > len(takeable):
            which = "1" if len(takeable) == 1 else f"1 to {len(takeable)}"
            self.message = f"there is no marked card {number} in the previous drop: take {which}, or 0 for the deck"
            return
        self.play(takeable[number - 1])

    def action_yaniv(self) -> None:
        self.act(CallYaniv())

    def action_yaniv_refused(self) -> None:
        self.act(CallYaniv())  # the engine says why not, in the message line

    def action_slap(self) -> None:
        card = self.session.view(self.viewer).slap_card
        self.act(SlapDown(card if card is not None else JOKER))

    def action_keep(self) -> None:
        self.act(KeepCard())

    def act(self, action: Action) -> None:
        """Play this screen's action: no key acts until the session has played it (here, or at the host)."""
        stage, self.stage = self.stage, "wait"
        self.send_move(action, stage)

    @work(exclusive=True, group="moves")
    async def send_move(self, action: Action, stage: Stage) -> None:
        """A human's action, checked by the engine (here or at the host): why not in the message line."""
        before = self.session.view(self.viewer)
        seat = before.seat
        kept = Counter(before.hand) - Counter(action.drop if isinstance(action, Play) else ())
        try:
            await self.session.play(action)
        except IllegalActionError as error:
            self.stage = stage
            self.message = str(error)
            return
        except TableLost as error:
            self.finish(f"The game stops here: {error}.")
            return
        if isinstance(action, Play) and before.hand:  # the card taken is noted in the hand it went to
            after = self.session.view(seat)
            drawn = list((Counter(after.hand) - kept).elements())
            if drawn and after.round_no == before.round_no:
                self.fresh[seat] = drawn[0]
        self.acted(seat)

    def action_undo(self) -> None:
        """Back to just before your last move (against bots only), the deck and the bots as they were then."""
        try:
            line = undo_move(self.session, self.ascii_only)
        except UndoError as error:
            self.message = f"cannot undo: {error}"
            return
        self.fresh.clear()
        self.message = ""
        self.tip = line
        self.stage = "wait"  # the turn starts again: the keys offered are worked out anew
        self.save()
        self.start_turn(self.game.current)

    def action_undo_refused(self) -> None:
        reason = self.session.why_no_undo() if self.stage != "wait" else "wait for your turn"
        self.message = f"cannot undo: {reason or 'wait for your turn'}"

    # -- the mouse --------------------------------------------------------------------------

    @property
    def taking(self) -> bool:
        return self.stage == "take"

    def ready_to_take(self) -> bool:
        """Whether a card may be taken now: a click on the deck or the pile drops the chosen cards first."""
        if self.stage == "choose":
            self.action_drop()
        return self.taking

    # -- what the table's widgets say was chosen (by a click, or the key shown on a card) -----------

    @on(HandView.Toggled)
    def hand_toggled(self, event: HandView.Toggled) -> None:
        if self.stage == "choose":
            self.cursor = event.index
            self.toggle(event.index)

    @on(PileView.TakeChosen)
    def pile_chosen(self, event: PileView.TakeChosen) -> None:
        if self.stage not in ("choose", "take"):
            return
        if event.card not in self.session.view(self.viewer).takeable:
            self.message = "that card cannot be taken: take a marked card, or the deck"
        elif self.ready_to_take():
            self.play(event.card)

    @on(DeckView.Chosen)
    def deck_chosen(self) -> None:
        if self.stage in ("choose", "take") and self.ready_to_take():
            self.play(None)
