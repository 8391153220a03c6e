"""A table whose remote seats are played from other machines through its host (net.TableHost): the same game
as at a table of one screen, with the host asked for the remote seats' actions and told of every change, the
room code and seats' tokens saved with it, and no undo or concede (an away bot plays a seat whose player left)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, ClassVar

from yaniv_tui.engine import Action, Game, is_name, name_key
from yaniv_tui.store import SaveError, SaveMeta, save_game
from yaniv_tui.store.tables import remove_table, save_table

from .events import Clocked, Said, SeatJoined, SeatManaged, SeatsChanged
from .options import GameOptions
from .players import SeatSource
from .session import Session, SessionKind

if TYPE_CHECKING:
    from yaniv_tui.codec.record import GameRecord
    from yaniv_tui.engine.clock import TurnClock
    from yaniv_tui.store import GameLock

    from .events import Listener, TableEvent
    from .remote import Host


class HostedSession(Session):
    """A game at a table with remote seats, played through `host` (listening already)."""

    kind: ClassVar[SessionKind] = "hosted"

    def __init__(
        self,
        options: GameOptions,
        game_no: int = 0,
        game: Game | None = None,
        *,
        meta: SaveMeta | None = None,
        lock: GameLock | None = None,
        host: Host,
        record: GameRecord | None = None,
    ) -> None:
        self.host = host
        #: The remote seats a bot plays again as a resumed game starts (its record says so), each with the level its
        #: host chose, or None for those its turn clock handed: a table with no screen says so (headless.py).
        self.bots_again: dict[int, str | None] = {}
        super().__init__(options, game_no, game, meta=meta, lock=lock, record=record)
        host.timed_out_turns = self.timed_out  # a seat joining is told them, as this screen's log marks them
        host.took_cards = self.took  # and the card it took this turn, as its hand's title says it
        if self.clock is not None:
            levels = self._bots_again(self.clock)
            host.use_clock(self.clock)  # one clock: the runner times this screen's seats, the host the remote ones
            for seat, level in levels.items():
                host.hand_to_bot(seat, level)

    def _bots_again(self, clock: TurnClock) -> dict[int, str]:
        """A resumed game's remote seats that a bot played when it was saved (its record says which) are the bot's
        again, until their players act or the host gives them back, as they would have been had the table run on:
        those the clock handed to its stand-in are handed on `clock` here; those its host handed are returned with
        the level it chose, to be handed by the host. Each remote seat's timeouts in a row are the record's again
        (`timeouts_in_a_row`)."""
        from yaniv_tui.codec.record import bots_playing, timeouts_in_a_row

        levels: dict[int, str] = {}
        remote = {seat for seat, kind in enumerate(self.options.seats) if kind.is_remote}
        clock.timeouts.update(
            (seat, count) for seat, count in timeouts_in_a_row(self.game_record).items() if seat in remote
        )
        for seat, level in bots_playing(self.game_record).items():
            if not 0 <= seat < len(self.options.seats) or not self.options.seats[seat].is_remote:
                continue
            self.bots_again[seat] = level
            if level is None:
                clock.handed.add(seat)
            else:
                levels[seat] = level
        return levels

    @classmethod
    def taking_over(cls, session: Session, host: Host) -> HostedSession:
        """The game of `session` with its remote seats played through `host` (listening already); its lock goes
        with it."""
        lock, session.lock = session.lock, None
        return cls(
            session.options,
            session.game_no,
            session.game,
            meta=session.meta,
            lock=lock,
            host=host,
            record=session.game_record,
        )

    @property
    def source(self) -> SeatSource:
        return self.host

    # -- the network: what the host hears, and what it is told --------------------------------

    def watch(self, hear: Listener) -> None:
        """Tell `hear` when a remote seat is taken, named (those named already too), left or back, when anyone
        says something, the turn clock's news of a remote seat, and each change its host makes to a seat."""
        host = self.host
        host.on_status = lambda: hear(SeatsChanged())
        host.on_said = lambda seat, text: hear(Said(self.game.players[seat], text))
        host.on_clock = lambda seat, news: hear(Clocked(seat, news))
        host.on_seat = lambda seat, change, level: hear(SeatManaged(seat, change, level))

        def joined(seat: int, name: str) -> None:
            self.name_seat(seat, name)
            hear(SeatJoined(seat, name))

        host.joined.append(joined)
        # Joiners seated before this table was watched (a headless host listens before its game starts).
        for seat, name in enumerate(host.names):
            if self.options.seats[seat].is_remote and name != self.game.players[seat]:
                joined(seat, name)

    def name_seat(self, seat: int, name: str) -> None:
        """A joiner took `seat` as `name`: the game calls the seat so from now on (a name the rule refuses, or
        one another seat has, leaves it as it was; the host refuses both before seating anyone)."""
        players = list(self.game.players)
        taken = {name_key(other) for index, other in enumerate(players) if index != seat}
        if is_name(name) and name_key(name) not in taken:
            players[seat] = name
            self.game.players = tuple(players)

    def publish(self) -> None:
        """Send every connected seat its own view of the game now."""
        self.host.publish(self.game)

    def hear_record(self, event: TableEvent) -> None:
        """Keep the game's record (`Session.hear_record`); once it holds the game's end, the host sends it to the
        seats joined from other machines, right after the view that ended the game, and never before."""
        whole = self.game_record.events[-1].get("event") == "end"
        super().hear_record(event)
        if not whole and self.game_record.events[-1].get("event") == "end":
            from yaniv_tui.codec.record import record_text

            self.host.publish_record(record_text(self.game_record))

    def status(self, seat: int) -> str:
        if not self.options.seats[seat].is_remote:
            return ""
        return self.host.status(seat)

    @property
    def can_say(self) -> bool:
        return bool(self.humans)

    async def say(self, text: str) -> str | None:
        if not self.humans:
            return "there is nobody at this screen to say it"
        return self.host.say(self.humans[0], text)

    @property
    def join_command(self) -> str:
        return self.host.join_command()

    @property
    def watchers(self) -> int:
        return self.host.watchers

    # -- seats the host manages (the table screen's seats dialog) --------------------------------

    @property
    def remote_seats(self) -> list[int]:
        """The seats played from other machines, which the host may manage."""
        return [seat for seat, kind in enumerate(self.options.seats) if kind.is_remote]

    def hand_to_bot(self, seat: int, level: str) -> str | None:
        """A bot of `level` plays remote `seat` now (net.TableHost.hand_to_bot); why not, in one line."""
        return self.host.hand_to_bot(seat, level)

    def give_back(self, seat: int) -> str | None:
        """Remote `seat` is its player's again (net.TableHost.give_back); why not, in one line."""
        return self.host.give_back(seat)

    def open_seat(self, seat: int) -> str | None:
        """Remote `seat` waits for someone else, with a new token (net.TableHost.open_seat); why not, in one line."""
        return self.host.open_seat(seat)

    @property
    def watcher_list(self) -> list[tuple[int, str]]:
        return self.host.watcher_list

    def remove_watcher(self, number: int) -> str | None:
        """Close watcher `number`'s connection with one line (net.TableHost.remove_watcher); why not, in one line."""
        return self.host.remove_watcher(number)

    @property
    def can_concede(self) -> bool:
        return False  # the away bot plays the seat of a player who leaves

    @property
    def can_play_again(self) -> bool:
        return False

    # -- moves, saves ---------------------------------------------------------------------------

    async def play(self, action: Action) -> None:
        """This screen's seat plays `action` (IllegalActionError says why not); no undo here, so nothing is kept."""
        self.game.apply(action)

    def why_no_undo(self) -> str | None:
        return "there is no undo at a table with players on other machines"

    def write(self) -> None:
        """The game with the table's room code, its seats' tokens and its turn clock, so `host --resume` brings every
        player back to the table as it was."""
        save_game(self.game, self.meta, record=self.game_record)
        try:
            clock = self.clock
            save_table(
                self.meta.game_id,
                self.host.code,
                self.host.tokens,
                port=self.host.port,
                public=self.host.public,
                turn_seconds=None if clock is None else clock.seconds,
                timeouts_to_bot=None if clock is None else clock.to_bot,
                named=self.host.named,
            )
        except OSError as error:
            raise SaveError(f"cannot save the table: {error.strerror or error}") from None

    def remove_files(self) -> None:
        super().remove_files()
        with contextlib.suppress(OSError):
            remove_table(self.meta.game_id)


