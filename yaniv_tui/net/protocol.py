"""The table's messages: one JSON object per WebSocket text message, each checked on arrival, on both sides.

Every message is an object with `"v": 9` (the protocol version: another version is refused, and so is 9.0 or true:
every whole number in a message is a JSON number without a fraction, never true or false) and `"type"`.
A client's message holds the keys shown for its type below and no other (`CLIENT_KEYS`), its action those of its kind
(`codec.ACTION_KEYS`): a key the host does not know is refused with an error frame naming it and the keys that message
has, never passed over. That is the version rule's: a key a newer yaniv adds comes with a new version, which an older
side refuses, so a message of this version with another key is no message of any version; a host cannot tell what an
unknown key was meant to change, and does nothing rather than half of it. (The client reads of a host's message the keys
shown below, and passes over any other.)
Cards are written as their codes (`"10H"`, `"AS"`, `"JK"`); a seat is its number, from 0. The values inside a
message (cards, an action, a turn, a round, the rules) are written by the codecs of `yaniv_tui.codec`, which the
saves use too; this docstring is the wire's own record of them, and `tests/net/test_wire_golden.py` pins its bytes.

A seat token travels only from the host, in a welcome (to a client that took the seat afresh, or proved it holds
the token); no client ever sends it. To take its seat back, a client proves it holds the token, and first makes
the host prove that it does too: a server that only shows the same room code (and name), or learned the seat's
key, cannot answer, and the client tells it nothing more (challenge and prove below; the proofs are
`secrets_gate.seat_proof`, HMAC-SHA256 keyed by the token over both nonces). A client keeps a token by the host's
address and port, the code and its name, and offers it to that address only (`seat_tokens.token_file`). A server
that relays the whole exchange to the real host as it happens is not stopped this way: that is what TLS is for.

From a client to the host:

    join     {"v": 9, "type": "join", "code": "K7QF", "name": "Noa" | null, "key": "..." | null, "nonce": "..." | null}
             The first message on a connection, and only then. `code` is the room code. With `key` and `nonce`
             (both or neither) it asks for the seat of a token the host gave this player before: `key` is the
             token's public name (`secrets_gate.seat_key`, 64 hex digits), `nonce` 32 fresh hex digits; the host
             answers with a challenge. Without them it takes the free seat its host named `name` for (`yaniv host
             --players remote:NAME`), else the first free seat its host named for no one; with none free it is
             refused (`table_full`: every seat taken, or kept for the players named who left, and what to do:
             watch, ask the host to open a seat, or, at a host with no screen, which cannot, only watch;
             `named_seats_free`: each free seat waits for the player its host named it for). `name`
             (the name rule of engine.names: at most 14 cells, no control character) names a seat taken afresh;
             null keeps the host's name. A rejoin's `name`, if given, must be its seat's (ANOTHER_NAMES_SEAT, before any
             challenge).
    watch    {"v": 9, "type": "watch", "code": "K7QF"}
             Instead of a join, the first message on a connection, and only then: watch the table of room code
             `code` without a seat. A watcher is sent what anyone at the table may see (a state whose view has no
             seat), and what is said; it is never asked to act, and an action, say, join or prove from it is
             answered with an error frame (a fault). A host run with `--no-watchers` refuses it (NO_WATCHERS).
             Watchers count against the host's limits as joiners do.
    prove    {"v": 9, "type": "prove", "proof": "..."}
             The answer to the host's challenge, and only then: seat_proof(token, "client", code, the join's nonce,
             the challenge's nonce). Sent only once the challenge's own proof was checked.
    action   {"v": 9, "type": "action", "id": 7, "seat": 2, "round": 3, "turn": 5, "action": ACTION}
             The action this seat takes now. `id` is the client's own number for it (0 or more, rising with each action
             on a connection), which the host's answer carries; an id not above the last one the host took from this
             connection is a repeat: answered with this seat's state, never played again. `seat` must be the seat this
             connection joined as. `round` and `turn` name the turn it is for, as the view it was chosen on says: its
             round_no, and how many turns of the round its log holds. An action for a turn that is over (its clock ran
             out and a bot played it, and the table moved on, perhaps to this seat's next turn) is refused (TURN_OVER),
             never played on another turn; one for a turn not come, saying so (TURN_TO_COME). While a drawer decides on
             a slap-down, another seat's action (a repeat too) is answered as the turn before the draw, the table that
             seat sees: nothing in the answer tells it the card drawn matches the drop. ACTION is one of
             (`codec.action_to_dict`)
             {"kind": "call"}                                   call Yaniv
             {"kind": "play", "drop": ["5H", "5S"], "take": "9C" | null}   drop, then take (null: the deck)
             {"kind": "play", "drop": ["KS"], "take": "JK", "given": "6H"}  drop, then the joker swap
                                                                (take.joker_swap): give the 6H for the joker
                                                                standing for it inside the run just dropped
             {"kind": "slap", "card": "5D"}                     slap down the card just drawn
             {"kind": "keep"}                                   keep the card just drawn
    say      {"v": 9, "type": "say", "text": "good game"}
             One of the table's fixed messages (SAYINGS), for everyone at the table; at most one every
             SAY_EVERY seconds from a seat. There is no free text: no chat to moderate.
    back     {"v": 9, "type": "back"}
             This seat's player is here: a seat a bot plays (its clock ran out, or the host handed it to a bot)
             is its player's again, told to every screen as the clock's "back" (the bot plays a handed seat's
             turns at once, so its player has no turn to act on). Nothing changes for a seat its player plays.

From the host to a client:

    challenge {"v": 9, "type": "challenge", "nonce": "...", "proof": "..."}
             The answer to a join with a key that names a seat of this table: `nonce` is 32 fresh hex digits,
             `proof` is seat_proof(token, "host", code, the join's nonce, `nonce`). A client that finds the proof
             wrong closes the connection (the token stays kept); else it sends prove, and a right one is welcomed.
    welcome  {"v": 9, "type": "welcome", "seat": 2, "token": "...", "room": {"code": "K7QF",
              "players": ["Ann", ...], "kinds": ["human", "remote", "bot:hard", ...],
              "opens_seats": true}}
             The join was accepted: this connection plays `seat`; keep `token` (codec.fields.TOKEN's shape) to
             rejoin it. `kinds` says who plays each seat, one a seat of the table its states show: "human" (at the
             host's screen), "remote", or "bot:LEVEL". `opens_seats` (true when absent) is false at a host with no
             screen (`yaniv host --headless`), where no seat can be opened for someone else: what its players are
             told of a seat they cannot take back says so.
             To a watcher, the answer to its watch: `"seat": null` and `"token": null` (it takes no seat and has
             none to take back).
    state    {"v": 9, "type": "state", "ack": 7 | null, "statuses": ["here", "joined", "away", ...],
              "watchers": 2, "view": VIEW}
             The table as this seat may see it, sent after the join and after every change (an action
             applied, a round dealt, a seat joining or leaving, a watcher coming or going, a turn's clock
             starting). `ack` is the id of this seat's last action the host took from this connection (null:
             none yet, and always to a watcher); `statuses` holds each seat's status ("here": not a remote seat;
             "waiting": nobody has taken it; "joined": connected; "away": taken, not connected now); `watchers`
             how many connections watch the table now (0 to MAX_CONNECTIONS).
             At a table with a turn clock (`yaniv host --turn-seconds`) it also holds
             "clock": {"left_ms": 12500 | null, "timeouts": [0, 1, 0], "bots": [2]}: `left_ms` the
             milliseconds left of the current turn's clock when the frame was sent (null: no clock runs, as
             on a bot's turn; at most MAX_CLOCK_MS), `timeouts` each seat's timeouts in a row, `bots` the
             seats a bot plays since their timeouts in a row, or since the host handed them to a bot, until
             their players act again (or the host gives them back). The clock is the host's: a client only shows
             it. A table with no clock sends no "clock" until its host hands a seat to a bot, then always ("left_ms"
             null); a watcher is sent it too. A connection's first state also holds "timed_out": [1, 4] when
             this round has turns a bot played for a seat whose time ran out (counted from 1, as its log's
             turns): those before it came; later ones it hears as they happen (the clock's "timeout" news).
             A seat's first state also holds "took": "5H" when its player took a card on their last play of
             this round that its hand still holds (its hand's title says it): a card of VIEW's hand, never sent
             to a watcher; later ones its client sees as they come.
             VIEW holds exactly what the engine's PlayerView gives this seat (to a watcher, what
             `Game.watcher_view` gives: `"seat": null`, `"hand": []`, `"slap_card": null`, never the phase
             "slap"; while the drawer decides on a slap-down no other seat nor watcher is sent a state, but one
             that joins meanwhile, and every one when a seat or watcher comes or goes, is sent the table as the
             others still see it, the turn before the draw, its clock run on as the drawer's turn's would):
               rules          every rule by its field name (`codec.ruleset_to_dict`)
               players        the seats' names
               seat           this seat (null: a watcher's view, no seat's)
               hand           this seat's cards ([] to a watcher)
               hand_sizes     each seat's number of cards (null: the seat is out)
               deck_size      the cards left in the deck
               discards       the cards buried in the pile under the previous drop
               previous_drop  the pile's top group
               previous_kind  "single", "set" or "run": what the previous drop was dropped as
               takeable       the cards of the previous drop the next player may take
               current        the seat to play
               phase          "turn", "slap" (only to the seat that drew a matching card) or "over"
               slap_card      the card this seat just drew that matches its drop (null unless phase "slap")
               scores         each seat's total (null: out)
               out            whether each seat is out
               round_no       the round's number, from 1
               log            this round's turns: {"seat", "drop", "take" (null: the deck), "slapped"}, and
                              "given" after a joker swap: the card given for the joker taken
                              (`codec.turn_to_dict`)
               history        the finished rounds, every hand revealed at its end
                              (`codec.round_to_dict`)
    error    {"v": 9, "type": "error", "message": "it is not your turn: Ann is to play", "re": 7 | null}
             One line saying what was refused; `re` is the id of the action refused, if it was one.
             Nothing changed at the table.
    said     {"v": 9, "type": "said", "seat": 1, "text": "your turn"}
             A seat said one of the table's fixed messages (SAYINGS).
    seat     {"v": 9, "type": "seat", "seat": 1, "change": "handed", "level": "easy" | null}
             The host changed a remote seat (SEAT_CHANGES), to every seat and watcher: "handed" to a bot of
             `level` (one of the bot levels; null for the other changes), which plays it until its player acts
             or the host gives it back; "given" back; "opened" for someone else (its token no longer works). Sent
             before the state that shows it (the clock's "bots"), which then brings no news of its own.
    record   {"v": 9, "type": "record", "record": RECORD}
             The finished game's record: RECORD is its JSON Lines text (one event a line, each line ending in a
             newline) exactly as a record file holds it (`codec.record_text`, docs/game-record.md), every card
             of the game in it. Sent once the game is over, after the state that ends it (the last round's
             scoring), to each seat taken by a player before the game ended (never to a watcher): those connected
             then, and any of them that joins again while the host still runs (after its welcome and state).
             Never earlier: until the game's end no message carries any part of the record. The client reads it
             as hostile input, as a record file (`codec.read_record_text`: at most MAX_RECORD_BYTES of UTF-8,
             then replayed through the engine to the game's end), and keeps it only when it is the game this seat
             played (the same seats and rules, the same rounds and scores as its last state).
    bye      {"v": 9, "type": "bye", "reason": "the table closed"}
             The host closes this connection next (also when its host opens this seat for someone else, after an
             error frame saying so, and when it removes this watcher: host.SEAT_OPENED, host.WATCHER_REMOVED).

Limits, enforced by the host: a message of over 64 KiB, a message that is not JSON text (or writes a key twice in one
object: never read as its last value), an unknown type, an unknown key, a second join or watch, a prove where none is
due, any action, say or prove from a watcher, and more than 20 messages a second are each answered with an error frame
and not acted on; after the third, the connection is closed (bye, then close code 1008). A message of over 1 MiB
(`host.MAX_WIRE`) is not read at all: the connection is closed at once (close code 1009, message too big), with no error
frame. After ten joins (or watches) with a wrong room code, seat key or proof from one address in a minute, that
address's joins are checked at most 8 at once, each wrong one answered only after 2.5 seconds, saying so (a right one is
seated at once; past 32 waiting, "the table is busy"); past 8 connections from one address that have not sent their
join, or MAX_CONNECTIONS (200) in all, joiners and watchers alike, a new one is closed at once ("the table is busy");
past twice those not joined yet (16 from one address, 400 in all), counted from a connection's first byte (under TLS,
before its TLS handshake), a new one is closed before its handshake, with no word (`host.OPENING_FROM_ONE`). Past
`host.MAX_WATCHERS` (100) watchers, or 8 from one address, a watch is refused (`host.WATCHERS_FULL`), so watchers alone
never fill the table's connections. An address is the connection's, or, from the proxy given to `yaniv host
--trust-proxy`, the last one in its X-Forwarded-For header (`link.client_address`); an IPv6 address counts as its /64
network, which one client may send from all of (`secrets_gate.address_group`).

Limits, enforced by the client: a message from the host of over `client.MAX_FROM_HOST` (room for a record frame of
the largest record, its quotes escaped) closes the connection, said in one line; a record frame that comes and is
refused, or never comes before the connection ends, is said in one line, and nothing of it is kept.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from yaniv_tui.codec import ACTION_KEYS, Reader, SnapshotError, action_from_dict, action_to_dict, read_card, read_int
from yaniv_tui.codec.fields import TOKEN
from yaniv_tui.engine import BOT_LEVELS, Action, BadName, Card, PlayerView, check_name
from yaniv_tui.engine.json_text import JsonError, read_json

from .secrets_gate import CODE_LENGTH, KEY_LENGTH, NONCE_LENGTH, PROOF_LENGTH
from .views import view_from_dict, view_to_dict

_HEX_DIGITS = "0123456789abcdef"

#: The protocol's version: both sides refuse a message of another (2: a seat token is never sent by a client;
#: 3: the joker swap, a play's and a turn's "given" card, which a client of 2 would read as a plain take;
#: 4: the finished game's record, sent to the joined seats once the game is over; 5: watchers, the watch message,
#: a welcome with no seat, a state's "watchers" and a view with no seat; 6: the seat frame, a host's change to a
#: remote seat; 7: an action names the turn it is for, "round" and "turn"; 8: the rules' `resets.name`, which a
#: client of 7 refuses as not a rule; 9: the rules' `assaf.zero = "last_lowest"`, a choice a client of 8 refuses).
VERSION = 9
#: The most milliseconds a state frame's clock may say are left of a turn (an hour).
MAX_CLOCK_MS = 3_600_000
#: The largest message the host reads; larger ones get an error frame.
MAX_MESSAGE = 64 * 1024
#: Messages a second one connection may send; more get an error frame.
MAX_RATE = 20
#: Connections a host holds at once, joiners and watchers alike; more are closed at once ("the table is busy").
MAX_CONNECTIONS = 200
#: Faults (bad, too big, too fast) a connection may make before it is closed: this many get their error frame.
MAX_FAULTS = 3
#: The table's fixed messages, the only things a seat can say to the others.
SAYINGS = ("your turn", "good game", "well played", "one moment", "nice one", "bad luck")
#: Seconds between two messages of one seat.
SAY_EVERY = 2.0
#: Seconds between the pings each side sends, and how long it waits for the answer before it takes the connection
#: as dropped: a player whose network died is away (and can rejoin) within their sum, not minutes later.
PING_EVERY = 5.0
PING_TIMEOUT = 5.0
#: The longest line an error frame or a bye carries (`one_line`): a longer one is cut.
MAX_LINE = 200
#: How the host's answer to a join afresh at a table with no free seat begins; `table_full` says the rest.
TABLE_FULL = "the table is full"
#: The host's answer to a join with a token that names no seat of its table (a client then joins afresh).
STALE_TOKEN = "this token names no seat at this table"
#: The host's answer to a watch at a table run with `yaniv host --no-watchers`.
NO_WATCHERS = "this table takes no watchers (its host runs it with --no-watchers): join it to play"
#: The host's answer to an action, a say or a prove from a watcher.
WATCHERS_DO_NOT_PLAY = "you are watching this table: a watcher does not play or speak"
#: The host's answer to an action for a turn that is over: the table moved on before it came.
TURN_OVER = "that turn was over before your move came: the table has moved on"
#: The host's answer to an action for a turn the table has not reached: the round and turn it is at (as the seat sees).
TURN_TO_COME = "that turn has not come: the table is at round {}, turn {} (its turns played so far)"
#: The host's answer to a join for a seat whose player is still connected: a seat is never handed over by name.
SEAT_IN_USE = "this seat is being played from another connection: if that was you, try again in a moment"
#: The host's answer to a join with a token of a seat whose name is not the join's (as the table tells names apart):
#: a file one name keeps its token in may be where an older yaniv kept another name's, and a seat is never handed
#: over by a token offered under another name. Told before any proof, so nothing of the seat is sent.
ANOTHER_NAMES_SEAT = "this token is of a seat with another name at this table: join with that name, or afresh"

#: The keys of each message a client sends, by its type, beside "v" and "type"; any other key is refused (the version
#: rule: a key a newer version adds is refused by this one, as a newer value is, never passed over).
CLIENT_KEYS: dict[str, tuple[str, ...]] = {
    "join": ("code", "name", "key", "nonce"),
    "watch": ("code",),
    "prove": ("proof",),
    "action": ("id", "seat", "round", "turn", "action"),
    "say": ("text",),
    "back": (),
}

Status = Literal["here", "waiting", "joined", "away"]
STATUSES: tuple[Status, ...] = ("here", "waiting", "joined", "away")


class ProtocolError(ValueError):
    """A message that does not follow the protocol; the text is one line saying what is wrong."""


# -- the messages ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Join:
    code: str
    name: str | None = None
    #: A rejoin: the kept token's key (secrets_gate.seat_key) and the client's nonce; None for a seat taken afresh.
    key: str | None = None
    nonce: str | None = None


@dataclass(frozen=True, slots=True)
class Watch:
    """Watch the table of room code `code`, with no seat."""

    code: str


@dataclass(frozen=True, slots=True)
class Challenge:
    nonce: str
    proof: str


@dataclass(frozen=True, slots=True)
class Prove:
    proof: str


@dataclass(frozen=True, slots=True)
class ActionMessage:
    id: int
    seat: int
    action: Action
    #: The turn it is for: the round's number and how many of its turns were played before it.
    round_no: int
    turn: int


@dataclass(frozen=True, slots=True)
class Back:
    """The seat's player is here: a seat a bot plays is theirs again."""


