"""The messages: each written and read back the same, and anything else refused in one line."""

from __future__ import annotations

import json
import re
from typing import Any, get_args

import pytest
from netplay import new_game

from yaniv_tui.codec import ACTION_KEYS, action_to_dict
from yaniv_tui.engine import CallYaniv, KeepCard, Play, Seat, SlapDown, parse_cards
from yaniv_tui.net import protocol
from yaniv_tui.net.client import JoinError, parse_address
from yaniv_tui.net.protocol import (
    CLIENT_KEYS,
    MAX_LINE,
    VERSION,
    ActionMessage,
    Back,
    Bye,
    Challenge,
    ClockState,
    Error,
    FromClient,
    Join,
    ProtocolError,
    Prove,
    Record,
    Say,
    State,
    Watch,
    Welcome,
    encode,
    from_client,
    from_host,
)
from yaniv_tui.net.secrets_gate import new_nonce, new_token, seat_key, seat_proof
from yaniv_tui.net.views import view_to_dict


@pytest.mark.parametrize(
    "message",
    [
        Join("K7QF", "Noa", None),
        Join("K7QF", None, seat_key("tok"), new_nonce()),
        Watch("K7QF"),
        Prove(seat_proof("tok", "client", "K7QF", new_nonce(), new_nonce())),
        ActionMessage(3, 1, CallYaniv(), 1, 0),
        ActionMessage(4, 0, Play(tuple(parse_cards("5H 5S")), parse_cards("9C")[0]), 2, 7),
        ActionMessage(5, 0, Play(tuple(parse_cards("JK"))), 1, 1),
        ActionMessage(6, 2, SlapDown(parse_cards("5D")[0]), 1, 2),
        ActionMessage(7, 2, KeepCard(), 1, 2),
        ActionMessage(8, 1, Play(tuple(parse_cards("KS")), parse_cards("JK")[0], parse_cards("6H")[0]), 4, 12),
    ],
)
def test_a_clients_message_reads_back_as_written(message: Join | Watch | Prove | ActionMessage) -> None:
    assert from_client(encode(message)) == message


def test_the_hosts_messages_read_back_as_written() -> None:
    challenge = Challenge(new_nonce(), seat_proof("tok", "host", "K7QF", new_nonce(), new_nonce()))
    for message in (
        Welcome(1, new_token(), "K7QF", ("Ann", "Ben"), ("human", "remote")),
        Welcome(None, None, "K7QF", ("Ann", "Ben"), ("human", "remote")),  # a watcher's
        Welcome(0, new_token(), "K7QF", ("Ann", "Ben"), ("remote", "remote"), opens_seats=False),  # a headless host's
        challenge,
        Error("no", 3),
        Bye("bye"),
        Record('{"event": "game"}\n{"event": "deal"}\n'),
    ):
        assert from_host(encode(message)) == message
    game = new_game([Seat.remote(), Seat.remote(), Seat.bot("easy")], seed=3)
    state = from_host(encode(State(game.view(1), ("waiting", "joined", "here"), 2, watchers=3)))
    assert isinstance(state, State) and state.ack == 2 and state.watchers == 3
    assert view_to_dict(state.view) == view_to_dict(game.view(1))


def test_a_watchers_state_reads_back_with_no_seat_and_no_hand() -> None:
    game = new_game([Seat.remote(), Seat.remote(), Seat.bot("easy")], seed=3)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    frame = encode(State(game.watcher_view(), ("joined", "joined", "here"), None, 1))
    data = json.loads(frame)
    assert data["view"]["seat"] is None and data["view"]["hand"] == [] and data["watchers"] == 1
    state = from_host(frame)
    assert isinstance(state, State) and not state.view.hand_shown and state.view.hand == ()
    assert view_to_dict(state.view) == view_to_dict(game.watcher_view())
    assert not state.view.is_my_turn and state.view.legal_actions == []


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["view"].update(hand=["5H"]), "view.seat: a view with no seat (a watcher's) shows no hand"),
        (lambda d: d["view"].update(deck_size=d["view"]["deck_size"] + 1), "view.deck_size: the hands, the deck"),
        (lambda d: d.update(watchers=-1), "watchers: must be at least 0"),
        (lambda d: d.update(watchers="2"), "watchers: must be a whole number"),
        (lambda d: d.pop("watchers"), "watchers: missing"),
    ],
)
def test_a_broken_watchers_state_is_refused_in_one_line(change: Any, why: str) -> None:
    game = new_game([Seat.remote(), Seat.remote()], seed=3)
    data = json.loads(encode(State(game.watcher_view(), ("joined", "joined"))))
    change(data)
    with pytest.raises(ProtocolError) as caught:
        from_host(json.dumps(data))
    assert why in str(caught.value) and "\n" not in str(caught.value)


