"""The table: seats, deck, previous drop, your hand and the log; keys and clicks turn into engine actions."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from textual import events, on, work
from textual.binding import Binding, BindingType

from yaniv_tui.engine import (
    JOKER,
    Action,
    CallYaniv,
    Card,
    IllegalActionError,
    KeepCard,
    Play,
    RoundScore,
    SlapDown,
)
from yaniv_tui.store import UndoError
from yaniv_tui.store.undo import undo_offered
from yaniv_tui.table.events import (
    ActionApplied,
    Asked,
    Clocked,
    GameEnded,
    HostMoved,
    Recorded,
    RoundEnded,
    Said,
    SaveFailed,
    SeatJoined,
    SeatManaged,
    SeatsChanged,
    TableEvent,
    TurnStarted,
)
from yaniv_tui.table.runner import TableRunner
from yaniv_tui.table.session import TableSession
from yaniv_tui.table.words import clock_line, notice, seat_line

from ..app_seam import ScreenNotes, game_app
from ..widgets.table import DeckView, HandView, PileView
from .common import StyledOnce
from .table_aside import TableAside
from .turn_actions import STAGE_OF_ACTION, Stage, digit_bindings, rest_to_skip, swap_bindings, swaps_for, undo_move

if TYPE_CHECKING:
    from .concede import ConcedeScreen


class TableScreen(StyledOnce, ScreenNotes, TableAside):
    """One game at the table, round after round; dismissed when the game is over (with why, if a guard stopped it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # One key bar entry for the three ways of choosing, and a word or two each on the bar, so a turn's keys,
        # `h hint` and `^q quit` with them, fit in 80 columns; the help gives the longer words (the tooltip).
        *digit_bindings("choose", "choose", shown="1-9 ←→ space", tooltip="choose cards"),
        Binding("left", "cursor(-1)", "move between cards", key_display="←→", show=False),
        Binding("right", "cursor(1)", "move between cards", key_display="←→", show=False),
        Binding("space", "toggle_card", "choose the card under the cursor", show=False),
        Binding("enter", "drop", "drop", tooltip="drop the cards chosen"),
        Binding("y", "yaniv", "call Yaniv"),
        Binding("y", "yaniv_refused", "call Yaniv", show=False),
        Binding("0", "take_deck", "deck", key_display="0/d", tooltip="take the deck's card"),
        Binding("d", "take_deck", "deck", show=False, tooltip="take the deck's card"),
        # Before the drop, as a click on the deck: the chosen cards dropped, then the deck's card; none chosen, a
        # line says to drop first (a new player often draws first, as in many card games).
        Binding("0,d", "deck_first", show=False),
        *digit_bindings("take", "take", tooltip="take a marked card"),
        *swap_bindings(),
        Binding("enter", "slap", "slap it down"),
        Binding("k", "keep", "keep it"),
        Binding("u", "undo", "undo"),
        Binding("u", "undo_refused", "undo", show=False),
        Binding("escape", "back", "back"),
        Binding("o", "sort", "sort by suit/rank", show=False),
        Binding("s", "scores", "scores"),
        Binding("h", "hint", "hint"),
        Binding("h", "hint_refused", "hint", show=False),
        Binding("c", "concede", "concede the game", show=False),
        Binding("e", "skip_rest", "skip to the end", tooltip="skip to the end once no one here is left in the game"),
        Binding("m", "say", "say to the table"),
        Binding("t", "seats", "seats", show=False, tooltip="the seats and watchers (the host)"),
    ]

    #: What the key bar leaves out first when it is short of room (80 columns, `u undo` or `y call Yaniv` shown):
    #: the scores (each seat's panel says its own), then esc back, so the moves and the hint a new player needs
    #: stay; the help lists every key.
    BAR_LEAVES_OUT_FIRST: ClassVar[tuple[str, ...]] = ("scores", "back")

    def __init__(self, session: TableSession, notices: Sequence[str] = ()) -> None:
        super().__init__(session)
        #: What the command line found to tell, shown once the table is up, and why the game is not locked to this
        #: process when its lock could not be taken (a lock file a `sudo yaniv` left: store/locks.unlocked).
        unprotected = session.lock.unprotected if session.lock is not None else None
        self.notices = (*notices, *([unprotected] if unprotected else []))
        #: Set once the table is leaving for the final standings (by the game's end, a guard or a lost host).
        self.is_finished = False
        #: The game's loop: this screen hears what happens from it, and hands it this screen's moves.
        self.runner = TableRunner(session, before_save=self.notes_for_save, between_rounds=self.round_pause)
        self.runner.subscribe(self.hear)
        #: This screen's seat, its hand but the cards dropped, and the round, while its action is with the runner.
        self.sending: tuple[int, Counter[Card], int] | None = None
        #: A seat of this screen a bot plays (its clock ran out), its hand and the round, while the bot decides.
        self.standing_in: tuple[int, Counter[Card], int] | None = None
        #: Whether the last tick drew a clock (the next draws it gone once it stops).
        self.clock_shown = False
        #: The seat asked whether to concede, and the dialog asking, while it is open.
        self.asking: tuple[int, ConcedeScreen] | None = None
        #: Set while this screen is on top, cleared while a screen is over it (help, the scores, a question).
        self.on_top = asyncio.Event()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self.on_top.set()

    def on_screen_suspend(self) -> None:
        self.on_top.clear()

    def on_mount(self) -> None:
        for line in self.notices:
            self.notify(line, severity="warning", timeout=12, markup=False)
        self.watch(self.app, "ascii_cards", self.redraw_soon, init=False)
        # Published once the new theme's colours are in use (colours.py): the cards' faces take them.
        self.app.theme_changed_signal.subscribe(self, lambda _: self.redraw_soon())
        self.screen_layout_refresh_signal.subscribe(self, self.notices_laid_out)
        self.runner.history = lambda: game_app(self).history  # opened when a round is first recorded
        # Drawn by the runner's first events (whose turn, the stage), as each later turn is: a draw here was
        # drawn again at once.
        self.run_table()
        clock = self.session.clock
        if self.session.kind == "joined" or (clock is not None and clock.on):
            # The turn's time left, drawn once a second (a joined table's clock is its host's, said in its frames).
            self.set_interval(1.0, self.tick)
        # The turn log's height is known only once laid out: draw again then, so it shows as many turns as fit.
        self.call_after_refresh(self.redraw)

    # -- what outlives the game: the save and the history ------------------------------------

    def recorded(self, event: Recorded) -> None:
        """The finished rounds were recorded (and the game once over, then its save went): an unusable database
        is said once, and a finished game it cannot take is kept as pending, said in one line."""
        if event.moved:
            self.tell_once("history-moved", event.moved)
        if event.pending:
            self.notify(event.pending, severity="warning", timeout=12, markup=False)
        elif event.problem:
            self.tell_once("history", f"No history kept: {event.problem}")

    def on_unmount(self) -> None:
        # The app quits or the game is over: the game is no longer locked to this process, and whatever the
        # runner still hears (a host lost after the end) is no longer this screen's to show.
        self.runner.unsubscribe(self.hear)
        self.session.close()

    # -- the flow of the game: the runner plays it, this screen shows it ----------------------

    @work(exclusive=True, group="table")
    async def run_table(self) -> None:
        """Play the game to its end (runner.py); what happens reaches `hear`."""
        await self.runner.run()

    def hear(self, event: TableEvent) -> None:
        """What the runner tells: show it."""
        if isinstance(event, TurnStarted):
            self.turn_started(event.seat)
        elif isinstance(event, Asked):
            self.stage = "wait"
            if self.session.at_screen(event.seat):  # a bot plays a seat of this screen: what it takes is the seat's
                view = self.session.view(event.seat)
                self.standing_in = (event.seat, Counter(view.hand), view.round_no)
            if self.follow == "skip":
                self.tip = f"Playing the rest… round {len(self.public.history) + 1}"
            else:
                self.thinking = event.seat
        elif isinstance(event, ActionApplied):
            self.acted(event)
        elif isinstance(event, RoundEnded):
            self.round_ended(event.result)
        elif isinstance(event, GameEnded) and self.is_attached:
            self.finish(event.stopped)
        elif isinstance(event, SaveFailed):
            self.tell_once("save", f"Not saved: {event.why}")
        elif isinstance(event, Recorded):
            self.recorded(event)
        elif isinstance(event, SeatsChanged | SeatJoined | HostMoved):
            # A remote seat joins, leaves or comes back: its panel says so. And a joined table's host sent a view
            # (its seats' statuses and watchers with it), even while this seat's player chooses.
            self.redraw_soon()
        elif isinstance(event, Said):
            self.heard(event.name, event.text)
        elif isinstance(event, Clocked):
            line = clock_line(self.public.players[event.seat], event.news)
            self.notify(notice(line, self.ascii_only), timeout=6, markup=False)
            self.redraw_soon()
        elif isinstance(event, SeatManaged):
            line = seat_line(self.public.players[event.seat], event.change, event.level)
            self.notify(notice(line, self.ascii_only), timeout=6, markup=False)
            self.redraw_soon()

    def tick(self) -> None:
        """Once a second, while a turn's clock runs: its time left, on the seat's panel."""
        if self.runner.time_left() is not None or self.clock_shown:
            self.clock_shown = self.runner.time_left() is not None
            self.redraw_soon()

    def on_key(self, event: events.Key) -> None:
        """Any key at this screen takes back the seats of its players that a bot plays since their clock ran out
        (the key still does what it does). Where several share the keyboard, only the seat in play is taken back:
        the one a bot is playing now, or the one whose player holds the keyboard, not every player away."""
        seats = self.session.humans
        if self.session.pass_and_play:
            seats = [seat for seat in seats if seat in (self.thinking, self.viewer)]
        self.runner.back(seats)

    def turn_started(self, seat: int) -> None:
        """A human at this screen is to play: hand them the keys (after the pass screen, when several share it)."""
        if self.viewer != seat:
            # Pass-and-play: hide every hand until the next human says they hold the keyboard.
            self.viewer = None
            self.stage = "wait"
            from .pass_turn import PassScreen

            if self.others_played:
                self.ring()  # calls the next player to the keyboard (not once they hold it: start_turn)
                self.others_played = False
            self.app.push_screen(PassScreen(self.public.players[seat]), callback=lambda _: self.start_turn(seat))
            return
        self.start_turn(seat)

    def round_ended(self, result: RoundScore) -> None:
        """A round was scored and recorded: nobody's keys act until the next turn."""
        self.stage = "wait"
        self.others_played = False
        if self.session.pass_and_play:
            self.viewer = None
        if self.follow == "each" and not self.session.at_screen(result.caller):
            self.ring()  # someone else called Yaniv

    async def round_pause(self, result: RoundScore) -> None:
        """Show how the round ended; the runner goes on once the player does (at once, while the rest of a game
        with no human left in is watched or skipped)."""
        if self.follow == "skip":
            return
        from .round_end import WATCH_PAUSE, RoundEndScreen

        # A dialog open over the table (the help, the scores, a browser page's "Quit yaniv?") keeps its place: the
        # round end shows once it is closed, not over it, where a question would be answered blind.
        await self.on_top.wait()
        record = self.session.view(None)  # the round's public record: what every seat may see now
        screen = RoundEndScreen(
            result,
            record.players,
            record.rules,
            len(record.history),
            offer_rest=rest_to_skip(self.session),
            auto_after=WATCH_PAUSE if self.follow == "watch" else None,
            sort_by=self.sort_by,
        )
        rest = await self.app.push_screen(screen, wait_for_dismiss=True)
        if rest == "watch":
            self.follow = "watch"
        elif rest == "skip":
            self.skip_rest()

    def start_turn(self, seat: int) -> None:
        if self.others_played:
            self.ring()  # the others have played: it is this human's turn again
        self.others_played = False
        self.viewer = seat
        self.runner.seen(seat)  # the seat's player holds the keyboard: their clock runs from now
        self.stage = "slap" if self.session.view(seat).phase == "slap" else "choose"
        self.chosen = ()
        self.drop = ()
        self.cursor = 0

    def offers(self, action: str) -> bool:
        """Whether this table ever has the key for `action` (the help lists only those)."""
        if self.session.is_watcher and action in STAGE_OF_ACTION:
            return False  # a watcher plays no seat: no card to choose, drop or take, no Yaniv to call
        if action == "concede":
            return self.session.can_concede
        if action == "hint":
            return self.session.can_hint
        if action == "hint_refused":
            return False  # a key that only says why there is none: the help says it in words (NO_HINT)
        if action == "swap":
            return self.rules.joker_swap
        if action == "seats":
            return self.session.kind == "hosted"
        if action in ("undo", "undo_refused"):
            # Only a table of this screen keeps undo's moves, and only a game of one human against bots undoes.
            return self.session.kind == "local" and undo_offered(self.session.options.seats)
        if action == "skip_rest":
            return self.session.kind == "local"  # a table with other machines plays every turn
        return (action != "say" or self.session.can_say) and (action not in ("slap", "keep") or self.rules.slap_down)

    def heard(self, name: str, text: str) -> None:
        """Someone at the table said one of its fixed messages."""
        self.notify(f"{name}: {text}", timeout=4, markup=False)

    def action_seats(self) -> None:
        """The host's seats and watchers (a hosted table): hand a remote seat to a bot, give it back, open it for
        someone else, remove a watcher."""
        from yaniv_tui.table.hosted import HostedSession

        from .seats import SeatsScreen

        if isinstance(self.session, HostedSession):
            self.app.push_screen(SeatsScreen(self.session))

    def action_say(self) -> None:
        """Say one of the table's fixed messages to everyone at it (a table with other machines)."""
        from .say import SayScreen

        self.app.push_screen(SayScreen(), self.said)

    async def said(self, text: str | None) -> None:
        if text is not None:
            problem = await self.session.say(text)
            if problem is not None:
                self.message = problem

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

    def acted(self, event: ActionApplied) -> None:
        """After a seat's action: say an illegal one replaced, hide a human's hand once their turn is over."""
        seat = event.seat
        self.thinking = None
        self.note_timed_out(event)
        if event.told:
            self.notify(notice(event.told, self.ascii_only), severity="warning", markup=False)
        if self.follow == "skip":
            return  # the rest is played at once: nothing is drawn between its moves
        if not self.session.at_screen(seat):
            self.others_played = True
        after = self.session.view(seat)
        sending, standing_in, self.standing_in = self.sending, self.standing_in, None
        if sending is None and standing_in is not None and standing_in[0] == seat and isinstance(event.action, Play):
            sending = (seat, standing_in[1] - Counter(event.action.drop), standing_in[2])
        if sending is not None and sending[0] == seat and after.round_no == sending[2]:
            drawn = list((Counter(after.hand) - sending[1]).elements())
            if drawn:
                self.fresh[seat] = drawn[0]
        self.message = self.tip = ""
        self.stage = "wait"
        self.chosen = ()
        self.drop = ()
        same_turn = after.current == seat and after.phase == "slap"
        if not same_turn:
            self.close_question(seat)
        if self.session.pass_and_play and not same_turn:
            self.viewer = None

    # -- leaving the game: concede, then watch the rest or skip to its end ---------------------

    def action_concede(self) -> None:
        """Ask, then leave the game: a bot plays this seat out, and the rest can be watched or skipped."""
        from .concede import ConcedeScreen

        seat = self.public.current
        last = self.session.humans_in == [seat]
        screen = ConcedeScreen(self.public.players[seat], last)
        self.asking = (seat, screen)
        self.app.push_screen(screen, lambda how: self.conceded(seat, how))

    def close_question(self, seat: int) -> None:
        """`seat`'s turn is over (its clock ran out and a bot played it): the concede question asked in it goes with
        it, with whatever was opened over it, so the next player never finds it over the table."""
        asking, self.asking = self.asking, None
        if asking is not None and asking[0] == seat and asking[1] in self.app.screen_stack:
            asking[1].pop_until_active()
            asking[1].dismiss(None)

    def conceded(self, seat: int, how: str | None) -> None:
        """The player answered the concede dialog (None: play on): a bot plays the seat from now on."""
        self.asking = None
        if how is None or self.public.current != seat or self.stage == "wait":
            return
        from yaniv_tui.table.players import CONCEDED_LEVEL

        name = self.public.players[seat]
        self.viewer = None  # the seat is a bot's now: its cards are no one's to see
        self.message = self.tip = ""
        self.stage = "wait"
        self.chosen = ()
        self.drop = ()
        self.runner.concede(seat)
        skip = how == "skip" and rest_to_skip(self.session)
        if not skip:  # skipped, the game's end comes next and says it (a notice would stay over its buttons)
            self.notify(f"{name} conceded: a {CONCEDED_LEVEL} bot plays the seat out.", timeout=8, markup=False)
        if skip:
            self.skip_rest()
        elif rest_to_skip(self.session):
            self.follow = "watch"

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

    def action_swap(self, nth: int = 0) -> None:
        """The joker swap: give the card a joker inside the run just dropped stands for, and take the joker (`nth`:
        the first its hand may swap from the left, or a later one)."""
        given = list(swaps_for(self.session.view(self.viewer), self.drop))
        if nth >= len(given):
            self.message = "no joker to swap: it must be inside the run just dropped, for a card you keep"
            return
        self.act(Play(self.drop, JOKER, given[nth]))

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
        before = self.session.view(self.viewer)  # the hand this screen was shown, never another seat's
        seat = before.seat
        if isinstance(action, Play) and before.hand:  # the card it draws shows in the hand's title (`acted`)
            kept = Counter(before.hand) - Counter(action.drop)
            self.sending = (seat, kept, before.round_no)
        try:
            await self.runner.submit(seat, action)
        except IllegalActionError as error:
            self.stage = stage
            self.message = str(error)
        finally:
            self.sending = None

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
        self.start_turn(self.public.current)

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
        if self.stage == "take":
            self.action_back()  # a card clicked once the drop is chosen: the drop is chosen again, with that click
        if self.stage == "choose":
            self.cursor = event.index
            self.toggle(event.index)
        elif self.stage == "slap":
            hand = self.hand_of(self.viewer)
            if event.index < len(hand) and hand[event.index] == self.session.view(self.viewer).slap_card:
                self.action_slap()  # the card drawn, clicked to drop it at once
            else:
                self.slap_said()

    def slap_said(self) -> None:
        """A click at a slap-down offer other than on the card drawn: nothing happens, and the line says what does."""
        card = self.session.view(self.viewer).slap_card
        if card is not None:
            self.message = f"enter or a click on {card.face(self.ascii_only)} slaps it down, k keeps it"

    @on(PileView.TakeChosen)
    def pile_chosen(self, event: PileView.TakeChosen) -> None:
        if self.stage == "slap":
            self.slap_said()
        if self.stage not in ("choose", "take"):
            return
        view = self.session.view(self.viewer)
        if event.card not in view.takeable:
            places = list(swaps_for(view, self.drop).values()) if event.card.is_joker else []
            if event.index in places and self.ready_to_take():
                self.action_swap(places.index(event.index))  # a joker inside the run: the swap, for its card
                return
            self.message = "that card cannot be taken: take a marked card, or the deck"
        elif self.ready_to_take():
            self.play(event.card)

    def action_deck_first(self) -> None:
        self.deck_chosen()

    @on(DeckView.Chosen)
    def deck_chosen(self) -> None:
        if self.stage == "slap":
            self.slap_said()
        elif self.stage in ("choose", "take") and self.ready_to_take():
            self.play(None)