@dataclass(frozen=True, slots=True)
class Say:
    text: str


@dataclass(frozen=True, slots=True)
class Said:
    seat: int
    text: str


#: What a host may change of a remote seat (the seat frame's "change"; the record's "seat" events keep it too).
SeatChange = Literal["handed", "given", "opened"]
SEAT_CHANGES: tuple[SeatChange, ...] = ("handed", "given", "opened")


@dataclass(frozen=True, slots=True)
class SeatNews:
    """The host changed remote seat `seat`: handed it to a bot of `level`, gave it back, or opened it."""

    seat: int
    change: SeatChange
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Welcome:
    #: The seat taken, and its token; both None for a watcher.
    seat: int | None
    token: str | None
    code: str
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    #: Whether its host can open a seat for someone else (at its table's `t`): False for `yaniv host --headless`.
    opens_seats: bool = True


@dataclass(frozen=True, slots=True)
class ClockState:
    """The host's turn clock as a state frame carries it (engine/clock.py holds the clock itself)."""

    left_ms: int | None
    timeouts: tuple[int, ...]
    bots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    view: PlayerView
    statuses: tuple[Status, ...]
    ack: int | None = None
    #: How many watch the table now.
    watchers: int = 0
    clock: ClockState | None = None
    #: This round's turns (counted from 1) a bot played for a seat whose time ran out: a connection's first state's.
    timed_out: tuple[int, ...] = ()
    #: The card this seat took on its last play of this round, still in its hand: a seat's first state's.
    took: Card | None = None