def test_a_welcome_with_no_seat_has_no_token() -> None:
    data = json.loads(encode(Welcome(None, None, "K7QF", ("Ann", "Ben"), ("human", "remote"))))
    data["token"] = "tok"
    with pytest.raises(ProtocolError, match="token: null for a watcher"):
        from_host(json.dumps(data))


def test_a_welcome_says_whether_its_host_opens_seats_and_an_older_ones_is_read_as_one_that_does() -> None:
    data = json.loads(encode(Welcome(0, new_token(), "K7QF", ("Ann", "Ben"), ("remote", "remote"), opens_seats=False)))
    assert data["room"]["opens_seats"] is False
    del data["room"]["opens_seats"]
    welcome = from_host(json.dumps(data))
    assert isinstance(welcome, Welcome) and welcome.opens_seats
    data["room"]["opens_seats"] = "no"
    with pytest.raises(ProtocolError, match=r"room\.opens_seats"):
        from_host(json.dumps(data))


@pytest.mark.parametrize("token", ["\x1b[2J", "x" * 100_000, "", "two words here, a token?", "ab"])
def test_a_welcome_whose_token_is_not_a_tokens_shape_is_refused(token: str) -> None:
    """Before: any text was taken as the seat's token and kept in its file: a hostile host had a client write an
    escape sequence, or 16 MiB, into the tokens folder."""
    data = json.loads(encode(Welcome(0, new_token(), "K7QF", ("Ann", "Ben"), ("remote", "remote"))))
    data["token"] = token
    with pytest.raises(ProtocolError, match="token: ") as caught:
        from_host(json.dumps(data))
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120