def resumed_clock(
    game_id: str, turn_seconds: float | None = None, timeouts_to_bot: int | None = None
) -> tuple[float | None, int, str]:
    """The turn clock the hosted game `game_id` resumes with: the one kept with its table (store/tables.py), each of
    `turn_seconds` and `timeouts_to_bot` given (`--turn-seconds`, `--timeouts-to-bot`) winning; and the line telling
    its host which. OptionsError (one line) for `timeouts_to_bot` where the table resumes with no clock."""
    from yaniv_tui.engine.clock import DEFAULT_TIMEOUTS_TO_BOT
    from yaniv_tui.store.tables import TableFileError, load_table

    from .options import OptionsError

    try:
        kept = load_table(game_id)
    except TableFileError:
        kept = None  # said in one line when its host is made
    seconds = turn_seconds if turn_seconds is not None else (kept.turn_seconds if kept else None)
    if not seconds:
        if timeouts_to_bot is not None:
            raise OptionsError(
                "--timeouts-to-bot counts the turn clock's timeouts, and the table resumes with none: "
                "give --turn-seconds too"
            )
        return None, DEFAULT_TIMEOUTS_TO_BOT, "the table resumes with no turn clock (--turn-seconds N gives one)"
    to_bot = timeouts_to_bot or (kept.timeouts_to_bot if kept else None) or DEFAULT_TIMEOUTS_TO_BOT
    said = (
        f"the table resumes with a turn clock of {seconds:g} seconds"
        f" ({'--turn-seconds' if turn_seconds is not None else 'as it was played'}); after {to_bot} timeouts in"
        f" a row a bot plays the seat ({'--timeouts-to-bot' if timeouts_to_bot is not None else 'as it was'})"
    )
    return seconds, to_bot, said