@dataclass(frozen=True, slots=True)
class Error:
    message: str
    re: int | None = None


@dataclass(frozen=True, slots=True)
class Bye:
    reason: str


@dataclass(frozen=True, slots=True)
class Record:
    """The finished game's record as JSON Lines text; read by the codec (`codec.read_record_text`), not here."""

    text: str


FromClient = Join | Watch | Prove | ActionMessage | Say | Back
FromHost = Welcome | Challenge | State | Error | Said | SeatNews | Bye | Record


# -- writing ----------------------------------------------------------------------------------------


def one_line(text: str, limit: int = MAX_LINE) -> str:
    """`text` as one printable line of at most `limit` characters."""
    line = " ".join(text.split())
    line = "".join(ch if ch.isprintable() else "?" for ch in line)
    return line if len(line) <= limit else line[: limit - 1] + "…"


def table_full(kept: Sequence[str], watchers: bool, opens_seats: bool = True) -> str:
    """The host's answer to a join afresh when no remote seat is free, in one line of at most MAX_LINE characters:
    every seat is taken, or kept for a player who left (`kept`, their names: their token still takes it back), and
    what the joiner can do: watch, if the table takes `watchers`; ask the host to open a seat, at their table's
    seats screen (`t`), if it `opens_seats`; a host with no screen (`yaniv host --headless`) has none, and no seat
    of its table can be opened, which is said instead. As many names as fit are told, then how many more."""
    if opens_seats:
        advice = f"{'watch, or ' if watchers else ''}ask the host to open a seat (t at their table)"
    else:
        advice = f"{'watch it: ' if watchers else ''}its host runs it with no screen, where no seat can be opened"
    if not kept:
        return f"{TABLE_FULL}: every seat is taken: {advice}"
    line = ""
    for shown in range(len(kept), -1, -1):
        more = len(kept) - shown
        names = ", ".join(kept[:shown]) + (" and " if shown and more else "") + (f"{more} more" if more else "")
        line = f"{TABLE_FULL}: every seat is taken or kept for a player who left ({names}): {advice}"
        if len(one_line(line, len(line) + 1)) <= MAX_LINE:
            break
    return line