#: An action frame's opening, up to its action.
ACTION_AT = '{"v": 9, "type": "action", "id": 1, "seat": 0, "round": 1, "turn": 0, '


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{"v": 9, "type": "join"}', "code: missing"),
        ('{"v": 9, "type": "watch"}', "code: missing"),
        ('{"v": 9, "type": "watch", "code": 7}', "code: must be"),
        ('{"v": 9, "type": "watch", "code": "' + "K" * 65 + '"}', "code: too long (65 characters): a room code"),
        ('{"v": 9, "type": "spectate", "code": "K"}', "a client sends join, watch, prove, action, say or back"),
        ('{"v": 9, "type": "join", "code": "K", "key": "ab", "nonce": null}', "key: must be 64 hex digits"),
        ('{"v": 9, "type": "join", "code": "K", "key": null, "nonce": "' + "0" * 32 + '"}', "key and nonce: both"),
        ('{"v": 9, "type": "prove", "proof": "' + "G" * 64 + '"}', "proof: must be 64 hex digits"),
        ('{"v": 9, "type": "join", "code": "K", "name": "a\\u001b[2J"}', "name: the name 'a\\x1b[2J' has a control"),
        (ACTION_AT.replace('"id": 1', '"id": -1') + '"action": {"kind": "call"}}', "id: must be at least 0"),
        (ACTION_AT + '"action": {"kind": "dance"}}', "action.kind: one of"),
        (ACTION_AT + '"action": {"kind": "play", "drop": ["ZZ"], "take": null}}',
         "action.drop[0]: not a card"),
        (ACTION_AT + '"action": {"kind": "play", "drop": [], "take": null}}',
         "action.drop: from 1 to 64 cards, got 0"),
        (ACTION_AT + '"action": {"kind": "play", "drop": [' + '"JK", ' * 64 +
         '"JK"], "take": null}}', "action.drop: from 1 to 64 cards, got 65"),  # too many: not "one card or more"
        (ACTION_AT + '"action": {"kind": "play", "drop": ["KS"], "take": "JK",'
         ' "given": "6X"}}', "action.given: not a card"),
        (ACTION_AT + '"action": {"kind": "play", "drop": ["KS"], "take": "5H",'
         ' "given": "6H"}}', 'action.given: a joker swap takes "JK"'),
        ('{"v": 9, "type": "action", "id": 1, "seat": 0, "turn": 0, "action": {"kind": "call"}}', "round: "),
        ('{"v": 9, "type": "action", "id": 1, "seat": 0, "round": 0, "turn": 0, "action": {"kind": "call"}}',
         "round: must be at least 1"),
        ('{"v": 9, "type": "action", "id": 1, "seat": 0, "round": 1, "turn": -1, "action": {"kind": "call"}}',
         "turn: must be at least 0"),
        ('{"v": 9, "type": "action", "id": 1, "seat": 0, "round": 1, "turn": "5", "action": {"kind": "call"}}',
         "turn: "),
        ('{"v": 2, "type": "action", "id": 1, "seat": 0, "action": {"kind": "call"}}', "protocol version 2"),
        ('{"type": "join"}', "protocol version None"),
        ("null", "a message is a JSON object"),
    ],
)  # fmt: skip
def test_a_bad_client_message_is_one_line(text: str, why: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        from_client(text)
    assert why in str(caught.value) and "\n" not in str(caught.value)


def test_a_record_frame_holds_text_or_is_refused_in_one_line() -> None:
    """The record's own checks are the codec's (`read_record_text`, at the client's session): here, only text."""
    for record in (None, 7, ["a line"]):
        with pytest.raises(ProtocolError, match="record: must be text") as caught:
            from_host(json.dumps({"v": 9, "type": "record", "record": record}))
        assert "\n" not in str(caught.value)


def test_a_state_with_a_broken_view_is_refused_in_one_line() -> None:
    game = new_game([Seat.remote(), Seat.remote()], seed=3)
    data = json.loads(encode(State(game.view(0), ("joined", "joined"))))
    data["view"]["hand_sizes"] = [5]
    with pytest.raises(ProtocolError, match=r"view\.hand_sizes: must have one entry per seat"):
        from_host(json.dumps(data))


def test_a_states_clock_reads_back_and_a_bad_one_is_refused_in_one_line() -> None:
    game = new_game([Seat.remote(), Seat.remote(), Seat.bot("easy")], seed=3)
    clock = ClockState(12_500, (0, 1, 0), (1,))
    state = from_host(encode(State(game.view(0), ("joined", "joined", "here"), None, clock=clock)))
    assert isinstance(state, State) and state.clock == clock
    plain = from_host(encode(State(game.view(0), ("joined", "joined", "here"))))
    assert isinstance(plain, State) and plain.clock is None
    assert "clock" not in json.loads(encode(State(game.view(0), ("joined", "joined", "here"))))
    for bad, why in [
        ({"left_ms": -1, "timeouts": [0, 0, 0], "bots": []}, r"clock\.left_ms"),
        ({"left_ms": 10**9, "timeouts": [0, 0, 0], "bots": []}, r"clock\.left_ms"),
        ({"left_ms": None, "timeouts": [0, 0], "bots": []}, r"clock\.timeouts: one per seat"),
        ({"left_ms": None, "timeouts": [0, 0, 0], "bots": [3]}, r"clock\.bots"),
        ("soon", r"clock"),
    ]:
        data = json.loads(encode(State(game.view(0), ("joined", "joined", "here"))))
        data["clock"] = bad
        with pytest.raises(ProtocolError, match=why) as caught:
            from_host(json.dumps(data))
        assert "\n" not in str(caught.value)


def _broken(change: Any) -> str:
    """A state frame of a real game's view (seat 0, Ben's turn, a few turns in) with one field changed."""
    game = new_game([Seat.remote(), Seat.remote(), Seat.bot("easy")], seed=3)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    if game.current == 0:
        game.apply(game.legal_actions()[0])
    data = json.loads(encode(State(game.view(0), ("joined", "joined", "here"))))
    change(data["view"])
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda v: v.update(phase="slap"), "view.phase: a slap-down is shown only to the seat that drew"),
        (lambda v: v.update(slap_card="5H"), "view.slap_card: a card only in the slap phase"),
        (lambda v: v.update(round_no=3), "view.round_no: round 3 does not fit 0 finished rounds"),
        (lambda v: v.update(hand=v["hand"] + ["5H"]), "view.hand: must hold as many cards as its seat's hand"),
        (lambda v: v.update(deck_size=v["deck_size"] + 1), "view.deck_size: the hands, the deck and the pile"),
        (lambda v: v.update(hand=["AS"] * (len(v["hand"]) - 1) + ["AS"]), "AS more often than the game's cards"),
        (lambda v: v.update(takeable=["KD", "KC"]), "view.takeable: only cards of the previous drop"),
        (lambda v: v.update(out=[False, True, True]), "view.out: a game going on has at least two seats in"),
        (lambda v: v.update(hand_sizes=[v["hand_sizes"][0], None, v["hand_sizes"][2]]), "view.hand_sizes[1]: at most"),
    ],
)
def test_a_view_that_fits_no_game_is_refused_in_one_line(change: Any, why: str) -> None:
    """A hostile host's view, each field well formed but the fields not of one game: the client builds no game
    to find out, so the view's own checks refuse it, in one line naming the field."""
    with pytest.raises(ProtocolError) as caught:
        from_host(_broken(change))
    assert why in str(caught.value) and "\n" not in str(caught.value)
    assert isinstance(from_host(_broken(lambda v: None)), State)  # the same view unchanged is taken