def seat_kept(name: str, watchers: bool, opens_seats: bool = True) -> str:
    """The host's answer to a join afresh under the name of a player who left, whose seat is kept for their token:
    it may be that player on another machine (or with a lost data folder), so they are told the truth, not to take
    another name as if someone else were them; and what they can do: ask the host to open the seat, where it
    `opens_seats` (as `table_full` says), else join under another name, or watch if the table takes `watchers`."""
    if opens_seats:
        advice = "ask the host to open the seat for you (t at their table)"
    else:
        advice = (
            f"join under another name{', or watch' if watchers else ''}: its host runs it with no screen, where no"
            " seat can be opened"
        )
    return one_line(f"{name}'s seat is kept for the machine that took it (its token): from another machine, {advice}")


def named_seats_free(names: Sequence[str], opens_seats: bool = True) -> str:
    """The host's answer to a join afresh under another name (or none) when each free seat waits for the player its
    host named it for (`names`), in one line of at most MAX_LINE characters; and, where its host `opens_seats` (it has
    a screen, as `table_full` says), to ask for one."""
    if len(names) == 1:
        line = f"the free seat waits for {names[0]}, whom the host named it for: join as {names[0]} if that is you"
    else:
        line = (
            f"the free seats wait for {', '.join(names)}, whom the host named them for: join under your name if it is"
            " one of them"
        )
    return one_line(f"{line}, or ask the host to open a seat for you (t at their table)" if opens_seats else line)