@pytest.mark.parametrize(
    ("address", "parsed"),
    [
        ("localhost", ("ws", "localhost", 7777)),
        ("192.168.1.20:7000", ("ws", "192.168.1.20", 7000)),
        ("wss://table.example:443", ("wss", "table.example", 443)),
        ("[::1]:8000", ("ws", "::1", 8000)),
    ],
)
def test_an_address_is_read(address: str, parsed: tuple[str, str, int]) -> None:
    assert parse_address(address) == parsed


@pytest.mark.parametrize("address", ["", "a b", "host:99999", "http://x"])
def test_a_bad_address_is_one_line(address: str) -> None:
    with pytest.raises(JoinError):
        parse_address(address)


#: Each message a client sends, well formed, by its type: every key it has is one the host reads.
_CLIENTS_MESSAGES: dict[str, FromClient] = {
    "join": Join("K7QF", "Noa", seat_key("tok"), new_nonce()),
    "watch": Watch("K7QF"),
    "prove": Prove(seat_proof("tok", "client", "K7QF", new_nonce(), new_nonce())),
    "action": ActionMessage(8, 1, Play(tuple(parse_cards("KS")), parse_cards("JK")[0], parse_cards("6H")[0]), 4, 12),
    "say": Say("good game"),
    "back": Back(),
}


@pytest.mark.parametrize("kind", sorted(_CLIENTS_MESSAGES))
@pytest.mark.parametrize("value", [None, 1, "x", {"a": 1}])
def test_a_key_no_clients_message_of_its_type_has_is_refused_naming_it_and_the_keys_it_has(
    kind: str, value: Any
) -> None:
    """The version rule (protocol.VERSION): a new key is a new version, which an older side refuses; so a key this
    version's message does not have is refused too, never passed over (before, it was read as if it were not there)."""
    frame = json.loads(encode(_CLIENTS_MESSAGES[kind]))
    keys = ", ".join(frame)
    with pytest.raises(ProtocolError) as caught:
        from_client(json.dumps({**frame, "colour": value}))
    line = str(caught.value)
    article = "an" if kind == "action" else "a"
    assert (
        line == f"unknown key 'colour' in {article} {kind} message: it has {keys} (this yaniv speaks version {VERSION})"
    )
    assert "\n" not in line and len(line) <= MAX_LINE


@pytest.mark.parametrize(
    ("action", "keys"),
    [
        ({"kind": "call", "drop": ["5H"]}, "kind"),
        ({"kind": "keep", "card": "5H"}, "kind"),
        ({"kind": "slap", "card": "5D", "take": None}, "kind, card"),
        ({"kind": "play", "drop": ["5H"], "take": None, "card": "5H"}, "kind, drop, take, given"),
        ({"kind": "play", "drop": ["KS"], "take": "JK", "given": "6H", "swap": True}, "kind, drop, take, given"),
    ],
)
def test_a_key_no_action_of_its_kind_has_is_refused_naming_it_and_the_keys_it_has(
    action: dict[str, Any], keys: str
) -> None:
    frame = {"v": VERSION, "type": "action", "id": 1, "seat": 0, "round": 1, "turn": 0, "action": action}
    with pytest.raises(ProtocolError) as caught:
        from_client(json.dumps(frame))
    extra = next(key for key in action if key not in keys.split(", "))
    assert str(caught.value) == f"unknown key {extra!r} in a {action['kind']} action: it has {keys}"