def encode(message: FromClient | FromHost, *, players: tuple[str, ...] | None = None) -> str:
    """The message as the JSON text sent; `players` names the seats in a state (else the view's names)."""
    body: dict[str, Any]
    if isinstance(message, Join):
        body = {"type": "join", "code": message.code, "name": message.name, "key": message.key, "nonce": message.nonce}
    elif isinstance(message, Watch):
        body = {"type": "watch", "code": message.code}
    elif isinstance(message, Prove):
        body = {"type": "prove", "proof": message.proof}
    elif isinstance(message, Challenge):
        body = {"type": "challenge", "nonce": message.nonce, "proof": message.proof}
    elif isinstance(message, ActionMessage):
        body = {
            "type": "action",
            "id": message.id,
            "seat": message.seat,
            "round": message.round_no,
            "turn": message.turn,
            "action": action_to_dict(message.action),
        }
    elif isinstance(message, Welcome):
        room = {
            "code": message.code,
            "players": list(message.players),
            "kinds": list(message.kinds),
            "opens_seats": message.opens_seats,
        }
        body = {"type": "welcome", "seat": message.seat, "token": message.token, "room": room}
    elif isinstance(message, State):
        view = view_to_dict(message.view, players)
        body = {
            "type": "state",
            "ack": message.ack,
            "statuses": list(message.statuses),
            "watchers": message.watchers,
            "view": view,
        }
        if message.clock is not None:
            clock = message.clock
            body["clock"] = {"left_ms": clock.left_ms, "timeouts": list(clock.timeouts), "bots": list(clock.bots)}
        if message.timed_out:
            body["timed_out"] = list(message.timed_out)
        if message.took is not None:
            body["took"] = message.took.code
    elif isinstance(message, Error):
        body = {"type": "error", "message": one_line(message.message), "re": message.re}
    elif isinstance(message, Say):
        body = {"type": "say", "text": message.text}
    elif isinstance(message, Back):
        body = {"type": "back"}
    elif isinstance(message, Said):
        body = {"type": "said", "seat": message.seat, "text": message.text}
    elif isinstance(message, SeatNews):
        body = {"type": "seat", "seat": message.seat, "change": message.change, "level": message.level}
    elif isinstance(message, Record):
        body = {"type": "record", "record": message.text}
    else:
        body = {"type": "bye", "reason": one_line(message.reason)}
    return json.dumps({"v": VERSION, **body}, separators=(",", ":"))