def test_a_key_null_where_its_message_may_leave_it_out_is_read() -> None:
    """A join may leave out name, key and nonce (null); a play its take's given card: no unknown key, read as ever."""
    assert from_client(json.dumps({"v": VERSION, "type": "join", "code": "K7QF"})) == Join("K7QF")
    play = {"kind": "play", "drop": ["5H"], "take": None}
    frame = {"v": VERSION, "type": "action", "id": 1, "seat": 0, "round": 1, "turn": 0, "action": play}
    assert from_client(json.dumps(frame)) == ActionMessage(1, 0, Play(tuple(parse_cards("5H"))), 1, 0)


def test_the_keys_the_host_reads_of_an_action_are_the_keys_an_action_is_written_with() -> None:
    """ACTION_KEYS, the keys a client's action may have, against what the codec writes for every kind of action."""
    written = [action_to_dict(action) for action in (CallYaniv(), KeepCard(), SlapDown(parse_cards("5D")[0]))]
    written += [action_to_dict(Play(tuple(parse_cards("KS")), parse_cards("JK")[0], parse_cards("6H")[0]))]
    assert {data["kind"]: tuple(data) for data in written} == ACTION_KEYS


def test_the_protocols_record_of_its_messages_is_of_this_version_and_names_every_key_a_client_sends() -> None:
    """protocol.py's docstring is the wire's record: each example's "v" is VERSION (before, it said 7 of version 9),
    and each key of CLIENT_KEYS and ACTION_KEYS is in it."""
    doc = protocol.__doc__ or ""
    assert set(re.findall(r'"v": (\d+)', doc)) == {str(VERSION)}
    for kind, keys in CLIENT_KEYS.items():
        line = next(line for line in doc.splitlines() if line.lstrip().startswith(f"{kind} ") and '{"v"' in line)
        assert all(f'"{key}"' in line for key in keys), (kind, line)
    for kind, keys in ACTION_KEYS.items():
        assert all(any(f'"kind": "{kind}"' in line and f'"{key}"' in line for line in doc.splitlines()) for key in keys)


def test_every_message_a_client_sends_has_its_keys_named_and_written_as_named() -> None:
    """CLIENT_KEYS names every type of FromClient (a new one missing from it would skip the check of its keys), and
    each message is written with exactly "v", "type" and its keys."""
    assert {type(message) for message in _CLIENTS_MESSAGES.values()} == set(get_args(FromClient))
    for kind, message in _CLIENTS_MESSAGES.items():
        assert list(json.loads(encode(message))) == ["v", "type", *CLIENT_KEYS[kind]]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('{"v": 9, "type": "act", "type": "hello"}', "type"),
        ('{"v": 9, "type": "join", "code": "K7QF", "type": "watch"}', "type"),
        ('{"v": 9, "v": 9, "type": "back"}', "v"),
        ('{"v": 9, "type": "join", "code": "K7QF", "name": "Ann", "name": "Host"}', "name"),
        (ACTION_AT + '"action": {"kind": "call", "kind": "play", "drop": ["5H"], "take": null}}', "kind"),
        (ACTION_AT.replace('"seat": 0', '"seat": 0, "seat": 1') + '"action": {"kind": "call"}}', "seat"),
    ],
)
def test_a_key_written_twice_is_refused_naming_it_never_read_last_wins(text: str, key: str) -> None:
    """A key written twice in one object (the classic smuggling trick: one reader takes the first, another the last)
    is refused in one line naming it, wherever it is, rather than read as its last value."""
    with pytest.raises(ProtocolError) as caught:
        from_client(text)
    said = str(caught.value)
    assert f'"{key}"' in said and "twice" in said and "\n" not in said, said


@pytest.mark.parametrize(
    ("kinds", "why"),
    [
        (["remote"], "kinds: one per seat (2 seats), got 1"),
        (["remote", "remote", "human"], "kinds: one per seat (2 seats), got 3"),
        (["alien", "remote"], "kinds[0]: "),
        (["remote", "bot:godlike"], "kinds[1]: "),
    ],
)
def test_a_welcome_whose_kinds_are_not_one_known_kind_per_seat_is_refused(kinds: list[str], why: str) -> None:
    """Before: any list of any text was taken as who plays each seat, and a joined screen told a seat's status by
    its kind: kinds fewer than the seats raised IndexError there, a traceback on the player's screen."""
    data = json.loads(encode(Welcome(0, new_token(), "K7QF", ("Ann", "Ben"), ("remote", "remote"))))
    data["room"]["kinds"] = kinds
    with pytest.raises(ProtocolError) as caught:
        from_host(json.dumps(data))
    assert why in str(caught.value) and "\n" not in str(caught.value), str(caught.value)