# -- reading ------------------------------------------------------------------------------------------


def _load(text: str | bytes) -> tuple[str, Reader]:
    """The message's type and a reader of its fields; ProtocolError if it is not a message of this version."""
    if isinstance(text, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    try:
        data = read_json(text)  # what a save or a record refuses (NaN, 1e400, 5,000 digits), a frame too
    except JsonError as error:
        raise ProtocolError(f"not JSON: {one_line(str(error), 120)}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    version = data.get("v")
    if type(version) is not int or version != VERSION:  # 9.0 and true are no version: a version is a whole number
        raise ProtocolError(
            f"protocol version {one_line(repr(version), 20)}: this yaniv speaks version {VERSION}"
            f' ("v": {VERSION}, a whole number)'
        )
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError('a message needs a "type"')
    return kind, Reader(data)


def _text_or_none(reader: Reader, key: str, limit: int) -> str | None:
    value = reader.data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(f"{key}: must be null or text of at most {limit} characters")
    return value


def _hex_or_none(reader: Reader, key: str, length: int) -> str | None:
    return None if reader.data.get(key) is None else _hex(reader, key, length)


def _hex(reader: Reader, key: str, length: int) -> str:
    value = reader.data.get(key)
    if not isinstance(value, str) or len(value) != length or value.strip(_HEX_DIGITS):
        raise ProtocolError(f"{key}: must be {length} hex digits (0-9, a-f)")
    return value


def read_name(reader: Reader) -> str | None:
    """A join's name, as the name rule (engine.names) takes it: spaces tidied, at most MAX_NAME cells, no control
    character; null for none (the host names the seat)."""
    name = _text_or_none(reader, "name", 200)
    if name is None:
        return None
    try:
        return check_name(name)
    except BadName as error:
        raise ProtocolError(f"name: {error}") from None


def _only_keys(data: dict[str, Any], keys: Sequence[str], what: str, after: str = "") -> None:
    """ProtocolError naming the first key of `data` not one of `keys`, and the keys `what` has (then `after`)."""
    for key in data:
        if key not in keys:
            raise ProtocolError(f"unknown key {one_line(repr(key), 30)} in {what}: it has {', '.join(keys)}{after}")


def from_client(text: str | bytes) -> FromClient:
    """A client's message, checked; ProtocolError (one line) says what is wrong, a key it does not know too."""
    kind, r = _load(text)
    if kind in CLIENT_KEYS:
        keys = ("v", "type", *CLIENT_KEYS[kind])
        article = "an" if kind[0] in "aeiou" else "a"
        _only_keys(r.data, keys, f"{article} {kind} message", f" (this yaniv speaks version {VERSION})")
    action = r.data.get("action") if kind == "action" else None
    if isinstance(action, dict) and isinstance(action.get("kind"), str) and action["kind"] in ACTION_KEYS:
        _only_keys(action, ACTION_KEYS[action["kind"]], f"a {action['kind']} action")
    try:
        if kind == "join":
            code = _code(r)
            key, nonce = _hex_or_none(r, "key", KEY_LENGTH), _hex_or_none(r, "nonce", NONCE_LENGTH)
            if (key is None) != (nonce is None):
                raise ProtocolError("key and nonce: both, to take a seat back, or neither")
            return Join(code, read_name(r), key, nonce)
        if kind == "watch":
            return Watch(_code(r))
        if kind == "prove":
            return Prove(_hex(r, "proof", PROOF_LENGTH))
        if kind == "action":
            return ActionMessage(
                read_int(r.get("id"), "id", 0, 2**53),
                read_int(r.get("seat"), "seat", 0, 99),
                action_from_dict(r.get("action")),
                read_int(r.get("round"), "round", 1, 2**53),
                read_int(r.get("turn"), "turn", 0, 2**53),
            )
        if kind == "say":
            return Say(_saying(r.get("text"), "text"))
        if kind == "back":
            return Back()
    except SnapshotError as error:
        raise ProtocolError(str(error)) from None
    raise ProtocolError(
        f"unknown message type {one_line(repr(kind), 30)}: a client sends {', '.join([*CLIENT_KEYS][:-1])}"
        f" or {[*CLIENT_KEYS][-1]}"
    )


def from_host(text: str | bytes) -> FromHost:
    """The host's message, checked; ProtocolError (one line) says what is wrong."""
    kind, r = _load(text)
    try:
        if kind == "welcome":
            room = Reader(r.get("room"), "room")
            players = tuple(room.list_("players", lambda v, w: _str(v, w)))
            kinds = tuple(room.list_("kinds", _kind))
            if len(kinds) != len(players):
                raise ProtocolError(f"room.kinds: one per seat ({len(players)} seats), got {len(kinds)}")
            # Absent (an older host's welcome): a host with a screen, as every one was told before.
            opens = room.data.get("opens_seats") is None or room.bool_("opens_seats")
            if r.data.get("seat") is None:  # a watcher's welcome: no seat, no token
                if r.data.get("token") is not None:
                    raise ProtocolError("token: null for a watcher (a welcome with no seat)")
                return Welcome(None, None, room.str_("code"), players, kinds, opens)
            token = r.str_("token")
            if not TOKEN.fullmatch(token):
                raise ProtocolError("token: must be 16 to 64 URL-safe letters (A-Z, a-z, 0-9, _, -)")
            return Welcome(
                read_int(r.get("seat"), "seat", 0, len(players) - 1), token, room.str_("code"), players, kinds, opens
            )
        if kind == "challenge":
            return Challenge(_hex(r, "nonce", NONCE_LENGTH), _hex(r, "proof", PROOF_LENGTH))
        if kind == "state":
            statuses = tuple(r.list_("statuses", _status))
            ack = r.get("ack")
            view = view_from_dict(r.get("view"))
            if len(statuses) != len(view.players):
                raise ProtocolError("statuses: one per seat")
            watchers = read_int(r.get("watchers"), "watchers", 0, MAX_CONNECTIONS)
            clock = None if r.data.get("clock") is None else _clock(r.get("clock"), len(view.players))
            turns = len(view.seen)
            timed_out = (
                tuple(r.list_("timed_out", lambda v, w: read_int(v, w, 1, turns))) if "timed_out" in r.data else ()
            )
            acked = None if ack is None else read_int(ack, "ack", 0)
            took = None if r.data.get("took") is None else read_card(r.get("took"), "took")
            if took is not None and took not in view.hand:
                raise ProtocolError("took: a card of this seat's hand (a watcher's state names none)")
            return State(view, statuses, acked, watchers, clock, timed_out, took)
        if kind == "error":
            return Error(
                one_line(r.str_("message")), None if r.data.get("re") is None else read_int(r.get("re"), "re", 0)
            )
        if kind == "said":
            return Said(read_int(r.get("seat"), "seat", 0, 99), _saying(r.get("text"), "text"))
        if kind == "seat":
            change = r.str_("change")
            if change not in SEAT_CHANGES:
                raise ProtocolError(f"change: one of {', '.join(SEAT_CHANGES)}")
            level = None if r.data.get("level") is None else r.str_("level")
            if (level is None) != (change != "handed") or (level is not None and level not in BOT_LEVELS):
                raise ProtocolError(f"level: one of {', '.join(BOT_LEVELS)} for a seat handed to a bot, else null")
            return SeatNews(read_int(r.get("seat"), "seat", 0, 99), change, level)
        if kind == "bye":
            return Bye(one_line(r.str_("reason")))
        if kind == "record":
            return Record(r.str_("record"))
    except SnapshotError as error:
        raise ProtocolError(str(error)) from None
    raise ProtocolError(f"unknown message type {one_line(repr(kind), 30)}")


def _code(reader: Reader) -> str:
    code = reader.str_("code")
    if len(code) > 64:
        raise ProtocolError(f"code: too long ({len(code)} characters): a room code is {CODE_LENGTH} letters or digits")
    return code


def _clock(value: Any, seats: int) -> ClockState:
    """A state frame's clock, checked: its time left, each seat's timeouts in a row, the seats a bot plays."""
    r = Reader(value, "clock")
    left = r.get("left_ms")
    timeouts = tuple(r.list_("timeouts", lambda v, w: read_int(v, w, 0, 99)))
    if len(timeouts) != seats:
        raise ProtocolError("clock.timeouts: one per seat")
    bots = tuple(r.list_("bots", lambda v, w: read_int(v, w, 0, seats - 1)))
    return ClockState(None if left is None else read_int(left, "clock.left_ms", 0, MAX_CLOCK_MS), timeouts, bots)


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ProtocolError(f"{where}: must be text")
    return value


def _kind(value: Any, where: str) -> str:
    """A welcome's kind of a seat: "human", "remote" or "bot:LEVEL" (one of the bot levels)."""
    if value in ("human", "remote") or (isinstance(value, str) and value[4:] in BOT_LEVELS and value[:4] == "bot:"):
        return str(value)
    levels = ", ".join(f"bot:{level}" for level in BOT_LEVELS)
    raise ProtocolError(f"{where}: human, remote or a bot ({levels})")


def _status(value: Any, where: str) -> Status:
    for status in STATUSES:
        if value == status:
            return status
    raise ProtocolError(f"{where}: one of {', '.join(STATUSES)}")


def _saying(value: Any, where: str) -> str:
    if value not in SAYINGS:
        raise ProtocolError(f"{where}: one of the table's messages ({', '.join(SAYINGS)})")
    return str(value)
